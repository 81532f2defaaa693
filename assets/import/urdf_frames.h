// Inside the URDF import (urdf_import.h): the links as one tree and where each link's frame is.
// URDF poses are relative (a joint's <origin> is its child's frame in its parent's); the scene
// wants world coordinates at t = 0, composed here from the root at joint positions zero.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <vector>

#include "geometry/pose.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

struct Frames {
  std::vector<int> parent_joint;   // per link: its joint in Model::joints, -1 for the root
  std::vector<std::size_t> order;  // every link, breadth first from the root (order[0])
  std::vector<Pose> world;         // per link: its frame in the world at joint positions zero

  std::size_t root() const { return order[0]; }
  // The parent of `link`, which must not be the root.
  std::size_t parentLink(const Model& model, std::size_t link) const;
};

// Fails when a joint names a link that is not defined, a link has two parent joints, there are
// several roots, or the joints form a cycle.
Frames linkFrames(const Model& model, const UrdfReport& report);

// A world point or direction as the scene file writes it.
inline nlohmann::json toJson(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

}  // namespace contactsim::urdf
