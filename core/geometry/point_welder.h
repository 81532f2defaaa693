// Merges points closer than a tolerance into one representative each (uniform-grid hashing).
#pragma once

#include <unordered_map>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

// Representatives live in a grid of cells much larger than `tolerance`; a query looks at the
// neighbouring cells only across the faces the point is within `tolerance` of, so nearly every
// query is one hash lookup. A point joins the first representative found within `tolerance`; with a
// tolerance of zero only identical points merge.
class PointWelder {
 public:
  PointWelder(const Vec3& origin, double tolerance, std::size_t expected_points = 0);

  // Index of the representative of p (a new one if none is within tolerance).
  std::int32_t insert(const Vec3& p);
  const std::vector<Vec3>& points() const { return points_; }
  std::vector<Vec3> takePoints() { return std::move(points_); }

 private:
  struct CellKey {
    std::int64_t x, y, z;
    bool operator==(const CellKey&) const = default;
  };
  struct CellKeyHash {
    std::size_t operator()(const CellKey& k) const;
  };
  CellKey cellOf(const Vec3& p) const;
  std::int32_t findIn(const CellKey& cell, const Vec3& p) const;

  Vec3 origin_;
  double tolerance_;
  double cell_size_;
  std::unordered_map<CellKey, std::int32_t, CellKeyHash> cells_;  // cell -> last point inserted
  std::vector<std::int32_t> next_in_cell_;                        // chain of points per cell
  std::vector<Vec3> points_;
};

}  // namespace contactsim
