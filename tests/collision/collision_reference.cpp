#include "collision_reference.h"

#include <Eigen/LU>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "geometry/primitives.h"

namespace contactsim::testing {

void requireSamePairs(const std::vector<TrianglePair>& x, const std::vector<TrianglePair>& y) {
  REQUIRE(x.size() == y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    REQUIRE(x[i].a == y[i].a);
    REQUIRE(x[i].b == y[i].b);
    REQUIRE(x[i].coplanar == y[i].coplanar);
    REQUIRE(x[i].p0 == y[i].p0);
    REQUIRE(x[i].p1 == y[i].p1);
  }
}

std::vector<TrianglePair> bruteForcePairs(const TriMesh& a, const TriMesh& b, const Pose& a_in_b) {
  std::vector<TrianglePair> pairs;
  for (std::size_t i = 0; i < a.triangleCount(); ++i) {
    for (std::size_t j = 0; j < b.triangleCount(); ++j) {
      if (auto pair = intersectTrianglePair(a, static_cast<std::int32_t>(i), b,
                                            static_cast<std::int32_t>(j), a_in_b)) {
        pairs.push_back(*pair);
      }
    }
  }
  return pairs;
}

std::vector<TrianglePair> sortedPairs(std::vector<TrianglePair> pairs) {
  std::sort(pairs.begin(), pairs.end(), [](const TrianglePair& x, const TrianglePair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  return pairs;
}

std::optional<std::pair<Vec3, Vec3>> planeLineSegment(const Triangle& p, const Triangle& q) {
  const Vec3 np = (p[1] - p[0]).cross(p[2] - p[0]);
  const Vec3 nq = (q[1] - q[0]).cross(q[2] - q[0]);
  const Vec3 d = np.cross(nq);
  Mat3 m;
  m.row(0) = np.transpose();
  m.row(1) = nq.transpose();
  m.row(2) = d.transpose();
  const Vec3 x0 = m.fullPivLu().solve(Vec3(np.dot(p[0]), nq.dot(q[0]), d.dot(p[0])));
  double s_min = -INFINITY, s_max = INFINITY;
  for (const auto* t : {&p, &q}) {
    const Vec3 n = ((*t)[1] - (*t)[0]).cross((*t)[2] - (*t)[0]);
    for (int k = 0; k < 3; ++k) {
      const Vec3& from = (*t)[k];
      const Vec3 inward = n.cross((*t)[(k + 1) % 3] - from);  // counter-clockwise about n
      // inward·(x0 + s d − from) >= 0
      const double rate = inward.dot(d);
      const double offset = inward.dot(x0 - from);
      if (rate > 0) {
        s_min = std::max(s_min, -offset / rate);
      } else if (rate < 0) {
        s_max = std::min(s_max, -offset / rate);
      } else if (offset < 0) {
        return std::nullopt;
      }
    }
  }
  if (s_min > s_max) return std::nullopt;
  return std::make_pair(Vec3(x0 + s_min * d), Vec3(x0 + s_max * d));
}

bool sameSegment(const Vec3& x0, const Vec3& x1, const Vec3& y0, const Vec3& y1, double tolerance) {
  const bool direct = (x0 - y0).norm() <= tolerance && (x1 - y1).norm() <= tolerance;
  const bool crossed = (x0 - y1).norm() <= tolerance && (x1 - y0).norm() <= tolerance;
  return direct || crossed;
}

Pose randomRigidMotion(std::mt19937& rng, double translation_scale) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> angle(0.0, 3.14159);
  const Vec3 axis = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
  const Vec3 t = translation_scale * Vec3(normal(rng), normal(rng), normal(rng));
  return Pose::fromTranslationRotationVector(t, angle(rng) * axis);
}

TriMesh makeNoisySphere(double radius, int level, double noise, unsigned seed) {
  const TriMesh sphere = makeIcosphere(radius, level);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> jitter(-noise * radius, noise * radius);
  std::vector<Vec3> vertices = sphere.vertices();
  for (Vec3& v : vertices) v += Vec3(jitter(rng), jitter(rng), jitter(rng));
  return TriMesh(vertices, sphere.triangles());
}

}  // namespace contactsim::testing
