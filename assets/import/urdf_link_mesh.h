// Inside the URDF import (urdf_import.h): the mesh files a URDF names, and the one mesh file each
// scene body refers to. The scene gives a body one mesh file; a link whose collision is not a
// single uniformly scaled mesh has its <collision> elements merged in the link frame into an STL
// written for it.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "geometry/pose.h"
#include "import/urdf_import.h"
#include "import/urdf_model.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

// The file a <mesh filename> names: package:// (UrdfOptions::package_paths, ROS_PACKAGE_PATH, then
// the URDF's own ancestors), file:// or a path relative to the URDF. Fails, naming `line` and
// `element`, when the URI is not understood or the file does not exist.
std::filesystem::path resolveMeshFile(const std::string& uri, int line, const std::string& element,
                                      const UrdfOptions& options, const UrdfReport& report);

struct BodyMesh {
  Pose in_link;         // the body frame in the link frame
  nlohmann::json mesh;  // the body's "mesh" entry; null for a link without <collision>
};

class BodyMeshes {
 public:
  BodyMeshes(const UrdfOptions& options, const UrdfReport& report);

  // A single mesh with a uniform positive scale is referred to as it is, the body frame then at
  // its collision's origin; anything else is merged into UrdfOptions::generated_mesh_dir (a
  // temporary folder when empty) as one STL per link, the body frame the link frame.
  BodyMesh of(const Link& link);

 private:
  // Absolute, or relative to UrdfOptions::relative_to when that is set.
  std::string meshPath(const std::filesystem::path& path) const;

  const UrdfOptions& options_;
  const UrdfReport& report_;
  std::set<std::string> stems_;  // the generated files' names so far
};

}  // namespace contactsim::urdf
