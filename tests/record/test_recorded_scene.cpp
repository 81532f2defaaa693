// recordedScene: the scene a recording was made from, rebuilt from the recording alone — its
// stored scene text, its stored meshes — so that a replay or a video draws the cables and joint
// axes even when the mesh files are gone.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "geometry/primitives.h"
#include "record/recorded_scene.h"
#include "record/scene_header.h"
#include "scene/scene_reader.h"
#include "synthetic.h"

using namespace contactsim;
using contactsim::testing::scratchDir;

namespace {

// A fixed plate, a body without a mesh (given its mass), a ball on a revolute joint to it, and a
// chain from the world through a ring to the ball. The mesh files do not exist: the scene is
// read once with generated meshes standing in for them, as a run would have loaded them.
const std::string kSceneText = R"({
  "format": "contactsim-scene", "version": 1,
  "materials": [{ "name": "steel", "density": 7850, "young_modulus": 2.1e11, "poisson_ratio": 0.3 }],
  "bodies": [
    { "name": "plate", "fixed": true, "mesh": { "file": "gone/plate.stl" }, "material": "steel" },
    { "name": "weight", "mass": 2.0, "center_of_mass": [0, 0, 0], "inertia": [0.1, 0.1, 0.1, 0, 0, 0],
      "position": [0.3, 0, 0.5] },
    { "name": "ball", "mesh": { "file": "gone/ball.stl" }, "material": "steel",
      "position": [0.1, 0.2, 1.0], "orientation": [0.9238795, 0.3826834, 0, 0] }
  ],
  "joints": [{ "name": "hinge", "type": "revolute", "body_a": "weight", "body_b": "ball",
               "point": [0.1, 0.2, 1.0], "axis": [0, 1, 0] }],
  "cables": [{ "name": "chain", "kind": "chain", "body_a": "world", "point_a": [0, 0, 3],
               "body_b": "ball", "point_b": [0.1, 0.2, 1.05], "axial_stiffness": 1e6,
               "damping_ratio": 0.1, "damping_mass": 1.0, "rest_length": 2.0,
               "guide": { "centre": [0, 0, 2], "axis": [0, 0, 1], "radius": 0.05 } }]
})";

Scene sceneWithStandIns(const std::string& text, const std::filesystem::path& file) {
  return parseScene(text, file, [](const SceneMesh& request) {
    return request.file.filename() == "plate.stl" ? makePlate(2.0, 2.0, 0.02, 4)
                                                  : makeIcosphere(0.05, 2);
  });
}

std::filesystem::path record(const std::filesystem::path& dir, const Scene& scene,
                             const std::string& text) {
  const std::filesystem::path file = dir / "run.db";
  RecordingWriter writer(file, recordingHeaderOf(scene, text));
  SimulationFrame frame;
  for (const SceneBody& body : scene.bodies) frame.bodies.push_back({body.pose});
  frame.cables.resize(scene.cables.size());
  writer.append(frame);
  writer.close();
  return file;
}

// The recording's meshes as a replay or a video decodes them to draw.
std::vector<std::shared_ptr<const TriMesh>> meshesOf(const RecordingReader& reader) {
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  for (std::size_t b = 0; b < reader.header().bodies.size(); ++b)
    meshes.push_back(std::make_shared<const TriMesh>(reader.mesh(static_cast<int>(b))));
  return meshes;
}

}  // namespace

TEST_CASE("a recording's scene reads back with its meshes from the recording", "[record]") {
  const std::filesystem::path dir = scratchDir("recorded_scene");
  const Scene original = sceneWithStandIns(kSceneText, dir / "scene.json");
  const RecordingReader reader(record(dir, original, kSceneText));
  REQUIRE_FALSE(std::filesystem::exists(dir / "gone"));

  const Scene scene = recordedScene(reader, meshesOf(reader));
  REQUIRE(scene.bodies.size() == original.bodies.size());
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    INFO("body " << original.bodies[b].name);
    CHECK(scene.bodies[b].name == original.bodies[b].name);
    CHECK(scene.bodies[b].pose.translation == original.bodies[b].pose.translation);
    CHECK(scene.bodies[b].pose.rotation == original.bodies[b].pose.rotation);
    CHECK(scene.bodies[b].mesh.has_value() == original.bodies[b].mesh.has_value());
    if (scene.bodies[b].mesh) {
      CHECK(scene.bodies[b].mesh->mesh->triangleCount() ==
            original.bodies[b].mesh->mesh->triangleCount());
      CHECK(scene.bodies[b].mesh->mesh->vertices() == original.bodies[b].mesh->mesh->vertices());
    }
  }
  REQUIRE(scene.cables.size() == 1);
  CHECK(scene.cables[0].point_a == original.cables[0].point_a);
  CHECK(scene.cables[0].point_b == original.cables[0].point_b);
  REQUIRE(scene.cables[0].chain);
  REQUIRE(scene.cables[0].chain->guide);
  CHECK(scene.cables[0].chain->guide->centre == Vec3(0, 0, 2));
  CHECK(scene.cables[0].chain->guide->radius == 0.05);
  REQUIRE(scene.joints.size() == 1);
  CHECK(scene.joints[0].point == original.joints[0].point);
}

TEST_CASE("a recording whose scene text does not match its bodies is refused in one line",
          "[record]") {
  const std::filesystem::path dir = scratchDir("recorded_scene_mismatch");
  const Scene original = sceneWithStandIns(kSceneText, dir / "scene.json");
  std::string renamed = kSceneText;
  renamed.replace(renamed.find("\"ball\", \"mesh\""), 6, "\"bowl\"");
  renamed.replace(renamed.find("\"body_b\": \"ball\""), 16, "\"body_b\": \"bowl\"");
  renamed.replace(renamed.find("\"body_b\": \"ball\""), 16, "\"body_b\": \"bowl\"");
  const RecordingReader reader(record(dir, original, renamed));
  CHECK_THROWS_WITH(recordedScene(reader, meshesOf(reader)),
                    Catch::Contains("'ball' in the recording, 'bowl'"));

  const std::string not_a_scene = "<robot name=\"r\"/>";
  const RecordingReader urdf(record(scratchDir("recorded_scene_urdf"), original, not_a_scene));
  CHECK_THROWS_AS(recordedScene(urdf, meshesOf(urdf)), SceneError);
  // Its errors name the recording, not only the scene file the text came from.
  CHECK_THROWS_WITH(recordedScene(urdf, meshesOf(urdf)),
                    Catch::Contains(urdf.path().string() + ": its stored scene: "));
}
