// Opening a URDF wherever the CLI opens a scene (docs/scene-format.md, "URDF import"), and the
// `convert` command that writes the scene file.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "scene/scene_reader.h"

namespace contactsim::cli {

struct UrdfArguments {
  std::vector<std::string> package_paths;
  bool floating_base = false;
  bool hold_pose = false;
};

// --package-path (repeatable), --floating-base, --hold-pose on a command that opens scenes.
void addUrdfOptions(CLI::App& command, UrdfArguments& args);

// A scene file, or a .urdf converted in memory (its warnings join the scene's, and meshes it has
// to write go to a temporary folder).
Scene readSceneOrUrdf(const std::string& file, const UrdfArguments& urdf,
                      const MeshLoader& load_mesh);

}  // namespace contactsim::cli
