// Issue 14, "done when": every scene of the everyday contact corpus (assets/scenes/corpus/) runs
// with fixed time steps anywhere from 1e-5 to 1e-3 s without the run giving up, and its contacts
// never hand the bodies energy: the bodies' kinetic and potential energy, less what loads, drives
// and cables did on them, never rises above its start. The scenes' own tests run them under
// error control; here the user's other choice, a fixed step, is swept over the range.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

struct CorpusScene {
  std::string file;
  // Simulated time: long enough to take in the scene's contact events (the falling pin first
  // touches at 0.078 s, the falling link at 0.143 s), short enough that 1e-5 s steps stay
  // affordable.
  double coarse, fine;  // for steps of 1e-4 s and more, and below
};

const std::vector<CorpusScene> kScenes = {
    {"block_tips_over_edge.json", 0.5, 0.02}, {"block_rocks_back.json", 0.5, 0.02},
    {"pin_rattles_in_bore.json", 0.5, 0.02},  {"pin_on_bore_rim.json", 0.5, 0.1},
    {"stack_of_five.json", 0.3, 0.02},        {"eulers_disk.json", 0.5, 0.02},
    {"spur_gears.json", 0.04, 0.02},          {"chain_links.json", 0.5, 0.16},
    {"chain_links_pushed.json", 0.5, 0.16},   {"thread_pair.json", 0.01, 0.002},
};

struct FixedStepRun {
  int steps = 0;
  // The largest rise of the bodies' own energy above its start, and the energy in play: the
  // work to lift the moving bodies by the model's size, the start's kinetic energy, or the work
  // done on them from outside the contacts, whichever is largest.
  double gain = 0.0, scale = 0.0;
};

// Runs `c` with fixed steps of `dt`; REQUIREs that every step is taken and the state stays finite.
FixedStepRun runFixed(const CorpusScene& c, double dt) {
  Scene scene = test::readShippedScene("corpus/" + c.file);
  scene.solver.time_step = dt;
  scene.solver.tolerance.reset();
  const double until = std::min(scene.end_time, dt >= 1e-4 ? c.coarse : c.fine);
  INFO(c.file << ", fixed steps of " << dt << " s to t = " << until << " s");
  Simulation simulation(scene);
  const Ali3pIntegrator& integrator = simulation.integrator();
  const auto outside = [&] {
    const EnergyReport e = integrator.energy();
    return e.load_work + e.drive_work + e.cable_work;
  };
  const auto own = [&] {
    const EnergyReport e = integrator.energy();
    return e.kinetic + e.gravity + e.springs - outside();
  };
  FixedStepRun run;
  for (const BodyDefinition& body : simulation.system().bodies()) {
    if (!body.fixed) {
      run.scale += body.mass.mass * simulation.system().forces().gravity().norm() *
                   simulation.system().lengthScale();
    }
  }
  run.scale = std::max(run.scale, integrator.energy().kinetic);
  const double start = own();
  while (simulation.time() < until - 0.5 * dt) {
    REQUIRE_NOTHROW(simulation.step());
    run.gain = std::max(run.gain, own() - start);
    run.scale = std::max(run.scale, std::abs(outside()));
    ++run.steps;
  }
  REQUIRE(integrator.state().q.allFinite());
  REQUIRE(integrator.state().qdot.allFinite());
  return run;
}

}  // namespace

TEST_CASE("the contact corpus runs through with fixed steps from 1e-5 to 1e-3 s",
          "[corpus][slow]") {
  for (const CorpusScene& c : kScenes) {
    for (const double dt : {1e-3, 2e-4, 5e-5, 1e-5}) {
      const FixedStepRun run = runFixed(c, dt);
      INFO(c.file << " at " << dt << " s: " << run.steps << " steps, largest gain " << run.gain
                  << " J of " << run.scale << " J in play");
      // A gain is the trapezoidal rule's own energy error where a step does not resolve an
      // impact, or a contact's release beyond its ledger (docs/dynamics.md, "Passivity of
      // contact"): a few per cent at most, never a contact throwing the bodies apart.
      CHECK(run.gain <= 0.05 * run.scale);
    }
  }
}

// The toppled block lands flat on its long face, and its face contact is re-identified as it
// rebounds: the contact it hands its ledger on to must not release more than the impact stored
// (docs/dynamics.md, "The release checks at the state a step arrives at"; 4 % of the energy in
// play before that check). 1 %, as the block's own tests under error control allow of the
// barrier (test_corpus_tip.cpp).
TEST_CASE("a block toppling onto its face at fixed 0.2 ms steps gains at most 1 %",
          "[corpus][slow]") {
  const FixedStepRun run = runFixed({"block_tips_over_edge.json", 0.5, 0.02}, 2e-4);
  INFO("largest gain " << run.gain << " J of " << run.scale << " J in play");
  CHECK(run.gain <= 0.01 * run.scale);
}

// Contacts that go on through a step are checked too (docs/dynamics.md, "The release checks at
// the state a step arrives at"): the normal part of their committed start loads' half may not
// release more than they hold together. Before, at 1 ms the pin dropped on the bore's rim gained
// 1.5 % of the energy in play.
TEST_CASE("the contact corpus never gains energy with fixed steps of 1 and 0.2 ms",
          "[corpus][slow]") {
  for (const CorpusScene& c : kScenes) {
    for (const double dt : {1e-3, 2e-4}) {
      const FixedStepRun run = runFixed(c, dt);
      INFO(c.file << " at " << dt << " s: " << run.steps << " steps, largest gain " << run.gain
                  << " J of " << run.scale << " J in play");
      CHECK(run.gain <= 0.01 * run.scale);
    }
  }
}
