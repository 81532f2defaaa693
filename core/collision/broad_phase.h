// Broad phase (Solfec-1.0 theory manual, "Broad phase contact detection"): which bodies' world
// boxes overlap, so that the pairwise collision query (patch mode) or the convex-piece
// intersections (volumetric mode) run only for those pairs. Sort and sweep: boxes sorted by their
// lower bound along one axis, each box tested only against the boxes whose interval on that axis
// starts before its own ends (docs/volumetric.md, "Broad phase").
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "collision/aabb_tree.h"
#include "geometry/pose.h"
#include "geometry/types.h"

namespace contactsim {

// The world box of a tree's root box placed by `pose` (the body's mesh in the world):
// centre R·c + t, half extents |R|·h, which holds the rotated root box. Empty for an empty tree.
Box3 worldRootBox(const AabbTree& tree, const Pose& pose);

// A world box holding the body at every pose of a motion from `from` to `to` whose root-box
// centre moves on the straight segment between its two positions, with any rotation on the way
// (the body stays within the root box's circumscribed sphere about that centre): the two end
// boxes and the segment's box grown by the sphere's radius. For a broad phase over a step, so
// that pairs that met and parted within it are not skipped (the tunnelling check).
Box3 sweptWorldRootBox(const AabbTree& tree, const Pose& from, const Pose& to);

struct BroadPhaseOptions {
  // Boxes apart by up to this fraction of the largest box's diagonal (the model size) on every
  // axis still make a pair: the contact tests accept touching within their own tolerances
  // (~1e-12 of the model), and a pair must reach them before it touches.
  double relative_margin = 1e-6;
};

struct BroadPhaseStats {
  std::size_t boxes = 0;        // non-empty boxes
  std::size_t box_tests = 0;    // full box tests (pairs whose sweep-axis intervals overlap)
  std::size_t naive_tests = 0;  // n(n−1)/2 over the non-empty boxes
  std::size_t pairs = 0;        // overlapping pairs found
  int sweep_axis = 0;
};

// Every pair (i, k), i < k, of indices into `boxes` whose boxes overlap within the margin
// (closed boxes: touching and coincident boxes are pairs; empty boxes never are), sorted
// lexicographically. The result does not depend on the order of the input (up to the renaming of
// the indices) nor on the sweep axis, which is the axis of largest spread of the box centres.
// Coordinates must be finite.
std::vector<std::pair<int, int>> overlappingBoxPairs(std::span<const Box3> boxes,
                                                     const BroadPhaseOptions& options = {},
                                                     BroadPhaseStats* stats = nullptr);

// The same by brute force over all n(n−1)/2 pairs (tests and benchmarks).
std::vector<std::pair<int, int>> overlappingBoxPairsBruteForce(
    std::span<const Box3> boxes, const BroadPhaseOptions& options = {});

// A fixed list of candidate body pairs (e.g. `contact.pairs: "all"`, one entry per contact pair
// definition) filtered per evaluation: `select(body_boxes)` flags the entries whose two bodies'
// boxes overlap, from one sweep over the bodies instead of a box test per entry. Bodies are
// indices into body_boxes; entries may repeat a pair or name bodies in either order.
class BroadPhasePairFilter {
 public:
  BroadPhasePairFilter() = default;
  explicit BroadPhasePairFilter(std::vector<std::pair<int, int>> body_pairs,
                                BroadPhaseOptions options = {});

  // One flag per entry (1: the boxes overlap). Bodies outside body_boxes are never selected.
  std::vector<char> select(std::span<const Box3> body_boxes,
                           BroadPhaseStats* stats = nullptr) const;
  std::size_t size() const { return body_pairs_.size(); }

 private:
  std::vector<std::pair<int, int>> body_pairs_;
  // Entries sorted by (min body, max body): the sweep's pairs are looked up by binary search.
  std::vector<std::pair<std::pair<int, int>, int>> sorted_;
  BroadPhaseOptions options_;
};

}  // namespace contactsim
