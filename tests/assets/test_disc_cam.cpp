// Disc cams for a flat-faced follower (generator/disc_cam.h): the cycloidal lift law and its
// derivatives, the flat-face property of the profile (its support along the follower direction
// u(θ) is r_b + s(θ), Norton 2009, ch. 7), the mesh's chordal bound, closedness and orientation,
// and the convexity check.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "generator/disc_cam.h"
#include "geometry/mass_properties.h"

using namespace contactsim;
using namespace contactsim::models;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Largest p·u over the mesh's vertices in the plane z = z0 (the profile's vertices).
double meshSupport(const TriMesh& mesh, const Vec3& u) {
  double best = -INFINITY;
  for (const Vec3& p : mesh.vertices()) best = std::max(best, p.dot(u));
  return best;
}

}  // namespace

TEST_CASE("cam law: s, s', s'' of the cycloidal rise-dwell-return against finite differences",
          "[disc_cam]") {
  const DiscCamSpec spec = camFollowerDemoCam();
  const CamLaw& law = spec.law;
  const double h = law.lift;
  // The phases' ends: s = 0 in the low dwell, h in the high dwell, s′ = s″ = 0 at every boundary
  // (the cycloid's sin 2πx and 1 − cos 2πx vanish at x = 0 and 1), s(θ_r + β/2) = h/2.
  const double rise_end = law.rise_start + law.rise;
  const double fall_start = rise_end + law.high_dwell;
  const double fall_end = fall_start + law.fall;
  for (const double theta : {0.0, law.rise_start, rise_end, fall_start, fall_end, kTwoPi - 1e-9}) {
    const CamMotion m = camMotion(law, theta);
    CHECK(std::abs(m.ds) <= 1e-12);
    CHECK(std::abs(m.dds) <= 1e-12);
  }
  CHECK(camMotion(law, 0.0).s == 0.0);
  CHECK(camMotion(law, (rise_end + fall_start) / 2).s == Approx(h));
  CHECK(camMotion(law, law.rise_start + law.rise / 2).s == Approx(h / 2));
  CHECK(camMotion(law, fall_start + law.fall / 2).s == Approx(h / 2));
  // Peak velocity 2h/β and acceleration 2πh/β² (Norton 2009, ch. 3) at x = 1/2 and 1/4.
  CHECK(camMotion(law, law.rise_start + law.rise / 2).ds == Approx(2 * h / law.rise));
  CHECK(camMotion(law, law.rise_start + law.rise / 4).dds ==
        Approx(kTwoPi * h / (law.rise * law.rise)));
  // Central differences of s: error ≤ ε²/6 max|s‴| (s′) and ε²/12 max|s⁗| (s″) plus rounding
  // ~h·1e-16/ε (and /ε²); with |s^(k)| ≤ (2π)^(k−1) h / β^k the bounds below hold for ε = 1e-4.
  const double eps = 1e-4;
  const double beta = std::min(law.rise, law.fall);
  const double d3 = std::pow(kTwoPi, 2) * h / std::pow(beta, 3);
  const double d4 = std::pow(kTwoPi, 3) * h / std::pow(beta, 4);
  const double tol1 = eps * eps / 6 * d3 + 1e-15 / eps;
  const double tol2 = eps * eps / 12 * d4 + 1e-15 / (eps * eps);
  double worst1 = 0, worst2 = 0;
  for (int i = 0; i < 3600; ++i) {
    const double theta = kTwoPi * (i + 0.37) / 3600;
    // Skip the stencils that straddle a phase boundary (s‴ jumps there; s″ is continuous).
    bool straddles = false;
    for (const double b : {law.rise_start, rise_end, fall_start, fall_end}) {
      straddles = straddles || std::abs(theta - b) < 2 * eps;
    }
    if (straddles) continue;
    const double sm = camMotion(law, theta - eps).s, s0 = camMotion(law, theta).s;
    const double sp = camMotion(law, theta + eps).s;
    const CamMotion m = camMotion(law, theta);
    worst1 = std::max(worst1, std::abs((sp - sm) / (2 * eps) - m.ds));
    worst2 = std::max(worst2, std::abs((sp - 2 * s0 + sm) / (eps * eps) - m.dds));
  }
  INFO("worst s' error " << worst1 << " (tol " << tol1 << "), s'' " << worst2 << " (tol " << tol2
                         << ")");
  CHECK(worst1 <= tol1);
  CHECK(worst2 <= tol2);
}

