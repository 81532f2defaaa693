// Where a contact region's force acts: the centre of pressure of an elastic foundation (Winkler)
// whose pressure is proportional to each body's share of the local overlap.
#pragma once

#include <vector>

#include "contact/local_overlap.h"
#include "contact/patch_geometry.h"
#include "contact/penetration.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// One body's penetrated surface seen from a contact plane, in one pass over it: the pressure
// moments ∫ d dA and ∫ d·x dA, d = max(0, share) interpolated linearly on each triangle (exactly
// integrated after clipping at d = 0), and the deepest inside vertex beyond the plane (seed 004
// §IV.F's maximum depth on this body's side). At a vertex the share is its depth beyond the plane
// along `direction`, capped by the local overlap there (overlapCap) when `caps` are given: the
// body's part of the overlap segment that lies on its side of the plane (docs/method.md).
struct PenetratedSurface {
  double weight = 0.0;                // m³
  Vec3 first_moment = Vec3::Zero();   // m⁴
  double deepest_depth = 0.0;         // ≥ 0; 0 when no inside vertex is beyond the plane
  Vec3 deepest_point = Vec3::Zero();  // meaningful only when deepest_depth > 0

  // Adds the moments; keeps the deeper of the two deepest points.
  PenetratedSurface& operator+=(const PenetratedSurface& o);
};

// Over one penetrated piece of the surface: the triangles touching its inside vertices, each
// clipped at d = 0; a whole cluster wholly beyond the plane and nowhere capped below its depth by
// its moments, in O(1) (the share is then the depth, linear on it).
PenetratedSurface integratePenetratedSurface(const PosedMesh& mesh,
                                             const PenetratedComponent& component,
                                             const ContactPlane& plane, const Vec3& direction,
                                             const std::vector<VertexOverlap>* caps = nullptr);

// The centre of pressure of both bodies' sides projected into the plane. The contour centroid
// enters with the weight area·δ/10, so that the point moves continuously from it as the first
// vertices go beyond the plane (a jump would stall Newton) while a flat face's pressure still
// dominates: a box tilting on its face meets a restoring moment that a force at the contour
// centroid never gives.
Vec3 pressureCentre(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                    const ContactPlane& plane, const Vec3& contour_centroid, double area,
                    double indentation);

}  // namespace contactsim
