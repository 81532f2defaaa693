// A whole region's pressure integral per unit normal force (interface_pressure.h): what friction
// over it is proportional to. Conforming lunes and caps have closed forms
// (test_conforming_contact); here the contacts that must keep friction at μ·F_n: a flat face, and
// convex bodies whose interface is nearly flat.
#include <catch2/catch.hpp>
#include <cmath>

#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;

TEST_CASE("a flat face presses with exactly its normal force", "[regions][friction]") {
  // Every pressing triangle of both sides has the face's normal: Σwᵢ = Σwᵢcᵢ with cᵢ = 1.
  const TriMesh block = makeBox(Vec3(0.1, 0.08, 0.05), 4);
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 40);
  for (const double depth : {1e-4, 2e-3}) {
    const Pose motion = at(Vec3(0.3, -2.0, 1.1), Vec3(0.2, -0.9, 0.4));
    const ContactRegions result =
        contactOf(block, motion * at(Vec3(0.01, 0.02, 0.05 - depth)), plate, motion);
    REQUIRE(result.patches.size() == 1);
    CHECK(result.patches[0].pressure_per_force == Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("convex bodies meet on a nearly flat interface: friction's load stays F_n",
          "[regions][friction]") {
  // Between a sphere of radius R and a flat the interface's normals (each facing pair's mean)
  // turn by half the sphere's angle, φ/2, up to the overlap's rim at cos φ = 1 − δ/R: the ratio,
  // a weighted mean of 1/cos(φ/2), is at most 1/cos(φ_rim/2) ≈ 1 + δ/(4R). Between two equal
  // spheres the interface is flat, within the same bound.
  const double R = 0.1;
  const TriMesh ball = makeIcosphere(R, 4);
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 60);
  for (const double delta : {2e-4, 1e-3, 4e-3}) {
    const double bound = 1.0 / std::cos(0.5 * std::acos(1.0 - delta / R));
    INFO("δ " << delta);
    const ContactRegions on_plate =
        contactOf(ball, at(Vec3(0.003, -0.004, R - delta)), plate, at(Vec3::Zero()));
    REQUIRE(on_plate.patches.size() == 1);
    CHECK(on_plate.patches[0].pressure_per_force >= 1.0);
    CHECK(on_plate.patches[0].pressure_per_force <= bound);
    const ContactRegions on_ball = contactOf(ball, at(Vec3(0.001, 0.0, 2 * R - delta)), ball,
                                             at(Vec3::Zero(), Vec3(0.3, 0.1, 0.0)));
    REQUIRE(on_ball.patches.size() == 1);
    CHECK(on_ball.patches[0].pressure_per_force >= 1.0);
    CHECK(on_ball.patches[0].pressure_per_force <= bound);
  }
}
