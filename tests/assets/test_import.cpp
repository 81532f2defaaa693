#include <catch2/catch.hpp>

#include "geometry/mass_properties.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"
#include "import/scene_mesh_import.h"
#include "mesh_files.h"
#include "scene/scene_reader.h"

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
  writeObj(dir / "two.obj", {{"part1", left}, {"part2", TriMesh(shifted, left.triangles())}});
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

// Assemblies (issue 20): a file with several objects lists them in file order with the file's
// names, and each can be imported alone — exactly its own triangles, where the file puts them.
namespace {
// Three boxes of different sizes side by side: volumes 8·h_x·h_y·h_z.
std::vector<NamedMesh> threeParts(const std::vector<std::string>& names) {
  const Vec3 halves[3] = {Vec3(0.5, 0.5, 0.5), Vec3(0.25, 0.5, 1.0), Vec3(0.1, 0.2, 0.3)};
  std::vector<NamedMesh> parts;
  for (int i = 0; i < 3; ++i) {
    const TriMesh box = makeBox(halves[i], 1);
    std::vector<Vec3> moved = box.vertices();
    for (Vec3& v : moved) v.x() += 3.0 * i;
    parts.push_back({names[i], TriMesh(moved, box.triangles())});
  }
  return parts;
}

void checkParts(const std::filesystem::path& file, const std::vector<NamedMesh>& parts) {
  const std::vector<MeshObject> objects = listMeshObjects(file);
  REQUIRE(objects.size() == parts.size());
  double total = 0.0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    INFO(parts[i].name);
    CHECK(objects[i].name == parts[i].name);
    CHECK(objects[i].triangles == 12);
    ImportOptions options;
    options.object = objects[i].name;
    const ImportedMesh one = importMesh(file, options);
    CHECK(one.source_meshes == 1);
    CHECK(one.mesh.triangleCount() == 12);
    CHECK(one.mesh.vertexCount() == 8);
    CHECK(one.mesh.watertight());
    // Assimp reads single-precision floats: coordinates up to 6.1 m move by up to
    // 2^-24·6.1 = 3.6e-7 m, 2e-6 of the smallest box's 0.2 m edge, so its volume by 6e-6.
    const MassProperties expected = computeMassProperties(parts[i].mesh, 1.0);
    const MassProperties got = computeMassProperties(one.mesh, 1.0);
    CHECK(got.volume == Approx(expected.volume).epsilon(1e-5));
    CHECK((got.centroid - expected.centroid).norm() < 1e-6);
    total += got.volume;
  }
  // Merged (no object named): today's one body, all of them.
  CHECK(computeMassProperties(importMesh(file).mesh, 1.0).volume == Approx(total).epsilon(1e-12));
}
}  // namespace

TEST_CASE("a three-object OBJ lists its objects by name and imports each alone", "[import]") {
  const auto dir = freshDirectory("assembly-obj");
  const auto parts = threeParts({"crank", "coupler", "slider"});
  writeObj(dir / "linkage.obj", parts);
  checkParts(dir / "linkage.obj", parts);
}

TEST_CASE("a multi-solid ASCII STL lists its solids by name and imports each alone", "[import]") {
  const auto dir = freshDirectory("assembly-stl");
  const auto parts = threeParts({"base", "arm", "gripper"});
  writeAsciiStl(dir / "robot.stl", parts);
  checkParts(dir / "robot.stl", parts);
}

TEST_CASE("objects without names or with repeated names still get one name each", "[import]") {
  const auto dir = freshDirectory("assembly-names");
  // glTF nodes without names: Assimp names them by their place in the file, "nodes[0]", ….
  writeTwoNodeGltf(dir / "two.gltf", makeBox(Vec3(0.5, 0.5, 0.5), 1), Vec3(0, 0, 2));
  const std::vector<MeshObject> unnamed = listMeshObjects(dir / "two.gltf");
  REQUIRE(unnamed.size() == 2);
  CHECK(unnamed[0].name != unnamed[1].name);
  ImportOptions second;
  second.object = unnamed[1].name;
  CHECK(importMesh(dir / "two.gltf", second).mesh.bounds().max().z() == Approx(-1.5));
  // A repeated solid name: the second is "bolt (2)", and each name picks its own part.
  const auto parts = threeParts({"bolt", "bolt", "nut"});
  writeAsciiStl(dir / "repeated.stl", parts);
  const std::vector<MeshObject> repeated = listMeshObjects(dir / "repeated.stl");
  REQUIRE(repeated.size() == 3);
  CHECK(repeated[0].name == "bolt");
  CHECK(repeated[1].name == "bolt (2)");
  CHECK(repeated[2].name == "nut");
  ImportOptions bolt2;
  bolt2.object = "bolt (2)";
  CHECK(computeMassProperties(importMesh(dir / "repeated.stl", bolt2).mesh, 1.0).volume ==
        Approx(1.0).epsilon(1e-5));
}

