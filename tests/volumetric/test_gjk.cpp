// GJK distance against a brute force over feature pairs on random convex polytopes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "volumetric/gjk.h"
#include "volumetric_test_shapes.h"

using namespace contactsim;
using namespace contactsim::volumetric;

namespace {

double pointSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double t = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (a + t * d - p).norm();
}

// Projection into the triangle's plane when it falls inside (barycentric test), else the nearest
// edge: a different route from gjk.cpp's Voronoi-region one.
double pointTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a);
  const Vec3 q = p - n * (p - a).dot(n) / n.squaredNorm();
  const double wa = (b - q).cross(c - q).dot(n);
  const double wb = (c - q).cross(a - q).dot(n);
  const double wc = (a - q).cross(b - q).dot(n);
  if (wa >= 0 && wb >= 0 && wc >= 0) return (p - q).norm();
  return std::min({pointSegment(p, a, b), pointSegment(p, b, c), pointSegment(p, c, a)});
}

// Segment–segment distance: the unconstrained closest pair when it lies inside both segments,
// else one of the four endpoint-to-segment distances.
double segmentSegment(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2) {
  double best = std::min({pointSegment(p1, p2, q2), pointSegment(q1, p2, q2),
                          pointSegment(p2, p1, q1), pointSegment(q2, p1, q1)});
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.dot(d1), e = d2.dot(d2), b = d1.dot(d2), c = d1.dot(r), f = d2.dot(r);
  const double denom = a * e - b * b;
  if (denom > 1e-14 * a * e) {
    const double s = (b * f - c * e) / denom;
    const double t = (a * f - b * c) / denom;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1)
      best = std::min(best, (p1 + s * d1 - p2 - t * d2).norm());
  }
  return best;
}

double bruteBoundaryDistance(const ConvexPiece& A, const ConvexPiece& B) {
  double best = std::numeric_limits<double>::infinity();
  auto vertexFaces = [&](const ConvexPiece& P, const ConvexPiece& Q) {
    for (const Vec3& p : P.vertices)
      for (const ConvexFace& f : Q.faces)
        for (std::size_t k = 1; k + 1 < f.loop.size(); ++k)
          best = std::min(best, pointTriangle(p, Q.vertices[f.loop[0]], Q.vertices[f.loop[k]],
                                              Q.vertices[f.loop[k + 1]]));
  };
  vertexFaces(A, B);
  vertexFaces(B, A);
  for (const ConvexFace& fa : A.faces)
    for (std::size_t i = 0; i < fa.loop.size(); ++i)
      for (const ConvexFace& fb : B.faces)
        for (std::size_t j = 0; j < fb.loop.size(); ++j)
          best = std::min(best, segmentSegment(A.vertices[fa.loop[i]],
                                               A.vertices[fa.loop[(i + 1) % fa.loop.size()]],
                                               B.vertices[fb.loop[j]],
                                               B.vertices[fb.loop[(j + 1) % fb.loop.size()]]));
  return best;
}

}  // namespace

TEST_CASE("GJK agrees with the brute force on random convex pairs", "[volumetric][gjk]") {
  std::mt19937 rng(20261124);
  std::uniform_int_distribution<int> count(4, 40);
  std::uniform_real_distribution<double> radius(0.2, 2.0);
  std::uniform_real_distribution<double> offset(-2.0, 2.0);
  std::uniform_real_distribution<double> scale_exp(-3.0, 3.0);
  int disjoint = 0, overlapping = 0, agree = 0;
  const int pairs = 400;
  for (int trial = 0; trial < pairs; ++trial) {
    const double scale = std::pow(10.0, scale_exp(rng));  // mm to km: tolerances are relative
    const ConvexPiece A = test::randomPiece(rng, Vec3::Zero(), scale * radius(rng), count(rng));
    const ConvexPiece B = test::randomPiece(
        rng, scale * Vec3(offset(rng), offset(rng), offset(rng)), scale * radius(rng), count(rng));
    const GjkResult g = gjkDistance(A, B);
    const double tol = 1e-9 * std::max(A.size, B.size);
    INFO("trial " << trial);
    bool ok = false;
    if (g.overlap) {
      ++overlapping;
      // The common point is in both.
      ok = test::inside(A, g.point_a, tol) && test::inside(B, g.point_b, tol) &&
           (g.point_a - g.point_b).norm() <= tol;
    } else {
      ++disjoint;
      const double brute = bruteBoundaryDistance(A, B);
      // The closest points span a slab of width d separating the pieces: d is the distance.
      const Vec3 n = (g.point_b - g.point_a) / g.distance;
      double max_a = -1e300, min_b = 1e300;
      for (const Vec3& v : A.vertices) max_a = std::max(max_a, n.dot(v));
      for (const Vec3& v : B.vertices) min_b = std::min(min_b, n.dot(v));
      ok = std::abs(g.distance - brute) <= tol && test::inside(A, g.point_a, tol) &&
           test::inside(B, g.point_b, tol) &&
           std::abs((g.point_b - g.point_a).norm() - g.distance) <= tol &&
           max_a <= n.dot(g.point_a) + tol && min_b >= n.dot(g.point_b) - tol;
      CHECK(g.distance == Approx(brute).epsilon(1e-9));
    }
    CHECK(ok);
    if (ok) ++agree;
  }
  WARN("GJK vs brute force: " << agree << "/" << pairs << " agree (" << disjoint << " disjoint, "
                              << overlapping << " overlapping)");
  CHECK(disjoint >= 100);
  CHECK(overlapping >= 50);
}

TEST_CASE("GJK on touching and degenerate inputs", "[volumetric][gjk]") {
  const ConvexPiece A = test::boxPiece(Vec3(0, 0, 0), Vec3(1, 1, 1));
  SECTION("face on face: overlap (distance 0)") {
    const GjkResult g = gjkDistance(A, test::boxPiece(Vec3(0.2, 0.3, 1), Vec3(1.5, 1.5, 2)));
    CHECK(g.overlap);
    CHECK(g.distance == 0.0);
  }
  SECTION("parallel faces a small gap apart") {
    const GjkResult g = gjkDistance(A, test::boxPiece(Vec3(0, 0, 1 + 1e-6), Vec3(1, 1, 2)));
    CHECK_FALSE(g.overlap);
    CHECK(g.distance == Approx(1e-6).epsilon(1e-6));
  }
  SECTION("single points and collinear sets") {
    const GjkResult g = gjkDistance({Vec3(0, 0, 0)}, {Vec3(3, 4, 0)});
    CHECK(g.distance == Approx(5.0));
    const GjkResult s =
        gjkDistance({Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0, 0)}, {Vec3(1, 1, 0), Vec3(1, 3, 0)});
    CHECK(s.distance == Approx(1.0));
    CHECK((s.point_a - Vec3(1, 0, 0)).norm() < 1e-12);
  }
  SECTION("identical sets overlap") {
    const GjkResult g = gjkDistance(A, A);
    CHECK(g.overlap);
  }
}
