// Chain cables in scene files (docs/chain.md): fields, defaults, errors naming the JSON path,
// and their tension in simulation frames, in scene order with ideal cables.
#include <catch2/catch.hpp>

#include "scene/scene_reader.h"
#include "sim/simulation.h"

using namespace contactsim;
using Catch::Matchers::Contains;

namespace {

constexpr double kG = 9.81;

TriMesh noMeshes(const SceneMesh& request) {
  throw std::runtime_error(request.file.string() + ": no meshes here");
}

Scene parse(const std::string& text) { return parseScene(text, "/scenes/chain.json", noMeshes); }

std::string errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const SceneError& e) {
    return e.what();
  }
  FAIL("no error for: " << text);
  return {};
}

// A 100 kg load 2 m below a world point, and the given cables.
std::string hoist(const std::string& cables) {
  return R"({"bodies": [{"name": "load", "mass": 100, "inertia": [1, 1, 1, 0, 0, 0],
                         "position": [0, 0, 1]},
                        {"name": "ballast", "mass": 10, "inertia": [1, 1, 1, 0, 0, 0],
                         "position": [5, 0, 1]}],
             "cables": [)" +
         cables + "]}";
}

const std::string kChain =
    R"({"name": "chain", "kind": "chain", "body_a": "world", "point_a": [0, 0, 3],
        "body_b": "load", "point_b": [0, 0, 1], "axial_stiffness": 1e6)";

}  // namespace

TEST_CASE("scene: chain cables, their windlass and defaults", "[scene][chain]") {
  const Scene scene = parse(hoist(kChain + R"(, "damping_ratio": 0.4, "damping_mass": 90,
      "mass_per_length": 2, "rest_length": 1.99,
      "windlass": {"speed": 0.2, "ramp_time": 0.5, "stop_length": 1.5, "stall_tension": 5000,
                   "stall_band": 0.2, "housing_speed": 0.05, "housing_length": 0.3}},
      {"kind": "chain", "body_a": "world", "point_a": [5, 0, 2], "body_b": "ballast",
       "point_b": [5, 0, 1], "axial_stiffness": 2e5})"));
  REQUIRE(scene.cables.size() == 2);
  REQUIRE(scene.cables[0].chain);
  const ChainProperties& c = *scene.cables[0].chain;
  CHECK(c.axial_stiffness == 1e6);
  CHECK(c.damping_ratio == 0.4);
  CHECK(c.damping_mass == 90.0);
  CHECK(c.mass_per_length == 2.0);
  CHECK(c.rest_length == 1.99);
  REQUIRE(c.windlass);
  CHECK(c.windlass->speed == 0.2);
  CHECK(c.windlass->ramp_time == 0.5);
  CHECK(c.windlass->stop_length == 1.5);
  CHECK(c.windlass->stall_tension == 5000.0);
  CHECK(c.windlass->stall_band == 0.2);
  CHECK(c.windlass->housing_speed == 0.05);
  CHECK(c.windlass->housing_length == 0.3);
  // Defaults: those of ChainProperties; no windlass holds L0; rest length = the distance.
  const ChainProperties& d = *scene.cables[1].chain;
  const ChainProperties defaults;
  CHECK(d.damping_ratio == defaults.damping_ratio);
  CHECK(d.mass_per_length == 0.0);
  CHECK_FALSE(d.damping_mass);
  CHECK_FALSE(d.rest_length);
  CHECK_FALSE(d.windlass);
  CHECK_FALSE(d.guide);
  CHECK_FALSE(parse(hoist(R"({"body_a": "world", "point_a": [0, 0, 3], "body_b": "load",
                             "point_b": [0, 0, 1]})"))
                  .cables[0]
                  .chain);
}

