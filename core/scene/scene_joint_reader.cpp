// The scene file's "joints" section, with each joint's drive (prescribed motion or motor) and
// limits (docs/scene-format.md, `joints[]` and "Joint drives and limits").

#include "scene/scene_sections.h"

#include <cmath>
#include <tuple>

namespace contactsim::scene_reading {
namespace {

// Positions are the joint's angle (rad) or displacement (m) from its pose at t = 0; defaults are
// JointMotorLaw's (docs/scene-format.md, "Joint drives and limits").
SceneJointDrive readDrive(const FieldReader& r, const json& j, const std::string& path,
                          bool revolute) {
  if (!j.is_object()) r.fail(path, "expected an object, got " + describe(j));
  if (!j.contains("type")) r.fail(child(path, "type"), "required (speed, ramp, table or motor)");
  const std::string type = r.string(j["type"], child(path, "type"));
  const char* max_key = revolute ? "max_torque" : "max_force";
  SceneJointDrive drive;
  if (type == "speed") {
    r.expectObject(j, path, {"type", "speed"});
    if (!j.contains("speed")) r.fail(child(path, "speed"), "required for a \"speed\" drive");
    drive.motion = MotionProfile::speed(r.number(j["speed"], child(path, "speed")));
  } else if (type == "ramp") {
    r.expectObject(j, path, {"type", "speed", "ramp_time"});
    for (const char* key : {"speed", "ramp_time"}) {
      if (!j.contains(key)) r.fail(child(path, key), "required for a \"ramp\" drive");
    }
    drive.motion = MotionProfile::ramp(r.number(j["speed"], child(path, "speed")),
                                       r.positive(j["ramp_time"], child(path, "ramp_time")));
  } else if (type == "table") {
    r.expectObject(j, path, {"type", "table"});
    if (!j.contains("table")) r.fail(child(path, "table"), "required for a \"table\" drive");
    const std::string tp = child(path, "table");
    const json& table = r.array(j["table"], tp);
    if (table.size() < 2) r.fail(tp, "expected at least 2 [t, position] points");
    std::vector<std::pair<double, double>> points;
    for (std::size_t i = 0; i < table.size(); ++i) {
      const Eigen::VectorXd p = r.numbers(table[i], element(tp, i), 2);
      if (i > 0 && !(p[0] > points.back().first))
        r.fail(element(tp, i), "times must increase strictly");
      points.emplace_back(p[0], p[1]);
    }
    drive.motion = MotionProfile::table(points);
    // The start moves the joint onto x(0); the angle row sin(φ − θ) has its other root half a
    // turn away, so a revolute table must start within a quarter turn of the initial pose.
    const double start = drive.motion->at(0.0).position;
    if (revolute && !(std::abs(start) < 1.5)) {
      r.fail(tp, "the angle at t = 0 is " + formatBound(start) +
                     " rad: it is measured from the initial pose and must be within 1.5 rad of it");
    }
  } else if (type == "motor") {
    r.expectObject(j, path, {"type", "position", "speed", "stiffness", "damping", max_key});
    JointMotorLaw& m = drive.motor;
    if (j.contains("position")) m.position = r.number(j["position"], child(path, "position"));
    if (j.contains("speed")) m.speed = r.number(j["speed"], child(path, "speed"));
    if (j.contains("stiffness"))
      m.stiffness = r.nonNegative(j["stiffness"], child(path, "stiffness"));
    if (j.contains("damping")) m.damping = r.nonNegative(j["damping"], child(path, "damping"));
    if (j.contains(max_key)) m.max_effort = r.positive(j[max_key], child(path, max_key));
    if (!(m.stiffness > 0.0) && !(m.damping > 0.0))
      r.fail(path,
             "a motor needs \"stiffness\" (position control) or \"damping\" (velocity "
             "control) > 0");
  } else {
    r.fail(child(path, "type"), "expected speed, ramp, table or motor, got \"" + type + "\"");
  }
  return drive;
}

// Defaults are JointStopLaw's; the initial pose (position 0) must lie within the limits.
JointStopLaw readLimits(const FieldReader& r, const json& j, const std::string& path,
                        bool revolute) {
  r.expectObject(j, path, {"lower", "upper", "stiffness", "damping"});
  JointStopLaw stop;
  const std::string unit = revolute ? " rad" : " m";
  if (!j.contains("lower") && !j.contains("upper"))
    r.fail(path, "expected \"lower\", \"upper\" or both");
  if (j.contains("lower")) {
    stop.lower = r.number(j["lower"], child(path, "lower"));
    if (!(stop.lower <= 0.0))
      r.fail(child(path, "lower"), "expected a number <= 0" + unit +
                                       " (positions are measured from the initial pose), got " +
                                       describe(j["lower"]));
  }
  if (j.contains("upper")) {
    stop.upper = r.number(j["upper"], child(path, "upper"));
    if (!(stop.upper >= 0.0))
      r.fail(child(path, "upper"), "expected a number >= 0" + unit +
                                       " (positions are measured from the initial pose), got " +
                                       describe(j["upper"]));
    if (!(stop.upper > stop.lower)) r.fail(child(path, "upper"), "expected upper > lower");
  }
  if (!j.contains("stiffness")) r.fail(child(path, "stiffness"), "required (N·m/rad or N/m)");
  stop.stiffness = r.positive(j["stiffness"], child(path, "stiffness"));
  if (j.contains("damping")) stop.damping = r.nonNegative(j["damping"], child(path, "damping"));
  return stop;
}

// Defaults are JointFrictionLaw's.
JointFrictionLaw readFriction(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(j, path, {"coefficient", "pin_radius", "stick_speed"});
  JointFrictionLaw friction;
  for (const char* key : {"coefficient", "pin_radius"})
    if (!j.contains(key)) r.fail(child(path, key), "required");
  friction.coefficient = r.nonNegative(j["coefficient"], child(path, "coefficient"));
  friction.radius = r.positive(j["pin_radius"], child(path, "pin_radius"));
  if (j.contains("stick_speed"))
    friction.stick_speed = r.positive(j["stick_speed"], child(path, "stick_speed"));
  // The law's torque per newton of load and its viscous slope must stay numbers.
  if (!std::isfinite(friction.coefficient * friction.radius / friction.stick_speed))
    r.fail(path, "too large: coefficient × pin_radius / stick_speed overflows");
  return friction;
}

}  // namespace

SceneJoint readJoint(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(
      j, path,
      {"name", "type", "body_a", "body_b", "point", "axis", "drive", "limits", "friction"});
  SceneJoint joint;
  joint.name = j.contains("name") ? r.string(j["name"], child(path, "name")) : path;
  if (!j.contains("type"))
    r.fail(child(path, "type"), "required (revolute, spherical, fixed or prismatic)");
  const std::string type = r.string(j["type"], child(path, "type"));
  if (type == "revolute")
    joint.type = JointType::Revolute;
  else if (type == "spherical")
    joint.type = JointType::Spherical;
  else if (type == "fixed")
    joint.type = JointType::Fixed;
  else if (type == "prismatic")
    joint.type = JointType::Prismatic;
  else
    r.fail(child(path, "type"),
           "expected revolute, spherical, fixed or prismatic, got \"" + type + "\"");
  for (const char* key : {"body_a", "body_b", "point"}) {
    if (!j.contains(key)) r.fail(child(path, key), "required");
  }
  std::tie(joint.body_a, joint.body_b) = r.connectedBodies(j, path, "joint");
  joint.point = r.vec3(j["point"], child(path, "point"));
  const bool needs_axis = joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
  if (needs_axis) {
    if (!j.contains("axis")) r.fail(child(path, "axis"), "required for a " + type + " joint");
    joint.axis = r.vec3(j["axis"], child(path, "axis"));
    if (!(joint.axis.norm() > 0.0)) r.fail(child(path, "axis"), "expected a non-zero vector");
  } else if (j.contains("axis")) {
    r.fail(child(path, "axis"), "a " + type + " joint has no axis");
  }
  for (const char* key : {"drive", "limits"}) {
    if (j.contains(key) && !needs_axis)
      r.fail(child(path, key),
             "only a revolute or prismatic joint has one, not a " + type + " joint");
  }
  const bool revolute = joint.type == JointType::Revolute;
  if (j.contains("drive")) joint.drive = readDrive(r, j["drive"], child(path, "drive"), revolute);
  if (j.contains("limits"))
    joint.limits = readLimits(r, j["limits"], child(path, "limits"), revolute);
  if (j.contains("friction")) {
    if (!revolute)
      r.fail(child(path, "friction"), "only a revolute joint has one, not a " + type + " joint");
    joint.friction = readFriction(r, j["friction"], child(path, "friction"));
  }
  return joint;
}

}  // namespace contactsim::scene_reading
