#include "collision/aabb_tree.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace contactsim {
namespace {

constexpr int kSahBins = 16;

// Float bounds that still contain the double ones (rounding toward the outside).
float roundDown(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
  return f;
}

float roundUp(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

double halfSurfaceArea(const Box3& box) {
  if (box.isEmpty()) return 0.0;
  const Vec3 d = box.diagonal();
  return d.x() * d.y() + d.y() * d.z() + d.z() * d.x();
}

class Builder {
 public:
  Builder(const TriMesh& mesh, SplitRule rule, std::vector<AabbTree::Node>& nodes)
      : rule_(rule), nodes_(nodes) {
    const std::size_t n = mesh.triangleCount();
    boxes_.resize(n);
    centroids_.resize(n);
    order_.resize(n);
    for (std::size_t t = 0; t < n; ++t) {
      Box3 box(mesh.corner(t, 0));
      box.extend(mesh.corner(t, 1));
      box.extend(mesh.corner(t, 2));
      boxes_[t] = box;
      centroids_[t] = box.center();
      order_[t] = static_cast<std::int32_t>(t);
    }
    nodes_.clear();
    nodes_.reserve(n > 0 ? n - 1 : 0);
  }

  // Top-down: the node is written before its children, so node 0 is the root and a subtree
  // occupies one contiguous run of the array (depth-first order: good locality in queries).
  AabbTree::Ref build(std::size_t begin, std::size_t end, int level) {
    depth_ = std::max(depth_, level);
    if (end - begin == 1) return ~order_[begin];

    Box3 bounds, centroid_bounds;
    bounds.setEmpty();
    centroid_bounds.setEmpty();
    for (std::size_t i = begin; i < end; ++i) {
      bounds.extend(boxes_[order_[i]]);
      centroid_bounds.extend(centroids_[order_[i]]);
    }
    const auto index = static_cast<AabbTree::Ref>(nodes_.size());
    AabbTree::Node node;
    for (int c = 0; c < 3; ++c) {
      node.lo[c] = roundDown(bounds.min()[c]);
      node.hi[c] = roundUp(bounds.max()[c]);
    }
    nodes_.push_back(node);

    int axis = 0;
    centroid_bounds.diagonal().maxCoeff(&axis);
    const std::size_t middle = split(begin, end, axis, centroid_bounds);
    const AabbTree::Ref left = build(begin, middle, level + 1);
    const AabbTree::Ref right = build(middle, end, level + 1);
    nodes_[index].child[0] = left;
    nodes_[index].child[1] = right;
    return index;
  }

  int depth() const { return depth_; }

 private:
  std::size_t split(std::size_t begin, std::size_t end, int axis, const Box3& centroid_bounds) {
    if (rule_ == SplitRule::SurfaceAreaHeuristic && end - begin > 2) {
      const std::size_t middle = sahSplit(begin, end, axis, centroid_bounds);
      if (middle != begin && middle != end) return middle;
    }
    const std::size_t middle = begin + (end - begin) / 2;
    std::nth_element(
        order_.begin() + begin, order_.begin() + middle, order_.begin() + end,
        [&](std::int32_t x, std::int32_t y) { return centroids_[x][axis] < centroids_[y][axis]; });
    return middle;
  }

  // Binned SAH (minimise count × surface area on both sides); returns begin or end when every
  // centroid falls in one bin, which sends the caller to the median split.
  std::size_t sahSplit(std::size_t begin, std::size_t end, int axis, const Box3& centroid_bounds) {
    const double lo = centroid_bounds.min()[axis];
    const double extent = centroid_bounds.max()[axis] - lo;
    if (!(extent > 0.0)) return begin;
    const double to_bin = kSahBins / extent;
    const auto binOf = [&](std::int32_t t) {
      return std::min(kSahBins - 1, static_cast<int>((centroids_[t][axis] - lo) * to_bin));
    };
    std::array<Box3, kSahBins> bin_boxes;
    std::array<std::size_t, kSahBins> bin_counts{};
    for (Box3& b : bin_boxes) b.setEmpty();
    for (std::size_t i = begin; i < end; ++i) {
      const int b = binOf(order_[i]);
      bin_boxes[b].extend(boxes_[order_[i]]);
      ++bin_counts[b];
    }
    std::array<double, kSahBins> right_cost{};
    Box3 right;
    right.setEmpty();
    std::size_t right_count = 0;
    for (int b = kSahBins - 1; b > 0; --b) {
      right.extend(bin_boxes[b]);
      right_count += bin_counts[b];
      right_cost[b] = halfSurfaceArea(right) * static_cast<double>(right_count);
    }
    Box3 left;
    left.setEmpty();
    std::size_t left_count = 0;
    double best_cost = std::numeric_limits<double>::infinity();
    int best_bin = -1;  // split after this bin
    for (int b = 0; b + 1 < kSahBins; ++b) {
      left.extend(bin_boxes[b]);
      left_count += bin_counts[b];
      if (left_count == 0 || left_count == end - begin) continue;
      const double cost =
          halfSurfaceArea(left) * static_cast<double>(left_count) + right_cost[b + 1];
      if (cost < best_cost) {
        best_cost = cost;
        best_bin = b;
      }
    }
    if (best_bin < 0) return begin;
    const auto middle = std::partition(order_.begin() + begin, order_.begin() + end,
                                       [&](std::int32_t t) { return binOf(t) <= best_bin; });
    return static_cast<std::size_t>(middle - order_.begin());
  }

  SplitRule rule_;
  std::vector<AabbTree::Node>& nodes_;
  std::vector<Box3> boxes_;
  std::vector<Vec3> centroids_;
  std::vector<std::int32_t> order_;
  int depth_ = 0;
};

}  // namespace

AabbTree::AabbTree(const TriMesh& mesh, SplitRule rule) : mesh_(&mesh) {
  if (mesh.empty()) return;
  Builder builder(mesh, rule, nodes_);
  root_ = builder.build(0, mesh.triangleCount(), 1);
  depth_ = builder.depth();
}

}  // namespace contactsim
