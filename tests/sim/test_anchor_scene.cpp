// The flagship scene (seed 004 §V, issue 7): assets/scenes/anchor_hull.json loads, its anchor
// weighs 6414 kg, and its first simulated second runs through the core's Simulation class with
// contact against the hull, the revolute pin held and the chain (docs/chain.md) pulling only.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <string>

#include "import/mesh_import.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

const std::filesystem::path kScene =
    std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/anchor_hull.json";

// The mesh loader the CLI uses (app/cli/run_command.cpp).
TriMesh loadMesh(const std::filesystem::path& file, LengthUnit units, double scale) {
  ImportOptions options;
  options.units = units;
  options.scale = scale;
  return importMesh(file, options).mesh;
}

int bodyIndex(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    if (scene.bodies[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

TEST_CASE("The anchor scene loads: a fixed hull and 6414 kg of anchor in two bodies", "[anchor]") {
  const Scene scene = readScene(kScene, loadMesh);
  REQUIRE(scene.bodies.size() == 4);
  REQUIRE(bodyIndex(scene, "hull") >= 0);
  CHECK(scene.bodies[bodyIndex(scene, "hull")].fixed);
  REQUIRE(bodyIndex(scene, "windlass") >= 0);  // drawn on the deck, no contact pair
  CHECK(scene.bodies[bodyIndex(scene, "windlass")].fixed);
  double moving = 0.0;
  for (const SceneBody& body : scene.bodies)
    if (!body.fixed) moving += body.mass.mass;
  // Masses come from the meshes and steel's density (the scene gives none).
  CHECK(moving == Approx(6414.0).epsilon(0.005));
  REQUIRE(scene.joints.size() == 1);
  CHECK(scene.joints[0].type == JointType::Revolute);
  REQUIRE(scene.cables.size() == 1);
  REQUIRE(scene.cables[0].chain);
  REQUIRE(scene.cables[0].chain->windlass);
  REQUIRE(scene.contact);
}

TEST_CASE("The anchor scene's first second: contact with the hull, constraints held",
          "[anchor][slow]") {
  Scene scene = readScene(kScene, loadMesh);
  const int hull = bodyIndex(scene, "hull");
  const double h = scene.solver.time_step;
  // Exact contact geometry at every Newton iterate (the reference mode).
  ContactOptions options;
  options.geometry_update = ContactGeometryUpdate::EveryIteration;
  Simulation sim(std::move(scene), options);
  REQUIRE(sim.contacts() != nullptr);
  CHECK(sim.contacts()->pairs().size() == 3);  // hull–shank, hull–crown, shank–crown (slot stop)

  double first_contact = -1.0, max_violation = sim.integrator().constraintViolation();
  double max_force = 0.0, max_depth = 0.0;
  const ChainCable& chain = *chainCables(sim.system()).at(0);
  const double stall = chain.windlass()->stallTension();
  double min_tension = chain.tension(), max_tension = chain.tension();
  long slack_steps = 0;
  const long steps = std::lround(1.0 / h);
  for (long k = 0; k < steps; ++k) {
    const StepReport& r = sim.step();  // throws SimulationError on failure
    max_violation = std::max(max_violation, r.constraint_violation);
    min_tension = std::min(min_tension, chain.tension());
    max_tension = std::max(max_tension, chain.tension());
    slack_steps += chain.slack();
    for (const ContactDiagnostics& c : sim.contacts()->contacts()) {
      if (c.body_a == hull || c.body_b == hull) {
        if (first_contact < 0.0) first_contact = sim.time();
        max_force = std::max(max_force, c.normal_force);
        max_depth = std::max(max_depth, c.patch.indentation);
      }
    }
  }
  CHECK(sim.time() == Approx(1.0).margin(0.5 * h));
  INFO("first hull contact at t = " << first_contact << " s, largest normal force " << max_force
                                    << " N, deepest indentation " << max_depth << " m");
  // The anchor hangs by its eye in the hawse pipe and swings onto the lower lip within 1 s.
  CHECK(first_contact > 0.0);
  CHECK(first_contact < 1.0);
  CHECK(max_force > 0.0);
  // Hertz contact of steel: indentations stay well below a millimetre-scale bound.
  CHECK(max_depth < 5e-3);
  // Revolute pin and the bodies' own constraints (ALI3-P with projections).
  CHECK(max_violation < 1e-6);
  // The chain pulls and never pushes: where the anchor bounces off the lip it goes slack (an ideal
  // distance constraint pushed there). Catching the anchor again is a snatch load, not limited by
  // the windlass's stall (no slip clutch is modelled): an anchor of mass m arriving at v on a
  // chain of stiffness k pulls at most m·g + v·√(k·m); v stays below 1 m/s here.
  INFO("chain tension " << min_tension << " .. " << max_tension << " N, slack in " << slack_steps
                        << " of " << steps << " steps; stall " << stall << " N");
  const double mass = 6414.0;
  CHECK(min_tension >= 0.0);
  CHECK(slack_steps > 0);
  CHECK(max_tension > mass * 9.81);  // it carries the anchor
  CHECK(max_tension < mass * 9.81 + 1.0 * std::sqrt(chain.stiffness() * mass));
}
