#include "bench_cases.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include "geometry/primitives.h"

namespace contactsim::bench {
namespace {

// --- cases --------------------------------------------------------------------------------------
Mat3 fixedTilt() { return Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix(); }

Pose placed(const Vec3& translation, const Mat3& rotation) {
  Pose p;
  p.rotation = rotation;
  p.translation = translation;
  return p;
}

// A cylinder with one band of long thin side triangles and fan caps: CAD tessellation style.
TriMesh makeSliverCylinder(double radius, double length, int segments) {
  std::vector<Vec3> v;
  std::vector<TriangleIndices> t;
  for (int i = 0; i < segments; ++i) {
    const double phi = 2 * std::numbers::pi * i / segments;
    v.emplace_back(radius * std::cos(phi), radius * std::sin(phi), -0.5 * length);
    v.emplace_back(radius * std::cos(phi), radius * std::sin(phi), 0.5 * length);
  }
  const auto bottom = static_cast<std::int32_t>(v.size());
  v.emplace_back(0, 0, -0.5 * length);
  v.emplace_back(0, 0, 0.5 * length);
  for (int i = 0; i < segments; ++i) {
    const std::int32_t a = 2 * i, b = 2 * ((i + 1) % segments);
    t.push_back({a, b, b + 1});
    t.push_back({a, b + 1, a + 1});
    t.push_back({bottom, b, a});
    t.push_back({bottom + 1, a + 1, b + 1});
  }
  return TriMesh(v, t);
}

}  // namespace

std::vector<Case> makeCases(bool quick) {
  std::vector<Case> cases;
  const Mat3 tilt = fixedTilt();
  const std::vector<int> levels = quick ? std::vector<int>{4, 5} : std::vector<int>{4, 5, 6, 7};
  for (const int level : levels) {
    const std::size_t n = 20 * (std::size_t{1} << (2 * level));
    for (const double distance : {1.95, 1.8, 1.4}) {
      char name[96];
      std::snprintf(name, sizeof name, "icospheres %zuk, centres %.2f R", n / 1000, distance);
      cases.push_back({name,
                       makeIcosphere(1.0, level),
                       makeIcosphere(1.0, level),
                       {placed(distance * Vec3(1, 0.3, 0.2).normalized(), tilt)}});
    }
  }
  // 30 % of the poses separated (gap 5 % R), the rest at random depths, directions, rotations.
  {
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> unit(-1, 1);
    Case c{"icospheres 20k, 20 poses, 30 % separated",
           makeIcosphere(1.0, 5),
           makeIcosphere(1.0, 5),
           {}};
    for (int i = 0; i < 20; ++i) {
      const Vec3 dir = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
      const Vec3 rot = Vec3(unit(rng), unit(rng), unit(rng));
      const double d = i < 6 ? 2.1 : 1.3 + 0.6 * (unit(rng) + 1) / 2;
      c.poses.push_back(Pose::fromTranslationRotationVector(d * dir, rot));
    }
    cases.push_back(std::move(c));
  }
  if (!quick) {
    // Two crossing sliver cylinders (aspect ~1000:1 side triangles), 32k triangles each.
    cases.push_back(
        {"sliver cylinders 32k (CAD-like)",
         makeSliverCylinder(0.5, 4.0, 8192),
         makeSliverCylinder(0.5, 4.0, 8192),
         {Pose::fromTranslationRotationVector(Vec3(0.3, 0.2, 0.1), Vec3(1.2, 0.3, 0.1))}});
  }
  // Box on box, faces in contact with a 0.1 % overlap and a small twist, 2×(6·50²·2) = 30k.
  cases.push_back({"box on box 30k, face contact",
                   makeBox(Vec3(1, 1, 0.5), 50),
                   makeBox(Vec3(1, 1, 0.5), 50),
                   {Pose::fromTranslationRotationVector(Vec3(0.2, 0.1, 0.999), Vec3(0, 0, 0.2))}});
  return cases;
}

}  // namespace contactsim::bench
