// The scene's cables and joint axes for the debug layers, in body frames (the scene gives them in
// world coordinates at t = 0).
#pragma once

#include "scene/scene.h"

namespace contactsim::render {
class SimulationView;
}

namespace contactsim::gui {

void setupSceneOverlays(render::SimulationView& view, const Scene& scene);

}  // namespace contactsim::gui
