// Mass properties of a surface taken as a thin sheet: for open, multi-shell or non-manifold
// exports (visual meshes, sheet-metal parts) whose capped volume says little about the part.
#pragma once

#include "geometry/mass_properties.h"

namespace contactsim {

// The mesh's triangles as laminae of areal density density·thickness (kg/m²): mass ρ t A, centre
// of mass the area centroid, inertia from the laminae's second moments. Exact for a sheet of zero
// thickness lying on the surface; a real sheet of thickness t differs by O(t/R) relative, R the
// surface's smallest radius of curvature, and by the doubled sheet where faces touch. Any
// surface works, closed or not, oriented or not; `volume` is t·A. `method` is ThinShell;
// `warnings` says when the surface is closed and its enclosed volume would have been exact.
// density and thickness must be positive.
MassProperties computeShellMassProperties(const TriMesh& mesh, double density, double thickness);

// The surface's area, m².
double surfaceArea(const TriMesh& mesh);

}  // namespace contactsim
