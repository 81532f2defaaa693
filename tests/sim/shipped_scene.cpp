#include "shipped_scene.h"

#include <filesystem>

#include "import/scene_mesh_import.h"
#include "scene/scene_reader.h"

namespace contactsim::test {

Scene readShippedScene(const std::string& relative) {
  return readScene(std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes" / relative,
                   sceneMeshLoader());
}

}  // namespace contactsim::test
