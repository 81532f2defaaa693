// The scene file's "springs" and "loads" sections: forces between two bodies and on one
// (docs/scene-format.md, `springs[]` and `loads[]`).

#include "scene/scene_sections.h"

#include <tuple>

namespace contactsim::scene_reading {

SceneSpring readSpring(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(
      j, path,
      {"name", "body_a", "point_a", "body_b", "point_b", "stiffness", "damping", "rest_length"});
  SceneSpring spring;
  spring.name = j.contains("name") ? r.string(j["name"], child(path, "name")) : path;
  for (const char* key : {"body_a", "point_a", "body_b", "point_b", "stiffness"}) {
    if (!j.contains(key)) r.fail(child(path, key), "required");
  }
  std::tie(spring.body_a, spring.body_b) = r.connectedBodies(j, path, "spring");
  spring.point_a = r.vec3(j["point_a"], child(path, "point_a"));
  spring.point_b = r.vec3(j["point_b"], child(path, "point_b"));
  spring.stiffness = r.nonNegative(j["stiffness"], child(path, "stiffness"));
  if (j.contains("damping")) spring.damping = r.nonNegative(j["damping"], child(path, "damping"));
  if (j.contains("rest_length")) {
    spring.rest_length = r.nonNegative(j["rest_length"], child(path, "rest_length"));
  }
  return spring;
}

SceneLoad readLoad(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(j, path, {"body", "force", "point", "torque"});
  SceneLoad load;
  if (!j.contains("body")) r.fail(child(path, "body"), "required");
  load.body = r.bodyReference(j["body"], child(path, "body"));
  if (load.body == "world") r.fail(child(path, "body"), "a load on the world does nothing");
  if (j.contains("force")) {
    load.force = r.vec3(j["force"], child(path, "force"));
    if (!j.contains("point"))
      r.fail(child(path, "point"), "required with \"force\" (world coordinates at t = 0)");
  }
  if (j.contains("point")) load.point = r.vec3(j["point"], child(path, "point"));
  if (j.contains("torque")) load.torque = r.vec3(j["torque"], child(path, "torque"));
  return load;
}

}  // namespace contactsim::scene_reading
