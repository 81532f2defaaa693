// contactsim-cli with a URDF: `convert` writes a scene that opens, `run` and `info` take the
// .urdf itself, and a broken description is one error line naming the file and the element.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"

using namespace contactsim::testing;
namespace fs = std::filesystem;

namespace {

// A pendulum: a fixed base and one link on a revolute joint, its mesh found via package://.
fs::path writePendulum(const std::string& name, const std::string& child = "bob") {
  const fs::path dir = fs::path(CONTACTSIM_BINARY_DIR) / "urdf-cli" / name;
  fs::create_directories(dir / "pend_pkg/meshes");
  contactsim::writeBinaryStl(dir / "pend_pkg/meshes/bob.stl",
                             contactsim::makeBox(contactsim::Vec3(0.05, 0.05, 0.05)));
  const fs::path urdf = dir / "pendulum.urdf";
  std::ofstream(urdf) << R"(<robot name="pendulum">
  <link name="base"/>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link=")"
                      << child << R"("/>
    <origin xyz="0 0 1" rpy="0 0.3 0"/>
    <axis xyz="0 1 0"/>
    <limit lower="-0.5" upper="0.5" effort="10" velocity="3"/>
  </joint>
  <link name="bob">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial>
    <collision><origin xyz="0 0 -0.5"/>
      <geometry><mesh filename="package://pend_pkg/meshes/bob.stl"/></geometry></collision>
  </link>
</robot>
)";
  return urdf;
}

}  // namespace

TEST_CASE("convert writes a scene that run opens; run and info take the .urdf", "[cli][urdf]") {
  const fs::path urdf = writePendulum("ok");
  const fs::path scene = urdf.parent_path() / "out" / "pendulum.json";
  fs::remove_all(scene.parent_path());
  const std::string packages = urdf.parent_path().string();
  const CliResult c =
      runCli({"convert", urdf.string(), scene.string(), "--package-path", packages});
  INFO(c.err);
  REQUIRE(c.exit_code == 0);
  CHECK(c.out == scene.string() + ": robot 'pendulum', 1 bodies, 1 joints\n");
  std::ifstream in(scene);
  const nlohmann::json j = nlohmann::json::parse(in);
  // Mesh paths relative to the scene's folder, so the pair can be moved together.
  CHECK(j["bodies"][0]["mesh"]["file"] == "../pend_pkg/meshes/bob.stl");
  CHECK(j["joints"][0]["limits"]["upper"] == 0.5);

  const CliResult r = runCli({"run", scene.string(), "--until", "0.01", "--json"});
  CHECK(r.exit_code == 0);
  const CliResult u =
      runCli({"run", urdf.string(), "--until", "0.01", "--json", "--package-path", packages});
  INFO(u.err);
  CHECK(u.exit_code == 0);
  CHECK(nlohmann::json::parse(u.out)["simulated_seconds"] ==
        nlohmann::json::parse(r.out)["simulated_seconds"]);

  const CliResult i = runCli({"info", urdf.string(), "--json", "--package-path", packages});
  REQUIRE(i.exit_code == 0);
  const nlohmann::json info = nlohmann::json::parse(i.out);
  CHECK(info["bodies"].size() == 1);
  CHECK(info["joints"][0]["name"] == "hinge");
  CHECK(info["joints"][0]["point"][2] == 1.0);
}

TEST_CASE("convert: a joint naming a missing link is one error line", "[cli][urdf]") {
  const fs::path urdf = writePendulum("bad", "bob2");
  const CliResult c = runCli({"convert", urdf.string(), (urdf.parent_path() / "x.json").string(),
                              "--package-path", urdf.parent_path().string()});
  CHECK(c.exit_code == 2);
  CHECK(c.err == "error: " + urdf.string() + ":3: joint 'hinge': child link 'bob2' not defined\n");
}
