// Everyday contact corpus (assets/scenes/corpus/eulers_disk.json): Euler's disk. A steel coin,
// 30 mm across and 3 mm thick, is set down on its rim tilted 15° from the plate and spun at
// 25 rad/s about the vertical; it rolls and wobbles down until it lies flat. Contact and friction
// only take energy: the mechanical energy never rises above its lowest value so far by more than
// 1 % of what has to go (the start less the coin lying flat, m·g·t/2), and at the end the coin
// lies flat, its centre t/2 above the plate.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

struct CoinRun {
  double to_lose = 0.0;       // J, start less lying flat
  double worst_rise = 0.0;    // J, largest rise of the energy above its lowest value so far
  double height = 0.0;        // m, centre of mass above the plate at the end
  double axis_z = 0.0;        // vertical component of the coin's axis at the end
  double rim_speed = 0.0;     // m/s, |v_G| + |ω|·R at the end
  double final_excess = 0.0;  // J, energy above lying flat at the end
};

const CoinRun& spunCoin() {
  static const CoinRun run = [] {
    const double radius = 0.015, thickness = 0.003, g = 9.81, end = 10.0;
    Scene scene = test::readShippedScene("corpus/eulers_disk.json");
    scene.solver.time_step = 1e-3;
    scene.solver.tolerance = 1e-6;
    const int coin = bodyIndex(scene, "coin");
    REQUIRE(coin >= 0);
    const double m = scene.bodies[coin].mass.mass;
    const double flat = m * g * thickness / 2.0;
    Simulation simulation(scene);
    const Ali3pIntegrator& integrator = simulation.integrator();
    const auto mechanical = [&] {
      const EnergyReport e = integrator.energy();
      return e.kinetic + e.gravity;
    };
    CoinRun r;
    double lowest = mechanical();
    r.to_lose = lowest - flat;
    while (simulation.time() < end - 1e-9) {
      REQUIRE_NOTHROW(simulation.step());
      const double e = mechanical();
      r.worst_rise = std::max(r.worst_rise, e - lowest);
      lowest = std::min(lowest, e);
    }
    const SimulationFrame frame = simulation.frame();
    const BodyState& state = frame.bodies[coin];
    r.height = state.pose.apply(scene.bodies[coin].mass.center_of_mass).z();
    r.axis_z = state.pose.rotation(2, 2);
    r.rim_speed = state.linear_velocity.norm() + state.angular_velocity.norm() * radius;
    r.final_excess = mechanical() - flat;
    return r;
  }();
  return run;
}

}  // namespace

// Known failure, reported against the core: the energy rises by up to 7.4e-5 J, 6.2 % of what
// it has to lose (the law's δ switches between the centroid column and δ where the area centroid
// leaves the overlap, docs/method.md, "The indentation the law is given"), and after 10 s the
// coin still wobbles (centre 1.97 mm up, 1.4e-4 J above lying flat). It used to lie flat by then
// (1.513 mm against 1.5): most of its late loss came from ledgers that missed a new contact's
// first-step work ¼h·F₁·v₀ (each re-identified rim contact, every few steps), so caps cut its
// force on unloading — dissipation no law asked for (docs/dynamics.md, "Passivity of contact").
TEST_CASE("Euler's disk spins down passively and ends lying flat", "[corpus][slow][!mayfail]") {
  const CoinRun& r = spunCoin();
  INFO("energy to lose " << r.to_lose << " J, worst rise " << r.worst_rise << " J; height "
                         << r.height << " m, axis z " << r.axis_z);
  CHECK(r.worst_rise < 0.01 * r.to_lose);
  CHECK(std::abs(r.axis_z) > std::cos(1.0 * M_PI / 180.0));
  CHECK(r.height == Approx(0.0015).margin(1e-4));
}

// Known gap, reported against the core: after 10 s the coin still wobbles, its rim at 0.18 m/s
// (below 1 mm/s while the ledgers' miscount dissipated, above): the law's damping and the
// friction of a sliver of contact at the rim take the wobble out slowly.
TEST_CASE("Euler's disk comes to rest", "[corpus][slow][!mayfail]") {
  const CoinRun& r = spunCoin();
  INFO("rim speed " << r.rim_speed << " m/s, energy above lying flat " << r.final_excess << " J");
  CHECK(r.rim_speed < 1e-3);
}

// The coin used to stop at t = 0 when spun at 20 rad/s ("initial state: acceleration computation
// did not converge", the constraints holding to 1e-16): whatever the spin, a coin resting on its
// rim is a consistent start, and the run must begin.
TEST_CASE("Euler's disk starts at any spin", "[corpus]") {
  for (const double spin : {0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0}) {
    INFO("spin " << spin << " rad/s");
    Scene scene = test::readShippedScene("corpus/eulers_disk.json");
    scene.bodies[bodyIndex(scene, "coin")].angular_velocity = Vec3(0, 0, spin);
    std::optional<Simulation> simulation;
    REQUIRE_NOTHROW(simulation.emplace(scene));
    for (int i = 0; i < 20; ++i) REQUIRE_NOTHROW(simulation->step());
  }
}
