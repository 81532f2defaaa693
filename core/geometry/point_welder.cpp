#include "geometry/point_welder.h"

#include <array>
#include <cmath>

namespace contactsim {
namespace {
// Cells this many tolerances wide: a point is near a face of its cell with probability ~2/64
// per axis, and only then are the neighbours across that face searched.
constexpr double kCellsPerTolerance = 64.0;
}  // namespace

std::size_t PointWelder::CellKeyHash::operator()(const CellKey& k) const {
  // Large odd multipliers spread neighbouring cells over the table (spatial hashing).
  return static_cast<std::size_t>(k.x * 73856093LL ^ k.y * 19349663LL ^ k.z * 83492791LL);
}

PointWelder::PointWelder(const Vec3& origin, double tolerance, std::size_t expected_points)
    : origin_(origin), tolerance_(tolerance), cell_size_(kCellsPerTolerance * tolerance) {
  cells_.reserve(expected_points);
  points_.reserve(expected_points);
  next_in_cell_.reserve(expected_points);
}

PointWelder::CellKey PointWelder::cellOf(const Vec3& p) const {
  // With tolerance zero any fixed fine grid works: equal points always share a cell.
  const Vec3 q = cell_size_ > 0.0 ? Vec3((p - origin_) / cell_size_) : Vec3((p - origin_) * 1e6);
  return {static_cast<std::int64_t>(std::floor(q.x())),
          static_cast<std::int64_t>(std::floor(q.y())),
          static_cast<std::int64_t>(std::floor(q.z()))};
}

std::int32_t PointWelder::findIn(const CellKey& cell, const Vec3& p) const {
  const auto it = cells_.find(cell);
  if (it == cells_.end()) return -1;
  const double tol_sq = tolerance_ * tolerance_;
  for (std::int32_t v = it->second; v >= 0; v = next_in_cell_[v]) {
    if ((points_[v] - p).squaredNorm() <= tol_sq) return v;
  }
  return -1;
}

std::int32_t PointWelder::insert(const Vec3& p) {
  const CellKey home = cellOf(p);
  std::int32_t found = findIn(home, p);
  if (found < 0 && cell_size_ > 0.0) {
    // Per axis: -1 or +1 when p is within tolerance of the lower or upper face, else 0.
    std::array<int, 3> near{};
    const std::array<std::int64_t, 3> index = {home.x, home.y, home.z};
    for (int axis = 0; axis < 3; ++axis) {
      const double offset = p[axis] - origin_[axis] - static_cast<double>(index[axis]) * cell_size_;
      near[axis] = offset <= tolerance_ ? -1 : offset >= cell_size_ - tolerance_ ? 1 : 0;
    }
    for (int dx = std::min(near[0], 0); dx <= std::max(near[0], 0) && found < 0; ++dx)
      for (int dy = std::min(near[1], 0); dy <= std::max(near[1], 0) && found < 0; ++dy)
        for (int dz = std::min(near[2], 0); dz <= std::max(near[2], 0) && found < 0; ++dz) {
          if (dx != 0 || dy != 0 || dz != 0)
            found = findIn({home.x + dx, home.y + dy, home.z + dz}, p);
        }
  }
  if (found >= 0) return found;
  const auto index = static_cast<std::int32_t>(points_.size());
  points_.push_back(p);
  auto [it, inserted] = cells_.try_emplace(home, index);
  next_in_cell_.push_back(inserted ? -1 : it->second);
  it->second = index;
  return index;
}

}  // namespace contactsim
