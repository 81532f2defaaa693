// The indentation the normal law is given (ContactPatch::law_indentation, pressure_centre.h): the
// overlap's thickness at the area centroid, or its mean where larger; δ where the centroid lies
// outside the overlap. What matters for the dynamics: a tilt of a flat face changes it only to
// second order (the deepest corner, δ, moves to first order in either direction, which made a
// sliding block rock), while a convex cap keeps its Hertz δ.
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>
#include <vector>

#include "contact/contact_regions.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;

TEST_CASE("a flat face pressed into a face: the law's δ is its mean depth, whatever its tilt",
          "[regions][law]") {
  const double hx = 0.1, hy = 0.15, hz = 0.05, depth = 1e-3;
  const TriMesh block = makeBox(Vec3(hx, hy, hz), 6);
  const TriMesh ground = makeBox(Vec3(1, 1, 0.5), 4);
  const Pose ground_pose = at(Vec3(0, 0, -0.5));
  // Level: the bottom face at depth d and the four walls below the plane over a height d, which
  // carry ∫d dA = perimeter·d²/2, so the mean over the footprint is d + P·d²/(2A); never more
  // than δ = d, the deepest point, which it is here.
  const double area = 4 * hx * hy, perimeter = 4 * (hx + hy);
  const ContactPatch level = onlyPatch(block, at(Vec3(0, 0, hz - depth)), ground, ground_pose);
  const double mean = depth + perimeter * depth * depth / (2 * area);
  CHECK(level.indentation == Approx(depth).epsilon(1e-9));
  CHECK(level.law_indentation == Approx(depth).epsilon(1e-9));

  // Tilted about the bottom face's centre, the whole face still below the plane: the deepest
  // corner goes down by θ·(half width) to first order, while the mean depth stays put to second
  // order (the face's own mean is d; the walls' share changes as θ²).
  for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, -2, 0).normalized()}) {
    for (const double theta : {1e-3, -2e-3, 4e-3}) {
      CAPTURE(axis.transpose(), theta);
      const Vec3 face_centre(0, 0, -depth);
      const Pose turn = at(Vec3::Zero(), theta * axis);
      const Pose pose = at(face_centre) * turn * at(Vec3(0, 0, hz));
      const ContactPatch tilted = onlyPatch(block, pose, ground, ground_pose);
      const double corner_drop = tilted.indentation - depth;
      CHECK(corner_drop > 0.9 * std::abs(theta) * std::min(hx, hy));
      CHECK(std::abs(tilted.law_indentation - mean) < 0.02 * corner_drop);

      // The same contact moved rigidly as a whole gives the same values.
      const Pose motion = at(Vec3(0.3, -1.2, 2.0), Vec3(0.4, -0.7, 1.1));
      const ContactPatch moved = onlyPatch(block, motion * pose, ground, motion * ground_pose);
      CHECK(moved.law_indentation == Approx(tilted.law_indentation).epsilon(1e-9));
    }
  }
}

TEST_CASE("a convex cap keeps its deepest column: the law's δ of a sphere on a flat is δ",
          "[regions][law]") {
  // Its mean depth is half of it (a paraboloid cap), so a law fed the mean would lose 2^1.5 of
  // the Hertz force. The centroid's column meets the cap within its facets' sag.
  const double radius = 0.1, depth = 2e-3;
  const TriMesh sphere = makeIcosphere(radius, 4);
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 20);
  for (const Vec3& turn : {Vec3(0, 0, 0), Vec3(0.3, -0.2, 0.1), Vec3(1.1, 0.7, -0.4)}) {
    CAPTURE(turn.transpose());
    const ContactPatch p =
        onlyPatch(sphere, at(Vec3(0, 0, radius - depth), turn), plate, at(Vec3::Zero()));
    CHECK(p.law_indentation <= p.indentation);
    CHECK(p.law_indentation > 0.9 * p.indentation);
  }
}

TEST_CASE("a ring region whose centroid lies in its hole: the law's δ is δ", "[regions][law]") {
  const double R = 0.2, r = 0.05, depth = 0.01;
  const ContactPatch p = onlyPatch(makeTorus(R, r, 128, 48), at(Vec3(0, 0, r - depth)),
                                   makePlate(1.0, 1.0, 0.02, 60), at(Vec3::Zero()));
  CHECK(p.centroid.head<2>().norm() < 1e-3);
  CHECK(p.law_indentation == p.indentation);
}

namespace {

// A prism along y (half-length w) whose section is a rectangle 2l wide and h deep with its top
// notched into a shallow V: the top runs from z = 0 at x = ±l down to z = −d at x = 0.
TriMesh makeVNotchedPrism(double l, double h, double d, double w) {
  using Vec2 = Eigen::Vector2d;
  const std::vector<Vec2> section = {{-l, -h}, {l, -h}, {l, 0.0}, {0.0, -d}, {-l, 0.0}};
  std::vector<Vec3> v;
  for (const double y : {-w, w})
    for (const Vec2& p : section) v.emplace_back(p.x(), y, p.y());
  // Ends: fans from the bottom-left corner (the notch is shallower than half the depth, so the
  // fan's diagonals stay inside); sides: one quad per edge, wound against the ends.
  std::vector<TriangleIndices> t = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4},
                                    {5, 7, 6}, {5, 8, 7}, {5, 9, 8}};
  for (int i = 0; i < 5; ++i) {
    const int a = i, b = (i + 1) % 5;
    t.push_back({b, a, a + 5});
    t.push_back({b, a + 5, b + 5});
  }
  double six_volume = 0.0;
  for (const TriangleIndices& f : t) six_volume += v[f[0]].dot(v[f[1]].cross(v[f[2]]));
  if (six_volume < 0.0)
    for (TriangleIndices& f : t) std::swap(f[1], f[2]);
  return TriMesh(std::move(v), std::move(t));
}

}  // namespace