TEST_CASE("disc cam: closed, outward, profile support r_b + s(theta) within the chordal bound",
          "[disc_cam]") {
  const DiscCamSpec spec = camFollowerDemoCam();
  const TriMesh mesh = makeDiscCam(spec);
  CHECK(mesh.watertight());
  CHECK(mesh.consistentlyOriented());
  CHECK(mesh.degenerateTriangleCount() == 0);
  const MassProperties props = computeMassProperties(mesh, 1.0);
  CHECK(props.exact());
  CHECK(props.volume > 0.0);
  // Every vertex lies on the profile (or is a cap's centre) and in z = ±width/2.
  for (const Vec3& p : mesh.vertices()) {
    CHECK(std::abs(std::abs(p.z()) - spec.width / 2) <= 1e-15);
  }
  // The extrusion's volume: the profile's area A = ½∮(x dy − y dx) (of the polygon, slightly less
  // than the curve's: each chord cuts off at most (2/3)·chord·sag) times the width.
  const int n = spec.profile_points;
  double area = 0;
  for (int i = 0; i < n; ++i) {
    const Vec3 a = camProfilePoint(spec, kTwoPi * i / n);
    const Vec3 b = camProfilePoint(spec, kTwoPi * (i + 1) / n);
    area += 0.5 * (b.x() * a.y() - b.y() * a.x());  // θ runs clockwise
  }
  CHECK(props.volume == Approx(area * spec.width).epsilon(1e-12));

  // Flat-face property: the support of the mesh along u(θ) is r_b + s(θ), from below, to the
  // chordal error ρ_max (1 − cos(π/N)) — at vertex angles exactly (the vertex p(θ_i) is the
  // support there), between them within the bound.
  const double chordal = camChordalError(spec);
  REQUIRE(chordal > 0);
  REQUIRE(chordal < 1e-6 * spec.base_radius);  // the demo's mesh: ~21 nm on a 30 mm cam
  double worst_below = 0, worst_above = -INFINITY;
  for (int i = 0; i < 4 * n; ++i) {
    const double theta = kTwoPi * (i + 0.5 * (i % 3)) / (4 * n);
    const double expected = spec.base_radius + camMotion(spec.law, theta).s;
    const double support = meshSupport(mesh, camFollowerDirection(theta));
    worst_below = std::max(worst_below, expected - support);
    worst_above = std::max(worst_above, support - expected);
  }
  INFO("support: worst shortfall " << worst_below << " m of bound " << chordal << ", worst excess "
                                   << worst_above << " m");
  CHECK(worst_below <= chordal);
  CHECK(worst_above <= 1e-15);
  // The chordal bound is tight to its order: the shortfall at half a step is ρ(1 − cos(π/N))
  // for the local ρ, so at least ρ_min/ρ_max of the bound somewhere.
  CHECK(worst_below >= camMinCurvatureRadius(spec) / camMaxCurvatureRadiusBound(spec) * chordal);
}

TEST_CASE("disc cam: radius of curvature and the convexity check", "[disc_cam]") {
  DiscCamSpec spec = camFollowerDemoCam();
  // ρ from the profile's points: the distance the normal u(θ) turns per arc length, |dp/dθ| = ρ
  // (dp/dθ = ρ u′ for the envelope), by central differences.
  const double eps = 1e-6;
  for (int i = 0; i < 360; ++i) {
    const double theta = kTwoPi * (i + 0.5) / 360;
    const Vec3 dp =
        (camProfilePoint(spec, theta + eps) - camProfilePoint(spec, theta - eps)) / (2 * eps);
    CHECK(dp.norm() == Approx(camCurvatureRadius(spec, theta)).epsilon(1e-6));
    CHECK(std::abs(dp.dot(camFollowerDirection(theta))) <= 1e-6 * spec.base_radius);
  }
  CHECK(camMinCurvatureRadius(spec) > 0.0);
  CHECK(camMinCurvatureRadius(spec) < spec.base_radius);
  // The smallest base circle for a convex profile is −min(s + s″); 2πh/β² ≈ 14.3 mm here.
  const double need = spec.base_radius - camMinCurvatureRadius(spec);
  spec.base_radius = 0.9 * need;
  try {
    (void)makeDiscCam(spec);
    FAIL("a base circle too small for a convex profile was accepted");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("base_radius") != std::string::npos);
  }
  spec.base_radius = 1.1 * need;
  CHECK_NOTHROW(checkDiscCamSpec(spec));
  spec = camFollowerDemoCam();
  spec.law.rise = 4.0;  // with the fall: 0.79 + 4 + 0.79 + 2.09 > 2π
  CHECK_THROWS_AS(checkDiscCamSpec(spec), std::invalid_argument);
  spec = camFollowerDemoCam();
  spec.profile_points = 8;
  CHECK_THROWS_AS(checkDiscCamSpec(spec), std::invalid_argument);
}
