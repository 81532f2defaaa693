// References for the collision tests: an O(n·m) pair search and an intersection segment computed
// a different way (the planes' common line clipped to both triangles).
#pragma once

#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "collision/mesh_collision.h"
#include "collision/triangle_intersection.h"

namespace contactsim::testing {

// Every pair (a, b) decided by the same triangle test the tree query uses, sorted by (a, b).
std::vector<TrianglePair> bruteForcePairs(const TriMesh& a, const TriMesh& b, const Pose& a_in_b);

// Exact equality in the order given: same pairs, same flags, bit-identical segments (both sides
// use one triangle test). REQUIREs, so a test stops at the first difference.
void requireSamePairs(const std::vector<TrianglePair>& x, const std::vector<TrianglePair>& y);

// Sorted by (a, b), for comparing query results with the reference.
std::vector<TrianglePair> sortedPairs(std::vector<TrianglePair> pairs);

// Parameter interval of the line x0 + s·d inside both triangles (non-parallel planes only), as
// its two end points; nullopt when the clipped intervals do not overlap.
std::optional<std::pair<Vec3, Vec3>> planeLineSegment(const Triangle& p, const Triangle& q);

// True when {x0, x1} and {y0, y1} are the same two points within `tolerance`, in either order.
bool sameSegment(const Vec3& x0, const Vec3& x1, const Vec3& y0, const Vec3& y1, double tolerance);

Pose randomRigidMotion(std::mt19937& rng, double translation_scale);

// Nearest points of two disjoint convex shapes, from their features: a corner of one against the
// other, and every edge against every edge (two disjoint convex polyhedra are nearest at such a
// pair). Not meaningful for shapes that intersect.
struct Nearest {
  Vec3 on_first, on_second;
  double distance = 0.0;
};
Nearest nearestPoints(const Triangle& a, const Triangle& b);
// A triangle and the axis-aligned box [lo, hi].
Nearest nearestPoints(const Triangle& t, const Vec3& lo, const Vec3& hi);

// An icosphere of `level` whose vertices are moved randomly by up to `noise` of the radius:
// irregular, with long and short edges and non-convex dents.
TriMesh makeNoisySphere(double radius, int level, double noise, unsigned seed);

}  // namespace contactsim::testing
