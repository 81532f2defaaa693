#include "collision/broad_phase.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace contactsim {
namespace {

// The whole mesh's box in its body frame: the root node's (floats rounded outwards), or the
// mesh's bounds when the root is a single triangle.
std::pair<Vec3, Vec3> rootBox(const AabbTree& tree) {
  if (AabbTree::isTriangle(tree.root()))
    return {tree.mesh().bounds().min(), tree.mesh().bounds().max()};
  const AabbTree::Node& root = tree.node(tree.root());
  return {Vec3(root.lo[0], root.lo[1], root.lo[2]), Vec3(root.hi[0], root.hi[1], root.hi[2])};
}

}  // namespace

Box3 worldRootBox(const AabbTree& tree, const Pose& pose) {
  Box3 box;
  box.setEmpty();
  if (tree.empty()) return box;
  const auto [lo, hi] = rootBox(tree);
  const Vec3 center = pose.apply(0.5 * (lo + hi));
  const Vec3 half = pose.rotation.cwiseAbs() * (0.5 * (hi - lo));
  // Rounding of the product is covered by a relative pad of the box's own size and position.
  const double pad = 1e-12 * (half.norm() + center.cwiseAbs().maxCoeff());
  box.min() = center - half - Vec3::Constant(pad);
  box.max() = center + half + Vec3::Constant(pad);
  return box;
}

Box3 sweptWorldRootBox(const AabbTree& tree, const Pose& from, const Pose& to) {
  Box3 box = worldRootBox(tree, from);
  if (box.isEmpty()) return box;
  box.extend(worldRootBox(tree, to));
  const auto [lo, hi] = rootBox(tree);
  const Vec3 c = 0.5 * (lo + hi);
  const Vec3 c0 = from.apply(c), c1 = to.apply(c);
  const double radius = 0.5 * (hi - lo).norm() * (1 + 1e-12) +
                        1e-12 * (c0.cwiseAbs().maxCoeff() + c1.cwiseAbs().maxCoeff());
  box.extend(c0.cwiseMin(c1) - Vec3::Constant(radius));
  box.extend(c0.cwiseMax(c1) + Vec3::Constant(radius));
  return box;
}

namespace {

double marginOf(std::span<const Box3> boxes, const BroadPhaseOptions& options) {
  double size = 0.0;
  for (const Box3& b : boxes) {
    if (!b.isEmpty()) size = std::max(size, b.diagonal().norm());
  }
  return options.relative_margin * size;
}

bool overlapOnAxis(const Box3& a, const Box3& b, int k, double margin) {
  return a.min()[k] <= b.max()[k] + margin && b.min()[k] <= a.max()[k] + margin;
}

}  // namespace

std::vector<std::pair<int, int>> overlappingBoxPairs(std::span<const Box3> boxes,
                                                     const BroadPhaseOptions& options,
                                                     BroadPhaseStats* stats) {
  const double margin = marginOf(boxes, options);
  std::vector<int> order;
  order.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (!boxes[i].isEmpty()) order.push_back(static_cast<int>(i));
  }
  const std::size_t n = order.size();

  // Sweep along the axis where the centres spread most (fewest intervals overlapping there).
  int axis = 0;
  if (n > 1) {
    Vec3 mean = Vec3::Zero(), square = Vec3::Zero();
    for (int i : order) {
      const Vec3 c = boxes[i].center();
      mean += c;
      square += c.cwiseProduct(c);
    }
    mean /= static_cast<double>(n);
    const Vec3 variance = square / static_cast<double>(n) - mean.cwiseProduct(mean);
    variance.maxCoeff(&axis);
  }
  const int k1 = (axis + 1) % 3, k2 = (axis + 2) % 3;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double la = boxes[a].min()[axis], lb = boxes[b].min()[axis];
    return la < lb || (la == lb && a < b);
  });

  // The sorted boxes copied contiguously, sweep axis first (the inner loop reads them in order).
  struct Sorted {
    double lo, hi, lo1, hi1, lo2, hi2;
    int index;
  };
  std::vector<Sorted> sorted(n);
  for (std::size_t s = 0; s < n; ++s) {
    const Box3& b = boxes[order[s]];
    sorted[s] = {b.min()[axis], b.max()[axis] + margin, b.min()[k1], b.max()[k1] + margin,
                 b.min()[k2],   b.max()[k2] + margin,   order[s]};
  }
  std::vector<std::pair<int, int>> pairs;
  std::size_t tests = 0;
  for (std::size_t s = 0; s < n; ++s) {
    const Sorted& a = sorted[s];
    // Every later box starts at or after a's start; those starting by a's end (plus margin)
    // overlap a on the sweep axis. (The margin is added to the upper ends: a.lo ≤ b.hi + m and
    // b.lo ≤ a.hi + m, as in overlapOnAxis.)
    for (std::size_t r = s + 1; r < n && sorted[r].lo <= a.hi; ++r) {
      ++tests;
      const Sorted& b = sorted[r];
      // One branch for the four comparisons (overlaps are unpredictable).
      if ((a.lo1 <= b.hi1) & (b.lo1 <= a.hi1) & (a.lo2 <= b.hi2) & (b.lo2 <= a.hi2)) {
        pairs.emplace_back(std::min(a.index, b.index), std::max(a.index, b.index));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  if (stats) {
    stats->boxes = n;
    stats->box_tests = tests;
    stats->naive_tests = n * (n - (n > 0 ? 1 : 0)) / 2;
    stats->pairs = pairs.size();
    stats->sweep_axis = axis;
  }
  return pairs;
}

std::vector<std::pair<int, int>> overlappingBoxPairsBruteForce(std::span<const Box3> boxes,
                                                               const BroadPhaseOptions& options) {
  const double margin = marginOf(boxes, options);
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (boxes[i].isEmpty()) continue;
    for (int k = i + 1; k < static_cast<int>(boxes.size()); ++k) {
      if (boxes[k].isEmpty()) continue;
      if (overlapOnAxis(boxes[i], boxes[k], 0, margin) &&
          overlapOnAxis(boxes[i], boxes[k], 1, margin) &&
          overlapOnAxis(boxes[i], boxes[k], 2, margin)) {
        pairs.emplace_back(i, k);
      }
    }
  }
  return pairs;
}

BroadPhasePairFilter::BroadPhasePairFilter(std::vector<std::pair<int, int>> body_pairs,
                                           BroadPhaseOptions options)
    : body_pairs_(std::move(body_pairs)), options_(options) {
  sorted_.reserve(body_pairs_.size());
  for (std::size_t e = 0; e < body_pairs_.size(); ++e) {
    const auto [a, b] = body_pairs_[e];
    sorted_.push_back({{std::min(a, b), std::max(a, b)}, static_cast<int>(e)});
  }
  std::sort(sorted_.begin(), sorted_.end());
}

std::vector<char> BroadPhasePairFilter::select(std::span<const Box3> body_boxes,
                                               BroadPhaseStats* stats) const {
  std::vector<char> flags(body_pairs_.size(), 0);
  for (const auto& [a, b] : overlappingBoxPairs(body_boxes, options_, stats)) {
    auto it = std::lower_bound(sorted_.begin(), sorted_.end(),
                               std::pair<std::pair<int, int>, int>{{a, b}, -1});
    for (; it != sorted_.end() && it->first == std::pair<int, int>{a, b}; ++it) {
      flags[static_cast<std::size_t>(it->second)] = 1;
    }
  }
  return flags;
}

}  // namespace contactsim
