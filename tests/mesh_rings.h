// Cross-sections read from a generated prism's vertices (a pin, a tube): the polygons the meshes
// really are, for references computed from them rather than from the circles they stand for.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim::test {

// The ring of `mesh`'s vertices at height z whose distance from the z axis is within
// [r_min, r_max], ordered by angle (counter-clockwise about +z).
inline std::vector<Eigen::Vector2d> ringAt(const TriMesh& mesh, double z, double r_min,
                                           double r_max) {
  std::vector<Eigen::Vector2d> ring;
  for (const Vec3& v : mesh.vertices()) {
    const double r = std::hypot(v.x(), v.y());
    if (std::abs(v.z() - z) < 1e-12 && r >= r_min && r <= r_max) ring.emplace_back(v.x(), v.y());
  }
  std::sort(ring.begin(), ring.end(), [](const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    return std::atan2(a.y(), a.x()) < std::atan2(b.y(), b.x());
  });
  return ring;
}

}  // namespace contactsim::test
