// Where a contact region's force acts: the centre of pressure of an elastic foundation (Winkler)
// whose pressure is proportional to each body's share of the local overlap.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "contact/contact_patch.h"
#include "contact/local_overlap.h"
#include "contact/patch_geometry.h"
#include "contact/penetration.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// One body's penetrated surface seen from a contact plane, in one pass over it: the pressure
// moments ∫ d dA and ∫ d·x dA, d = max(0, share) interpolated linearly on each triangle (exactly
// integrated after clipping at d = 0), and the deepest inside vertex beyond the plane (Dopico et
// al. §IV.F's maximum depth on this body's side). At a vertex the share is its depth beyond the
// plane along `direction`, capped by the local overlap there (overlapCap) when `caps` are given:
// the body's part of the overlap segment that lies on its side of the plane (docs/method.md).
struct PenetratedSurface {
  double weight = 0.0;                // m³
  Vec3 first_moment = Vec3::Zero();   // m⁴
  double deepest_depth = 0.0;         // ≥ 0; 0 when no inside vertex is beyond the plane
  Vec3 deepest_point = Vec3::Zero();  // meaningful only when deepest_depth > 0
  // The share where the line through the probe point along the direction crosses the surface
  // (the deepest crossing); 0 when it misses, or when no probe was given.
  double probe_depth = 0.0;

  // Adds the moments; keeps the deeper of the two deepest points and probe crossings.
  PenetratedSurface& operator+=(const PenetratedSurface& o);
};

// Over one penetrated piece of the surface: the triangles touching its inside vertices, each
// clipped at d = 0; a whole cluster wholly beyond the plane and nowhere capped below its depth by
// its moments, in O(1) (the share is then the depth, linear on it). With a `probe` (world), also
// the share where the line through it along `direction` crosses the piece (probe_depth).
PenetratedSurface integratePenetratedSurface(const PosedMesh& mesh,
                                             const PenetratedComponent& component,
                                             const ContactPlane& plane, const Vec3& direction,
                                             const std::vector<VertexOverlap>* caps = nullptr,
                                             const Vec3* probe = nullptr);

// A side holding less than this share of both sides' ∫ d dA lies in the contact plane (the ground
// under a block, a flat under a convex cap): its depths are rounding, not a pressure's shape.
inline constexpr double kNegligibleDepthShare = 1e-3;
bool negligibleSide(const PenetratedSurface& side, const PenetratedSurface& other);

// The field that integratePenetratedSurface integrates, per triangle of `triangles` (the
// penetrated ones of one body, sorted): the same corner shares, clipping and caps, so the
// entries' depth_integral add up to its weight (to rounding). Triangles with no positive ∫ d dA
// are left out.
std::vector<TriangleDepth> triangleDepths(const PosedMesh& mesh,
                                          std::span<const std::int32_t> triangles,
                                          const ContactPlane& plane, const Vec3& direction,
                                          const std::vector<VertexOverlap>* caps);

// The centre of pressure of both bodies' sides projected into the plane. The contour centroid
// enters with the weight area·δ/10, so that the point moves continuously from it as the first
// vertices go beyond the plane (a jump would stall Newton) while a flat face's pressure still
// dominates: a box tilting on its face meets a restoring moment that a force at the contour
// centroid never gives.
Vec3 pressureCentre(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                    const ContactPlane& plane, const Vec3& contour_centroid, double area,
                    double indentation);

