// Scene reader: valid scenes, defaults, and one-line errors naming the JSON path.
#include <catch2/catch.hpp>

#include "dynamics/ali3p_integrator.h"
#include "geometry/primitives.h"
#include "import/scene_mesh_import.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"

using namespace contactsim;

namespace {

// A stand-in importer: "cube.stl" is a 1 m cube, anything else fails like a missing file.
TriMesh fakeLoader(const SceneMesh& request) {
  if (request.file.filename() != "cube.stl")
    throw std::runtime_error(request.file.string() + ": no such file");
  return makeBox(Vec3::Constant(0.5 * metresPer(request.units) * request.scale));
}

Scene parse(const std::string& text) { return parseScene(text, "/scenes/test.json", fakeLoader); }

// The error of parsing `text`, which must fail.
std::string errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const SceneError& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK(what.rfind("/scenes/test.json: ", 0) == 0);
    return what;
  }
  FAIL("no error for: " << text);
  return {};
}

const char* kBall = R"({"name": "ball", "mass": 2, "inertia": [0.1, 0.1, 0.1, 0, 0, 0]})";

std::string withBodies(const std::string& bodies, const std::string& rest = "") {
  return R"({"bodies": [)" + bodies + "]" + rest + "}";
}

}  // namespace

TEST_CASE("scene: a complete scene is read with its defaults", "[scene]") {
  const Scene scene = parse(R"({
    "format": "contactsim-scene", "version": 1,
    "solver": {"time_step": 0.002, "penalty": null, "max_newton_iterations": 12,
               "constraint_tolerance": 1e-9, "tolerance": 1e-6, "min_step": 1e-6},
    "materials": [{"name": "steel", "density": 8000, "young_modulus": 2.1e11, "poisson_ratio": 0.3}],
    "bodies": [
      {"name": "base", "fixed": true, "mesh": {"file": "cube.stl", "units": "mm", "scale": 1000}},
      {"name": "block", "mesh": {"file": "cube.stl"}, "material": "steel",
       "position": [0, 0, 2], "orientation": [2, 0, 0, 0], "angular_velocity": [0, 0, 1]},
      {"name": "light", "mesh": {"file": "cube.stl"}, "mass": 4}
    ],
    "joints": [{"name": "pin", "type": "revolute", "body_a": "world", "body_b": "block",
                "point": [0, 0, 3], "axis": [0, 1, 0]}],
    "cables": [{"name": "c", "body_a": "world", "point_a": [0, 0, 5], "body_b": "light",
                "point_b": [0, 0, 0.5], "length": {"table": [[0, 4.5], [1, 4.0]]}}],
    "springs": [{"body_a": "block", "point_a": [0, 0, 2], "body_b": "light", "point_b": [0, 0, 0],
                 "stiffness": 100}],
    "loads": [{"body": "block", "force": [1, 0, 0], "point": [0, 0, 2]}],
    "contact": {"pairs": [["block", "light"]],
                "law": {"model": "hunt-crossley", "stiffness": 1e8,
                        "friction": {"model": "stick-slip", "static": 0.3}},
                "overrides": [{"bodies": ["base", "block"], "law": {"model": "modia3d"}}]}
  })");
  CHECK(scene.solver.time_step == 0.002);
  CHECK_FALSE(scene.solver.penalty);
  CHECK(scene.solver.max_newton_iterations == 12);
  CHECK(scene.solver.constraint_tolerance == 1e-9);
  CHECK(scene.solver.tolerance == 1e-6);
  CHECK(scene.solver.min_step == 1e-6);
  CHECK(scene.end_time == 5.0);
  CHECK(scene.gravity == Vec3(0, 0, -9.81));
  REQUIRE(scene.bodies.size() == 3);
  CHECK(scene.bodies[0].mesh->mesh->bounds().max().x() == Approx(0.5));  // mm × 1000
  CHECK(scene.bodies[0].mesh->file == std::filesystem::path("/scenes/cube.stl"));
  // Density × volume; the cube's inertia m/6 about each axis.
  CHECK(scene.bodies[1].mass.mass == Approx(8000.0));
  CHECK(scene.bodies[1].mass.inertia(0, 0) == Approx(8000.0 / 6.0));
  CHECK(scene.bodies[1].pose.rotation.isApprox(Mat3::Identity()));  // normalised quaternion
  // `mass` alone rescales the mesh inertia.
  CHECK(scene.bodies[2].mass.inertia(2, 2) == Approx(4.0 / 6.0));
  CHECK(scene.cables[0].length.at(1.0).length == Approx(4.0));
  CHECK(scene.joints[0].type == JointType::Revolute);
  CHECK(scene.contact->law->friction->parameters.at("static") == 0.3);
  CHECK(scene.contact->overrides.size() == 1);

  const MultibodySystem system = buildSystem(scene);
  CHECK(system.coordinateCount() == 24);  // the fixed base has no coordinates
  CHECK(system.cables().size() == 1);
}

