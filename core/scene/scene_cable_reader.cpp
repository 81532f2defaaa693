// The scene file's "cables" section: ideal cables of prescribed length and elastic chains paid
// out by a windlass (docs/scene-format.md, `cables[]`; docs/chain.md).

#include "scene/scene_sections.h"

#include <cmath>
#include <tuple>

namespace contactsim::scene_reading {
namespace {

WindlassSettings readWindlass(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(j, path,
                 {"speed", "ramp_time", "stop_length", "stall_tension", "stall_band",
                  "housing_speed", "housing_length"});
  WindlassSettings w;
  for (const char* key : {"speed", "stop_length"}) {
    if (!j.contains(key)) r.fail(child(path, key), "required");
  }
  w.speed = r.positive(j["speed"], child(path, "speed"));
  w.stop_length = r.positive(j["stop_length"], child(path, "stop_length"));
  if (j.contains("ramp_time"))
    w.ramp_time = r.nonNegative(j["ramp_time"], child(path, "ramp_time"));
  if (j.contains("stall_tension"))
    w.stall_tension = r.positive(j["stall_tension"], child(path, "stall_tension"));
  if (j.contains("stall_band")) {
    w.stall_band = r.positive(j["stall_band"], child(path, "stall_band"));
    if (!(w.stall_band < 1.0))
      r.fail(child(path, "stall_band"),
             "expected a fraction of stall_tension in (0, 1), got " + describe(j["stall_band"]));
  }
  if (j.contains("housing_speed")) {
    w.housing_speed = r.positive(j["housing_speed"], child(path, "housing_speed"));
    if (w.housing_speed > w.speed)
      r.fail(child(path, "housing_speed"), "expected at most the windlass speed " +
                                               describe(j["speed"]) + ", got " +
                                               describe(j["housing_speed"]));
  }
  if (j.contains("housing_length"))
    w.housing_length = r.nonNegative(j["housing_length"], child(path, "housing_length"));
  return w;
}

// A ring fixed to the ground that leads the chain (chain_path.h), in world coordinates.
ChainGuide readGuide(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(j, path, {"centre", "axis", "radius", "plane_normal"});
  for (const char* key : {"centre", "axis", "radius"}) {
    if (!j.contains(key)) r.fail(child(path, key), "required");
  }
  ChainGuide guide;
  guide.centre = r.vec3(j["centre"], child(path, "centre"));
  const Vec3 axis = r.vec3(j["axis"], child(path, "axis"));
  if (!(axis.norm() > 0.0)) r.fail(child(path, "axis"), "expected a non-zero direction");
  guide.axis = axis.normalized();
  guide.radius = r.positive(j["radius"], child(path, "radius"));
  if (j.contains("plane_normal")) {
    const Vec3 normal = r.vec3(j["plane_normal"], child(path, "plane_normal"));
    if (!(normal.norm() > 0.0) ||
        !(std::abs(normal.normalized().dot(guide.axis)) >= std::cos(kGuideMaxLean)))
      r.fail(child(path, "plane_normal"),
             "expected a direction within 80 degrees of the axis (the plane the opening lies in)");
    guide.plane_normal = normal.normalized();
  }
  return guide;
}

// Defaults are those of ChainProperties and WindlassSettings (docs/chain.md).
ChainProperties readChain(const FieldReader& r, const json& j, const std::string& path) {
  ChainProperties chain;
  if (!j.contains("axial_stiffness"))
    r.fail(child(path, "axial_stiffness"), "required for a chain (EA in N)");
  chain.axial_stiffness = r.positive(j["axial_stiffness"], child(path, "axial_stiffness"));
  if (j.contains("damping_ratio"))
    chain.damping_ratio = r.nonNegative(j["damping_ratio"], child(path, "damping_ratio"));
  if (j.contains("damping_mass"))
    chain.damping_mass = r.positive(j["damping_mass"], child(path, "damping_mass"));
  if (j.contains("mass_per_length"))
    chain.mass_per_length = r.nonNegative(j["mass_per_length"], child(path, "mass_per_length"));
  if (j.contains("rest_length"))
    chain.rest_length = r.positive(j["rest_length"], child(path, "rest_length"));
  if (j.contains("windlass"))
    chain.windlass = readWindlass(r, j["windlass"], child(path, "windlass"));
  if (j.contains("guide")) chain.guide = readGuide(r, j["guide"], child(path, "guide"));
  return chain;
}

}  // namespace

SceneCable readCable(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(
      j, path,
      {"name", "kind", "body_a", "point_a", "body_b", "point_b", "length", "axial_stiffness",
       "damping_ratio", "damping_mass", "mass_per_length", "rest_length", "windlass", "guide"});
  SceneCable cable;
  const std::string kind = j.contains("kind") ? r.string(j["kind"], child(path, "kind")) : "ideal";
  if (kind != "ideal" && kind != "chain")
    r.fail(child(path, "kind"), "expected \"ideal\" or \"chain\", got \"" + kind + "\"");
  cable.name = j.contains("name") ? r.string(j["name"], child(path, "name")) : path;
  for (const char* key : {"body_a", "point_a", "body_b", "point_b"}) {
    if (!j.contains(key)) r.fail(child(path, key), "required");
  }
  std::tie(cable.body_a, cable.body_b) = r.connectedBodies(j, path, "cable");
  cable.point_a = r.vec3(j["point_a"], child(path, "point_a"));
  cable.point_b = r.vec3(j["point_b"], child(path, "point_b"));
  const double distance = (cable.point_b - cable.point_a).norm();
  if (kind == "chain") {
    if (j.contains("length")) {
      r.fail(child(path, "length"),
             "a chain's length is paid out by its windlass: give \"rest_length\" and \"windlass\"");
    }
    cable.chain = readChain(r, j, path);
    if (!cable.chain->rest_length && !(distance > 0.0))
      r.fail(child(path, "rest_length"), "the points coincide: give a positive \"rest_length\"");
    return cable;
  }
  for (const char* key : {"axial_stiffness", "damping_ratio", "damping_mass", "mass_per_length",
                          "rest_length", "windlass", "guide"}) {
    if (j.contains(key)) r.fail(child(path, key), "only for a cable of \"kind\": \"chain\"");
  }
  const std::string lp = child(path, "length");
  const json empty = json::object();
  const json& l = j.contains("length") ? j["length"] : empty;
  try {
    if (l.is_object() && l.contains("table")) {
      r.expectObject(l, lp, {"table"});
      const json& table = r.array(l["table"], child(lp, "table"));
      std::vector<std::pair<double, double>> points;
      for (std::size_t i = 0; i < table.size(); ++i) {
        const Eigen::VectorXd p = r.numbers(table[i], element(child(lp, "table"), i), 2);
        points.emplace_back(p[0], p[1]);
      }
      cable.length = CableLength::table(points);
    } else {
      r.expectObject(l, lp, {"initial", "rate", "ramp_time", "table"});
      const double initial =
          l.contains("initial") ? r.positive(l["initial"], child(lp, "initial")) : distance;
      const double rate = l.contains("rate") ? r.number(l["rate"], child(lp, "rate")) : 0.0;
      const double ramp =
          l.contains("ramp_time") ? r.nonNegative(l["ramp_time"], child(lp, "ramp_time")) : 0.0;
      if (!(initial > 0.0))
        r.fail(child(lp, "initial"), "the points coincide: give a positive \"initial\" length");
      cable.length = CableLength::ramp(initial, rate, ramp);
    }
  } catch (const std::invalid_argument& e) {
    r.fail(lp, e.what());
  }
  return cable;
}

}  // namespace contactsim::scene_reading