TEST_CASE("a file read once gives its objects and every mesh without reading it again",
          "[import]") {
  const auto dir = freshDirectory("assembly-read-once");
  const auto parts = threeParts({"crank", "coupler", "slider"});
  writeObj(dir / "linkage.obj", parts);
  const MeshFile file(dir / "linkage.obj");
  const MeshLoader load = sceneMeshLoader();
  SceneMesh request;
  request.file = dir / "linkage.obj";
  request.object = "crank";
  const TriMesh crank = load(request);
  // Gone from the disk: what follows can only come from the reads above.
  std::filesystem::remove(dir / "linkage.obj");
  const std::vector<MeshObject> objects = file.objects();
  REQUIRE(objects.size() == 3);
  for (std::size_t i = 0; i < objects.size(); ++i) {
    INFO(objects[i].name);
    CHECK(objects[i].name == parts[i].name);
    ImportOptions options;
    options.object = objects[i].name;
    CHECK(computeMassProperties(file.mesh(options).mesh, 1.0).volume ==
          Approx(computeMassProperties(parts[i].mesh, 1.0).volume).epsilon(1e-5));
    request.object = objects[i].name;
    CHECK(load(request).vertices() == file.mesh(options).mesh.vertices());
    if (i == 0) CHECK(crank.vertices() == file.mesh(options).mesh.vertices());
  }
  // In millimetres and merged, from the same read.
  ImportOptions merged;
  merged.units = LengthUnit::Millimetre;
  CHECK(file.mesh(merged).mesh.bounds().max().x() == Approx(6.1e-3).epsilon(1e-6));
  CHECK_THROWS_AS(importMesh(dir / "linkage.obj"), MeshImportError);
}

TEST_CASE("an object the file does not have is a one-line error listing its objects", "[import]") {
  const auto dir = freshDirectory("assembly-missing");
  writeObj(dir / "linkage.obj", threeParts({"crank", "coupler", "slider"}));
  ImportOptions options;
  options.object = "rocker";
  try {
    importMesh(dir / "linkage.obj", options);
    FAIL("no error");
  } catch (const MeshImportError& e) {
    CHECK(std::string(e.what()) ==
          (dir / "linkage.obj").string() +
              ": no object 'rocker' in the file (its objects: 'crank', 'coupler', 'slider')");
  }
  // A single-object file has one object, whatever it is called.
  writeAsciiStl(dir / "one.stl", makeBox(kHalf, 1));
  CHECK(listMeshObjects(dir / "one.stl").size() == 1);
}

TEST_CASE("a scene makes one body per object of an assembly file (mesh.object)", "[import]") {
  const auto dir = freshDirectory("assembly-scene");
  const auto parts = threeParts({"crank", "coupler", "slider"});
  writeObj(dir / "linkage.obj", parts);
  const auto body = [](const std::string& name, const std::string& object) {
    return R"({"name": ")" + name + R"(", "material": "steel", "mesh": {"file": "linkage.obj", )" +
           object + "}}";
  };
  const auto scene = [&](const std::string& bodies) {
    return R"({"format": "contactsim-scene", "version": 1, "materials": [{"name": "steel",
      "density": 7850, "young_modulus": 2.1e11, "poisson_ratio": 0.3}], "bodies": [)" +
           bodies + "]}";
  };
  const Scene read = parseScene(
      scene(body("crank", R"("object": "crank")") + "," +
            body("coupler", R"("object": "coupler")") + "," +
            body("slider", R"("object": "slider")") + "," + body("whole", R"("units": "m")")),
      dir / "linkage.json", sceneMeshLoader());
  REQUIRE(read.bodies.size() == 4);
  double total = 0.0;
  for (int i = 0; i < 3; ++i) {
    INFO(parts[i].name);
    const SceneBody& b = read.bodies[i];
    CHECK(b.mesh->object == parts[i].name);
    // ρ·V of that part alone, its centroid where the file put it (float coordinates, above).
    const MassProperties expected = computeMassProperties(parts[i].mesh, 7850.0);
    CHECK(b.mass.mass == Approx(expected.mass).epsilon(1e-5));
    CHECK((b.mass.center_of_mass - expected.centroid).norm() < 1e-6);
    total += b.mass.mass;
  }
  CHECK(read.bodies[3].mesh->object.empty());
  CHECK(read.bodies[3].mass.mass == Approx(total).epsilon(1e-12));

  // An object the file lacks, or an empty name: one line naming the body's field.
  const auto error = [&](const std::string& object) {
    try {
      parseScene(scene(body("crank", object)), dir / "linkage.json", sceneMeshLoader());
    } catch (const SceneError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error(R"("object": "rocker")"),
             Catch::Contains("bodies[0].mesh.file: cannot load mesh: ") &&
                 Catch::Contains("no object 'rocker' in the file (its objects: 'crank', "
                                 "'coupler', 'slider')"));
  CHECK_THAT(error(R"("object": "")"), Catch::Contains("bodies[0].mesh.object: expected an "
                                                       "object's name"));
  CHECK_THAT(error(R"("object": 3)"), Catch::Contains("bodies[0].mesh.object"));
}
