#include "import/urdf_import.h"

#include <algorithm>
#include <cctype>

#include "import/urdf_bodies.h"
#include "import/urdf_frames.h"
#include "import/urdf_joints.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"
#include "import/urdf_xml.h"

namespace contactsim {

// The stages in order; each may fail, and the warnings keep the order in which their kinds first
// occur, so a file's messages do not depend on how the stages are split.
UrdfScene convertUrdf(const std::filesystem::path& file, const UrdfOptions& options) {
  urdf::UrdfReport report(file);
  const urdf::Model model = urdf::readUrdfModel(options, report);
  const urdf::Frames frames = urdf::linkFrames(model, report);
  const std::vector<urdf::Role> role = urdf::linkRoles(model, frames, options, report);
  const nlohmann::json bodies = urdf::sceneBodies(model, frames, role, options, report);
  const nlohmann::json joints = urdf::sceneJoints(model, frames, role, options, report);

  UrdfScene out;
  out.robot_name = model.robot_name;
  out.scene = {{"format", "contactsim-scene"},
               {"version", 1},
               {"gravity", nlohmann::json::array({0.0, 0.0, -9.81})},
               {"bodies", bodies},
               {"joints", joints}};
  out.warnings = report.warnings();
  return out;
}

bool isUrdfFile(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".urdf";
}

}  // namespace contactsim
