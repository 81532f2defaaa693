// Conversion of a TriMesh into the vtkPolyData that a body actor draws.
#pragma once

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include "geometry/tri_mesh.h"

namespace contactsim::render {

enum class Shading {
  Flat,   // one normal per triangle: every facet visible, as the collision code sees the mesh
  Smooth  // vertex normals averaged across edges below a feature angle: curved CAD surfaces
          // look curved while sharp edges (a box's) stay sharp
};

// Points are the mesh's vertices; triangles keep their winding (counter-clockwise seen from
// outside), so the normals point outwards exactly when the mesh is consistently oriented.
vtkSmartPointer<vtkPolyData> makeMeshPolyData(const TriMesh& mesh, Shading shading);

}  // namespace contactsim::render
