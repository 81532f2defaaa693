// Brute-force inside test of a closed mesh for the contact tests: the winding number of a point,
// the solid angles of all triangles seen from it over 4π (Van Oosterom and Strackee's formula),
// about 1 inside and 0 outside away from the surface, whatever the mesh's convexity.
#pragma once

#include <cmath>
#include <numbers>

#include "geometry/pose.h"
#include "geometry/tri_mesh.h"

namespace contactsim::testing {

inline double windingNumber(const TriMesh& mesh, const Vec3& point) {
  double total = 0.0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Vec3 a = mesh.corner(t, 0) - point, b = mesh.corner(t, 1) - point,
               c = mesh.corner(t, 2) - point;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    total += 2 * std::atan2(a.dot(b.cross(c)),
                            la * lb * lc + a.dot(b) * lc + b.dot(c) * la + c.dot(a) * lb);
  }
  return total / (4 * std::numbers::pi);
}

}  // namespace contactsim::testing
