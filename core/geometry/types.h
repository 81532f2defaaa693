// Basic geometric types shared by the whole core.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <cstdint>

namespace contactsim {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Box3 = Eigen::AlignedBox3d;

// Vertex indices of one triangle, counter-clockwise seen from outside (normal = (b-a)x(c-a)).
using TriangleIndices = std::array<std::int32_t, 3>;

// The matrix of a × ·: skew(a)·b = a × b.
inline Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return s;
}

}  // namespace contactsim
