// Closed, outward-oriented meshes of simple solids, used by the model generator and the tests.
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim {

// Box centred at the origin; each face split into divisions x divisions quads.
TriMesh makeBox(const Vec3& half_extents, int divisions = 1);
// Icosahedron subdivided `level` times, vertices on the sphere: 20 * 4^level triangles.
TriMesh makeIcosphere(double radius, int level);
// Torus about the z axis: major radius R, minor radius r, segments around each circle.
TriMesh makeTorus(double major_radius, double minor_radius, int major_segments, int minor_segments);
// Thin plate in the xy plane, top face at z = 0, divided into a grid for realistic contact.
TriMesh makePlate(double size_x, double size_y, double thickness, int divisions);
// Cylinder about the z axis, z in [-length/2, length/2]: `segments` vertices around (on the
// circle), `rings` cells along the axis, each end a fan to its centre.
TriMesh makeCylinder(double radius, double length, int segments, int rings);
// Thick-walled tube (a bore through a sleeve) about the z axis, z in [-length/2, length/2]:
// inner and outer walls of `segments` vertices around (on their circles), `rings` cells along,
// flat annular ends. The inner wall faces the axis.
TriMesh makeTube(double inner_radius, double outer_radius, double length, int segments, int rings);
// Hollow sphere (a socket with no opening): an icosphere of the outer radius and, facing its
// centre, one of the inner radius, both subdivided `level` times.
TriMesh makeSphericalShell(double inner_radius, double outer_radius, int level);

}  // namespace contactsim
