// The ISO thread generator: closed, outward meshes whose volume is the profile's swept volume.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "geometry/mass_properties.h"
#include "geometry/thread_mesh.h"

using namespace contactsim;

namespace {

constexpr double kPi = std::numbers::pi;

// ∫₀ᴾ ρ(u)² du of a trapezoidal thread profile, from the ISO 68-1 widths: a flat of width w_top
// at r_top, one of width w_bottom at r_bottom and two straight flanks of axial length
// (P − w_top − w_bottom)/2, over which ∫ρ² = length·(r₀² + r₀r₁ + r₁²)/3 (ρ linear).
double squareIntegral(double P, double w_top, double r_top, double w_bottom, double r_bottom) {
  const double flank = (P - w_top - w_bottom) / 2;
  return w_top * r_top * r_top + w_bottom * r_bottom * r_bottom +
         2 * flank * (r_top * r_top + r_top * r_bottom + r_bottom * r_bottom) / 3;
}

// The solid r ≤ ρ(z − P·θ/2π), 0 ≤ z ≤ L has volume ∫₀ᴸ∫₀²ᵖ ρ²/2 dθ dz; for each z the phase
// runs over exactly one period as θ goes round, so V = L·(2π/P)·∫₀ᴾ ρ²/2 du = π·L/P·∫₀ᴾ ρ² du
// for any L, the profile's mean πρ² times the length.
double sweptVolume(double length, double P, double square_integral) {
  return kPi * length / P * square_integral;
}

double surfaceArea(const TriMesh& mesh) {
  double area = 0.0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    area +=
        0.5 *
        (mesh.corner(t, 1) - mesh.corner(t, 0)).cross(mesh.corner(t, 2) - mesh.corner(t, 0)).norm();
  }
  return area;
}

}  // namespace

TEST_CASE("ISO basic profile: H, d2, d1 and the flats", "[thread]") {
  ThreadSpec s;
  s.nominal_diameter = 0.008;
  s.pitch = 0.00125;
  const double H = std::sqrt(3.0) / 2 * s.pitch;
  CHECK(fundamentalHeight(s.pitch) == Approx(H).epsilon(1e-15));
  // ISO 724: M8×1.25 has d2 = 7.188 mm, d1 = 6.647 mm.
  CHECK(pitchDiameter(s) == Approx(0.007188).epsilon(1e-4));
  CHECK(minorDiameter(s) == Approx(0.006647).epsilon(1e-4));
  const ThreadProfile p = boltProfile(s);
  CHECK(p.radiusAt(0.0) == Approx(0.004));
  CHECK(p.radiusAt(s.pitch / 16 * 0.99) == Approx(0.004));  // crest flat P/8 wide
  CHECK(p.radiusAt(s.pitch / 2) == Approx(0.006647 / 2).epsilon(1e-4));
  CHECK(p.radiusAt(s.pitch / 2 + s.pitch / 8 * 0.99) == Approx(p.radiusAt(s.pitch / 2)));
  // On the flank the radius falls by √3 per unit of axial phase (60° thread angle).
  CHECK(p.radiusAt(0.1 * s.pitch) - p.radiusAt(0.2 * s.pitch) ==
        Approx(std::sqrt(3.0) * 0.1 * s.pitch).epsilon(1e-12));
  CHECK(p.radiusAt(0.3 * s.pitch + 5 * s.pitch) == Approx(p.radiusAt(0.3 * s.pitch)));
}

TEST_CASE("bolt and nut are closed, outward, and enclose the swept profile", "[thread]") {
  for (const int n : {48, 96, 192}) {
    ThreadSpec s;
    s.nominal_diameter = 0.008;
    s.pitch = 0.001;
    s.length = 0.0073;  // not a whole number of turns: the ends cut the helix anywhere
    s.segments_per_turn = n;
    s.flank_divisions = 3;
    s.radial_clearance = 0.05e-3;
    s.axial_clearance = 0.1e-3;
    const TriMesh bolt = makeBolt(s);
    const TriMesh nut = makeNut(s, NutBody{0.013, 0.0});
    NutBody round;
    round.across_flats = 0.0;
    round.outer_diameter = 0.012;
    const TriMesh round_nut = makeNut(s, round);
    INFO("segments per turn " << n);
    for (const TriMesh* mesh : {&bolt, &nut, &round_nut}) {
      CHECK(mesh->watertight());
      CHECK(mesh->consistentlyOriented());
      CHECK(mesh->degenerateTriangleCount() == 0);
      const MassProperties props = computeMassProperties(*mesh, 1.0);
      CHECK(props.warnings.empty());
      CHECK(props.volume > 0);  // outward without repair
    }
    CHECK(bolt.bounds().min().z() == Approx(0.0).margin(1e-15));
    CHECK(bolt.bounds().max().z() == Approx(s.length));

    // Every vertex lies on the true surface, so a facet is at most the helix chord's sag
    // (d/2 + c_r)(1 − cos(π/n)) inside it (the chord between neighbouring columns, through all
    // of which the facets pass); the enclosed volume differs by at most area × sag.
    const double P = s.pitch, H = std::sqrt(3.0) / 2 * P, d = s.nominal_diameter;
    const double sag = (d / 2 + s.radial_clearance) * (1 - std::cos(kPi / n));
    const double bolt_volume =
        sweptVolume(s.length, P, squareIntegral(P, P / 8, d / 2, P / 4, d / 2 - 5 * H / 8));
    CHECK(std::abs(computeMassProperties(bolt, 1.0).volume - bolt_volume) <=
          surfaceArea(bolt) * sag);
    // The nut's bore: flats move out by c_r; each flank moves c_a/2 along the axis and the
    // radial shift slides it c_r·tan 30° the other way, so the outer flat narrows by
    // 2(c_r/√3 − c_a/2) and the inner one by the same amount.
    const double change = 2 * (s.radial_clearance / std::sqrt(3.0) - s.axial_clearance / 2);
    const double bore =
        sweptVolume(s.length, P,
                    squareIntegral(P, P / 8 - change, d / 2 + s.radial_clearance, P / 4 + change,
                                   d / 2 - 5 * H / 8 + s.radial_clearance));
    const double hexagon = std::sqrt(3.0) / 2 * 0.013 * 0.013 * s.length;
    CHECK(std::abs(computeMassProperties(nut, 1.0).volume - (hexagon - bore)) <=
          surfaceArea(nut) * sag);
    const double circle = n / 2.0 * std::sin(2 * kPi / n) * 0.006 * 0.006 * s.length;
    CHECK(std::abs(computeMassProperties(round_nut, 1.0).volume - (circle - bore)) <=
          surfaceArea(round_nut) * sag);
  }
}
