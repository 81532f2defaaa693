// A scene's cables and joint axes for the debug layers, in the bodies' frames (the scene gives
// them in world coordinates at its start poses): one source for the window, its replays and the
// videos of `contactsim-cli render`.
#pragma once

#include <vector>

#include "debug_layers.h"
#include "scene/scene.h"

namespace contactsim::render {

class SimulationView;

std::vector<CablePath> sceneCablePaths(const Scene& scene);
std::vector<JointAxis> sceneJointAxes(const Scene& scene);
// Both, into the view's debug layers.
void setupSceneOverlays(SimulationView& view, const Scene& scene);

}  // namespace contactsim::render
