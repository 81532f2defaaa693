// A contact region whose contact surface turns too far (a ring around a shaft, a thread's helical
// strip, a deep conforming lune) cut into pieces whose normals stay within one cone, each to
// become its own patch (docs/method.md, "Splitting non-planar regions").
#pragma once

#include <cmath>
#include <numbers>
#include <vector>

#include "contact/local_overlap.h"
#include "geometry/index_loop.h"

namespace contactsim {

// Half-angle of the cone that the contact surface's normals of one patch must stay within.
inline constexpr double kPatchConeHalfAngle = 30.0 * std::numbers::pi / 180.0;
// Two oriented normals (A's outward, B's inward) face each other across the overlap when they are
// within 45°: the facing test below, and which of a piece's triangles press along its normal
// (curved_piece.h).
inline const double kFacingCos = std::cos(std::numbers::pi / 4);

// A facing pair's sample of the contact surface: a penetrated triangle of side 0 (A) or 1 (B)
// and the mean of its oriented normal and its partner's (the interface's normal there, from A into
// B). Between equal elastic bodies the surfaces meet halfway: a sphere on a flat meets it on a
// surface of twice the sphere's radius, whose normals are these means.
struct InterfaceSample {
  int side = 0;
  std::int32_t triangle = -1;
  Vec3 normal = Vec3::Zero();
  double area = 0.0;  // the triangle's, m²
};

struct RegionPiece {
  Vec3 normal = Vec3::Zero();  // unit, from A into B
  // Penetrated triangles of each side in this piece, sorted.
  std::vector<std::int32_t> triangles_a, triangles_b;
};

// The contact surface is sampled by facing pairs: a penetrated triangle of one side and the
// nearest (by centroid) triangle of the other — penetrated, or colliding without an inside
// corner (PenetratedSide::crossing: a face an edge or corner cuts) — when their oriented normals
// (A's outward, B's inward) are within 45° of each other; their mean is the contact surface's
// normal there.
// Sides of the overlap (a box's walls beside a pressed face, the rims of a lens between two
// convex caps) face nothing and take no part in the test. When every facing pair's normal lies
// within kPatchConeHalfAngle of their area-weighted mean, or when they sweep through their mean
// as a planar fan or a filled cap (a pin's lune in its bore, a ball's cap in its socket, however
// wide), or when one side's facing triangles lie within that cone of their own mean (one face,
// pressed or crossed by the other side's edges and corners), the region stays whole (no pieces);
// otherwise the facing pairs are bisected across the direction in which their normals
// spread most until every piece lies within the cone, and each non-facing triangle joins the
// piece whose normal is nearest its own. The result depends only on the sets, not their order.
// `loop` runs the facing search in blocks side by side (results as without it).
struct RegionSplit {
  std::vector<RegionPiece> pieces;  // empty when the region stays whole
  // A whole region's facing pairs' samples, sorted by (side, triangle): what
  // interfacePressurePerForce (interface_pressure.h) weighs its pressure over; empty when split.
  std::vector<InterfaceSample> interface;
};
RegionSplit splitRegion(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
                        const PenetratedSide& side_b, const IndexLoop* loop = nullptr);

}  // namespace contactsim
