#include "record/scene_header.h"

#include <filesystem>

#include "record/frame_csv.h"

namespace contactsim {

RecordingHeader recordingHeaderOf(const Scene& scene, std::string scene_json) {
  RecordingHeader header;
  header.scene_json = std::move(scene_json);
  header.scene_path = std::filesystem::absolute(scene.file).string();
  for (const SceneBody& b : scene.bodies) {
    RecordingBody body;
    body.name = b.name;
    body.fixed = b.fixed;
    body.mass = b.fixed ? 0.0 : b.mass.mass;
    body.mesh = b.mesh ? b.mesh->mesh.get() : nullptr;
    header.bodies.push_back(body);
  }
  for (const SceneCable& c : scene.cables) header.cables.push_back(c.name);
  header.drives = stateColumnNames(scene).drives;  // the joints with a drive, as frames list them
  header.time_step = scene.solver.time_step;
  return header;
}

}  // namespace contactsim
