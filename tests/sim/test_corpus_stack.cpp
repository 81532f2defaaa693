// Everyday contact corpus (assets/scenes/corpus/stack_of_five.json): five 50 mm steel cubes
// stacked on a plate, each placed just touching the one below, settle under gravity. At rest the
// stack stays a stack, stops drifting, and the plate carries exactly the total weight (statics:
// the only other external force is gravity).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <vector>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

struct StackRun {
  std::vector<Vec3> centres;  // of the cubes, bottom first, at the end
  std::vector<double> drift;  // m/s, each cube's displacement over the window / its length
  double fastest = 0.0;       // m/s, largest cube speed seen in the window
  double weight = 0.0;        // N, of the five cubes
  double load = 0.0;          // N, mean vertical force on the plate over the window
  double load_low = INFINITY, load_high = -INFINITY;  // N, its extremes over the window
};

// Runs the scene with steps of 1 ms, under error control at `tolerance` or fixed: 0.6 s to settle,
// then a 0.2 s window.
StackRun runStack(std::optional<double> tolerance) {
  Scene scene = test::readShippedScene("corpus/stack_of_five.json");
  scene.solver.time_step = 1e-3;
  scene.solver.tolerance = tolerance;
  const double g = 9.81;
  int plate = -1;
  std::vector<int> cubes;
  StackRun r;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (scene.bodies[i].name == "plate") plate = static_cast<int>(i);
    if (scene.bodies[i].name.rfind("cube", 0) == 0) {
      cubes.push_back(static_cast<int>(i));
      r.weight += scene.bodies[i].mass.mass * g;
    }
  }
  REQUIRE(plate >= 0);
  REQUIRE(cubes.size() == 5);
  Simulation simulation(scene);
  const Ali3pIntegrator& integrator = simulation.integrator();
  const auto centres = [&] {
    std::vector<Vec3> c;
    for (const int i : cubes)
      c.push_back(simulation.system()
                      .bodyPose(i, integrator.state().q)
                      .apply(scene.bodies[i].mass.center_of_mass));
    return c;
  };
  const double settle = 0.6, end = 0.8;
  std::vector<Vec3> at_settle;
  double load_sum = 0.0;
  int load_frames = 0;
  while (simulation.time() < end - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    if (at_settle.empty() && simulation.time() >= settle - 1e-9) at_settle = centres();
    if (at_settle.empty()) continue;
    const SimulationFrame frame = simulation.frame();
    double on_plate = 0.0;  // vertical force the cubes press on the plate with
    for (const ContactDiagnostics& c : frame.contacts) {
      if (c.body_a == plate) on_plate += c.force().z();
      if (c.body_b == plate) on_plate -= c.force().z();
    }
    load_sum += on_plate;
    ++load_frames;
    r.load_low = std::min(r.load_low, on_plate);
    r.load_high = std::max(r.load_high, on_plate);
    for (const int i : cubes)
      r.fastest = std::max(r.fastest, frame.bodies[i].linear_velocity.norm());
  }
  r.centres = centres();
  for (std::size_t k = 0; k < cubes.size(); ++k)
    r.drift.push_back((r.centres[k] - at_settle[k]).norm() / (end - settle));
  r.load = load_sum / load_frames;
  return r;
}

// The error-controlled run, once (shared by the test cases).
const StackRun& settledStack() {
  static const StackRun run = runStack(1e-6);
  return run;
}

// Each centre over the one below to 2 % of the width; drift below 0.1 mm/s.
void checkStacked(const StackRun& r) {
  const double width = 0.05;
  REQUIRE(r.weight == Approx(5 * 7850 * width * width * width * 9.81).epsilon(1e-6));
  for (std::size_t k = 0; k < r.centres.size(); ++k) {
    INFO("cube " << k + 1 << " at " << r.centres[k].transpose() << ", drift " << r.drift[k]
                 << " m/s");
    if (k > 0) CHECK((r.centres[k] - r.centres[k - 1]).head<2>().norm() < 0.02 * width);
    CHECK(r.drift[k] < 1e-4);
  }
}

}  // namespace

TEST_CASE("stack of five cubes settles: stays stacked and does not drift", "[corpus][slow]") {
  checkStacked(settledStack());
}

// At fixed 1 ms steps the cubes' 0.7 kHz contact ring is not resolved (ωh ≈ 4), and Newton's
// iterates cycle between contact states; while the stall rule accepted such cycles the cubes
// jittered, rose 0.1–0.3 mm and drifted 4–8 mm sideways at up to 76 mm/s. With those cycles split
// (docs/dynamics.md, "Stalls that are cycles") they still drifted at 0.12–0.21 mm/s; with the
// steps also split until the ring is resolved (kFixedStepModeAngle, docs/dynamics.md, "Fixed
// steps") they drift at 1–13 µm/s.
TEST_CASE("stack of five cubes at fixed 1 ms steps: stays stacked and does not drift",
          "[corpus][slow]") {
  const StackRun r = runStack(std::nullopt);
  INFO("fastest cube in the window " << r.fastest << " m/s");
  checkStacked(r);
}

// The stack keeps ringing on its contacts over the window (cube speeds up to ≈ 1.5 mm/s): that is
// the law's own, slow ring-down — Hunt–Crossley damping about a resting load decays at ¾·d·g,
// 1.5 /s for the scene's d = 0.2 s/m, and error control at the scene's tolerance halves that
// (tests/sim/test_resting_cube.cpp) — so "at rest" is not what 0.8 s of this law gives. What
// holds whatever the ring: the bodies' momentum balance, Σm·v̇ = F_plate − W, so over the window T
// the time mean of the load is W + Δp/T with |Δp| ≤ 2·Σm·v_max: 0.15 % of W for 1.5 mm/s over
// 0.2 s. The frames sample the load once per millisecond rather than integrate it (the ring is
// ≈ 0.7 kHz), so their mean is asserted to 1 %.
TEST_CASE("stack of five cubes: the plate carries its weight on average", "[corpus][slow]") {
  const StackRun& r = settledStack();
  INFO("mean load on the plate " << r.load << " N (" << r.load_low << " to " << r.load_high
                                 << " N), fastest cube " << r.fastest << " m/s");
  const double window = 0.2, mass = r.weight / 9.81;
  REQUIRE(2.0 * mass * r.fastest / window < 0.01 * r.weight);  // the bound above holds
  CHECK(r.load == Approx(r.weight).epsilon(0.01));
}
