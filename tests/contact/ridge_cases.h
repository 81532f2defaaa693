// Bars pressed with a corner or a rounded edge into the ridge of a convex wedge, from many
// directions: contours bent over an edge, and edges of the bar through the ridge to rounding
// (their vertices are placed by formulas), for the penetration and region-normal tests.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numbers>
#include <ostream>
#include <utility>
#include <vector>

#include "geometry/pose.h"
#include "geometry/primitives.h"
#include "geometry/tri_mesh.h"

namespace contactsim::testing {

// A wedge (convex prism along y, 2·size long): its ridge on the y axis, the material between
// the face along +x (z = 0, material below) and the face turned `angle` clockwise from it.
inline TriMesh makeWedge(double angle, double size) {
  const Vec3 face_1(size, 0, 0), face_2(size * std::cos(angle), 0, -size * std::sin(angle));
  std::vector<Vec3> v;
  for (const double y : {-size, size}) {
    v.emplace_back(0, y, 0), v.push_back(face_1 + Vec3(0, y, 0));
    v.push_back(face_2 + Vec3(0, y, 0));
  }
  std::vector<TriangleIndices> t = {{0, 2, 1}, {3, 4, 5}, {0, 4, 3}, {0, 1, 4},
                                    {1, 5, 4}, {1, 2, 5}, {2, 3, 5}, {2, 0, 3}};
  double six_volume = 0.0;  // positive: the normals face out
  for (const TriangleIndices& f : t) six_volume += v[f[0]].dot(v[f[1]].cross(v[f[2]]));
  REQUIRE(six_volume > 0.0);
  return TriMesh(std::move(v), std::move(t));
}

// A bar's orientation: its own z along `axis`, its corner's direction (x + y of its frame)
// turned by `spin` from −out, where `out` (unit, across the axis) leaves the other body.
inline Mat3 barTowards(const Vec3& axis, const Vec3& out, double spin) {
  const Vec3 toward = -out, side = axis.cross(toward);
  const double a = std::numbers::pi / 4 + spin;
  Mat3 rotation;
  rotation.col(0) = std::cos(a) * toward - std::sin(a) * side;
  rotation.col(1) = std::sin(a) * toward + std::cos(a) * side;
  rotation.col(2) = axis;
  return rotation;
}

struct RidgeCase {
  int sides;  // 4: a box; more: a faceted cylinder
  double wedge_degrees, lean, skew, spin, depth;
  Pose bar_pose;  // the wedge stays at the identity
};

inline std::ostream& operator<<(std::ostream& out, const RidgeCase& c) {
  return out << c.sides << " sides, wedge " << c.wedge_degrees << "°, lean " << c.lean << ", skew "
             << c.skew << ", spin " << c.spin << ", depth " << c.depth << " m";
}

// f(case, bar, wedge) for bars 20 mm across and 0.2 m long (a box and cylinders of 8, 12 and 24
// sides) whose corner, or rim vertex at 45°, lies `depth` (0.2 and 1 mm) beyond wedges of 30–111°,
// the bar's axis in the wedge's free side (`lean` across it), crossing the ridge at `skew` from
// square, turned by `spin` about its axis.
inline void forEachBarOnRidge(
    const std::function<void(const RidgeCase&, const TriMesh& bar, const TriMesh& wedge)>& f) {
  const double half = 0.01;
  for (const int sides : {4, 8, 12, 24}) {
    const TriMesh bar =
        sides == 4 ? makeBox(Vec3(half, half, 0.1)) : makeCylinder(half, 0.2, sides, 4);
    const Vec3 corner = sides == 4 ? Vec3(half, half, 0.0)
                                   : Vec3(half * std::cos(std::numbers::pi / 4),
                                          half * std::sin(std::numbers::pi / 4), 0.0);
    for (const double degrees : {30.0, 45.0, 60.0, 90.0, 111.0}) {
      const double angle = degrees * std::numbers::pi / 180;
      const TriMesh wedge = makeWedge(angle, 0.3);
      const double open_half = std::numbers::pi - angle / 2;  // the free side's bisector
      const Vec3 open(std::cos(open_half), 0, std::sin(open_half));
      for (const double lean : {0.2, 0.5, 0.8}) {
        const double theta = lean * (std::numbers::pi - angle);
        for (const double skew : {0.0, 0.4, 0.9}) {
          const Vec3 axis = std::cos(skew) * Vec3(std::cos(theta), 0, std::sin(theta)) +
                            std::sin(skew) * Vec3::UnitY();
          // Out of the wedge across both the ridge and the bar's axis.
          Vec3 out = Vec3::UnitY().cross(axis).normalized();
          if (out.dot(open) < 0) out = -out;
          for (const double spin : {-0.5, -0.2, 0.0, 0.3}) {
            const Mat3 rotation = barTowards(axis, out, spin);
            for (const double depth : {2e-4, 1e-3}) {
              const Vec3 at = -depth * out + Vec3(0, 0.01, 0);
              f({sides, degrees, lean, skew, spin, depth, Pose{rotation, at - rotation * corner}},
                bar, wedge);
            }
          }
        }
      }
    }
  }
}

}  // namespace contactsim::testing
