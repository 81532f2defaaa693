// Mesh–mesh collision query (Dopico et al. §IV.B; docs/method.md, step 2): every intersecting
// triangle pair of two bodies and its intersection segment, by descending both bodies' AABB trees
// at once in body B's frame. Only the triangles of A that reach the triangle test are moved into
// B's frame; the trees and meshes are never modified, so queries on distinct (or the same) body
// pairs may run concurrently. Counters come back with each result, nothing is kept between queries.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "collision/aabb_tree.h"
#include "geometry/pose.h"

namespace contactsim {

enum class CollisionMode {
  AllPairs,      // every intersecting pair (contours need them all)
  FirstContact,  // stop at the first pair found: "do these bodies touch?"
};

// One intersecting pair (Dopico et al. eqs. 13–14): triangle indices into each mesh and the segment
// in body B's frame. Coplanar pairs overlap in an area and carry no segment.
struct TrianglePair {
  std::int32_t a = -1;
  std::int32_t b = -1;
  bool coplanar = false;
  Vec3 p0 = Vec3::Zero();
  Vec3 p1 = Vec3::Zero();
};

struct CollisionCounters {
  std::uint64_t box_tests = 0;       // box–box overlap tests (a triangle counts as its box)
  std::uint64_t triangle_tests = 0;  // triangle–triangle tests
};

struct CollisionResult {
  std::vector<TrianglePair> pairs;
  CollisionCounters counters;
};

// Boxes closer than this fraction of the two meshes' scales (sum of bounding-box diagonals) are
// treated as overlapping: larger than the triangle test's tolerance, so pruning never drops a pair
// that test would accept.
inline constexpr double kBoxRelativePadding = 1e-9;

// Pose of body A's frame in body B's frame, from both bodies' world poses.
Pose relativePose(const Pose& world_a, const Pose& world_b);

// All pairs (or the first) between the meshes of `a` and `b`, with A placed in B's frame by
// `a_in_b`. Pairs come in traversal order. A mesh entirely inside the other gives no pairs: that
// volume case is the contact regions' business (containment), not the surface query's.
CollisionResult collide(const AabbTree& a, const AabbTree& b, const Pose& a_in_b,
                        CollisionMode mode = CollisionMode::AllPairs);

// The one triangle pair test used by the query, exposed so that references (brute force, tests)
// decide every pair with exactly the same arithmetic.
std::optional<TrianglePair> intersectTrianglePair(const TriMesh& a, std::int32_t triangle_a,
                                                  const TriMesh& b, std::int32_t triangle_b,
                                                  const Pose& a_in_b);

}  // namespace contactsim
