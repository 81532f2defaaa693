// The mesh importer as a scene reader's MeshLoader: what every front end (CLI, GUI, tests of the
// shipped scenes) passes to readScene, so that a scene's meshes load the same way everywhere.
#pragma once

#include "geometry/tri_mesh.h"
#include "import/mesh_import.h"
#include "scene/scene.h"

namespace contactsim {

// The importer's options for what a body asks for: its units, scale and object.
ImportOptions importOptionsFor(const SceneMesh& request);

// Imports request.file (importMesh) in its units and scale: the one object it names, or all of
// the file's objects merged. Throws MeshImportError.
TriMesh importSceneMesh(const SceneMesh& request);

}  // namespace contactsim
