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
#include "geometry/index_loop.h"
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
  std::uint64_t kept_apart = 0;      // kept cut entries passed over untested (CollisionFront)
};

struct CollisionResult {
  std::vector<TrianglePair> pairs;
  CollisionCounters counters;
};

// Boxes closer than this fraction of the two meshes' scales (sum of bounding-box diagonals) are
// treated as overlapping: larger than the triangle test's tolerance, so pruning never drops a pair
// that test would accept.
inline constexpr double kBoxRelativePadding = 1e-9;

// Where the last query's descent stopped, kept by the caller between queries of one pair of
// trees (temporal coherence; Ehmann & Lin, Comput. Graph. Forum 20(3), 2001, "generalized front
// tracking"). The simultaneous descent visits a tree of (node or triangle) pairs; the pairs at
// which it stopped — boxes found apart, or one side a triangle, whose walk down the other tree
// follows — form a cut of that tree, in visiting order. Any cut can start a query at any pose:
// a pair above the cut whose boxes are apart has every descendant apart too (a child's box lies
// in its parent's), so starting at the cut skips only tests that could not prune, and the pairs
// come out the same and in the same order as from the roots. Bodies in steady contact revisit
// the same overlapping nodes every step; starting at the cut skips them. The cut only deepens
// (a pair apart that now overlaps is descended and replaced by its own cut), so a query starts
// from the roots again once it has grown to kFrontRegrowth times its size after the last start
// from the roots, which keeps the work at most that factor above a query without it.
//
// Most entries of a cut are boxes found apart, and most stay apart for many queries. Between two
// poses a point x of A moves in B's frame by (R₁ − R₀)(x − p) + (R₁ − R₀)p + t₁ − t₀, p the
// centre of A's bounds: by at most ‖ΔR‖·|x − p| + |Δp|, |x − p| fixed in A's frame (and a point of
// B seen from A moves as much as the point of A it covers). The front sums `turn` = Σ‖ΔR‖
// (Frobenius) and `travel` = Σ|Δp| over its queries; an entry keeps how far apart its sides were
// (boxes on B's face axes; a triangle's walk that found no pair, its least gap to what it pruned),
// less a margin for rounding, and a bound `reach` on |x − p| over its side of A. Its sides are
// still apart while the motion since, Δtravel + Δturn·reach, stays below that gap: such an entry is
// kept untested, which leaves the same cut, and the same pairs in the same order, for fewer box
// tests. Any sequence of poses is bounded this way (jumps, and a Newton iteration's poses going
// back and forth, add their own motion); measured about A's centre rather than B's origin, a turn
// of the bodies far from their frames' origins costs only what it moves the entry.
struct CollisionFront {
  // The relative motion summed over the front's queries.
  struct Motion {
    double travel = 0.0;  // Σ|Δp|
    double turn = 0.0;    // Σ‖ΔR‖
  };
  struct Entry {
    std::int32_t a, b;  // AabbTree::Ref of each tree
    // Apart while travel + turn·reach < apart_until (never, when no gap was measured).
    float reach = 0.0f;
    double apart_until = 0.0;
  };
  const AabbTree* tree_a = nullptr;  // the trees it belongs to; others start from the roots
  const AabbTree* tree_b = nullptr;
  std::vector<Entry> entries;
  std::size_t size_from_roots = 0;
  Pose last_a_in_b = Pose::identity();  // the last query's pose, valid when `entries` is not empty
  Motion motion;
};

inline constexpr double kFrontRegrowth = 1.5;

// Pose of body A's frame in body B's frame, from both bodies' world poses.
Pose relativePose(const Pose& world_a, const Pose& world_b);

// All pairs (or the first) between the meshes of `a` and `b`, with A placed in B's frame by
// `a_in_b`. Pairs come in traversal order. A mesh entirely inside the other gives no pairs: that
// volume case is the contact regions' business (containment), not the surface query's.
// With `front` (AllPairs only), the query starts from the cut kept there and leaves its own:
// the same pairs in the same order as without it, at a fraction of the box tests while the
// bodies move little between queries. `loop` runs a resumed query's cut in blocks side by side
// (the same pairs in the same order).
CollisionResult collide(const AabbTree& a, const AabbTree& b, const Pose& a_in_b,
                        CollisionMode mode = CollisionMode::AllPairs,
                        CollisionFront* front = nullptr, const IndexLoop* loop = nullptr);

// The one triangle pair test used by the query, exposed so that references (brute force, tests)
// decide every pair with exactly the same arithmetic.
std::optional<TrianglePair> intersectTrianglePair(const TriMesh& a, std::int32_t triangle_a,
                                                  const TriMesh& b, std::int32_t triangle_b,
                                                  const Pose& a_in_b);

}  // namespace contactsim
