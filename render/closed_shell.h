// Whether a mesh is a closed shell facing outwards, so that its back faces cannot be seen from
// outside it: an opaque body drawn from such a mesh may cull them.
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim::render {

// Watertight, consistently oriented and enclosing a positive volume (counter-clockwise seen from
// outside). False for an empty mesh.
bool isClosedOutwardShell(const TriMesh& mesh);

}  // namespace contactsim::render
