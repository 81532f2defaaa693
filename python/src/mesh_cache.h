// Mesh loading for scenes read from Python, with a per-process cache: a study runs the same
// scene hundreds of times in one worker process, and importing and welding a 100k-triangle hull
// costs more than a short run.
#pragma once

#include <filesystem>

#include "geometry/tri_mesh.h"
#include "scene/scene.h"

namespace contactsim::python {

// A MeshLoader (scene/scene_reader.h) like sceneMeshLoader, for the whole process: each file is
// read once (MeshFile) for all the meshes and objects taken from it, and read again when its size
// or modification time changed. Thread-safe. Throws what importMesh throws.
TriMesh loadCachedMesh(const SceneMesh& request);

// Forgets every cached mesh (tests, and users who edit meshes in place within a second).
void clearMeshCache();

}  // namespace contactsim::python
