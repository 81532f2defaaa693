// "keyframes": named states of the bodies (docs/scene-format.md, `keyframes[]`).
#include <set>

#include "scene/scene_sections.h"

namespace contactsim::scene_reading {

std::vector<SceneKeyframe> readKeyframes(const FieldReader& r, const json& j,
                                         const std::string& path, const Scene& scene) {
  std::vector<SceneKeyframe> keyframes;
  std::set<std::string> names;
  const json& list = r.array(j, path);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string kp = element(path, i);
    r.expectObject(list[i], kp, {"name", "time", "bodies"});
    SceneKeyframe keyframe;
    if (!list[i].contains("name")) r.fail(child(kp, "name"), "required");
    keyframe.name = r.string(list[i]["name"], child(kp, "name"));
    if (keyframe.name.empty()) r.fail(child(kp, "name"), "empty");
    if (!names.insert(keyframe.name).second)
      r.fail(child(kp, "name"), "duplicate keyframe name '" + keyframe.name + "'");
    if (list[i].contains("time")) keyframe.time = r.number(list[i]["time"], child(kp, "time"));
    if (!list[i].contains("bodies")) r.fail(child(kp, "bodies"), "required");
    const std::string bp = child(kp, "bodies");
    const json& bodies = list[i]["bodies"];
    if (!bodies.is_object())
      r.fail(bp, "expected an object of body names, got " + describe(bodies));
    for (const auto& [name, state_json] : bodies.items()) {
      const std::string sp = child(bp, name);
      const int index = bodyIndex(scene, name);
      if (index < 0) r.fail(sp, "unknown body '" + name + "'");
      r.expectObject(state_json, sp,
                     {"position", "orientation", "linear_velocity", "angular_velocity"});
      // Unlisted fields keep the body's own initial values.
      const SceneBody& body = scene.bodies[static_cast<std::size_t>(index)];
      SceneBodyState state{body.pose, body.linear_velocity, body.angular_velocity};
      readBodyState(r, state_json, sp, state);
      keyframe.bodies.emplace_back(index, state);
    }
    keyframes.push_back(std::move(keyframe));
  }
  return keyframes;
}

}  // namespace contactsim::scene_reading
