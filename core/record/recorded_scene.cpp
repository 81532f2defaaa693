#include "record/recorded_scene.h"

#include <string>

#include "scene/scene_reader.h"

namespace contactsim {

Scene recordedScene(const RecordingReader& reader,
                    std::span<const std::shared_ptr<const TriMesh>> meshes) {
  const RecordingHeader& header = reader.header();
  const auto has_mesh = [&](std::size_t b) { return meshes[b] && !meshes[b]->empty(); };
  // The reader asks for the meshes of the bodies that have one, in scene order — the order of
  // the recording's bodies, of which exactly those store a mesh.
  std::size_t next = 0;
  const auto recorded_mesh = [&](const SceneMesh& request) {
    while (next < meshes.size() && !has_mesh(next)) ++next;
    if (next == meshes.size()) {
      throw RecordingError(reader.path().string() + ": the recorded scene has a mesh (" +
                           request.file.string() + ") for a body the recording has none for");
    }
    return *meshes[next++];
  };
  // The stored text's own errors name the scene's path: say that it is the recording's copy.
  Scene scene = [&] {
    try {
      return parseScene(header.scene_json, header.scene_path, recorded_mesh);
    } catch (const SceneError& error) {
      throw SceneError(reader.path().string() + ": its stored scene: " + error.what());
    }
  }();
  if (scene.bodies.size() != header.bodies.size()) {
    throw RecordingError(reader.path().string() + ": the recorded scene has " +
                         std::to_string(scene.bodies.size()) + " bodies, the recording " +
                         std::to_string(header.bodies.size()));
  }
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    if (scene.bodies[b].name != header.bodies[b].name) {
      throw RecordingError(reader.path().string() + ": body " + std::to_string(b) + " is '" +
                           header.bodies[b].name + "' in the recording, '" + scene.bodies[b].name +
                           "' in its scene");
    }
  }
  return scene;
}

}  // namespace contactsim
