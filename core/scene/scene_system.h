// Builds the multibody system of a scene.
#pragma once

#include "dynamics/multibody_system.h"
#include "scene/scene.h"

namespace contactsim {

// Body i of the scene is body i of the system. Throws SceneError (naming the scene element)
// when the dynamics rejects an element.
MultibodySystem buildSystem(const Scene& scene);

}  // namespace contactsim
