// Volume, centre of mass and inertia of a solid bounded by a triangle mesh (divergence theorem).
#pragma once

#include <string>
#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim {

// How the properties were obtained, from exact to rough.
enum class MassMethod {
  ClosedSurface,        // exact for the polyhedron: the surface is closed (every edge balanced)
  Reoriented,           // exact after making inconsistent triangle orientations consistent
  CappedHoles,          // open surface: each boundary loop closed by a fan to its centroid
  BoundingBoxFallback,  // nothing encloses a volume: the solid bounding box (rough)
  ThinShell             // the surface as a sheet of given thickness (shell_mass_properties.h)
};
const char* toString(MassMethod method);

struct MassProperties {
  double volume = 0.0;  // m^3
  double mass = 0.0;    // kg
  Vec3 centroid = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();  // about the centroid, mesh axes, kg m^2
  MassMethod method = MassMethod::ClosedSurface;
  std::vector<std::string> warnings;  // what was wrong with the surface and what was done
  bool exact() const { return method == MassMethod::ClosedSurface; }
};

// density in kg/m^3. Never returns a silently wrong result: anything but an exact closed
// surface is reported through `method` and `warnings`.
MassProperties computeMassProperties(const TriMesh& mesh, double density);

}  // namespace contactsim