TEST_CASE("scene: every error is one line with the JSON path", "[scene]") {
  using Catch::Matchers::Contains;
  CHECK_THAT(errorOf(withBodies(kBall, R"(, "gravty": [0, 0, -9.81])")),
             Contains("gravty: unknown key"));
  CHECK_THAT(
      errorOf(withBodies(
          R"({"name": "ball", "mass": 2, "inertia": [0.1, 0.1, 0.1, 0, 0, 0], "colour": 1})")),
      Contains("bodies[0].colour: unknown key"));
  CHECK_THAT(errorOf(withBodies(
                 R"({"name": "ball", "mass": "heavy", "inertia": [0.1, 0.1, 0.1, 0, 0, 0]})")),
             Contains("bodies[0].mass: expected a number, got string \"heavy\""));
  CHECK_THAT(
      errorOf(withBodies(
          kBall,
          R"(, "joints": [{"type": "spherical", "body_a": "world", "body_b": "bal", "point": [0, 0, 0]}])")),
      Contains("joints[0].body_b: unknown body 'bal'"));
  CHECK_THAT(
      errorOf(withBodies(
          R"({"name": "ball", "mass": 2, "inertia": [0.1, 0.1, 0.1, 0, 0, 0], "orientation": [0, 0, 0, 0]})")),
      Contains("bodies[0].orientation: zero quaternion"));
  CHECK_THAT(
      errorOf(withBodies(
          kBall +
          std::string(R"(, {"name": "b2", "mass": -1, "inertia": [0.1, 0.1, 0.1, 0, 0, 0]})"))),
      Contains("bodies[1].mass: expected a positive number, got number -1"));
  CHECK_THAT(
      errorOf(withBodies(R"({"name": "ball", "mass": 2, "inertia": [0.1, 0.1, 0, 0, 0, 0]})")),
      Contains("bodies[0].inertia: singular inertia"));
  CHECK_THAT(errorOf(withBodies(R"({"name": "ball", "mass": 2, "inertia": [1, 1, 3, 0, 0, 0]})")),
             Contains("bodies[0].inertia: singular inertia"));  // violates I1 + I2 > I3
  CHECK_THAT(errorOf(withBodies(R"({"name": "hull", "mesh": {"file": "missing.stl"}, "mass": 1})")),
             Contains("bodies[0].mesh.file: cannot load mesh: /scenes/missing.stl: no such file"));
  CHECK_THAT(errorOf(withBodies(R"({"name": "ball"})")),
             Contains("bodies[0]: a moving body needs \"mass\""));
  CHECK_THAT(errorOf(withBodies(R"({"name": "ball", "mass": 1})")),
             Contains("bodies[0].inertia: required"));
  CHECK_THAT(errorOf(withBodies(kBall + std::string(", ") + kBall)),
             Contains("bodies[1].name: duplicate body name 'ball'"));
  CHECK_THAT(errorOf(withBodies(R"({"name": "world", "fixed": true})")),
             Contains("bodies[0].name: 'world' is reserved"));
  CHECK_THAT(
      errorOf(withBodies(
          kBall,
          R"(, "joints": [{"type": "hinge", "body_a": "world", "body_b": "ball", "point": [0, 0, 0]}])")),
      Contains("joints[0].type: expected revolute"));
  CHECK_THAT(
      errorOf(withBodies(
          kBall,
          R"(, "joints": [{"type": "revolute", "body_a": "world", "body_b": "ball", "point": [0, 0, 0]}])")),
      Contains("joints[0].axis: required"));
  CHECK_THAT(
      errorOf(withBodies(
          kBall,
          R"(, "cables": [{"body_a": "world", "point_a": [0, 0, 1], "body_b": "ball", "point_b": [0, 0, 0], "length": {"rate": -1}}])")),
      Contains("cables[0].length: a non-zero rate needs ramp_time > 0"));
  CHECK_THAT(errorOf(withBodies(kBall, R"(, "solver": {"max_newton_iterations": 2.5})")),
             Contains("solver.max_newton_iterations: expected an integer"));
  CHECK_THAT(errorOf(withBodies(kBall, R"(, "solver": {"time_step": 1e-3, "min_step": 1e-2})")),
             Contains("solver.min_step: must not exceed time_step"));
  CHECK_THAT(errorOf(withBodies(kBall, R"(, "solver": {"tolerance": -1})")),
             Contains("solver.tolerance"));
  CHECK_THAT(errorOf(withBodies(
                 kBall, R"(, "contact": {"law": {"model": "hunt-crossley", "stifness": 1}})")),
             Contains("contact.law.stifness: unknown key"));
  CHECK_THAT(errorOf(withBodies(
                 kBall, R"(, "materials": [{"name": "x", "density": 1, "poisson_ratio": 0.7}])")),
             Contains("materials[0].poisson_ratio: expected 0 < nu < 0.5"));
  CHECK_THAT(errorOf("{\"bodies\": [}"), Contains("invalid JSON"));
  CHECK_THAT(errorOf("[1, 2]"), Contains("(top level): expected an object"));
}