// One law per region is not additive over its parts: where a region's contour pinches into two
// or two merge, Σ K·δ_law^1.5 jumps (docs/method.md, "The indentation the law is given", second
// defect). A flat block pressed δ into a V of depth d touches its two high edges as two wedges,
// each given its mean depth δ/2 (2·(δ/2)^1.5 = 0.71·δ^1.5 together); past δ = d they are one
// region whose mean over the V is about δ − d/2 ((d/2)^1.5 = 0.35·d^1.5 at the merge): the sum
// falls by about half or more (measured: to 0.34). Checked without failing — the force must be
// continuous through the merge, and is not yet.
TEST_CASE("a region merging from two: the laws' sum stays continuous (known gap)",
          "[regions][law]") {
  const double l = 0.1, d = 1e-3;
  const TriMesh prism = makeVNotchedPrism(l, 0.05, d, 0.05);
  const TriMesh block = makeBox(Vec3(1.2 * l, 0.03, 0.02), 8);
  const auto lawSum = [&](double depth, std::size_t& regions) {
    const ContactRegions r =
        contactOf(block, at(Vec3(0, 0, 0.02 - depth)), prism, Pose::identity());
    regions = r.patches.size();
    double sum = 0.0;
    for (const ContactPatch& p : r.patches) sum += std::pow(p.law_indentation, 1.5);
    return sum;
  };
  std::size_t before_regions = 0, after_regions = 0;
  const double before = lawSum(0.95 * d, before_regions), after = lawSum(1.05 * d, after_regions);
  INFO("Σ δ_law^1.5: " << before << " in " << before_regions << " regions at 0.95 d, " << after
                       << " in " << after_regions << " at 1.05 d");
  REQUIRE(before_regions == 2);
  REQUIRE(after_regions == 1);
  // Between 0.95 d and 1.05 d a continuous force changes by about (1.05/0.95)^1.5 − 1 = 16 %.
  CHECK_NOFAIL(after / before == Approx(1.0).margin(0.3));
}

// One law per region is not the gradient of an energy when the region turns (docs/method.md, "The
// indentation the law is given", third defect). A flat face tilted by φ onto a flat, half of it
// under the other's surface, overlaps as a wedge: depth d(x) = φ·x over 0 ≤ x ≤ h. Turned further
// by θ about a line along y through O, the depth becomes (φ + θ)x − θ·O_x, so the law's δ, the
// depth at the overlap's centroid (x0 + h)/2, changes at dδ_law/dθ = (h − O_x)/2, while the
// force acts at the centre of pressure, 2h/3 for a depth linear across the strip, whose depth
// changes at 2h/3 − O_x. With O far from the face the two differ by a factor of two: the force
// does twice the work U(δ_law) accounts for as it turns (the anchor's crown on its stop, its pin
// far off: docs/dynamics.md, "What a ledger holds beyond the springs"). A Winkler-type law,
// F = ∫p(d) dA acting at the same centre, would match: dU/dθ = ∫p·∂d/∂θ dA = F·(x_cp − O_x).
// Checked without failing.
TEST_CASE(
    "a tilted face turning about a far pivot: the law's δ follows the force's lever (known "
    "gap)",
    "[regions][law]") {
  const double hx = 0.1, hy = 0.15, hz = 0.05, phi = 0.01;
  const TriMesh block = makeBox(Vec3(hx, hy, hz), 8);
  const TriMesh ground = makeBox(Vec3(1, 1, 0.5), 4);
  const Pose ground_pose = at(Vec3(0, 0, -0.5));
  // The bottom face's centre on the ground's surface, its +x half below it.
  const Pose tilted = at(Vec3::Zero(), phi * Vec3::UnitY()) * at(Vec3(0, 0, hz));
  for (const Vec3& pivot : {Vec3(1.0, 0, 0.3), Vec3(-1.0, 0, 0.3), Vec3(0.5, 0, -0.2)}) {
    CAPTURE(pivot.transpose());
    const auto turned = [&](double theta) {
      return at(pivot) * at(Vec3::Zero(), theta * Vec3::UnitY()) * at(-pivot) * tilted;
    };
    const ContactPatch patch = onlyPatch(block, turned(0.0), ground, ground_pose);
    const double eps = 1e-5;
    const double lever_law = (onlyPatch(block, turned(eps), ground, ground_pose).law_indentation -
                              onlyPatch(block, turned(-eps), ground, ground_pose).law_indentation) /
                             (2 * eps);
    // The depth below the ground's surface of the block's material point where the force acts,
    // per unit θ: that point moves by ŷ × (x − O).
    const Vec3 point = patch.forcePoint();
    const double lever_force = -Vec3::UnitY().cross(point - pivot).z();
    // The wedge's own values: the centroid column and the pressure centre of a linear depth.
    CHECK(lever_law == Approx((hx - pivot.x()) / 2).epsilon(0.05));
    CHECK(point.x() == Approx(2 * hx / 3).epsilon(0.05));
    INFO("dδ_law/dθ " << lever_law << " m, the force point's approach " << lever_force
                      << " m per radian");
    CHECK_NOFAIL(lever_law == Approx(lever_force).epsilon(0.05));
  }
}
