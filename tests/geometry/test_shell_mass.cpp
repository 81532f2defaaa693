// Thin-shell mass properties (shell_mass_properties.h) against closed forms for sheets of zero
// thickness: a sphere, an open cylinder wall, a cube's faces and an open box, and rigid-motion
// independence.
#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numbers>

#include "../chordal_error.h"
#include "geometry/primitives.h"
#include "geometry/shell_mass_properties.h"

using namespace contactsim;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDensity = 7850.0, kThickness = 0.002;

// The mesh without the triangles that use any of `drop` (vertex indices): an opened surface.
TriMesh without(const TriMesh& mesh, const std::function<bool(const Vec3&)>& drop) {
  std::vector<TriangleIndices> kept;
  for (const TriangleIndices& t : mesh.triangles()) {
    const Vec3 centre =
        (mesh.vertices()[t[0]] + mesh.vertices()[t[1]] + mesh.vertices()[t[2]]) / 3.0;
    if (!drop(centre)) kept.push_back(t);
  }
  return TriMesh(mesh.vertices(), std::move(kept));
}

}  // namespace

TEST_CASE("shell: a sphere's surface has I = 2/3 m R^2 about every axis", "[geometry][shell]") {
  const double r = 0.3;
  // Coarse to fine: the bound below follows each tessellation's own sag.
  const int level = GENERATE(2, 3, 5);
  INFO("icosphere level " << level);
  const TriMesh sphere = makeIcosphere(r, level);
  const MassProperties p = computeShellMassProperties(sphere, kDensity, kThickness);
  // The facets lie inside the sphere by at most the sag s: area and radius² are short by at most
  // 2s/r relative (the facets' distances from the centre lie between r − s and r).
  const double sag = test::facetSag(sphere, r), tolerance = 2.0 * sag / r;
  const double mass = kDensity * kThickness * 4.0 * kPi * r * r;
  CHECK(p.method == MassMethod::ThinShell);
  CHECK(p.mass == Approx(mass).epsilon(tolerance));
  CHECK(p.volume == Approx(kThickness * 4.0 * kPi * r * r).epsilon(tolerance));
  CHECK(p.centroid.norm() < 1e-12 * r);
  for (int i = 0; i < 3; ++i) {
    CHECK(p.inertia(i, i) == Approx(2.0 / 3.0 * mass * r * r).epsilon(2.0 * tolerance));
    CHECK(std::abs(p.inertia(i, (i + 1) % 3)) < 1e-12 * mass * r * r);
  }
  // The sphere is closed: the shell model says its enclosed volume would have been exact.
  CHECK(p.warnings.size() == 1);
}

TEST_CASE("shell: an open cylinder wall has I_axis = m R^2 and I_across = m (R^2/2 + L^2/12)",
          "[geometry][shell]") {
  const double r = 0.05, length = 0.4;
  const int segments = GENERATE(16, 64, 256);
  INFO(segments << " segments around");
  // makeCylinder's ends are fans about the axis: their triangles' centres lie inside the wall.
  const TriMesh wall = without(makeCylinder(r, length, segments, 8),
                               [&](const Vec3& c) { return std::hypot(c.x(), c.y()) < 0.9 * r; });
  REQUIRE_FALSE(wall.watertight());
  const MassProperties p = computeShellMassProperties(wall, kDensity, kThickness);
  // An inscribed polygon of n sides: perimeter and radius short by at most 1 − cos(π/n) relative
  // (twice that for r²).
  const double tolerance = 2.0 * test::chordSag(r, segments) / r;
  const double mass = kDensity * kThickness * 2.0 * kPi * r * length;
  CHECK(p.mass == Approx(mass).epsilon(tolerance));
  CHECK(p.centroid.norm() < 1e-12 * length);
  CHECK(p.inertia(2, 2) == Approx(mass * r * r).epsilon(2.0 * tolerance));
  const double across = mass * (r * r / 2.0 + length * length / 12.0);
  CHECK(p.inertia(0, 0) == Approx(across).epsilon(2.0 * tolerance));
  CHECK(p.inertia(1, 1) == Approx(across).epsilon(2.0 * tolerance));
  CHECK(p.warnings.empty());
}

