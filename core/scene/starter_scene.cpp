#include "scene/starter_scene.h"

namespace contactsim {

SceneMaterial starterMaterial() { return {"steel", 7850.0, 2.1e11, 0.3}; }

// restitution and reduction_factor differ from the table's defaults: they are the values the
// window has written since it first started scenes (3029324), kept so that a scene started there
// behaves as before. sliding_friction, which it also wrote, equalled the default and is left to it.
SceneContactLaw starterContactLaw() {
  SceneContactLaw law;
  law.model = "modia3d";
  law.parameters = {{"restitution", 0.5}, {"reduction_factor", 0.001}};
  return law;
}

}  // namespace contactsim
