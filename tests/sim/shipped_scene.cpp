#include "shipped_scene.h"

#include <filesystem>

#include "import/mesh_import.h"
#include "scene/scene_reader.h"

namespace contactsim::test {

Scene readShippedScene(const std::string& relative) {
  const auto load = [](const std::filesystem::path& file, LengthUnit units, double scale) {
    ImportOptions options;
    options.units = units;
    options.scale = scale;
    return importMesh(file, options).mesh;
  };
  return readScene(std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes" / relative, load);
}

}  // namespace contactsim::test
