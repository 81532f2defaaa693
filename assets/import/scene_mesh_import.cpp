#include "import/scene_mesh_import.h"

#include <map>
#include <memory>
#include <string>

namespace contactsim {

ImportOptions importOptionsFor(const SceneMesh& request) {
  ImportOptions options;
  options.units = request.units;
  options.scale = request.scale;
  options.object = request.object;
  return options;
}

MeshLoader sceneMeshLoader() {
  // Shared by the loader's copies (a MeshLoader is a std::function, copied freely).
  auto files = std::make_shared<std::map<std::filesystem::path, MeshFile>>();
  return [files](const SceneMesh& request) {
    const ImportOptions options = importOptionsFor(request);
    const std::filesystem::path key = std::filesystem::absolute(request.file).lexically_normal();
    auto found = files->find(key);
    if (found == files->end()) found = files->emplace(key, MeshFile(request.file, options)).first;
    return found->second.mesh(options).mesh;
  };
}

}  // namespace contactsim
