// Shapes and random rigid motions shared by the volumetric tests.
#pragma once

#include <cmath>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "volumetric/convex_piece.h"

namespace contactsim::volumetric::test {

inline ConvexPiece boxPiece(const Vec3& lo, const Vec3& hi, int surface_id = -1) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i)
    corners.emplace_back((i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(),
                         (i & 4) ? hi.z() : lo.z());
  return *convexPieceFromPoints(corners, surface_id);
}

// An icosahedron inscribed in the sphere of `radius` about `centre`, each triangle split into
// four `level` times and the new vertices pushed out onto the sphere.
inline std::vector<Vec3> icosphere(const Vec3& centre, double radius, int level) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3> v = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                         {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  for (Vec3& p : v) p.normalize();
  std::vector<std::array<int, 3>> tris = {
      {0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int l = 0; l < level; ++l) {
    std::map<std::pair<int, int>, int> mid;
    auto midpoint = [&](int a, int b) {
      const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
      auto it = mid.find(key);
      if (it != mid.end()) return it->second;
      v.push_back((v[a] + v[b]).normalized());
      return mid[key] = static_cast<int>(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& f : tris) {
      const int ab = midpoint(f[0], f[1]), bc = midpoint(f[1], f[2]), ca = midpoint(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    tris = std::move(next);
  }
  for (Vec3& p : v) p = centre + radius * p;
  return v;
}

inline Pose randomPose(std::mt19937& rng, double translation_range) {
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(-translation_range, translation_range);
  Eigen::Quaterniond q(gauss(rng), gauss(rng), gauss(rng), gauss(rng));
  q.normalize();
  Pose pose;
  pose.rotation = q.toRotationMatrix();
  pose.translation = Vec3(uniform(rng), uniform(rng), uniform(rng));
  return pose;
}

// A random convex polytope: the hull of `count` points in a ball of `radius` about `centre`.
inline ConvexPiece randomPiece(std::mt19937& rng, const Vec3& centre, double radius, int count) {
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<Vec3> points;
  for (int i = 0; i < count; ++i) {
    Vec3 d(gauss(rng), gauss(rng), gauss(rng));
    points.push_back(centre + radius * std::cbrt(uniform(rng)) * d.normalized());
  }
  return *convexPieceFromPoints(points);
}

// The volume a closed, outward surface encloses (three corners per triangle, as
// VolumetricContactPoint::intersection_surface): the divergence theorem, Σ a·(b × c) / 6, with
// the corners taken relative to the first one. (About the world origin, a small polyhedron far
// from it loses digits: each term is of order |x|³ where the sum is of order size³.)
inline double enclosedVolume(const std::vector<Vec3>& surface) {
  if (surface.empty()) return 0.0;
  const Vec3 origin = surface.front();
  double six_volume = 0.0;
  for (std::size_t k = 0; k + 2 < surface.size(); k += 3) {
    six_volume +=
        (surface[k] - origin).dot((surface[k + 1] - origin).cross(surface[k + 2] - origin));
  }
  return six_volume / 6.0;
}

inline bool inside(const ConvexPiece& piece, const Vec3& x, double tolerance) {
  return piece.maxPlaneDistance(x) <= tolerance;
}

}  // namespace contactsim::volumetric::test
