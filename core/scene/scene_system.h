// Builds the multibody system of a scene.
#pragma once

#include <memory>
#include <vector>

#include "dynamics/chain_cable.h"
#include "dynamics/joint_actuator.h"
#include "dynamics/multibody_system.h"
#include "scene/scene.h"

namespace contactsim {

// Body i of the scene is body i of the system. Throws SceneError (naming the scene element)
// when the dynamics rejects an element.
MultibodySystem buildSystem(const Scene& scene);

// The chains of a system built by buildSystem (force sources of the system), in the order of
// the scene's cables of "kind": "chain".
std::vector<std::shared_ptr<ChainCable>> chainCables(const MultibodySystem& system);

// The joint motors, stops and friction of a system built by buildSystem (force sources of the
// system), in scene order of their joints, a joint's motor before its stops, then its friction.
std::vector<std::shared_ptr<JointActuator>> jointActuators(const MultibodySystem& system);

}  // namespace contactsim
