// A mesh entirely inside another reports no intersecting triangles; this finds that case.
#pragma once

#include "collision/aabb_tree.h"
#include "contact/posed_mesh.h"

namespace contactsim {

enum class Containment { None, AInsideB, BInsideA };
const char* toString(Containment containment);

// Generalized winding number of a point with respect to a closed surface: 1 inside, 0 outside,
// robust for points near the surface and for imperfect (slightly open) meshes. A pass over every
// triangle.
double windingNumber(const PosedMesh& surface, const Vec3& point);

// Whether `point` (query frame) lies inside the closed surface of `surface`'s mesh placed at
// `surface_in_query`: the winding number counted as signed crossings of two rays through the
// tree (signedCrossings), which must agree and be 0 or 1; otherwise (a ray grazing an edge, the
// point on the surface, a hole in the mesh) windingNumber decides.
bool insideSurface(const AabbTree& surface, const Pose& surface_in_query, const Vec3& point);

// For two meshes with no intersecting triangles: is one inside the other? Tests one vertex of
// each against the other when the world bounding boxes nest (cheap rejection first).
Containment findContainment(const AabbTree& a, const Pose& a_in_query, const AabbTree& b,
                            const Pose& b_in_query);

}  // namespace contactsim
