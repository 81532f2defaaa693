// The pressure per penetrated triangle (ContactPatch::depth_field_a/b, patch_pressure.h): the
// Winkler field the centre of pressure is the centroid of, scaled to the normal force. A block
// resting level carries its weight uniformly; tilted, the field is linear, still integrates to
// F_n, and its centroid is the centre of pressure.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "contact/contact_regions.h"
#include "contact/patch_pressure.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {

constexpr double hx = 0.1, hy = 0.15, hz = 0.05;  // the block's half extents (m)

Vec3 worldCentroid(const TriMesh& mesh, const Pose& pose, std::int32_t t) {
  return pose.apply((mesh.corner(t, 0) + mesh.corner(t, 1) + mesh.corner(t, 2)) / 3.0);
}

double triangleArea(const TriMesh& mesh, std::int32_t t) {
  return 0.5 * (mesh.corner(t, 1) - mesh.corner(t, 0))
                   .cross(mesh.corner(t, 2) - mesh.corner(t, 0))
                   .norm();
}

// Σ p_i A_i over one side's triangles (A_i: the part that presses).
double integrated(const std::vector<TrianglePressure>& side) {
  double sum = 0.0;
  for (const TrianglePressure& p : side) sum += p.pressure * p.area;
  return sum;
}

// True when the triangle lies in the block's bottom face (its normal points down).
bool onBottomFace(const TriMesh& mesh, std::int32_t t) {
  const Vec3 n =
      (mesh.corner(t, 1) - mesh.corner(t, 0)).cross(mesh.corner(t, 2) - mesh.corner(t, 0));
  return n.normalized().z() < -0.999;
}

}  // namespace

TEST_CASE("a block resting level: the pressure under it is its weight over its footprint",
          "[regions][pressure]") {
  const double mass = 12.0, g = 9.81, weight = mass * g, area = 4 * hx * hy;
  const double depth = 1e-4;  // the walls below the plane carry a share P·d/(2A) ≈ 1e-3 of it
  const TriMesh block = makeBox(Vec3(hx, hy, hz), 6);
  const TriMesh ground = makeBox(Vec3(1, 1, 0.5), 4);
  const Pose block_pose = at(Vec3(0, 0, hz - depth));
  const ContactPatch patch = onlyPatch(block, block_pose, ground, at(Vec3(0, 0, -0.5)));
  const PatchPressure pressure = patchPressure(patch, weight);

  REQUIRE_FALSE(pressure.a.empty());
  CHECK(pressure.b.empty());  // the ground's face is the contact plane: no depth of its own
  CHECK(integrated(pressure.a) == Approx(weight).epsilon(1e-12));
  int bottom = 0;
  for (const TrianglePressure& p : pressure.a) {
    if (!onBottomFace(block, p.triangle)) {
      // A wall presses on its strip below the ground's face only.
      CHECK(p.area < 0.02 * triangleArea(block, p.triangle));
      continue;
    }
    ++bottom;
    CHECK(p.pressure == Approx(weight / area).epsilon(2e-3));
    CHECK(p.area == Approx(triangleArea(block, p.triangle)).epsilon(1e-12));  // wholly pressing
  }
  CHECK(bottom == 2 * 6 * 6);
  CHECK(pressure.peak == Approx(weight / area).epsilon(2e-3));
}

TEST_CASE(
    "a tilted block: a linear pressure field whose integral is F_n, centroid the centre "
    "of pressure",
    "[regions][pressure]") {
  const double depth = 1e-3, normal_force = 250.0;
  const TriMesh block = makeBox(Vec3(hx, hy, hz), 12);
  const TriMesh ground = makeBox(Vec3(1, 1, 0.5), 4);
  for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, -2, 0).normalized()}) {
    for (const double theta : {2e-3, -4e-3}) {
      CAPTURE(axis.transpose(), theta);
      // Turned about the bottom face's centre, the whole face still below the ground's top.
      const Pose pose =
          at(Vec3(0, 0, -depth)) * at(Vec3::Zero(), theta * axis) * at(Vec3(0, 0, hz));
      const ContactPatch patch = onlyPatch(block, pose, ground, at(Vec3(0, 0, -0.5)));
      const PatchPressure pressure = patchPressure(patch, normal_force);
      REQUIRE_FALSE(pressure.a.empty());
      CHECK(integrated(pressure.a) == Approx(normal_force).epsilon(1e-12));

      // Linear: on the bottom face each triangle's mean is the depth at its centroid, the
      // ground's top (z = 0) being the contact plane.
      double ratio = 0.0;
      for (const TrianglePressure& p : pressure.a) {
        if (!onBottomFace(block, p.triangle)) continue;
        const double d = -worldCentroid(block, pose, p.triangle).z();
        if (ratio == 0.0) ratio = p.pressure / d;
        CHECK(p.pressure / d == Approx(ratio).epsilon(1e-6));
      }

      // The centre of pressure also weighs the contour centroid with area·δ/10 (pressureCentre);
      // without it, it is the field's centroid, here in the plane z = 0.
      double field_integral = 0.0;
      for (const TriangleDepth& t : patch.depth_field_a) field_integral += t.depth_integral;
      const double contour_weight = 0.1 * patch.area * patch.indentation;
      const Vec3 field_centre = ((field_integral + contour_weight) * patch.pressure_centre -
                                 contour_weight * patch.centroid) /
                                field_integral;
      Vec3 pressure_centroid = Vec3::Zero();
      for (const TrianglePressure& p : pressure.a) {
        pressure_centroid +=
            p.pressure * p.area * worldCentroid(block, pose, p.triangle) / normal_force;
      }
      const double shift = (field_centre - patch.centroid).head<2>().norm();
      CHECK(shift > 0.5 * std::abs(theta) * hx * hx / 3 / depth);  // the field really is tilted
      // Triangle centroids stand for the field inside each triangle (the walls' strips below the
      // plane sit at their triangles' lower edges): an error that shrinks with the facets, under
      // 1 % of the shift at 12 divisions (2.5 % at 6, 0.5 % at 24).
      CHECK((pressure_centroid - field_centre).head<2>().norm() < 0.02 * shift);
    }
  }
}

TEST_CASE("pressure from bad input: none, never NaN", "[regions][pressure]") {
  ContactPatch patch;
  patch.depth_field_a = {{0, 0.01, 1e-5},
                         {1, 0.0, 1e-6},
                         {2, 0.01, std::nan("")},
                         {3, std::numeric_limits<double>::infinity(), 1e-5}};
  for (const double force : {0.0, -3.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    const PatchPressure p = patchPressure(patch, force);
    CHECK(p.a.empty());
    CHECK(p.b.empty());
    CHECK(p.peak == 0.0);
  }
  // Only the well-formed entry (positive area and integral) carries the force.
  const PatchPressure p = patchPressure(patch, 10.0);
  REQUIRE(p.a.size() == 1);
  CHECK(p.a[0].triangle == 0);
  CHECK(p.a[0].pressure == Approx(10.0 / 0.01));
  CHECK(patchPressure(ContactPatch{}, 10.0).a.empty());
}
