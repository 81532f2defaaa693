#include "import/urdf_joints.h"

#include "import/urdf_bodies.h"

namespace contactsim::urdf {

using json = nlohmann::json;

json sceneJoints(const Model& model, const Frames& frames, const std::vector<Role>& role,
                 const UrdfOptions& options, UrdfReport& report) {
  const std::vector<Joint>& joints = model.joints;
  json scene_joints = json::array();
  std::vector<std::string> limits_dropped;
  for (std::size_t l : frames.order) {
    const int pj = frames.parent_joint[l];
    if (pj < 0) continue;
    const Joint& joint = joints[pj];
    if (role[l] != Role::Body) continue;
    if (joint.type == "floating" || joint.type == "planar") {
      report.unsupported(
          "joint type '" + joint.type + "' not supported (no joint: its child moves freely)",
          joint.name);
      continue;
    }
    const std::string a = sceneBodyOf(model, frames, role, frames.parentLink(model, l));
    const Pose& frame = frames.world[l];
    json j = {{"name", joint.name}, {"body_a", a}, {"body_b", model.links[l].name}};
    j["point"] = toJson(frame.translation);
    if (joint.type == "fixed") {
      j["type"] = "fixed";
      scene_joints.push_back(j);
      continue;
    }
    const bool revolute = joint.type != "prismatic";
    j["type"] = revolute ? "revolute" : "prismatic";
    // The axis is given in the joint frame, which is the child link's frame.
    j["axis"] = toJson(frame.rotation * joint.axis);
    if (joint.limit && joint.type != "continuous") {
      const Limit& lim = *joint.limit;
      if (!(lim.lower < lim.upper)) {
        // lower = upper (often both left at 0) bounds nothing a stop could hold.
      } else if (lim.lower > 0.0 || lim.upper < 0.0) {
        limits_dropped.push_back(joint.name + " (zero pose outside [lower, upper])");
      } else if (!(lim.effort > 0.0)) {
        limits_dropped.push_back(joint.name + " (effort 0: no stop stiffness)");
      } else {
        const double deflection =
            revolute ? options.stop_deflection_revolute : options.stop_deflection_prismatic;
        j["limits"] = {
            {"lower", lim.lower},
            {"upper", lim.upper},
            {"stiffness", lim.effort / deflection},
            {"damping",
             lim.velocity > 0.0 ? options.stop_damping_times_velocity / lim.velocity : 0.0}};
      }
    }
    if (options.hold_pose && joint.limit && joint.limit->effort > 0.0) {
      const double kp = joint.limit->effort / options.hold_deflection;
      j["drive"] = {{"type", "motor"},
                    {"position", 0.0},
                    {"stiffness", kp},
                    {"damping", options.hold_time * kp},
                    {revolute ? "max_torque" : "max_force", joint.limit->effort}};
    }
    scene_joints.push_back(j);
  }
  if (!limits_dropped.empty()) {
    report.addWarning("<limit> not mapped to a stop", limits_dropped);
  }
  return scene_joints;
}

}  // namespace contactsim::urdf
