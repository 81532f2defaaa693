// URDF import (docs/scene-format.md, "URDF import"): a robot description becomes a scene in the
// documented JSON format, which readScene/parseScene then load like any scene file. Producing
// JSON rather than a Scene keeps one reader (its checks, mass resolution and errors) for both,
// and lets `contactsim-cli convert` write a file the user can edit.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace contactsim {

// what() is one line: "<file>: <element>: <reason>".
class UrdfError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How URDF quantities that the scene format needs but URDF does not give are chosen. Each is a
// named member so docs/scene-format.md can point here instead of repeating numbers.
struct UrdfOptions {
  // Folders searched for `package://NAME/...`: each is a package's parent (DIR/NAME/...) or the
  // package itself (a folder called NAME). Searched before ROS_PACKAGE_PATH.
  std::vector<std::filesystem::path> package_paths;
  bool use_ros_package_path = true;
  // Where meshes are written when a link's collision cannot refer to its file as it is (several
  // <collision> elements, a primitive, a non-uniform scale): one STL per link.
  std::filesystem::path generated_mesh_dir;
  // Mesh paths in the JSON are made relative to this folder (the output file's) when set,
  // absolute otherwise.
  std::filesystem::path relative_to;
  // The root link is welded to the ground (an arm on its base); false leaves it free.
  bool fixed_base = true;
  // A joint stop's stiffness is the joint's effort limit over this deflection: at full effort the
  // joint presses this far into its stop (rad for revolute, m for prismatic).
  double stop_deflection_revolute = 0.01;
  double stop_deflection_prismatic = 0.001;
  // The stop's damping d is this over the joint's velocity limit: d·v = 1 gives a restitution of
  // about 0.6 at the velocity limit (docs/dynamics.md, "Joint limits"), more at slower impacts.
  double stop_damping_times_velocity = 1.0;
  // Adds to every revolute and prismatic joint a PD motor holding the initial pose, its effort
  // capped at the URDF effort limit; k_p = effort / hold_deflection, k_d = hold_time · k_p.
  bool hold_pose = false;
  double hold_deflection = 0.05;
  double hold_time = 0.1;
};

struct UrdfScene {
  std::string robot_name;
  nlohmann::json scene;               // the scene file's content
  std::vector<std::string> warnings;  // one line each, naming the file
};

// Throws UrdfError for malformed XML, bad numbers, missing mesh files, joints naming missing
// links, cycles, several roots, links without usable inertials where the dynamics needs them.
UrdfScene convertUrdf(const std::filesystem::path& file, const UrdfOptions& options = {});

// True for a file name ending in .urdf (any case): the front ends open such a file through
// convertUrdf instead of readScene.
bool isUrdfFile(const std::filesystem::path& file);

}  // namespace contactsim
