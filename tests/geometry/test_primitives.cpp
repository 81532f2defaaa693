#include <catch2/catch.hpp>
#include <cmath>
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

TEST_CASE("cylinder, tube and spherical shell: closed, outward, analytic volume", "[primitives]") {
  // Inscribed polygons of n sides: a circle's area becomes (n/2) r² sin(2π/n); the volumes
  // below follow, exactly. The shell's icospheres approach (4/3)π r³ from below.
  const int n = 48;
  const double polygon = n / 2.0 * std::sin(2 * std::numbers::pi / n);
  const TriMesh cylinder = makeCylinder(0.5, 2.0, n, 7);
  const TriMesh tube = makeTube(0.4, 0.6, 1.5, n, 5);
  const TriMesh shell = makeSphericalShell(0.8, 1.0, 4);
  for (const TriMesh* mesh : {&cylinder, &tube, &shell}) {
    CHECK(mesh->watertight());
    CHECK(mesh->consistentlyOriented());
    CHECK(mesh->degenerateTriangleCount() == 0);
    CHECK(computeMassProperties(*mesh, 1.0).warnings.empty());
  }
  CHECK(computeMassProperties(cylinder, 1.0).volume == Approx(polygon * 0.25 * 2.0).epsilon(1e-12));
  CHECK(computeMassProperties(tube, 1.0).volume ==
        Approx(polygon * (0.36 - 0.16) * 1.5).epsilon(1e-12));
  CHECK(computeMassProperties(shell, 1.0).volume ==
        Approx(4.0 / 3.0 * std::numbers::pi * (1.0 - 0.512)).epsilon(0.01));
  CHECK(cylinder.bounds().max().z() == Approx(1.0));
  CHECK(tube.bounds().min().z() == Approx(-0.75));
  // The tube's bore faces the axis: its inner wall's normals point inwards.
  int inward = 0;
  for (std::size_t t = 0; t < tube.triangleCount(); ++t) {
    const Vec3 c = (tube.corner(t, 0) + tube.corner(t, 1) + tube.corner(t, 2)) / 3;
    if (c.head<2>().norm() < 0.5 && std::abs(c.z()) < 0.7)
      inward += tube.normals()[t].head<2>().dot(c.head<2>()) < 0;
  }
  CHECK(inward == 2 * n * 5);
}
