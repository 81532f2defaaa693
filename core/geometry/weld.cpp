#include "geometry/weld.h"

#include "geometry/point_welder.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace contactsim {

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
  PointWelder welder(triangles.empty() ? Vec3::Zero() : bounds.min(), relative_tolerance * diagonal,
                     points.size());

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
  std::vector<Vec3> vertices = welder.takePoints();
  if (stats != nullptr) {
    stats->input_vertices = points.size();
    stats->output_vertices = vertices.size();
    stats->collapsed_triangles = collapsed;
  }
  return TriMesh(std::move(vertices), std::move(welded_triangles));
}

}  // namespace contactsim
