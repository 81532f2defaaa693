// The mesh importer as a scene reader's MeshLoader: what every front end (CLI, GUI, tests of the
// shipped scenes) passes to readScene, so that a scene's meshes load the same way everywhere.
#pragma once

#include "geometry/tri_mesh.h"
#include "import/mesh_import.h"
#include "scene/scene.h"
#include "scene/scene_reader.h"

namespace contactsim {

// The importer's options for what a body asks for: its units, scale and object.
ImportOptions importOptionsFor(const SceneMesh& request);

// A MeshLoader giving each body request.file (MeshFile::mesh) in its units and scale: the one
// object it names, or all of the file's objects merged. It keeps every file it reads, so that the
// bodies of an assembly's objects read their file once: use one loader per scene read, and drop
// it after. Throws MeshImportError.
MeshLoader sceneMeshLoader();

}  // namespace contactsim
