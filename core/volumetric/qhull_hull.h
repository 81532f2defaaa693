// The convex hull of a 3-d point set by Qhull (Barber, Dobkin & Huhdanpaa, "The Quickhull algorithm
// for convex hulls", ACM TOMS 22(4), 1996), as plain data: the one place that talks to Qhull's C
// interface, so the rest of the volumetric code sees Eigen types only.
#pragma once

#include <optional>
#include <vector>

#include "geometry/types.h"

namespace contactsim::volumetric {

struct HullFacet {
  Vec3 normal = Vec3::Zero();  // unit, outward
  double offset = 0.0;  // the facet's plane is normal·x = offset; inside is normal·x ≤ offset
  // Indices into the input points, ordered counter-clockwise seen from outside (around `normal`).
  // Qhull merges coplanar facets (its default 'C-0' pre-merge), so a facet is a convex polygon
  // with three or more corners.
  std::vector<int> loop;
};

struct Hull {
  std::vector<HullFacet> facets;
  std::vector<int> vertices;  // input indices that are corners of the hull (sorted)
};

// Nothing when Qhull refuses the input: fewer than 4 points, all points (nearly) coplanar, or
// values that are not finite. Thread-safe (each call owns its Qhull state, qhT).
std::optional<Hull> convexHull(const std::vector<Vec3>& points);

// Orders the indices `loop` of `points` counter-clockwise around `normal` (by angle about their
// mean in the plane normal to it). Used for hull facets and intersection faces, whose corners
// Qhull (and the dual construction) give as unordered sets.
void orderLoop(const std::vector<Vec3>& points, const Vec3& normal, std::vector<int>& loop);

}  // namespace contactsim::volumetric
