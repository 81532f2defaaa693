#include <catch2/catch.hpp>
#include <numbers>

#include "geometry/mass_properties.h"
#include "geometry/primitives.h"

using namespace contactsim;

TEST_CASE("primitives are closed, outward and of the documented size", "[primitives]") {
  const TriMesh box = makeBox(Vec3(1, 2, 3), 3);
  const TriMesh sphere = makeIcosphere(1.0, 3);
  const TriMesh torus = makeTorus(2.0, 0.5, 64, 24);
  const TriMesh plate = makePlate(2.0, 1.0, 0.1, 10);
  for (const TriMesh* mesh : {&box, &sphere, &torus, &plate}) {
    CHECK(mesh->watertight());
    CHECK(mesh->consistentlyOriented());
    CHECK(mesh->degenerateTriangleCount() == 0);
    // Outward: positive enclosed volume without any repair.
    const MassProperties props = computeMassProperties(*mesh, 1.0);
    CHECK(props.warnings.empty());
    CHECK(props.volume > 0);
  }
  CHECK(box.triangleCount() == 6 * 9 * 2);
  CHECK(sphere.triangleCount() == 20 * 64);
  CHECK(torus.triangleCount() == 2 * 64 * 24);
  CHECK(plate.bounds().max().z() == Approx(0.0).margin(1e-15));
  CHECK(plate.bounds().min().z() == Approx(-0.1));
  // A finely divided torus approaches 2π² R r².
  const double torus_volume = 2 * std::numbers::pi * std::numbers::pi * 2.0 * 0.25;
  CHECK(computeMassProperties(torus, 1.0).volume == Approx(torus_volume).epsilon(0.02));
}
