// The window opens a .urdf as a scene document: converted on opening, unsaved, saved as ROBOT.json
// beside the URDF, the converter's warnings shown with the scene's. No display needed: the
// document is not a widget.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "file_kinds.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "scene_document.h"

namespace fs = std::filesystem;
using namespace contactsim;

TEST_CASE("a .urdf opens as an unsaved scene document beside it", "[gui][urdf]") {
  const fs::path dir = fs::path(CONTACTSIM_BINARY_DIR) / "urdf-gui";
  fs::remove_all(dir);
  fs::create_directories(dir / "meshes");
  writeBinaryStl(dir / "meshes/bob.stl", makeBox(Vec3(0.05, 0.05, 0.05)));
  const fs::path urdf = dir / "pendulum.urdf";
  std::ofstream(urdf) << R"(<robot name="pendulum">
  <link name="base"/>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="bob"/>
    <origin xyz="0 0 1"/><axis xyz="0 1 0"/></joint>
  <link name="bob">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial>
    <collision><origin xyz="0 0 -0.5"/><geometry><mesh filename="meshes/bob.stl"/></geometry>
    </collision>
  </link>
  <transmission name="t"/>
</robot>
)";
  CHECK(gui::isSceneFile(QString::fromStdString(urdf.string())));
  const gui::SceneDocument document =
      gui::SceneDocument::fromFile(QString::fromStdString(urdf.string()));
  CHECK_FALSE(document.saved());
  CHECK(document.file() == dir / "pendulum.json");
  gui::MeshCache cache;
  const Scene scene = document.build(cache);
  REQUIRE(scene.bodies.size() == 1);
  CHECK(scene.bodies[0].name == "bob");
  REQUIRE(scene.joints.size() == 1);
  CHECK(scene.joints[0].point.z() == 1.0);
  REQUIRE_FALSE(scene.warnings.empty());
  CHECK(scene.warnings.front().find("<transmission>") != std::string::npos);
}
