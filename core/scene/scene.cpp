#include "scene/scene.h"

#include "scene/scene_reader.h"

namespace contactsim {

int bodyIndex(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (scene.bodies[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

void applyKeyframe(Scene& scene, const std::string& name) {
  for (const SceneKeyframe& keyframe : scene.keyframes) {
    if (keyframe.name != name) continue;
    for (const auto& [index, state] : keyframe.bodies) {
      SceneBody& body = scene.bodies.at(static_cast<std::size_t>(index));
      body.pose = state.pose;
      body.linear_velocity = state.linear_velocity;
      body.angular_velocity = state.angular_velocity;
    }
    return;
  }
  std::string known;
  for (const SceneKeyframe& keyframe : scene.keyframes)
    known += (known.empty() ? "" : ", ") + keyframe.name;
  throw SceneError(scene.file.string() + ": no keyframe '" + name + "' (" +
                   (known.empty() ? std::string("the scene has none") : "it has " + known) + ")");
}

}  // namespace contactsim
