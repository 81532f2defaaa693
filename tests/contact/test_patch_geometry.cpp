#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "contact/patch_geometry.h"

using namespace contactsim;

namespace {
// A circle of radius r in the plane through `centre` with normal n, sampled unevenly: the
// parameter is bunched up on one side, which would drag an unweighted fit off centre.
std::vector<Vec3> unevenCircle(const Vec3& centre, const Vec3& n, double r, int samples) {
  const ContactPlane frame = planeFromNormal(centre, n);
  std::vector<Vec3> loop;
  for (int i = 0; i < samples; ++i) {
    const double s = static_cast<double>(i) / samples;
    const double angle = 2 * std::numbers::pi * (s + 0.12 * std::sin(2 * std::numbers::pi * s));
    loop.push_back(centre + r * (std::cos(angle) * frame.axis_u + std::sin(angle) * frame.axis_v));
  }
  return loop;
}
}  // namespace

TEST_CASE("the length-weighted plane fit ignores how unevenly the contour is cut", "[plane]") {
  const Vec3 centre(3, -2, 7);
  const Vec3 n = Vec3(0.3, -0.5, 0.8).normalized();
  const std::vector<std::vector<Vec3>> loops = {unevenCircle(centre, n, 0.5, 400)};
  const auto plane = fitContactPlane(loops);
  REQUIRE(plane);
  CHECK(std::abs(plane->normal.dot(n)) == Approx(1.0).epsilon(1e-12));
  CHECK((plane->origin - centre).norm() < 1e-4);
  CHECK(plane->axis_u.cross(plane->axis_v).isApprox(plane->normal));
  const ProjectedRegion region = projectRegion(*plane, loops);
  // 400-gon inscribed in the circle, nearly π r².
  CHECK(region.area == Approx(std::numbers::pi * 0.25).epsilon(1e-3));
  CHECK((region.centroid - centre).norm() < 1e-4);
}

TEST_CASE("the fit reports how far from flat the contour is", "[plane]") {
  // Flat circle: λ_min = 0. Saddle (cos θ, sin θ, h·cos 2θ): covariance diag(½, ½, h²/2), so
  // the thickness ratio √(λ_min/λ_mid) is h for h < 1 (weighting by θ; the fit weights by arc
  // length, which differs by a few per cent at h = 0.5).
  const std::vector<std::vector<Vec3>> flat = {
      unevenCircle(Vec3(1, 2, 3), Vec3::UnitZ(), 1.0, 400)};
  CHECK(fitContactPlane(flat)->thickness_ratio < 1e-6);
  for (double h : {0.1, 0.5}) {
    std::vector<Vec3> saddle;
    for (int i = 0; i < 2000; ++i) {
      const double a = 2 * std::numbers::pi * i / 2000;
      saddle.emplace_back(std::cos(a), std::sin(a), h * std::cos(2 * a));
    }
    const std::vector<std::vector<Vec3>> loops = {saddle};
    CHECK(fitContactPlane(loops)->thickness_ratio == Approx(h).epsilon(0.05));
  }
}

TEST_CASE("a straight or point-like contour defines no plane", "[plane]") {
  const std::vector<std::vector<Vec3>> line = {{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}};
  CHECK_FALSE(fitContactPlane(line));
  const std::vector<std::vector<Vec3>> point = {{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}};
  CHECK_FALSE(fitContactPlane(point));
}

TEST_CASE("an annulus subtracts its hole whatever the loops' directions", "[plane]") {
  const ContactPlane plane = planeFromNormal(Vec3::Zero(), Vec3::UnitZ());
  std::vector<Vec3> outer = {{-2, -2, 0}, {2, -2, 0}, {2, 2, 0}, {-2, 2, 0}};
  std::vector<Vec3> inner = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  for (int flip = 0; flip < 4; ++flip) {
    if (flip & 1) std::reverse(outer.begin(), outer.end());
    if (flip & 2) std::reverse(inner.begin(), inner.end());
    const std::vector<std::vector<Vec3>> loops = {inner, outer};
    const ProjectedRegion region = projectRegion(plane, loops);
    CHECK(region.area == Approx(12.0));
    CHECK(region.centroid.norm() < 1e-12);
  }
  // An off-centre hole moves the centroid away from it: (16·0 − 4·1)/12 = −1/3.
  std::vector<Vec3> shifted = inner;
  for (Vec3& p : shifted) p.x() += 0.9;
  const std::vector<std::vector<Vec3>> loops = {outer, shifted};
  CHECK(projectRegion(plane, loops).centroid.x() == Approx(-0.9 * 4 / 12));
}

