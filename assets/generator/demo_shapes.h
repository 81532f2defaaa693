// Small demo models for quick scenes: a ramp, a block, a pin and a plate with its bore.
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim::models {

// Wedge: base in z = 0 from x = 0 to x = length (along the incline's run), the incline rising
// towards +x at `degrees`, width along y centred on y = 0. Faces gridded at about `cell`.
TriMesh makeRamp(double length, double width, double degrees, double cell);
// Plate in the xy plane (top at z = 0) with a vertical cylindrical bore through its centre.
TriMesh makeBorePlate(double size, double thickness, double bore_radius);
// Cylinder along z, base at z = 0, `segments` around, gridded along its length.
TriMesh makePin(double radius, double length, int segments);

}  // namespace contactsim::models
