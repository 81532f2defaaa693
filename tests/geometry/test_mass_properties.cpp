#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "geometry/mass_properties.h"
#include "geometry/pose.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {
TriMesh transformed(const TriMesh& mesh, const Pose& pose) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v = pose.apply(v);
  return TriMesh(std::move(vertices), mesh.triangles());
}

TriMesh withTriangles(const TriMesh& mesh, std::vector<TriangleIndices> triangles) {
  return TriMesh(mesh.vertices(), std::move(triangles));
}

// Box inertia about its centre, box axes: m/12 (b² + c²), ...
Mat3 boxInertia(double mass, const Vec3& size) {
  const Vec3 sq = size.cwiseProduct(size);
  return Vec3(mass / 12 * (sq.y() + sq.z()), mass / 12 * (sq.x() + sq.z()),
              mass / 12 * (sq.x() + sq.y()))
      .asDiagonal();
}

// The polyhedron's own volume computed another way: the icosphere is star-shaped about the
// origin, so V = Σ (1/3)·area·(distance of the face plane from the origin).
double starShapedVolume(const TriMesh& mesh) {
  double volume = 0.0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Vec3 cross =
        (mesh.corner(t, 1) - mesh.corner(t, 0)).cross(mesh.corner(t, 2) - mesh.corner(t, 0));
    volume += cross.norm() / 2 / 3 * mesh.normals()[t].dot(mesh.corner(t, 0));
  }
  return volume;
}
}  // namespace

TEST_CASE("a tessellated box gives the box's exact properties in any pose", "[mass]") {
  const Vec3 size(0.4, 1.0, 2.2);
  const double density = 7850;
  const double mass = density * size.prod();
  const TriMesh box = makeBox(size / 2, 3);
  for (const Pose& pose : {Pose::identity(), Pose::fromTranslationRotationVector(
                                                 Vec3(1e3, -2e3, 5e2), Vec3(0.3, -1.1, 0.7))}) {
    const MassProperties props = computeMassProperties(transformed(box, pose), density);
    CHECK(props.method == MassMethod::ClosedSurface);
    CHECK(props.warnings.empty());
    CHECK(props.volume == Approx(size.prod()).epsilon(1e-12));
    CHECK(props.mass == Approx(mass).epsilon(1e-12));
    CHECK((props.centroid - pose.translation).norm() < 1e-9 * size.norm());
    const Mat3 expected = pose.rotation * boxInertia(mass, size) * pose.rotation.transpose();
    CHECK((props.inertia - expected).norm() < 1e-9 * expected.norm());
  }
}

TEST_CASE("an icosphere matches its own polyhedron exactly and converges to the sphere", "[mass]") {
  const double radius = 0.3;
  const double sphere_volume = 4.0 / 3.0 * std::numbers::pi * std::pow(radius, 3);
  double previous_error = INFINITY;
  for (int level = 1; level <= 5; ++level) {
    const TriMesh mesh = makeIcosphere(radius, level);
    const MassProperties props = computeMassProperties(mesh, 1.0);
    CHECK(props.volume == Approx(starShapedVolume(mesh)).epsilon(1e-12));
    CHECK(props.centroid.norm() < 1e-12 * radius);
    const double error = std::abs(props.volume - sphere_volume) / sphere_volume;
    CHECK(error < previous_error / 3.5);  // second order in the edge length: ~4x per level
    previous_error = error;
    // Isotropic inertia converging to 2/5 m R².
    const double ixx = props.inertia(0, 0);
    CHECK(props.inertia(1, 1) == Approx(ixx).epsilon(1e-9));
    CHECK(props.inertia(2, 2) == Approx(ixx).epsilon(1e-9));
    if (level == 5) CHECK(ixx == Approx(0.4 * props.mass * radius * radius).epsilon(2e-3));
  }
}

TEST_CASE("inside-out surfaces give the same solid with a warning", "[mass]") {
  const TriMesh box = makeBox(Vec3(0.5, 0.5, 0.5), 1);
  std::vector<TriangleIndices> flipped = box.triangles();
  for (auto& t : flipped) std::swap(t[1], t[2]);
  const MassProperties props = computeMassProperties(withTriangles(box, flipped), 2.0);
  CHECK(props.volume == Approx(1.0));
  CHECK(props.mass == Approx(2.0));
  CHECK(props.inertia(0, 0) == Approx(2.0 / 6.0));
  REQUIRE(props.warnings.size() == 1);
  CHECK_THAT(props.warnings[0], Catch::Contains("inwards"));
}

TEST_CASE("inconsistent orientation is repaired exactly and reported", "[mass]") {
  const TriMesh box = makeBox(Vec3(0.5, 1.0, 1.5), 2);
  std::vector<TriangleIndices> mixed = box.triangles();
  for (std::size_t t = 0; t < mixed.size(); t += 3) std::swap(mixed[t][1], mixed[t][2]);
  const TriMesh broken = withTriangles(box, mixed);
  REQUIRE_FALSE(broken.consistentlyOriented());
  const MassProperties props = computeMassProperties(broken, 1.0);
  CHECK(props.method == MassMethod::Reoriented);
  CHECK_FALSE(props.warnings.empty());
  CHECK(props.volume == Approx(6.0).epsilon(1e-12));
  CHECK((props.inertia - boxInertia(6.0, Vec3(1, 2, 3))).norm() < 1e-9);
}

TEST_CASE("an open box is closed by capping its hole", "[mass]") {
  // Remove the +z face: the fan cap over a planar square hole restores the box exactly.
  const TriMesh box = makeBox(Vec3(0.5, 0.5, 0.5), 4);
  std::vector<TriangleIndices> open;
  for (std::size_t t = 0; t < box.triangleCount(); ++t) {
    if (box.normals()[t].z() < 0.5) open.push_back(box.triangles()[t]);
  }
  const TriMesh open_box = withTriangles(box, open);
  REQUIRE(open_box.boundaryEdgeCount() == 16);
  const MassProperties props = computeMassProperties(open_box, 1.0);
  CHECK(props.method == MassMethod::CappedHoles);
  CHECK_THAT(props.warnings.back(), Catch::Contains("open"));
  CHECK(props.volume == Approx(1.0).epsilon(1e-12));
  CHECK(props.centroid.norm() < 1e-12);
}

TEST_CASE("a surface enclosing nothing falls back to its bounding box", "[mass]") {
  // A bent double-sided sheet: closed as a 2-cycle but of zero volume.
  const TriMesh sheet({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0.1}},
                      {{0, 1, 2}, {2, 1, 3}, {0, 2, 1}, {2, 3, 1}});
  const MassProperties props = computeMassProperties(sheet, 1.0);
  CHECK(props.method == MassMethod::BoundingBoxFallback);
  CHECK(props.volume == Approx(0.1));
  CHECK_THAT(props.warnings.back(), Catch::Contains("bounding box"));
}

TEST_CASE("a bent open sheet is capped; a flat one asks for explicit mass", "[mass]") {
  const TriMesh bent({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0.1}}, {{0, 1, 2}, {2, 1, 3}});
  const MassProperties capped = computeMassProperties(bent, 1.0);
  CHECK(capped.method == MassMethod::CappedHoles);
  CHECK(capped.volume > 0);

  const TriMesh flat({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}, {{0, 1, 2}, {2, 1, 3}});
  const MassProperties none = computeMassProperties(flat, 1.0);
  CHECK(none.method == MassMethod::BoundingBoxFallback);
  CHECK(none.mass == 0.0);
  CHECK_THAT(none.warnings.back(), Catch::Contains("give mass and inertia explicitly"));
}