// The region's spread about its centroid, ∫ r rᵀ dA / A (ProjectedRegion::second_moment): R²/4 for
// a disc along both in-plane axes, whatever the plane's position and tilt; with a hole, the
// outer's moment less the hole's about the joint centroid (parallel axes).
TEST_CASE("a region's second moment about its centroid", "[plane]") {
  const Vec3 centre(3, -2, 7), n = Vec3(0.3, -0.5, 0.8).normalized();
  const ContactPlane frame = planeFromNormal(centre, n);
  const double r = 0.5;
  std::vector<Vec3> circle;
  for (int i = 0; i < 2000; ++i) {
    const double angle = 2 * std::numbers::pi * i / 2000;
    circle.push_back(centre +
                     r * (std::cos(angle) * frame.axis_u + std::sin(angle) * frame.axis_v));
  }
  const std::vector<std::vector<Vec3>> disc = {circle};
  const Mat3 in_plane = Mat3::Identity() - n * n.transpose();
  CHECK((projectRegion(frame, disc).second_moment - r * r / 4 * in_plane).norm() < 1e-5 * r * r);

  // The 4 × 4 square less an off-centre 2 × 2 hole at x = 0.9: area 12, centroid x̄ = −0.3;
  // ∫x² about the origin 4⁴/12 − (2⁴/12 + 4·0.9²), so that over 12 less x̄² about x̄;
  // ∫y² (4⁴/12 − 2⁴/12)/12.
  const ContactPlane plane = planeFromNormal(Vec3::Zero(), Vec3::UnitZ());
  const std::vector<Vec3> outer = {{-2, -2, 0}, {2, -2, 0}, {2, 2, 0}, {-2, 2, 0}};
  const std::vector<Vec3> hole = {{-0.1, -1, 0}, {1.9, -1, 0}, {1.9, 1, 0}, {-0.1, 1, 0}};
  const std::vector<std::vector<Vec3>> annulus = {hole, outer};
  const ProjectedRegion region = projectRegion(plane, annulus);
  REQUIRE(region.area == Approx(12.0));
  const Vec3 x = Vec3::UnitX(), y = Vec3::UnitY();
  const double x_about_origin = 256.0 / 12.0 - (16.0 / 12.0 + 4.0 * 0.81);
  CHECK(x.dot(region.second_moment * x) == Approx(x_about_origin / 12.0 - 0.09));
  CHECK(y.dot(region.second_moment * y) == Approx((256.0 / 12.0 - 16.0 / 12.0) / 12.0));
  CHECK(std::abs(x.dot(region.second_moment * y)) < 1e-12);
  CHECK((region.second_moment * Vec3::UnitZ()).norm() < 1e-12);
}

TEST_CASE("a contour's vector area is ∫n dA of any surface it bounds", "[plane]") {
  // A flat annulus: (16 − 4)·normal, whatever the loops' walking directions and the plane's
  // origin.
  const Vec3 n = Vec3(0.3, -0.5, 0.8).normalized();
  const ContactPlane frame = planeFromNormal(Vec3(5, -3, 2), n);
  auto square = [&](double half) {
    std::vector<Vec3> loop;
    for (const auto& [u, v] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}})
      loop.push_back(frame.origin + half * (u * frame.axis_u + v * frame.axis_v));
    return loop;
  };
  std::vector<Vec3> outer = square(2), inner = square(1);
  for (int flip = 0; flip < 4; ++flip) {
    if (flip & 1) std::reverse(outer.begin(), outer.end());
    if (flip & 2) std::reverse(inner.begin(), inner.end());
    const std::vector<std::vector<Vec3>> loops = {inner, outer};
    CHECK((vectorArea(frame, loops) - 12.0 * n).norm() < 1e-12);
    const ContactPlane shifted = planeFromNormal(frame.origin + 0.7 * frame.axis_u, n);
    CHECK((vectorArea(shifted, loops) - 12.0 * n).norm() < 1e-12);
  }
  // A bent strip: the boundary of a 2 × 1 face in z = 0 (normal +z) folded at x = 0 into a
  // 1 × 1 face in the plane x = 0 going down (normal −x). The loop bounds both faces, so its
  // vector area is 2·(0, 0, 1) + 1·(−1, 0, 0), not the normal of any plane fitted to it.
  const std::vector<std::vector<Vec3>> bent = {
      {{0, 0, -1}, {0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0}, {0, 1, -1}}};
  const ContactPlane up = planeFromNormal(Vec3(1, 0.5, 0), Vec3::UnitZ());
  CHECK((vectorArea(up, bent) - Vec3(-1, 0, 2)).norm() < 1e-12);
}

