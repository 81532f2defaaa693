// A whole region's pressure integral per unit normal force (interface_pressure.h): what friction
// over it is proportional to. Conforming lunes and caps have closed forms
// (test_conforming_contact); here the contacts that must keep friction at μ·F_n: a flat face, and
// convex bodies whose interface is nearly flat.
#include <catch2/catch.hpp>
#include <cmath>

#include "contact/interface_pressure.h"
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

TEST_CASE("the ratio measures the interface normals' spread, not their angle to the region's",
          "[regions][friction]") {
  // Two equal triangles, each a facing pair's sample, overlapped alike along the region's normal
  // N, their normals nᵢ ±α about a bisector. Across the interface the overlap is cᵢ = nᵢ·N times
  // as thick, so the ratio is (c₁ + c₂)/|c₁n₁ + c₂n₂|: 1/cos α with N on the bisector. One sample
  // alone presses along its own normal, 1 however far N leans from it (a contour's vector area
  // can lean off a small region's only facing pair): a lean is not a spread.
  const TriMesh mesh(
      {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(2, 0, 0), Vec3(3, 0, 0), Vec3(2, 1, 0)},
      {TriangleIndices{0, 1, 2}, TriangleIndices{3, 4, 5}});
  const PosedMesh posed{mesh, Pose::identity()};
  const std::vector<VertexOverlap> overlaps = {{0, 1e-3}, {1, 1e-3}, {2, 1e-3},
                                               {3, 1e-3}, {4, 1e-3}, {5, 1e-3}};
  const double alpha = 0.6;
  const Vec3 bisector = Vec3(0.2, -0.3, 1.0).normalized();
  const Vec3 across = bisector.cross(Vec3::UnitX()).normalized();
  const Vec3 n1 = std::cos(alpha) * bisector + std::sin(alpha) * across;
  const Vec3 n2 = std::cos(alpha) * bisector - std::sin(alpha) * across;
  const std::vector<InterfaceSample> pair = {{0, 0, n1, 0.5}, {0, 1, n2, 0.5}};  // areas ½
  for (const double lean : {0.0, 0.3, -0.7}) {
    const Vec3 normal = std::cos(lean) * bisector + std::sin(lean) * across;
    const double c1 = n1.dot(normal), c2 = n2.dot(normal);
    INFO("region's normal " << lean << " rad off the bisector");
    CHECK(interfacePressurePerForce(posed, overlaps, posed, {}, pair, normal, 1e-3) ==
          Approx((c1 + c2) / (c1 * n1 + c2 * n2).norm()).epsilon(1e-12));
    if (lean == 0.0)
      CHECK(interfacePressurePerForce(posed, overlaps, posed, {}, pair, normal, 1e-3) ==
            Approx(1.0 / std::cos(alpha)).epsilon(1e-12));
    CHECK(interfacePressurePerForce(posed, overlaps, posed, {}, std::span(pair).first(1), normal,
                                    1e-3) == Approx(1.0).epsilon(1e-12));
  }
  // Nothing pressing along the region's normal, or no overlap: 1.
  CHECK(interfacePressurePerForce(posed, overlaps, posed, {}, pair, -bisector, 1e-3) == 1.0);
  CHECK(interfacePressurePerForce(posed, {}, posed, {}, pair, bisector, 1e-3) == 1.0);
}
