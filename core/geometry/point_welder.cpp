#include "geometry/point_welder.h"

#include <cmath>

namespace contactsim {

std::size_t PointWelder::CellKeyHash::operator()(const CellKey& k) const {
  // Large odd multipliers spread neighbouring cells over the table (spatial hashing).
  return static_cast<std::size_t>(k.x * 73856093LL ^ k.y * 19349663LL ^ k.z * 83492791LL);
}

PointWelder::PointWelder(const Vec3& origin, double tolerance, std::size_t expected_points)
    : origin_(origin), tolerance_(tolerance) {
  cells_.reserve(expected_points);
  points_.reserve(expected_points);
  next_in_cell_.reserve(expected_points);
}

PointWelder::CellKey PointWelder::cellOf(const Vec3& p) const {
  // With tolerance zero any fixed fine grid works: equal points always share a cell.
  const Vec3 q = tolerance_ > 0.0 ? Vec3((p - origin_) / tolerance_) : Vec3((p - origin_) * 1e6);
  return {static_cast<std::int64_t>(std::floor(q.x())),
          static_cast<std::int64_t>(std::floor(q.y())),
          static_cast<std::int64_t>(std::floor(q.z()))};
}

std::int32_t PointWelder::insert(const Vec3& p) {
  const CellKey home = cellOf(p);
  const double tol_sq = tolerance_ * tolerance_;
  const int reach = tolerance_ > 0.0 ? 1 : 0;
  for (int dx = -reach; dx <= reach; ++dx)
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dz = -reach; dz <= reach; ++dz) {
        const auto it = cells_.find({home.x + dx, home.y + dy, home.z + dz});
        if (it == cells_.end()) continue;
        for (std::int32_t v = it->second; v >= 0; v = next_in_cell_[v]) {
          if ((points_[v] - p).squaredNorm() <= tol_sq) return v;
        }
      }
  const auto index = static_cast<std::int32_t>(points_.size());
  points_.push_back(p);
  auto [it, inserted] = cells_.try_emplace(home, index);
  next_in_cell_.push_back(inserted ? -1 : it->second);
  it->second = index;
  return index;
}

}  // namespace contactsim