TEST_CASE("scene: the bundled example scenes load and run", "[scene]") {
  for (const char* name : {"pendulum.json", "cable_hoist.json"}) {
    const Scene scene = readScene(
        std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes" / name, sceneMeshLoader());
    const MultibodySystem system = buildSystem(scene);
    Ali3pIntegrator integrator(system, scene.solver);
    for (int i = 0; i < 100; ++i) integrator.step();
    CHECK(integrator.constraintViolation() < 1e-9);
  }
  CHECK_THROWS_WITH(readScene("/nonexistent/scene.json", sceneMeshLoader()),
                    "/nonexistent/scene.json: cannot open the scene file");
}

// mesh.shell_thickness: the body's mass properties from its surface as a sheet (issue 20). The
// stand-in cube has 6 m² of surface: a 10 mm sheet of 8000 kg/m³ weighs 480 kg, and its inertia is
// the faces' 5/3·m_f·a² about each centre axis (m_f = 80 kg, a = 1 m), not the solid's m·a²/6.
TEST_CASE("scene: mesh.shell_thickness takes the body's mass from its surface as a sheet",
          "[scene]") {
  const Scene scene = parse(withBodies(
      R"({"name": "sheet", "mesh": {"file": "cube.stl", "shell_thickness": 0.01}, "material": "steel"},
         {"name": "solid", "mesh": {"file": "cube.stl"}, "material": "steel"})",
      R"(, "materials": [{"name": "steel", "density": 8000}])"));
  const MassInertia& sheet = scene.bodies[0].mass;
  CHECK(scene.bodies[0].mesh->shell_thickness == 0.01);
  CHECK(sheet.mass == Approx(8000.0 * 0.01 * 6.0));
  CHECK(sheet.inertia(0, 0) == Approx(5.0 / 3.0 * 80.0));
  CHECK(scene.bodies[1].mass.mass == Approx(8000.0));
  CHECK(scene.bodies[1].mass.inertia(0, 0) == Approx(8000.0 / 6.0));
  using Catch::Matchers::Contains;
  CHECK_THAT(
      errorOf(withBodies(
          R"({"name": "s", "mesh": {"file": "cube.stl", "shell_thickness": 0}, "mass": 1})")),
      Contains("bodies[0].mesh.shell_thickness: expected a positive number, got number 0"));
  CHECK_THAT(
      errorOf(withBodies(
          R"({"name": "s", "mesh": {"file": "cube.stl", "shell_thickness": "thin"}, "mass": 1})")),
      Contains("bodies[0].mesh.shell_thickness: expected a number"));
}
