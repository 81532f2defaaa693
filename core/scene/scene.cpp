#include "scene/scene.h"

namespace contactsim {

int bodyIndex(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (scene.bodies[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace contactsim
