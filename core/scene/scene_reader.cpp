#include "scene/scene_reader.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "geometry/mass_properties.h"
#include "scene/json_error.h"

namespace contactsim {
namespace {

std::string escapeControls(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      const char* hex = "0123456789abcdef";
      out += std::string("\\u00") + hex[u >> 4] + hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

SceneError::SceneError(const std::string& message) : std::runtime_error(escapeControls(message)) {}

namespace {

using json = nlohmann::json;

std::string child(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}
std::string element(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

// What a value is, for "expected X, got Y" messages (kept short and on one line).
std::string describe(const json& j) {
  std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(j.type_name()) + " " + text;
}

std::string formatBound(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

class Reader {
 public:
  Reader(std::filesystem::path file, const MeshLoader& load_mesh)
      : file_(std::move(file)), load_mesh_(load_mesh) {}

  Scene read(const json& root);

 private:
  [[noreturn]] void fail(const std::string& path, const std::string& message) const {
    throw SceneError(file_.string() + ": " + (path.empty() ? "(top level)" : path) + ": " +
                     message);
  }

  // j must be an object whose keys are all in `allowed`.
  void expectObject(const json& j, const std::string& path,
                    std::initializer_list<const char*> allowed) const {
    if (!j.is_object()) fail(path, "expected an object, got " + describe(j));
    for (const auto& [key, value] : j.items()) {
      bool known = false;
      for (const char* a : allowed) known = known || key == a;
      if (!known) {
        std::string list;
        for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
        fail(child(path, key), "unknown key (expected one of: " + list + ")");
      }
    }
  }

  double number(const json& j, const std::string& path) const {
    if (!j.is_number()) fail(path, "expected a number, got " + describe(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) fail(path, "expected a finite number");
    return v;
  }
  double positive(const json& j, const std::string& path) const {
    const double v = number(j, path);
    if (!(v > 0.0)) fail(path, "expected a positive number, got " + describe(j));
    return v;
  }
  double nonNegative(const json& j, const std::string& path) const {
    const double v = number(j, path);
    if (!(v >= 0.0)) fail(path, "expected a number >= 0, got " + describe(j));
    return v;
  }
  // The message names the bound that was crossed ("expected a number >= 0" as nonNegative says).
  double inRange(const json& j, const std::string& path, const ParameterRange& range) const {
    const double v = number(j, path);
    if (range.low_open ? !(v > range.low) : !(v >= range.low)) {
      fail(path, "expected a number " + std::string(range.low_open ? "> " : ">= ") +
                     formatBound(range.low) + range.why + ", got " + describe(j));
    }
    if (v > range.high)
      fail(path,
           "expected a number <= " + formatBound(range.high) + range.why + ", got " + describe(j));
    return v;
  }
  std::string string(const json& j, const std::string& path) const {
    if (!j.is_string()) fail(path, "expected a string, got " + describe(j));
    return j.get<std::string>();
  }
  bool boolean(const json& j, const std::string& path) const {
    if (!j.is_boolean()) fail(path, "expected true or false, got " + describe(j));
    return j.get<bool>();
  }
  Eigen::VectorXd numbers(const json& j, const std::string& path, std::size_t count) const {
    if (!j.is_array() || j.size() != count) {
      fail(path, "expected an array of " + std::to_string(count) + " numbers, got " + describe(j));
    }
    Eigen::VectorXd v(count);
    for (std::size_t i = 0; i < count; ++i) v[i] = number(j[i], element(path, i));
    return v;
  }
  Vec3 vec3(const json& j, const std::string& path) const { return numbers(j, path, 3); }
  const json& array(const json& j, const std::string& path) const {
    if (!j.is_array()) fail(path, "expected an array, got " + describe(j));
    return j;
  }
  // A reference to a body by name ("world" allowed).
  std::string bodyReference(const json& j, const std::string& path) const {
    const std::string name = string(j, path);
    if (name != "world" && !body_names_.count(name)) fail(path, "unknown body '" + name + "'");
    return name;
  }
  std::string uniqueName(const json& j, const std::string& path, std::set<std::string>& seen,
                         const std::string& what) const {
    const std::string name = string(j, path);
    if (name.empty()) fail(path, "expected a non-empty name");
    if (!seen.insert(name).second) fail(path, "duplicate " + what + " name '" + name + "'");
    return name;
  }

  void readSolver(const json& j, const std::string& path, Scene& scene) const;
  void readMaterials(const json& j, const std::string& path, Scene& scene) const;
  SceneBody readBody(const json& j, const std::string& path, const Scene& scene,
                     std::vector<std::string>& warnings) const;
  void resolveMass(const json& j, const std::string& path, const Scene& scene, SceneBody& body,
                   std::vector<std::string>& warnings) const;
  SceneJoint readJoint(const json& j, const std::string& path) const;
  SceneJointDrive readDrive(const json& j, const std::string& path, bool revolute) const;
  JointStopLaw readLimits(const json& j, const std::string& path, bool revolute) const;
  SceneCable readCable(const json& j, const std::string& path) const;
  ChainProperties readChain(const json& j, const std::string& path) const;
  WindlassSettings readWindlass(const json& j, const std::string& path) const;
  SceneSpring readSpring(const json& j, const std::string& path) const;
  SceneLoad readLoad(const json& j, const std::string& path) const;
  SceneContact readContact(const json& j, const std::string& path) const;
  SceneContactLaw readLaw(const json& j, const std::string& path) const;
  std::pair<std::string, std::string> bodyPair(const json& j, const std::string& path) const;

  std::filesystem::path file_;
  const MeshLoader& load_mesh_;
  std::set<std::string> body_names_;
};

Scene Reader::read(const json& root) {
  expectObject(root, "",
               {"format", "version", "gravity", "solver", "materials", "bodies", "joints", "cables",
                "springs", "loads", "contact"});
  Scene scene;
  scene.file = file_;
  if (root.contains("format") && string(root["format"], "format") != "contactsim-scene") {
    fail("format", "expected \"contactsim-scene\", got " + describe(root["format"]));
  }
  if (root.contains("version") &&
      (!root["version"].is_number_integer() || root["version"].get<int>() != 1)) {
    fail("version", "expected 1, got " + describe(root["version"]));
  }
  if (root.contains("gravity")) scene.gravity = vec3(root["gravity"], "gravity");
  if (root.contains("solver")) readSolver(root["solver"], "solver", scene);
  if (root.contains("materials")) readMaterials(root["materials"], "materials", scene);

  if (root.contains("bodies")) {
    const json& bodies = array(root["bodies"], "bodies");
    // Names first, so that every later reference can be checked.
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::string path = element("bodies", i);
      if (!bodies[i].is_object()) fail(path, "expected an object, got " + describe(bodies[i]));
      if (!bodies[i].contains("name")) fail(child(path, "name"), "required");
      const std::string name =
          uniqueName(bodies[i]["name"], child(path, "name"), body_names_, "body");
      if (name == "world") fail(child(path, "name"), "'world' is reserved for the ground");
    }
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      scene.bodies.push_back(readBody(bodies[i], element("bodies", i), scene, scene.warnings));
    }
  }
  if (root.contains("joints")) {
    const json& joints = array(root["joints"], "joints");
    std::set<std::string> names;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      scene.joints.push_back(readJoint(joints[i], element("joints", i)));
      if (!names.insert(scene.joints.back().name).second) {
        fail(child(element("joints", i), "name"),
             "duplicate joint name '" + scene.joints.back().name + "'");
      }
    }
  }
  if (root.contains("cables")) {
    const json& cables = array(root["cables"], "cables");
    std::set<std::string> names;
    for (std::size_t i = 0; i < cables.size(); ++i) {
      scene.cables.push_back(readCable(cables[i], element("cables", i)));
      if (!names.insert(scene.cables.back().name).second) {
        fail(child(element("cables", i), "name"),
             "duplicate cable name '" + scene.cables.back().name + "'");
      }
    }
  }
  if (root.contains("springs")) {
    const json& springs = array(root["springs"], "springs");
    for (std::size_t i = 0; i < springs.size(); ++i) {
      scene.springs.push_back(readSpring(springs[i], element("springs", i)));
    }
  }
  if (root.contains("loads")) {
    const json& loads = array(root["loads"], "loads");
    for (std::size_t i = 0; i < loads.size(); ++i) {
      scene.loads.push_back(readLoad(loads[i], element("loads", i)));
    }
  }
  if (root.contains("contact")) scene.contact = readContact(root["contact"], "contact");
  return scene;
}

void Reader::readSolver(const json& j, const std::string& path, Scene& scene) const {
  expectObject(
      j, path,
      {"time_step", "end_time", "penalty", "newton_tolerance", "constraint_tolerance", "tolerance",
       "min_step", "max_newton_iterations", "max_step_halvings", "linear_solver"});
  SolverSettings& s = scene.solver;
  // α ∝ 1/h² (docs/dynamics.md, "The step"): a step of 1e308 s gave α = 0 and an
  // std::invalid_argument from the integrator; below 1e-12 s, t + h stops moving after a few
  // hours of simulated time.
  if (j.contains("time_step")) {
    s.time_step = inRange(j["time_step"], child(path, "time_step"),
                          {1e-12, false, 10.0, " s (the penalty scales with 1/time_step^2)"});
  }
  if (j.contains("end_time")) scene.end_time = nonNegative(j["end_time"], child(path, "end_time"));
  if (j.contains("penalty") && !j["penalty"].is_null()) {
    s.penalty = positive(j["penalty"], child(path, "penalty"));
  }
  if (j.contains("newton_tolerance")) {
    s.newton_tolerance = positive(j["newton_tolerance"], child(path, "newton_tolerance"));
  }
  if (j.contains("constraint_tolerance")) {
    s.constraint_tolerance =
        positive(j["constraint_tolerance"], child(path, "constraint_tolerance"));
  }
  if (j.contains("tolerance") && !j["tolerance"].is_null()) {
    s.tolerance = positive(j["tolerance"], child(path, "tolerance"));
  }
  if (j.contains("min_step")) s.min_step = positive(j["min_step"], child(path, "min_step"));
  if (s.min_step > s.time_step) fail(child(path, "min_step"), "must not exceed time_step");
  auto count = [&](const char* key, int minimum) {
    const json& v = j[key];
    if (!v.is_number_integer() || v.get<long long>() < minimum || v.get<long long>() > 1000) {
      fail(child(path, key),
           "expected an integer from " + std::to_string(minimum) + " to 1000, got " + describe(v));
    }
    return v.get<int>();
  };
  if (j.contains("max_newton_iterations"))
    s.max_newton_iterations = count("max_newton_iterations", 1);
  if (j.contains("max_step_halvings")) s.max_step_halvings = count("max_step_halvings", 0);
  if (j.contains("linear_solver")) {
    const std::string kind = string(j["linear_solver"], child(path, "linear_solver"));
    if (kind == "auto")
      s.linear_solver = LinearSolverKind::Auto;
    else if (kind == "dense")
      s.linear_solver = LinearSolverKind::Dense;
    else if (kind == "sparse")
      s.linear_solver = LinearSolverKind::Sparse;
    else
      fail(child(path, "linear_solver"),
           "expected \"auto\", \"dense\" or \"sparse\", got " + describe(j["linear_solver"]));
  }
}

void Reader::readMaterials(const json& j, const std::string& path, Scene& scene) const {
  std::set<std::string> names;
  for (std::size_t i = 0; i < array(j, path).size(); ++i) {
    const std::string p = element(path, i);
    const json& m = j[i];
    expectObject(m, p, {"name", "density", "young_modulus", "poisson_ratio"});
    SceneMaterial material;
    if (!m.contains("name")) fail(child(p, "name"), "required");
    material.name = uniqueName(m["name"], child(p, "name"), names, "material");
    if (!m.contains("density")) fail(child(p, "density"), "required (kg/m^3)");
    material.density = positive(m["density"], child(p, "density"));
    if (m.contains("young_modulus")) {
      material.young_modulus = positive(m["young_modulus"], child(p, "young_modulus"));
    }
    if (m.contains("poisson_ratio")) {
      const double nu = number(m["poisson_ratio"], child(p, "poisson_ratio"));
      if (!(nu > 0.0 && nu < 0.5)) {
        fail(child(p, "poisson_ratio"),
             "expected 0 < nu < 0.5, got " + describe(m["poisson_ratio"]));
      }
      material.poisson_ratio = nu;
    }
    scene.materials.push_back(material);
  }
}

SceneBody Reader::readBody(const json& j, const std::string& path, const Scene& scene,
                           std::vector<std::string>& warnings) const {
  expectObject(j, path,
               {"name", "fixed", "mesh", "material", "mass", "center_of_mass", "inertia",
                "position", "orientation", "linear_velocity", "angular_velocity"});
  SceneBody body;
  body.name = j["name"].get<std::string>();
  if (j.contains("fixed")) body.fixed = boolean(j["fixed"], child(path, "fixed"));
  if (j.contains("material")) {
    body.material = string(j["material"], child(path, "material"));
    bool known = false;
    for (const SceneMaterial& m : scene.materials) known = known || m.name == body.material;
    if (!known) fail(child(path, "material"), "unknown material '" + body.material + "'");
  }
  if (j.contains("mesh")) {
    const std::string mp = child(path, "mesh");
    const json& m = j["mesh"];
    expectObject(m, mp, {"file", "units", "scale"});
    SceneMesh mesh;
    if (!m.contains("file")) fail(child(mp, "file"), "required");
    const std::filesystem::path relative = string(m["file"], child(mp, "file"));
    mesh.file = relative.is_absolute() ? relative : file_.parent_path() / relative;
    if (m.contains("units")) {
      const std::string u = string(m["units"], child(mp, "units"));
      const std::optional<LengthUnit> unit = parseLengthUnit(u);
      if (!unit) fail(child(mp, "units"), "expected one of m, cm, mm, in, got \"" + u + "\"");
      mesh.units = *unit;
    }
    if (m.contains("scale")) mesh.scale = positive(m["scale"], child(mp, "scale"));
    try {
      mesh.mesh = std::make_shared<const TriMesh>(load_mesh_(mesh.file, mesh.units, mesh.scale));
    } catch (const std::exception& e) {
      fail(child(mp, "file"), std::string("cannot load mesh: ") + e.what());
    }
    body.mesh = std::move(mesh);
  }
  if (j.contains("position")) body.pose.translation = vec3(j["position"], child(path, "position"));
  if (j.contains("orientation")) {
    const Eigen::VectorXd q = numbers(j["orientation"], child(path, "orientation"), 4);
    if (!(q.norm() > 1e-12))
      fail(child(path, "orientation"),
           "zero quaternion (expected [w, x, y, z] of non-zero length)");
    body.pose.rotation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  }
  if (j.contains("linear_velocity")) {
    body.linear_velocity = vec3(j["linear_velocity"], child(path, "linear_velocity"));
  }
  if (j.contains("angular_velocity")) {
    body.angular_velocity = vec3(j["angular_velocity"], child(path, "angular_velocity"));
  }
  resolveMass(j, path, scene, body, warnings);
  return body;
}

// docs/scene-format.md, "Mass properties": from the mesh and the density unless given; `mass` alone
// rescales the mesh-derived inertia; `center_of_mass` and `inertia` override.
void Reader::resolveMass(const json& j, const std::string& path, const Scene& scene,
                         SceneBody& body, std::vector<std::string>& warnings) const {
  std::optional<MassProperties> from_mesh;
  if (body.mesh) {
    double density = 1.0;
    for (const SceneMaterial& m : scene.materials) {
      if (m.name == body.material) density = m.density;
    }
    from_mesh = computeMassProperties(*body.mesh->mesh, density);
    for (const std::string& w : from_mesh->warnings) {
      warnings.push_back(child(path, "mesh") + ": " + w);
    }
  }
  const bool has_density = body.mesh && !body.material.empty();
  MassInertia& mi = body.mass;
  if (j.contains("mass")) {
    mi.mass = positive(j["mass"], child(path, "mass"));
    if (from_mesh && from_mesh->mass > 0.0) {
      mi.center_of_mass = from_mesh->centroid;
      mi.inertia = from_mesh->inertia * (mi.mass / from_mesh->mass);
      if (!mi.inertia.allFinite())
        fail(child(path, "mass"), "too large: the mesh's inertia scaled to it overflows");
    }
  } else if (has_density) {
    mi.mass = from_mesh->mass;
    mi.center_of_mass = from_mesh->centroid;
    mi.inertia = from_mesh->inertia;
  } else if (!body.fixed) {
    fail(path, "a moving body needs \"mass\" or a \"mesh\" with a \"material\" (density)");
  }
  if (j.contains("center_of_mass")) {
    mi.center_of_mass = vec3(j["center_of_mass"], child(path, "center_of_mass"));
  }
  const std::string inertia_path = child(path, "inertia");
  if (j.contains("inertia")) {
    const Eigen::VectorXd v = numbers(j["inertia"], inertia_path, 6);
    mi.inertia << v[0], v[3], v[4], v[3], v[1], v[5], v[4], v[5], v[2];
  } else if (!body.fixed && !body.mesh) {
    fail(inertia_path,
         "required for a moving body without a mesh ([Ixx, Iyy, Izz, Ixy, Ixz, Iyz])");
  }
  if (body.fixed) return;
  if (!(mi.mass > 0.0))
    fail(child(path, "mass"), "the mesh encloses no volume: give \"mass\" and \"inertia\"");
  // The natural-coordinate mass matrix needs a positive definite inertia whose principal moments
  // satisfy the triangle inequality (docs/dynamics.md, "Natural coordinates").
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(mi.inertia).eigenvalues();
  const double largest = moments.cwiseAbs().maxCoeff();
  const bool ok = mi.inertia.allFinite() && largest > 0.0 &&
                  (mi.inertia - mi.inertia.transpose()).norm() <= 1e-12 * largest &&
                  moments.minCoeff() > 1e-9 * largest &&
                  moments[0] + moments[1] > moments[2] * (1.0 + 1e-9);
  if (!ok) {
    std::ostringstream message;
    message << "singular inertia (principal moments " << moments[0] << ", " << moments[1] << ", "
            << moments[2] << "): expected positive moments with I1 + I2 > I3";
    fail(j.contains("inertia") ? inertia_path : child(path, "mesh"),
         message.str() + (j.contains("inertia") ? "" : "; give \"inertia\" explicitly"));
  }
}

SceneJoint Reader::readJoint(const json& j, const std::string& path) const {
  expectObject(j, path, {"name", "type", "body_a", "body_b", "point", "axis", "drive", "limits"});
  SceneJoint joint;
  joint.name = j.contains("name") ? string(j["name"], child(path, "name")) : path;
  if (!j.contains("type"))
    fail(child(path, "type"), "required (revolute, spherical, fixed or prismatic)");
  const std::string type = string(j["type"], child(path, "type"));
  if (type == "revolute")
    joint.type = JointType::Revolute;
  else if (type == "spherical")
    joint.type = JointType::Spherical;
  else if (type == "fixed")
    joint.type = JointType::Fixed;
  else if (type == "prismatic")
    joint.type = JointType::Prismatic;
  else
    fail(child(path, "type"),
         "expected revolute, spherical, fixed or prismatic, got \"" + type + "\"");
  for (const char* key : {"body_a", "body_b", "point"}) {
    if (!j.contains(key)) fail(child(path, key), "required");
  }
  joint.body_a = bodyReference(j["body_a"], child(path, "body_a"));
  joint.body_b = bodyReference(j["body_b"], child(path, "body_b"));
  if (joint.body_a == joint.body_b)
    fail(child(path, "body_b"), "a joint needs two different bodies");
  joint.point = vec3(j["point"], child(path, "point"));
  const bool needs_axis = joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
  if (needs_axis) {
    if (!j.contains("axis")) fail(child(path, "axis"), "required for a " + type + " joint");
    joint.axis = vec3(j["axis"], child(path, "axis"));
    if (!(joint.axis.norm() > 0.0)) fail(child(path, "axis"), "expected a non-zero vector");
  } else if (j.contains("axis")) {
    fail(child(path, "axis"), "a " + type + " joint has no axis");
  }
  for (const char* key : {"drive", "limits"}) {
    if (j.contains(key) && !needs_axis)
      fail(child(path, key),
           "only a revolute or prismatic joint has one, not a " + type + " joint");
  }
  const bool revolute = joint.type == JointType::Revolute;
  if (j.contains("drive")) joint.drive = readDrive(j["drive"], child(path, "drive"), revolute);
  if (j.contains("limits")) joint.limits = readLimits(j["limits"], child(path, "limits"), revolute);
  return joint;
}

// Positions are the joint's angle (rad) or displacement (m) from its pose at t = 0; defaults are
// JointMotorLaw's (docs/scene-format.md, "Joint drives and limits").
SceneJointDrive Reader::readDrive(const json& j, const std::string& path, bool revolute) const {
  if (!j.is_object()) fail(path, "expected an object, got " + describe(j));
  if (!j.contains("type")) fail(child(path, "type"), "required (speed, ramp, table or motor)");
  const std::string type = string(j["type"], child(path, "type"));
  const char* max_key = revolute ? "max_torque" : "max_force";
  SceneJointDrive drive;
  if (type == "speed") {
    expectObject(j, path, {"type", "speed"});
    if (!j.contains("speed")) fail(child(path, "speed"), "required for a \"speed\" drive");
    drive.motion = MotionProfile::speed(number(j["speed"], child(path, "speed")));
  } else if (type == "ramp") {
    expectObject(j, path, {"type", "speed", "ramp_time"});
    for (const char* key : {"speed", "ramp_time"}) {
      if (!j.contains(key)) fail(child(path, key), "required for a \"ramp\" drive");
    }
    drive.motion = MotionProfile::ramp(number(j["speed"], child(path, "speed")),
                                       positive(j["ramp_time"], child(path, "ramp_time")));
  } else if (type == "table") {
    expectObject(j, path, {"type", "table"});
    if (!j.contains("table")) fail(child(path, "table"), "required for a \"table\" drive");
    const std::string tp = child(path, "table");
    const json& table = array(j["table"], tp);
    if (table.size() < 2) fail(tp, "expected at least 2 [t, position] points");
    std::vector<std::pair<double, double>> points;
    for (std::size_t i = 0; i < table.size(); ++i) {
      const Eigen::VectorXd p = numbers(table[i], element(tp, i), 2);
      if (i > 0 && !(p[0] > points.back().first))
        fail(element(tp, i), "times must increase strictly");
      points.emplace_back(p[0], p[1]);
    }
    drive.motion = MotionProfile::table(points);
    // The start moves the joint onto x(0); the angle row sin(φ − θ) has its other root half a
    // turn away, so a revolute table must start within a quarter turn of the initial pose.
    const double start = drive.motion->at(0.0).position;
    if (revolute && !(std::abs(start) < 1.5)) {
      fail(tp, "the angle at t = 0 is " + formatBound(start) +
                   " rad: it is measured from the initial pose and must be within 1.5 rad of it");
    }
  } else if (type == "motor") {
    expectObject(j, path, {"type", "position", "speed", "stiffness", "damping", max_key});
    JointMotorLaw& m = drive.motor;
    if (j.contains("position")) m.position = number(j["position"], child(path, "position"));
    if (j.contains("speed")) m.speed = number(j["speed"], child(path, "speed"));
    if (j.contains("stiffness"))
      m.stiffness = nonNegative(j["stiffness"], child(path, "stiffness"));
    if (j.contains("damping")) m.damping = nonNegative(j["damping"], child(path, "damping"));
    if (j.contains(max_key)) m.max_effort = positive(j[max_key], child(path, max_key));
    if (!(m.stiffness > 0.0) && !(m.damping > 0.0))
      fail(path,
           "a motor needs \"stiffness\" (position control) or \"damping\" (velocity "
           "control) > 0");
  } else {
    fail(child(path, "type"), "expected speed, ramp, table or motor, got \"" + type + "\"");
  }
  return drive;
}

// Defaults are JointStopLaw's; the initial pose (position 0) must lie within the limits.
JointStopLaw Reader::readLimits(const json& j, const std::string& path, bool revolute) const {
  expectObject(j, path, {"lower", "upper", "stiffness", "damping"});
  JointStopLaw stop;
  const std::string unit = revolute ? " rad" : " m";
  if (!j.contains("lower") && !j.contains("upper"))
    fail(path, "expected \"lower\", \"upper\" or both");
  if (j.contains("lower")) {
    stop.lower = number(j["lower"], child(path, "lower"));
    if (!(stop.lower <= 0.0))
      fail(child(path, "lower"), "expected a number <= 0" + unit +
                                     " (positions are measured from the initial pose), got " +
                                     describe(j["lower"]));
  }
  if (j.contains("upper")) {
    stop.upper = number(j["upper"], child(path, "upper"));
    if (!(stop.upper >= 0.0))
      fail(child(path, "upper"), "expected a number >= 0" + unit +
                                     " (positions are measured from the initial pose), got " +
                                     describe(j["upper"]));
    if (!(stop.upper > stop.lower)) fail(child(path, "upper"), "expected upper > lower");
  }
  if (!j.contains("stiffness")) fail(child(path, "stiffness"), "required (N·m/rad or N/m)");
  stop.stiffness = positive(j["stiffness"], child(path, "stiffness"));
  if (j.contains("damping")) stop.damping = nonNegative(j["damping"], child(path, "damping"));
  return stop;
}

SceneCable Reader::readCable(const json& j, const std::string& path) const {
  expectObject(
      j, path,
      {"name", "kind", "body_a", "point_a", "body_b", "point_b", "length", "axial_stiffness",
       "damping_ratio", "damping_mass", "mass_per_length", "rest_length", "windlass"});
  SceneCable cable;
  const std::string kind = j.contains("kind") ? string(j["kind"], child(path, "kind")) : "ideal";
  if (kind != "ideal" && kind != "chain")
    fail(child(path, "kind"), "expected \"ideal\" or \"chain\", got \"" + kind + "\"");
  cable.name = j.contains("name") ? string(j["name"], child(path, "name")) : path;
  for (const char* key : {"body_a", "point_a", "body_b", "point_b"}) {
    if (!j.contains(key)) fail(child(path, key), "required");
  }
  cable.body_a = bodyReference(j["body_a"], child(path, "body_a"));
  cable.body_b = bodyReference(j["body_b"], child(path, "body_b"));
  if (cable.body_a == cable.body_b)
    fail(child(path, "body_b"), "a cable needs two different bodies");
  cable.point_a = vec3(j["point_a"], child(path, "point_a"));
  cable.point_b = vec3(j["point_b"], child(path, "point_b"));
  const double distance = (cable.point_b - cable.point_a).norm();
  if (kind == "chain") {
    if (j.contains("length")) {
      fail(child(path, "length"),
           "a chain's length is paid out by its windlass: give \"rest_length\" and \"windlass\"");
    }
    cable.chain = readChain(j, path);
    if (!cable.chain->rest_length && !(distance > 0.0))
      fail(child(path, "rest_length"), "the points coincide: give a positive \"rest_length\"");
    return cable;
  }
  for (const char* key : {"axial_stiffness", "damping_ratio", "damping_mass", "mass_per_length",
                          "rest_length", "windlass"}) {
    if (j.contains(key)) fail(child(path, key), "only for a cable of \"kind\": \"chain\"");
  }
  const std::string lp = child(path, "length");
  const json empty = json::object();
  const json& l = j.contains("length") ? j["length"] : empty;
  try {
    if (l.is_object() && l.contains("table")) {
      expectObject(l, lp, {"table"});
      const json& table = array(l["table"], child(lp, "table"));
      std::vector<std::pair<double, double>> points;
      for (std::size_t i = 0; i < table.size(); ++i) {
        const Eigen::VectorXd p = numbers(table[i], element(child(lp, "table"), i), 2);
        points.emplace_back(p[0], p[1]);
      }
      cable.length = CableLength::table(points);
    } else {
      expectObject(l, lp, {"initial", "rate", "ramp_time", "table"});
      const double initial =
          l.contains("initial") ? positive(l["initial"], child(lp, "initial")) : distance;
      const double rate = l.contains("rate") ? number(l["rate"], child(lp, "rate")) : 0.0;
      const double ramp =
          l.contains("ramp_time") ? nonNegative(l["ramp_time"], child(lp, "ramp_time")) : 0.0;
      if (!(initial > 0.0))
        fail(child(lp, "initial"), "the points coincide: give a positive \"initial\" length");
      cable.length = CableLength::ramp(initial, rate, ramp);
    }
  } catch (const std::invalid_argument& e) {
    fail(lp, e.what());
  }
  return cable;
}

// Defaults are those of ChainProperties and WindlassSettings (docs/chain.md).
ChainProperties Reader::readChain(const json& j, const std::string& path) const {
  ChainProperties chain;
  if (!j.contains("axial_stiffness"))
    fail(child(path, "axial_stiffness"), "required for a chain (EA in N)");
  chain.axial_stiffness = positive(j["axial_stiffness"], child(path, "axial_stiffness"));
  if (j.contains("damping_ratio"))
    chain.damping_ratio = nonNegative(j["damping_ratio"], child(path, "damping_ratio"));
  if (j.contains("damping_mass"))
    chain.damping_mass = positive(j["damping_mass"], child(path, "damping_mass"));
  if (j.contains("mass_per_length"))
    chain.mass_per_length = nonNegative(j["mass_per_length"], child(path, "mass_per_length"));
  if (j.contains("rest_length"))
    chain.rest_length = positive(j["rest_length"], child(path, "rest_length"));
  if (j.contains("windlass")) chain.windlass = readWindlass(j["windlass"], child(path, "windlass"));
  return chain;
}

WindlassSettings Reader::readWindlass(const json& j, const std::string& path) const {
  expectObject(j, path, {"speed", "ramp_time", "stop_length", "stall_tension", "stall_band"});
  WindlassSettings w;
  for (const char* key : {"speed", "stop_length"}) {
    if (!j.contains(key)) fail(child(path, key), "required");
  }
  w.speed = positive(j["speed"], child(path, "speed"));
  w.stop_length = positive(j["stop_length"], child(path, "stop_length"));
  if (j.contains("ramp_time")) w.ramp_time = nonNegative(j["ramp_time"], child(path, "ramp_time"));
  if (j.contains("stall_tension"))
    w.stall_tension = positive(j["stall_tension"], child(path, "stall_tension"));
  if (j.contains("stall_band")) {
    w.stall_band = positive(j["stall_band"], child(path, "stall_band"));
    if (!(w.stall_band < 1.0))
      fail(child(path, "stall_band"),
           "expected a fraction of stall_tension in (0, 1), got " + describe(j["stall_band"]));
  }
  return w;
}

SceneSpring Reader::readSpring(const json& j, const std::string& path) const {
  expectObject(
      j, path,
      {"name", "body_a", "point_a", "body_b", "point_b", "stiffness", "damping", "rest_length"});
  SceneSpring spring;
  spring.name = j.contains("name") ? string(j["name"], child(path, "name")) : path;
  for (const char* key : {"body_a", "point_a", "body_b", "point_b", "stiffness"}) {
    if (!j.contains(key)) fail(child(path, key), "required");
  }
  spring.body_a = bodyReference(j["body_a"], child(path, "body_a"));
  spring.body_b = bodyReference(j["body_b"], child(path, "body_b"));
  if (spring.body_a == spring.body_b)
    fail(child(path, "body_b"), "a spring needs two different bodies");
  spring.point_a = vec3(j["point_a"], child(path, "point_a"));
  spring.point_b = vec3(j["point_b"], child(path, "point_b"));
  spring.stiffness = nonNegative(j["stiffness"], child(path, "stiffness"));
  if (j.contains("damping")) spring.damping = nonNegative(j["damping"], child(path, "damping"));
  if (j.contains("rest_length")) {
    spring.rest_length = nonNegative(j["rest_length"], child(path, "rest_length"));
  }
  return spring;
}

SceneLoad Reader::readLoad(const json& j, const std::string& path) const {
  expectObject(j, path, {"body", "force", "point", "torque"});
  SceneLoad load;
  if (!j.contains("body")) fail(child(path, "body"), "required");
  load.body = bodyReference(j["body"], child(path, "body"));
  if (load.body == "world") fail(child(path, "body"), "a load on the world does nothing");
  if (j.contains("force")) {
    load.force = vec3(j["force"], child(path, "force"));
    if (!j.contains("point"))
      fail(child(path, "point"), "required with \"force\" (world coordinates at t = 0)");
  }
  if (j.contains("point")) load.point = vec3(j["point"], child(path, "point"));
  if (j.contains("torque")) load.torque = vec3(j["torque"], child(path, "torque"));
  return load;
}

std::pair<std::string, std::string> Reader::bodyPair(const json& j, const std::string& path) const {
  if (!j.is_array() || j.size() != 2) fail(path, "expected [body, body], got " + describe(j));
  const std::string a = bodyReference(j[0], element(path, 0));
  const std::string b = bodyReference(j[1], element(path, 1));
  if (a == b) fail(path, "expected two different bodies");
  return {a, b};
}

SceneContactLaw Reader::readLaw(const json& j, const std::string& path) const {
  if (!j.is_object()) fail(path, "expected an object, got " + describe(j));
  if (!j.contains("model"))
    fail(child(path, "model"),
         "required (hunt-crossley, modia3d, hertz-stribeck or conforming-hertz)");
  SceneContactLaw law;
  law.model = string(j["model"], child(path, "model"));
  const auto allowed = normalLawParameters().find(law.model);
  if (allowed == normalLawParameters().end()) {
    fail(child(path, "model"),
         "expected hunt-crossley, modia3d, hertz-stribeck or conforming-hertz, got \"" + law.model +
             "\"");
  }
  for (const auto& [key, value] : j.items()) {
    const std::string p = child(path, key);
    if (key == "model") continue;
    if (key == "friction") {
      expectObject(value, p,
                   {"model", "static", "dynamic", "stick_velocity", "viscous", "stiction_tolerance",
                    "v_small"});
      SceneFriction friction;
      if (!value.contains("model"))
        fail(child(p, "model"), "required (stick-slip, stribeck, coulomb or none)");
      friction.model = string(value["model"], child(p, "model"));
      const auto names = frictionParameters().find(friction.model);
      if (names == frictionParameters().end()) {
        fail(child(p, "model"),
             "expected stick-slip, stribeck, coulomb or none, got \"" + friction.model + "\"");
      }
      for (const auto& [fkey, fvalue] : value.items()) {
        if (fkey == "model") continue;
        if (!names->second.count(fkey))
          fail(child(p, fkey), "not a parameter of friction model " + friction.model);
        friction.parameters[fkey] = inRange(fvalue, child(p, fkey), parameterRange(fkey));
      }
      law.friction = friction;
    } else if (allowed->second.count(key)) {
      law.parameters[key] = inRange(value, p, parameterRange(key));
    } else {
      fail(p, "unknown key (not a parameter of contact law " + law.model + ")");
    }
  }
  return law;
}

SceneContact Reader::readContact(const json& j, const std::string& path) const {
  expectObject(j, path, {"pairs", "law", "geometry", "sparsify", "overrides"});
  SceneContact contact;
  // "patch" (the default) or "volumetric", for every pair unless an override says otherwise.
  const auto geometry = [&](const json& g, const std::string& p) {
    const std::string name = string(g, p);
    if (name == "patch") return ContactGeometry::Patch;
    if (name == "volumetric") return ContactGeometry::Volumetric;
    fail(p, "expected \"patch\" or \"volumetric\", got \"" + name + "\"");
  };
  if (j.contains("geometry")) contact.geometry = geometry(j["geometry"], child(path, "geometry"));
  if (j.contains("sparsify")) {
    const json& sp = j["sparsify"];
    const std::string p = child(path, "sparsify");
    expectObject(sp, p, {"min_area", "min_distance", "max_normal_angle"});
    // 0 is allowed for the two sizes (keep every point, merge none); an angle in [0, 180].
    const auto nonNegative = [&](const char* key) {
      const double value = number(sp[key], child(p, key));
      if (!(value >= 0.0)) fail(child(p, key), "must be >= 0");
      return value;
    };
    if (sp.contains("min_area")) contact.sparsify.min_area = nonNegative("min_area");
    if (sp.contains("min_distance")) contact.sparsify.min_distance = nonNegative("min_distance");
    if (sp.contains("max_normal_angle")) {
      contact.sparsify.max_normal_angle = nonNegative("max_normal_angle");
      if (*contact.sparsify.max_normal_angle > 180.0)
        fail(child(p, "max_normal_angle"), "must be <= 180 (degrees)");
    }
  }
  if (j.contains("pairs")) {
    const json& pairs = j["pairs"];
    const std::string p = child(path, "pairs");
    if (pairs.is_string()) {
      if (pairs.get<std::string>() != "all")
        fail(p, "expected \"all\" or a list of [body, body] pairs");
    } else {
      contact.all_pairs = false;
      for (std::size_t i = 0; i < array(pairs, p).size(); ++i) {
        contact.pairs.push_back(bodyPair(pairs[i], element(p, i)));
      }
    }
  }
  if (j.contains("law")) contact.law = readLaw(j["law"], child(path, "law"));
  if (j.contains("overrides")) {
    const std::string p = child(path, "overrides");
    for (std::size_t i = 0; i < array(j["overrides"], p).size(); ++i) {
      const json& o = j["overrides"][i];
      const std::string op = element(p, i);
      expectObject(o, op, {"bodies", "law", "geometry"});
      if (!o.contains("bodies")) fail(child(op, "bodies"), "required");
      // An override sets the pair's law, its contact geometry, or both.
      if (!o.contains("law") && !o.contains("geometry")) fail(child(op, "law"), "required");
      SceneContact::Override override;
      override.bodies = bodyPair(o["bodies"], child(op, "bodies"));
      override.has_law = o.contains("law");
      if (override.has_law) override.law = readLaw(o["law"], child(op, "law"));
      if (o.contains("geometry"))
        override.geometry = geometry(o["geometry"], child(op, "geometry"));
      contact.overrides.push_back(std::move(override));
    }
  }
  return contact;
}

}  // namespace

Scene parseScene(const std::string& text, const std::filesystem::path& file,
                 const MeshLoader& load_mesh) {
  json root;
  try {
    root = json::parse(text);
  } catch (const json::exception& e) {
    // Not only parse_error: a number JSON cannot hold (1e999) is an out_of_range, and neither
    // says where in the file; the position comes from parsing once more.
    const std::optional<JsonErrorLocation> where = locateJsonError(text);
    if (!where) throw SceneError(file.string() + ": invalid JSON: " + e.what());
    throw SceneError(file.string() + ": line " + std::to_string(where->line) + ", column " +
                     std::to_string(where->column) + ": invalid JSON: " + where->reason);
  }
  return Reader(file, load_mesh).read(root);
}

Scene readScene(const std::filesystem::path& file, const MeshLoader& load_mesh) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SceneError(file.string() + ": cannot open the scene file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseScene(text.str(), file, load_mesh);
}

}  // namespace contactsim