TEST_CASE("scene: chain errors name the JSON path", "[scene][chain]") {
  CHECK_THAT(errorOf(hoist(R"({"kind": "rope", "body_a": "world", "point_a": [0, 0, 3],
                               "body_b": "load", "point_b": [0, 0, 1]})")),
             Contains("cables[0].kind: expected \"ideal\" or \"chain\", got \"rope\""));
  CHECK_THAT(errorOf(hoist(R"({"kind": "chain", "body_a": "world", "point_a": [0, 0, 3],
                               "body_b": "load", "point_b": [0, 0, 1]})")),
             Contains("cables[0].axial_stiffness: required for a chain"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "length": {"rate": -0.1, "ramp_time": 1}})")),
             Contains("cables[0].length: a chain's length is paid out by its windlass"));
  CHECK_THAT(errorOf(hoist(R"({"body_a": "world", "point_a": [0, 0, 3], "body_b": "load",
                               "point_b": [0, 0, 1], "damping_ratio": 0.1})")),
             Contains("cables[0].damping_ratio: only for a cable of \"kind\": \"chain\""));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "damping_ratio": -1})")),
             Contains("cables[0].damping_ratio: expected a number >= 0"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "windlass": {"speed": 0.2}})")),
             Contains("cables[0].windlass.stop_length: required"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "windlass": {"speed": 0.2, "stop_length": 1,
                                                      "stall_band": 1.5}})")),
             Contains("cables[0].windlass.stall_band: expected a fraction of stall_tension"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "windlass": {"speed": 0.2, "stop_length": 1,
                                                      "housing_speed": 0.3}})")),
             Contains("cables[0].windlass.housing_speed: expected at most the windlass speed"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "windlass": {"speed": 0.2, "stop_length": 1,
                                                      "housing_length": -1}})")),
             Contains("cables[0].windlass.housing_length: expected a number >= 0"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "windlass": {"speed": 0.2, "stop_length": 1,
                                                      "acceleration": 1}})")),
             Contains("cables[0].windlass.acceleration: unknown key"));
  const std::string ring = R"(, "guide": {"centre": [0, 0, 2], "axis": [0, 0, 2], "radius": 0.1)";
  CHECK_THAT(errorOf(hoist(kChain + R"(, "guide": {"centre": [0, 0, 2], "axis": [0, 0, 1]}})")),
             Contains("cables[0].guide.radius: required"));
  CHECK_THAT(errorOf(hoist(kChain + ring + R"(, "plane_normal": [1, 0, 0.1]}})")),
             Contains("cables[0].guide.plane_normal: expected a direction within 80 degrees"));
  CHECK_THAT(errorOf(hoist(kChain + R"(, "guide": {"centre": [0, 0, 2], "axis": [0, 0, 0],
                                                   "radius": 0.1}})")),
             Contains("cables[0].guide.axis: expected a non-zero direction"));
  CHECK_THAT(errorOf(hoist(R"({"body_a": "world", "point_a": [0, 0, 3], "body_b": "load",
                               "point_b": [0, 0, 1])" +
                           ring + "}}")),
             Contains("cables[0].guide: only for a cable of \"kind\": \"chain\""));
}

TEST_CASE("scene: a chain's guide ring, its axis made unit", "[scene][chain]") {
  const Scene scene = parse(hoist(kChain + R"(, "guide": {"centre": [0, 0, 2], "axis": [0, 0, -3],
      "radius": 0.05, "plane_normal": [0, 1, -1]}})"));
  const ChainGuide& g = scene.cables[0].chain.value().guide.value();
  CHECK(g.centre == Vec3(0, 0, 2));
  CHECK(g.axis == Vec3(0, 0, -1));
  CHECK(g.radius == 0.05);
  CHECK((g.plane_normal.value() - Vec3(0, 1, -1).normalized()).norm() < 1e-15);
}

// Frames carry every cable in scene order: an ideal cable's prescribed length and 2·L·λ, a
// chain's paid-out length L0 and its tension (0 while slack).
TEST_CASE("simulation frames: chain tension, paid-out length, brake at the stop length",
          "[sim][chain]") {
  Simulation sim(parse(hoist(R"({"name": "ideal", "body_a": "world", "point_a": [5, 0, 2],
                                 "body_b": "ballast", "point_b": [5, 0, 1]},)" +
                             kChain + R"(, "damping_ratio": 0.5, "rest_length": 1.998,
      "windlass": {"speed": 0.2, "ramp_time": 0.2, "stop_length": 1.9}})")));
  SimulationFrame frame = sim.frame();
  REQUIRE(frame.cables.size() == 2);
  CHECK(frame.cables[0].tension == Approx(10 * kG).epsilon(1e-6));
  CHECK(frame.cables[0].length == Approx(1.0));
  CHECK(frame.cables[1].length == 1.998);
  CHECK(frame.cables[1].tension == Approx(1e6 / 1.998 * 0.002));  // k·s at rest
  // 0.098 m at 0.2 m/s with a 0.2 s ramp and the braking curve: stopped well before 1.5 s.
  while (sim.time() < 1.5 - 1e-9) sim.step();
  frame = sim.frame();
  CHECK(frame.cables[1].length == 1.9);
  CHECK(frame.cables[1].tension == Approx(100 * kG).epsilon(1e-3));
  const double height = frame.bodies[0].pose.translation.z();
  while (sim.time() < 2.0 - 1e-9) sim.step();
  frame = sim.frame();
  CHECK(frame.cables[1].length == 1.9);  // the brake holds
  CHECK(frame.bodies[0].pose.translation.z() == Approx(height).epsilon(1e-6));
}
