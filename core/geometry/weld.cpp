#include "geometry/weld.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace contactsim {
namespace {

struct CellKey {
  std::int64_t x, y, z;
  bool operator==(const CellKey&) const = default;
};

struct CellKeyHash {
  std::size_t operator()(const CellKey& k) const {
    // Large odd multipliers spread neighbouring cells over the table (spatial hashing).
    return static_cast<std::size_t>(k.x * 73856093LL ^ k.y * 19349663LL ^ k.z * 83492791LL);
  }
};

// Merges points closer than `tolerance` into one representative each. Representatives live in
// a uniform grid of cell size `tolerance`, so a query only looks at the 27 surrounding cells.
class VertexWelder {
 public:
  VertexWelder(const Vec3& origin, double tolerance, std::size_t expected)
      : origin_(origin), tolerance_(tolerance) {
    cells_.reserve(expected);
    vertices_.reserve(expected);
  }

  std::int32_t insert(const Vec3& p) {
    const CellKey home = cellOf(p);
    if (tolerance_ > 0.0) {
      const double tol_sq = tolerance_ * tolerance_;
      for (std::int64_t dx = -1; dx <= 1; ++dx)
        for (std::int64_t dy = -1; dy <= 1; ++dy)
          for (std::int64_t dz = -1; dz <= 1; ++dz) {
            const auto it = cells_.find({home.x + dx, home.y + dy, home.z + dz});
            if (it == cells_.end()) continue;
            for (std::int32_t v = it->second; v >= 0; v = next_in_cell_[v]) {
              if ((vertices_[v] - p).squaredNorm() <= tol_sq) return v;
            }
          }
    } else if (const auto it = cells_.find(home); it != cells_.end()) {
      for (std::int32_t v = it->second; v >= 0; v = next_in_cell_[v]) {
        if (vertices_[v] == p) return v;
      }
    }
    const auto index = static_cast<std::int32_t>(vertices_.size());
    vertices_.push_back(p);
    auto [it, inserted] = cells_.try_emplace(home, index);
    next_in_cell_.push_back(inserted ? -1 : it->second);
    it->second = index;
    return index;
  }

  std::vector<Vec3> takeVertices() { return std::move(vertices_); }

 private:
  CellKey cellOf(const Vec3& p) const {
    if (tolerance_ <= 0.0) {
      // Exact welding: hash the coordinates' bits through a fine grid that never splits equal
      // points.
      const Vec3 q = (p - origin_) * 1e6;
      return {std::llround(q.x()), std::llround(q.y()), std::llround(q.z())};
    }
    const Vec3 q = (p - origin_) / tolerance_;
    return {static_cast<std::int64_t>(std::floor(q.x())),
            static_cast<std::int64_t>(std::floor(q.y())),
            static_cast<std::int64_t>(std::floor(q.z()))};
  }

  Vec3 origin_;
  double tolerance_;
  std::unordered_map<CellKey, std::int32_t, CellKeyHash> cells_;  // cell -> last vertex inserted
  std::vector<std::int32_t> next_in_cell_;                        // chain of vertices per cell
  std::vector<Vec3> vertices_;
};

}  // namespace

TriMesh weldTriangleSoup(const std::vector<Vec3>& points,
                         const std::vector<TriangleIndices>& triangles, double relative_tolerance,
                         WeldStats* stats) {
  const auto point_count = static_cast<std::int64_t>(points.size());
  Box3 bounds;
  bounds.setEmpty();
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    for (const std::int32_t i : triangles[t]) {
      if (i < 0 || i >= point_count) {
        throw std::invalid_argument("triangle " + std::to_string(t) + " refers to point " +
                                    std::to_string(i) + " of " + std::to_string(point_count));
      }
      if (!points[i].allFinite()) {
        throw std::invalid_argument("point " + std::to_string(i) + " has a non-finite coordinate");
      }
      bounds.extend(points[i]);
    }
  }
  if (!std::isfinite(relative_tolerance) || relative_tolerance < 0.0) {
    throw std::invalid_argument("weld tolerance must be a finite non-negative number");
  }
  const double diagonal = triangles.empty() ? 0.0 : bounds.diagonal().norm();
  VertexWelder welder(triangles.empty() ? Vec3::Zero() : bounds.min(),
                      relative_tolerance * diagonal, points.size());

  // Each input point is welded once; points not used by any triangle are dropped.
  std::vector<std::int32_t> welded_index(points.size(), -1);
  std::vector<TriangleIndices> welded_triangles;
  welded_triangles.reserve(triangles.size());
  std::size_t collapsed = 0;
  for (const TriangleIndices& tri : triangles) {
    TriangleIndices out;
    for (int k = 0; k < 3; ++k) {
      std::int32_t& w = welded_index[tri[k]];
      if (w < 0) w = welder.insert(points[tri[k]]);
      out[k] = w;
    }
    if (out[0] == out[1] || out[1] == out[2] || out[2] == out[0]) {
      ++collapsed;
      continue;
    }
    welded_triangles.push_back(out);
  }
  std::vector<Vec3> vertices = welder.takeVertices();
  if (stats != nullptr) {
    stats->input_vertices = points.size();
    stats->output_vertices = vertices.size();
    stats->collapsed_triangles = collapsed;
  }
  return TriMesh(std::move(vertices), std::move(welded_triangles));
}

}  // namespace contactsim
