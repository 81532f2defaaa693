// The recording header of a scene: its bodies (name, fixed, mass, mesh), cable and drive names
// and time step, as the CLI's `run --record` and the window's record button both write it.
#pragma once

#include <string>

#include "record/recording_writer.h"
#include "scene/scene.h"

namespace contactsim {

// `scene_json` is the scene file's text, stored verbatim; the scene path is made absolute. The
// header's meshes point into `scene`, which must outlive the writer's construction.
RecordingHeader recordingHeaderOf(const Scene& scene, std::string scene_json);

}  // namespace contactsim
