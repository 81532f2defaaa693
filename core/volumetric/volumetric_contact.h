// One contact point per overlapping pair of convex pieces, from the surface of their intersection
// (Solfec-1.0, goc.c "convex–convex"; Koziara & Bićanić, "Semi-smooth Newton method for frictional
// contact between pseudo-rigid bodies", CMAME 197, 2008, and the Solfec theory manual): the point
// is the area-weighted centroid of the intersection surface, the normal the difference of the
// area²-weighted normals of the faces of A and of B. docs/volumetric.md has the equations.
#pragma once

#include <optional>
#include <vector>

#include "volumetric/convex_intersection.h"
#include "volumetric/convex_piece.h"

namespace contactsim::volumetric {

struct VolumetricContactPoint {
  Vec3 point = Vec3::Zero();
  // Unit, from A into B, as ContactPatch::normal (core/contact/contact_patch.h): the force on B
  // is +F_n·normal.
  Vec3 normal = Vec3::Zero();
  double area = 0.0;    // half the area of the intersection's surface
  double gap = 0.0;     // ≤ 0: minus the extent of A ∩ B along the normal (after the gap check)
  double volume = 0.0;  // of A ∩ B
  // The faces of A and of B nearest to `point` (the deepest-inside point's nearest boundary
  // faces) and their surface ids: Solfec's surface pair, which selects the contact law.
  int face_a = -1;
  int face_b = -1;
  int surface_a = -1;
  int surface_b = -1;
  // The area²-weighted normals cancelled (coincident pieces, or a symmetric piece inside the
  // other): `normal` is the fallback described in docs/volumetric.md and is not swap-symmetric.
  bool normal_fallback = false;
  // The gap check of Solfec (|gap| large compared with √area) ran and replaced the extent.
  bool gap_checked = false;
  // The pieces' ConvexPiece::index: which convex pieces of A and of B meet here.
  int piece_a = -1;
  int piece_b = -1;
  // The surface of A ∩ B in the pieces' frame (world for posed pieces), the intersection's fan
  // triangles as three vertices each, counter-clockwise seen from outside: what a viewer draws.
  std::vector<Vec3> intersection_surface;
};

struct VolumetricOptions {
  IntersectionOptions intersection;
  // "|gap| seems too large" (Solfec's goc.c): |gap| > large_gap_ratio · √area. Then the gap is
  // recomputed with GJK on the pieces pulled apart along the normal by 2|gap|.
  double large_gap_ratio = 1.0;
  // Relative to the smaller piece's size: how far outside a piece the point may lie (round-off)
  // before the contact is dropped (Solfec's "p outside of A or B: return NULL").
  double outside_tolerance = 1e-9;
};

// The contact of two posed pieces from their intersection (already computed by intersect()).
std::optional<VolumetricContactPoint> contactFromIntersection(
    const ConvexPiece& a, const ConvexPiece& b, const ConvexIntersection& cut,
    const VolumetricOptions& options = {});

// The call a force source makes per candidate pair of posed pieces: no element when the pieces
// are disjoint or only touch, else one contact point. (A vector so that callers collect the
// points of many pairs the same way and hand them to sparsify().)
std::vector<VolumetricContactPoint> volumetricContacts(const ConvexPiece& a, const ConvexPiece& b,
                                                       const VolumetricOptions& options = {});

// All pairs of two bodies' posed pieces whose bounding boxes overlap (brute force over pairs;
// bodies with many pieces want a tree in front of this).
std::vector<VolumetricContactPoint> volumetricContacts(const std::vector<ConvexPiece>& a,
                                                       const std::vector<ConvexPiece>& b,
                                                       const VolumetricOptions& options = {});

}  // namespace contactsim::volumetric