TEST_CASE("shell: a cube's faces and an open box, exactly (flat faces have no chordal error)",
          "[geometry][shell]") {
  const double a = 0.2, face = kDensity * kThickness * a * a;  // one face's mass
  const MassProperties closed =
      computeShellMassProperties(makeBox(Vec3::Constant(a / 2), 3), kDensity, kThickness);
  // About a centre axis: the two faces across it m_f a²/6 each (a square lamina about its normal),
  // the four along it m_f (a²/12 + a²/4) each (parallel axes): 5/3 m_f a².
  CHECK(closed.mass == Approx(6.0 * face).epsilon(1e-12));
  for (int i = 0; i < 3; ++i)
    CHECK(closed.inertia(i, i) == Approx(5.0 / 3.0 * face * a * a).epsilon(1e-12));
  // Without its top (+z) face, the centroid drops by a/2 · 1/5 (one face at −a/2, four at 0):
  // z_G = −a/10. About z: one face across (m_f a²/6) and four along (m_f a²/3): 3/2 m_f a².
  // About x through G: bottom face m_f (a²/12 + (a/2 − a/10)²); the two faces normal to x
  // m_f (a²/12 + a²/12 + (a/10)²) each (a square about an in-plane centre axis, then shifted);
  // the two normal to y m_f (a²/12 + a²/4 + (a/10)²) each.
  const TriMesh open_box =
      without(makeBox(Vec3::Constant(a / 2), 3), [&](const Vec3& c) { return c.z() > 0.49 * a; });
  const MassProperties open = computeShellMassProperties(open_box, kDensity, kThickness);
  CHECK(open.mass == Approx(5.0 * face).epsilon(1e-12));
  CHECK(open.centroid.z() == Approx(-a / 10.0).epsilon(1e-12));
  CHECK(open.inertia(2, 2) == Approx(1.5 * face * a * a).epsilon(1e-12));
  const double d = a / 10.0;
  const double ixx = face * (a * a / 12.0 + std::pow(a / 2 - d, 2)) +
                     2.0 * face * (a * a / 6.0 + d * d) +
                     2.0 * face * (a * a / 12.0 + a * a / 4.0 + d * d);
  CHECK(open.inertia(0, 0) == Approx(ixx).epsilon(1e-12));
  CHECK(open.inertia(1, 1) == Approx(ixx).epsilon(1e-12));
}

TEST_CASE("shell: moving the surface moves its centroid and turns its inertia, nothing else",
          "[geometry][shell]") {
  const TriMesh part = without(makeTube(0.02, 0.03, 0.1, 48, 4),
                               [](const Vec3& c) { return c.z() > 0.049; });  // one end open
  const Eigen::Matrix3d rotation =
      Eigen::AngleAxisd(0.7, Vec3(1.0, -2.0, 0.5).normalized()).toRotationMatrix();
  const Vec3 shift(10.0, -7.0, 3.0);  // a CAD part far from its file's origin
  std::vector<Vec3> moved;
  for (const Vec3& v : part.vertices()) moved.push_back(rotation * v + shift);
  const MassProperties here = computeShellMassProperties(part, kDensity, kThickness);
  const MassProperties there =
      computeShellMassProperties(TriMesh(moved, part.triangles()), kDensity, kThickness);
  CHECK(there.mass == Approx(here.mass).epsilon(1e-12));
  CHECK((there.centroid - (rotation * here.centroid + shift)).norm() < 1e-12 * shift.norm());
  const Mat3 turned = rotation * here.inertia * rotation.transpose();
  CHECK((there.inertia - turned).norm() < 1e-9 * here.inertia.norm());
}

TEST_CASE("shell: non-positive density or thickness is refused, an empty surface has no mass",
          "[geometry][shell]") {
  const TriMesh box = makeBox(Vec3::Constant(0.1));
  CHECK_THROWS_AS(computeShellMassProperties(box, kDensity, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(computeShellMassProperties(box, -1.0, kThickness), std::invalid_argument);
  CHECK_THROWS_AS(computeShellMassProperties(box, kDensity, std::nan("")), std::invalid_argument);
  const MassProperties none =
      computeShellMassProperties(without(box, [](const Vec3&) { return true; }), 1.0, 1.0);
  CHECK(none.mass == 0.0);
  CHECK(none.warnings.size() == 1);
}
