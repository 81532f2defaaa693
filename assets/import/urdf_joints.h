// Inside the URDF import (urdf_import.h): the scene's "joints", one for each moving body's parent
// joint. Fixed, revolute, continuous and prismatic joints are placed at the child frame's origin,
// the axis turned into the world; a <limit> becomes a stop (UrdfOptions::stop_*), and with
// UrdfOptions::hold_pose a motor holds the start pose. Floating and planar joints, and limits no
// stop can hold, are reported and left out.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "import/urdf_bodies.h"
#include "import/urdf_frames.h"
#include "import/urdf_import.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

nlohmann::json sceneJoints(const Model& model, const Frames& frames, const std::vector<Role>& role,
                           const UrdfOptions& options, UrdfReport& report);

}  // namespace contactsim::urdf
