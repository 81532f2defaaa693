// Reads a scene file (docs/scene-format.md). Every error is one line naming the file,
// the JSON path (`bodies[2].mass`) and what was expected.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "scene/law_parameters.h"
#include "scene/scene.h"

namespace contactsim {

class SceneError : public std::runtime_error {
 public:
  // Control characters (a key or a name holding an escaped line break) are written as \n, \t or
  // \u00XX, so that every error stays one line whatever the file contains.
  explicit SceneError(const std::string& message);
};

// Loads the mesh a body asks for — its file, units, scale and object (SceneMesh; `mesh` not yet
// set). The core does not depend on a mesh importer: the front ends pass sceneMeshLoader()
// (assets/import/scene_mesh_import.h). Its exceptions' what() is appended to the error.
using MeshLoader = std::function<TriMesh(const SceneMesh& request)>;

Scene readScene(const std::filesystem::path& file, const MeshLoader& load_mesh);
// `text` is the file's content; `file` names it in errors and locates relative mesh paths.
Scene parseScene(const std::string& text, const std::filesystem::path& file,
                 const MeshLoader& load_mesh);

}  // namespace contactsim
