// Inside the URDF import (urdf_import.h): which links become scene bodies, and those bodies as
// the scene file writes them. The scene's "world" is the ground: a root link called "world" is
// it, and with a fixed base so is the root. Links welded to the ground by fixed joints become
// fixed bodies when they have collision geometry, and are left out (pure frames) otherwise.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "import/urdf_frames.h"
#include "import/urdf_import.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

enum class Role {
  Ground,     // part of the scene's "world"
  FixedBody,  // welded to the ground, with collision geometry
  Body,       // moves, with an <inertial>
  Frame,      // no <inertial>, on a fixed joint: left out, rides on its nearest body ancestor
  Lumped,     // on a fixed joint with a point mass or rod: its mass added to that ancestor
};

// Per link (Model::links order). Fails for a moving link without mass, or a link called "world"
// that is not the root; the frames and lumped links are reported, one warning for each kind.
std::vector<Role> linkRoles(const Model& model, const Frames& frames, const UrdfOptions& options,
                            UrdfReport& report);

// The scene body whose motion the link's is: "world" for the ground, a frame's or lumped link's
// nearest body ancestor, otherwise the link's own body.
std::string sceneBodyOf(const Model& model, const Frames& frames, const std::vector<Role>& role,
                        std::size_t link);

// The scene's "bodies", one for each Body and FixedBody link in Frames::order: pose, mesh (see
// urdf_link_mesh.h) and, for a moving body, mass properties with its lumped links added. Fails
// for an inertia that is not a rigid body's.
nlohmann::json sceneBodies(const Model& model, const Frames& frames, const std::vector<Role>& role,
                           const UrdfOptions& options, const UrdfReport& report);

}  // namespace contactsim::urdf
