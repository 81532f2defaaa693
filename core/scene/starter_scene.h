// What the window writes into a scene it starts itself (issue 19: the GUI had its own literals):
// the material of a body dropped in without one, and the contact law of a scene without a
// contact section. Core, not app/, so that the window, its tests and the docs name one source;
// every parameter not set here takes the law table's default (law_parameters.h).
#pragma once

#include "scene/scene.h"

namespace contactsim {

// Structural steel, `name` "steel".
SceneMaterial starterMaterial();

// modia3d, which needs no hand-set stiffness: it takes E and ν from starterMaterial().
SceneContactLaw starterContactLaw();

}  // namespace contactsim
