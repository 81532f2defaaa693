#include <catch2/catch.hpp>

#include "geometry/mass_properties.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"
#include "mesh_files.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {
const Vec3 kHalf(0.5, 1.0, 1.5);  // a 1 x 2 x 3 box: volume 6

void checkBox(const ImportedMesh& imported, double length_factor) {
  const TriMesh& mesh = imported.mesh;
  CHECK(mesh.triangleCount() == 12);
  CHECK(mesh.vertexCount() == 8);
  CHECK(mesh.watertight());
  CHECK(mesh.consistentlyOriented());
  const MassProperties props = computeMassProperties(mesh, 1.0);
  CHECK(props.exact());
  CHECK(props.volume == Approx(6.0 * std::pow(length_factor, 3)).epsilon(1e-6));
  CHECK((mesh.bounds().max() - kHalf * length_factor).norm() < 1e-6 * length_factor);
}
}  // namespace

TEST_CASE("every supported format imports the same welded box", "[import]") {
  const auto dir = freshDirectory("import");
  const TriMesh box = makeBox(kHalf, 1);
  writeAsciiStl(dir / "ascii.stl", box);
  writeBinaryStl(dir / "binary.stl", box);
  writeObj(dir / "box.obj", box);
  writeAsciiPly(dir / "box.ply", box);
  writeOff(dir / "box.off", box);
  for (const char* name : {"ascii.stl", "binary.stl", "box.obj", "box.ply", "box.off"}) {
    INFO(name);
    const ImportedMesh imported = importMesh(dir / name);
    checkBox(imported, 1.0);
    CHECK(imported.source_meshes == 1);
    // An STL soup holds three points per triangle; welding must bring them back to 8.
    if (std::string(name).ends_with(".stl")) CHECK(imported.weld.input_vertices == 36);
  }
}

TEST_CASE("units and scale are applied at import", "[import]") {
  const auto dir = freshDirectory("units");
  writeBinaryStl(dir / "box.stl", makeBox(kHalf, 1));
  checkBox(importMesh(dir / "box.stl", {LengthUnit::Millimetre, 1.0}), 1e-3);
  checkBox(importMesh(dir / "box.stl", {LengthUnit::Centimetre, 1.0}), 1e-2);
  checkBox(importMesh(dir / "box.stl", {LengthUnit::Inch, 1.0}), 0.0254);
  checkBox(importMesh(dir / "box.stl", {LengthUnit::Millimetre, 2.0}), 2e-3);
}

TEST_CASE("several meshes in one OBJ are merged into one body", "[import]") {
  const auto dir = freshDirectory("merge");
  const TriMesh left = makeBox(Vec3(0.5, 0.5, 0.5), 1);
  std::vector<Vec3> shifted = left.vertices();
  for (Vec3& v : shifted) v.x() += 3.0;
  writeTwoObjectObj(dir / "two.obj", left, TriMesh(shifted, left.triangles()));
  const ImportedMesh imported = importMesh(dir / "two.obj");
  CHECK(imported.source_meshes == 2);
  CHECK(imported.mesh.triangleCount() == 24);
  CHECK(imported.mesh.watertight());
  CHECK(computeMassProperties(imported.mesh, 1.0).volume == Approx(2.0));
  CHECK(imported.mesh.bounds().max().x() == Approx(3.5));
}

TEST_CASE("glTF node transforms place each mesh instance", "[import]") {
  const auto dir = freshDirectory("gltf");
  writeTwoNodeGltf(dir / "two.gltf", makeBox(Vec3(0.5, 0.5, 0.5), 1), Vec3(0, 0, 2));
  const ImportedMesh imported = importMesh(dir / "two.gltf");
  CHECK(imported.source_meshes == 2);
  CHECK(imported.mesh.triangleCount() == 24);
  CHECK(imported.mesh.bounds().min().z() == Approx(-2.5));
  CHECK(imported.mesh.bounds().max().z() == Approx(2.5));
  const MassProperties props = computeMassProperties(imported.mesh, 1.0);
  CHECK(props.volume == Approx(2.0));
  CHECK(props.centroid.norm() < 1e-6);
}

TEST_CASE("the bundled models import as closed solids", "[import]") {
  const std::filesystem::path models =
      std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/models";
  for (const char* name : {"box.stl", "icosphere.stl", "torus.obj", "plate.stl"}) {
    INFO(name);
    const ImportedMesh imported = importMesh(models / name);
    CHECK(imported.mesh.watertight());
    CHECK(imported.mesh.consistentlyOriented());
    CHECK(computeMassProperties(imported.mesh, 1.0).exact());
  }
}
