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

namespace {

Vec3 nearestOnSegment(const Vec3& x, const Vec3& p, const Vec3& q) {
  const Vec3 d = q - p;
  const double length_sq = d.squaredNorm();
  if (!(length_sq > 0.0)) return p;
  return p + std::clamp((x - p).dot(d) / length_sq, 0.0, 1.0) * d;
}

// Inside its own plane when the projection's barycentric coordinates are all non-negative, else
// on the nearest edge.
Vec3 nearestOnTriangle(const Vec3& x, const Triangle& t) {
  const Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]);
  if (n.squaredNorm() > 0.0) {
    const Vec3 y = x - n * (n.dot(x - t[0]) / n.squaredNorm());
    const double w0 = n.dot((t[1] - y).cross(t[2] - y)), w1 = n.dot((t[2] - y).cross(t[0] - y)),
                 w2 = n.dot((t[0] - y).cross(t[1] - y));
    if (w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0) return y;
  }
  Vec3 best = t[0];
  for (int k = 0; k < 3; ++k) {
    const Vec3 y = nearestOnSegment(x, t[k], t[(k + 1) % 3]);
    if ((y - x).squaredNorm() < (best - x).squaredNorm()) best = y;
  }
  return best;
}

// |p(s) − q(u)|² is convex over the unit square: its minimum is the free one when that lies
// inside, else on a side, where each segment's end takes the other's nearest point.
std::pair<Vec3, Vec3> nearestOnSegments(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                        const Vec3& q1) {
  std::vector<std::pair<Vec3, Vec3>> candidates{{p0, nearestOnSegment(p0, q0, q1)},
                                                {p1, nearestOnSegment(p1, q0, q1)},
                                                {nearestOnSegment(q0, p0, p1), q0},
                                                {nearestOnSegment(q1, p0, p1), q1}};
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.dot(d1), b = d1.dot(d2), c = d2.dot(d2), d = d1.dot(r), e = d2.dot(r);
  const double det = a * c - b * b;
  if (det > 1e-12 * a * c) {
    const double s = (b * e - c * d) / det, u = (a * e - b * d) / det;
    if (s >= 0.0 && s <= 1.0 && u >= 0.0 && u <= 1.0)
      candidates.push_back({p0 + s * d1, q0 + u * d2});
  }
  return *std::min_element(candidates.begin(), candidates.end(), [](const auto& x, const auto& y) {
    return (x.first - x.second).squaredNorm() < (y.first - y.second).squaredNorm();
  });
}

void keepNearer(Nearest& best, const Vec3& on_first, const Vec3& on_second) {
  const double distance = (on_first - on_second).norm();
  if (distance < best.distance) best = {on_first, on_second, distance};
}

}  // namespace

Nearest nearestPoints(const Triangle& a, const Triangle& b) {
  Nearest best{a[0], b[0], INFINITY};
  for (int k = 0; k < 3; ++k) {
    keepNearer(best, a[k], nearestOnTriangle(a[k], b));
    keepNearer(best, nearestOnTriangle(b[k], a), b[k]);
    for (int l = 0; l < 3; ++l) {
      const auto [x, y] = nearestOnSegments(a[k], a[(k + 1) % 3], b[l], b[(l + 1) % 3]);
      keepNearer(best, x, y);
    }
  }
  return best;
}

Nearest nearestPoints(const Triangle& t, const Vec3& lo, const Vec3& hi) {
  Nearest best{t[0], lo, INFINITY};
  const auto corner = [&](int bits) {
    return Vec3(bits & 1 ? hi.x() : lo.x(), bits & 2 ? hi.y() : lo.y(), bits & 4 ? hi.z() : lo.z());
  };
  for (int k = 0; k < 3; ++k) keepNearer(best, t[k], t[k].cwiseMax(lo).cwiseMin(hi));
  for (int bits = 0; bits < 8; ++bits)
    keepNearer(best, nearestOnTriangle(corner(bits), t), corner(bits));
  // The box's twelve edges: corners differing in one bit.
  for (int bits = 0; bits < 8; ++bits) {
    for (int axis = 0; axis < 3; ++axis) {
      if (bits & (1 << axis)) continue;
      for (int k = 0; k < 3; ++k) {
        const auto [x, y] =
            nearestOnSegments(t[k], t[(k + 1) % 3], corner(bits), corner(bits | (1 << axis)));
        keepNearer(best, x, y);
      }
    }
  }
  return best;
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
