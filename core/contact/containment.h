// A mesh entirely inside another reports no intersecting triangles; this finds that case.
#pragma once

#include "contact/posed_mesh.h"

namespace contactsim {

enum class Containment { None, AInsideB, BInsideA };
const char* toString(Containment containment);

// Generalized winding number of a point with respect to a closed surface: 1 inside, 0 outside,
// robust for points near the surface and for imperfect (slightly open) meshes.
double windingNumber(const PosedMesh& surface, const Vec3& point);

// For two meshes with no intersecting triangles: is one inside the other? Tests one vertex of
// each against the other when the world bounding boxes nest (cheap rejection first).
Containment findContainment(const PosedMesh& a, const PosedMesh& b);

}  // namespace contactsim