// ∫|x − o| dA / A in closed form: a unit square seen from a corner (polar about the corner,
// 2·(1/3)∫₀^{π/4} sec³φ dφ) gives (√2 + asinh 1)/3, and so does a square of side 2 seen from its
// centre (four such squares); an annulus about its centre 2(R³ − r³)/(3(R² − r²)); a disc 2a/3.
TEST_CASE("mean distance over a region from a point of its plane", "[plane]") {
  using Loops = std::vector<std::vector<Vec3>>;
  const double square = (std::sqrt(2.0) + std::asinh(1.0)) / 3.0;
  const Vec3 n = Vec3(0.2, -0.4, 0.9).normalized();
  const Vec3 origin(1.5, -3.0, 0.25);
  const ContactPlane plane = planeFromNormal(origin, n);
  // Points given in the plane's (u, v), lifted into the world off the plane along n: the
  // projection drops the lift.
  const auto loop = [&](std::vector<std::pair<double, double>> uv, double lift) {
    std::vector<Vec3> out;
    for (const auto& [u, v] : uv)
      out.push_back(origin + u * plane.axis_u + v * plane.axis_v + lift * n);
    return out;
  };
  for (int flip = 0; flip < 2; ++flip) {
    auto corner = loop({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0.01);
    auto centred = loop({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, -0.02);
    if (flip)
      std::reverse(corner.begin(), corner.end()), std::reverse(centred.begin(), centred.end());
    CHECK(meanDistance(plane, Loops{corner}) == Approx(square).epsilon(1e-12));
    CHECK(meanDistance(plane, Loops{centred}) == Approx(square).epsilon(1e-12));
  }
  const auto circle = [&](double r, int samples) {
    std::vector<std::pair<double, double>> uv;
    for (int i = 0; i < samples; ++i) {
      const double angle = 2 * std::numbers::pi * i / samples;
      uv.emplace_back(r * std::cos(angle), r * std::sin(angle));
    }
    return loop(uv, 0.0);
  };
  const double R = 0.3, r = 0.1;
  // 2000-gons: their mean distance differs from the circle's by O(1/N²) ≈ 1e-6 relative.
  CHECK(meanDistance(plane, Loops{circle(R, 2000)}) == Approx(2 * R / 3).epsilon(1e-5));
  auto hole = circle(r, 2000);
  std::reverse(hole.begin(), hole.end());
  for (const auto& loops : {Loops{circle(R, 2000), hole}, Loops{hole, circle(R, 2000)},
                            Loops{circle(r, 2000), circle(R, 2000)}}) {
    CHECK(meanDistance(plane, loops) ==
          Approx(2 * (R * R * R - r * r * r) / (3 * (R * R - r * r))).epsilon(1e-5));
  }
  // Degenerate: no loops, a segment, a point.
  CHECK(meanDistance(plane, Loops{}) == 0.0);
  CHECK(meanDistance(plane, Loops{loop({{0, 0}, {1, 0}, {2, 0}}, 0.0)}) == 0.0);
  CHECK(meanDistance(plane, Loops{loop({{0, 0}, {0, 0}, {0, 0}}, 0.0)}) == 0.0);
}

TEST_CASE("point in polygon by ray casting", "[plane]") {
  const std::vector<Eigen::Vector2d> l_shape = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  CHECK(pointInPolygon({0.5, 0.5}, l_shape));
  CHECK(pointInPolygon({0.5, 1.5}, l_shape));
  CHECK_FALSE(pointInPolygon({1.5, 1.5}, l_shape));
  CHECK_FALSE(pointInPolygon({3, 0.5}, l_shape));
}
