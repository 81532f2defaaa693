// The scenes shipped in assets/scenes/, read as the CLI reads them (meshes through the importer,
// app/cli/run_command.cpp), for the tests that run them.
#pragma once

#include <string>

#include "scene/scene.h"

namespace contactsim::test {

// Reads assets/scenes/<relative> of the source tree; throws SceneError like readScene.
Scene readShippedScene(const std::string& relative);

}  // namespace contactsim::test
