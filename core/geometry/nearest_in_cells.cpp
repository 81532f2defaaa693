#include "geometry/nearest_in_cells.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactsim {
namespace {

// Subtrees of this many points or fewer are scanned, not split further.
constexpr std::size_t kLeafSize = 8;

}  // namespace

struct NearestInCells::Query {
  Vec3 x;
  Eigen::Vector3i cell;
  std::ptrdiff_t best = -1;
  double best_distance = std::numeric_limits<double>::infinity();
};

NearestInCells::NearestInCells(std::span<const Vec3> points, std::span<const std::size_t> members,
                               double cell)
    : cell_(cell) {
  nodes_.reserve(members.size());
  for (const std::size_t i : members) nodes_.push_back({points[i], i, cellOf(points[i])});
  build(0, nodes_.size());
}

Eigen::Vector3i NearestInCells::cellOf(const Vec3& x) const {
  return (x / cell_).array().floor().cast<int>();
}

// The median along the widest spread of [begin, end) goes to the middle, the points before it
// (by coordinate, then index) to its left: coordinates ≤ the median's on the left, ≥ on the right.
void NearestInCells::build(std::size_t begin, std::size_t end) {
  if (end - begin <= kLeafSize) return;
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
  for (std::size_t k = begin; k < end; ++k) {
    lo = lo.cwiseMin(nodes_[k].point);
    hi = hi.cwiseMax(nodes_[k].point);
  }
  int axis = 0;
  (hi - lo).maxCoeff(&axis);
  const std::size_t middle = begin + (end - begin) / 2;
  std::nth_element(nodes_.begin() + begin, nodes_.begin() + middle, nodes_.begin() + end,
                   [&](const Node& a, const Node& b) {
                     const double ca = a.point[axis], cb = b.point[axis];
                     return ca < cb || (ca == cb && a.index < b.index);
                   });
  nodes_[middle].axis = axis;
  build(begin, middle);
  build(middle + 1, end);
}

std::ptrdiff_t NearestInCells::nearest(const Vec3& x) const {
  Query q{x, cellOf(x)};
  search(0, nodes_.size(), q);
  return q.best;
}

void NearestInCells::search(std::size_t begin, std::size_t end, Query& q) const {
  const auto consider = [&](const Node& node) {
    if ((node.cell - q.cell).cwiseAbs().maxCoeff() > 1) return;
    const double d = (node.point - q.x).squaredNorm();
    const auto i = static_cast<std::ptrdiff_t>(node.index);
    if (d < q.best_distance || (d == q.best_distance && i < q.best))
      q.best_distance = d, q.best = i;
  };
  if (end - begin <= kLeafSize) {
    for (std::size_t k = begin; k < end; ++k) consider(nodes_[k]);
    return;
  }
  const std::size_t middle = begin + (end - begin) / 2;
  const Node& median = nodes_[middle];
  consider(median);
  const int axis = median.axis;
  const double offset = q.x[axis] - median.point[axis];
  // A side is skipped when its cells along the axis all lie beyond the window (cells are monotonic
  // in the coordinate), or when the axis alone puts its points farther than the best: |Δ|² rounds
  // to no more than the squared norm that contains it, so ties with the best are still visited.
  const int median_cell = median.cell[axis];
  const auto searchLeft = [&] {
    if (median_cell < q.cell[axis] - 1) return;
    if (offset > 0.0 && offset * offset > q.best_distance) return;
    search(begin, middle, q);
  };
  const auto searchRight = [&] {
    if (median_cell > q.cell[axis] + 1) return;
    if (offset < 0.0 && offset * offset > q.best_distance) return;
    search(middle + 1, end, q);
  };
  if (offset < 0.0) {
    searchLeft();
    searchRight();
  } else {
    searchRight();
    searchLeft();
  }
}

}  // namespace contactsim