// How the centre of pressure moves as B turns relative to A by a small θ (world, rad) about it:
// Δx = T·θ, T returned (m/rad). The turn changes the overlap's thickness at x by
// Δd = −(x − x_c)·(n × θ), which moves the elastic foundation's centre ∫d·x dA / ∫d dA by
// −∫(x − x_c)(x − x_c)ᵀ dA·(n × θ) / ∫d dA. Taken over the region's projected area, with ∫d dA
// the two penetrated sides' weight: T = −(area/W)·(J + r rᵀ)·[n×], J the region's in-plane second
// moment about its centroid (ProjectedRegion::second_moment) and r the centroid's offset from
// x_c. The force F_n·n moved by Δx adds the torque Δx × F_n·n on B. For a flat disc of radius R
// pressed δ deep that is F_n·R²/(4δ) per radian of tilt, the restoring moment that holds a coin
// flat; for a cap of radius R pressed into a flat, Δx = R·θ: the centre stays under the cap's
// centre as it rolls. pressureCentre's regularising weight at the contour centroid is left out:
// on a flat face, where the contour stays put, the point found again moves 1/1.1 of this; on a
// cap the contour moves with the centre (docs/dynamics.md, "Geometry kept at rest"). Where the
// sides hold less than that weight, area·indentation/10, it stands in for theirs. Zero without
// weight.
Mat3 pressureCentreTurn(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                        const ContactPlane& plane, const Vec3& contour_centroid, double area,
                        const Mat3& second_moment, double indentation, const Vec3& pressure_centre);

// The share where the line through `probe` (world) along `direction` crosses the given triangles
// (the deepest crossing, ≥ 0): for the triangles of a region that cross the other body, which
// a penetrated piece does not hold when none of their vertices is inside (edges crossing).
double probeDepth(const PosedMesh& mesh, std::span<const std::int32_t> triangles,
                  const ContactPlane& plane, const Vec3& direction,
                  const std::vector<VertexOverlap>* caps, const Vec3& probe);

// The overlap's column along the contact normal on the line through `probe` (world): the
// signed height of A's surface where the line crosses it, beyond the plane along +normal, and
// B's beyond it along −normal — each where the line crosses that side's listed triangles that
// face the other body (outward normal along the side's direction), nearest the plane (a thread's
// piece lists its flank and, farther along the normal, its crest). Unlike the probe shares it is
// the surfaces' own geometry, not vertex samples interpolated and capped: an edge pressed into a
// coarse face with no corner of either inside the other has this column while every share is 0
// (docs/method.md, "The indentation the law is given"). None where the line misses either side's
// triangles or the surfaces are apart there.
struct SideTriangles {
  std::span<const std::int32_t> penetrated;  // with an inside corner
  std::span<const std::int32_t> colliding;   // crossing the other body's surface
};
struct OverlapColumn {
  double height_a = 0.0, height_b = 0.0;
  // The overlap's thickness on the line.
  double thickness() const { return height_a + height_b; }
  // Where the overlap's middle lies on the line, along +normal from the plane. On a conforming
  // contact the contour's plane is a chord far inside both surfaces: 5.6 mm below the shipped
  // pin's surface where it presses 0.55 mm into its bore.
  double middle() const { return 0.5 * (height_a - height_b); }
};
std::optional<OverlapColumn> overlapColumn(const PosedMesh& a, SideTriangles triangles_a,
                                           const PosedMesh& b, SideTriangles triangles_b,
                                           const ContactPlane& plane, const Vec3& probe);

// The indentation the normal force law is given (ContactPatch::law_indentation), from
// `at_centroid`, the overlap's thickness on the line through the region's area centroid (the
// larger of the probe shares' sum and overlapColumn): that column, or the mean thickness over the
// area (Σ weight / area) where that is larger, never more than the largest overlap δ. For a convex
// cap pressed into a flat the centroid is the deepest column, so this is δ (Hertz); for a flat
// face it is the mean depth, which a small tilt leaves unchanged to first order, while the
// deepest corner moves with the tilt in either direction: a law fed that corner couples tilt into
// the normal force, and friction's moment then drives a rocking (docs/method.md, "The
// indentation the law is given"). Where the centroid's line meets no overlap: δ for a `ring` (a
// region bounded by more than one loop, its centroid in the hole: a torus on a plate, a pin's
// chamfer in a bore); for a single outline (two lobes joined by a neck, the centroid outside it)
// twice the mean, the δ of a paraboloid cap of that mean thickness, never more than δ.
double lawIndentation(double at_centroid, bool ring, const PenetratedSurface& side_a,
                      const PenetratedSurface& side_b, double area, double indentation);

}  // namespace contactsim
