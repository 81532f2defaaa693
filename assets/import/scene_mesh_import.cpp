#include "import/scene_mesh_import.h"

namespace contactsim {

ImportOptions importOptionsFor(const SceneMesh& request) {
  ImportOptions options;
  options.units = request.units;
  options.scale = request.scale;
  options.object = request.object;
  return options;
}

TriMesh importSceneMesh(const SceneMesh& request) {
  return importMesh(request.file, importOptionsFor(request)).mesh;
}

}  // namespace contactsim
