// One 50 mm steel cube of the corpus's stack (assets/scenes/corpus/stack_of_five.json) resting on
// its plate: the contact of a face lying flat on a face, in the whole pipeline (collision,
// regions, the Hertz–Hunt–Crossley law, ALI3-P).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include "dynamics/ali3p_integrator.h"
#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;

// The plate and the lowest cube, placed just touching, without friction (the motion is vertical).
Scene restingCube(double dissipation) {
  Scene scene = test::readShippedScene("corpus/stack_of_five.json");
  scene.bodies.resize(2);
  REQUIRE(scene.bodies[1].name == "cube1");
  REQUIRE(scene.contact);
  REQUIRE(scene.contact->law);
  scene.contact->law->parameters["dissipation"] = dissipation;
  scene.contact->law->friction.reset();
  return scene;
}

// Largest |v_z| of the cube over [from, to).
double amplitude(const std::vector<std::pair<double, double>>& speeds, double from, double to) {
  double a = 0.0;
  for (const auto& [t, v] : speeds)
    if (t >= from && t < to) a = std::max(a, std::abs(v));
  return a;
}

// Runs the resting cube with `scene`'s solver and returns the ring-down's rate (1/s) between
// windows 0.4/d apart, where its amplitude has fallen e^-3, and the rest indentation (m).
std::pair<double, double> ringDown(const Scene& scene, double dissipation) {
  Simulation simulation(scene);
  const double first = 0.5 / dissipation, second = 0.9 / dissipation;
  std::vector<std::pair<double, double>> speeds;
  while (simulation.time() < second + 0.05 - 1e-9) {
    simulation.step();
    speeds.emplace_back(simulation.time(), simulation.frame().bodies[1].linear_velocity.z());
  }
  const double early = amplitude(speeds, first, first + 0.05);
  const double late = amplitude(speeds, second, second + 0.05);
  REQUIRE(simulation.frame().contacts.size() == 1);
  return {std::log(early / late) / (second - first),
          simulation.frame().contacts[0].patch.indentation};
}

}  // namespace

// Released just touching, the cube sinks into its equilibrium indentation δ_eq and rings about it.
// Linearised there, F = H(δ)(1 + 3/2·d·δ̇) with H ∝ δ^1.5 is a spring k = 3/2·m·g/δ_eq and a damper
// c = 3/2·d·H(δ_eq) = 3/2·d·m·g, so the ring-down's amplitude falls as exp(−σt), σ = c/2m = ¾·d·g:
// a rate that depends on neither the stiffness, the face's size nor the mass. The trapezoidal
// rule maps the eigenvalue λ = −σ ± iω to (1 + λh/2)/(1 − λh/2), whose modulus gives the rate
// σ/(1 + (ωh/2)²) to first order in σh, ω² = k/m = 3/2·g/δ_eq: 1.1 % below σ at h = 0.05 ms. The
// windows start once the amplitude is a few per cent of the indentation, where the linearisation
// holds.
TEST_CASE("a cube resting on a plate rings down at the Hunt–Crossley rate ¾·d·g",
          "[corpus][slow]") {
  struct Case {
    double dissipation, step;  // s/m, s
  };
  for (const Case c : {Case{1.0, 5e-5}, Case{1.0, 1e-4}, Case{2.0, 5e-5}}) {
    INFO("d = " << c.dissipation << " s/m, h = " << c.step << " s");
    Scene scene = restingCube(c.dissipation);
    scene.solver.time_step = c.step;
    scene.solver.tolerance.reset();
    double rate = 0.0, rest_indentation = 0.0;
    REQUIRE_NOTHROW(std::tie(rate, rest_indentation) = ringDown(scene, c.dissipation));
    const double half_wh = 0.5 * c.step * std::sqrt(1.5 * kG / rest_indentation);
    const double expected = 0.75 * c.dissipation * kG / (1.0 + half_wh * half_wh);
    INFO("rate " << rate << " /s; δ_eq " << rest_indentation << " m, ωh/2 = " << half_wh);
    CHECK(rate == Approx(expected).epsilon(0.005));
  }
}

// Error control resolves the contact's mode to ω·h ≤ kResolvedModeAngle (docs/dynamics.md,
// "Contact modes"), whatever the ring's amplitude: the trapezoidal rule then keeps at least
// 1/(1 + (κ/2)²) of the law's rate σ = ¾·d·g, and never adds damping of its own. Before, the
// ring's sub-micrometre amplitude let substeps near 1 ms through and the rate was half σ.
TEST_CASE(
    "a cube resting on a plate rings down under error control at the rate its resolved mode "
    "keeps",
    "[corpus][slow]") {
  for (const double d : {1.0, 2.0}) {
    Scene scene = restingCube(d);
    REQUIRE(scene.solver.tolerance);
    const auto [rate, rest_indentation] = ringDown(scene, d);
    const double sigma = 0.75 * d * kG, half_angle = 0.5 * kResolvedModeAngle;
    INFO("d = " << d << " s/m: rate " << rate << " /s at tolerance " << *scene.solver.tolerance
                << ", δ_eq " << rest_indentation << " m; σ = " << sigma << " /s");
    CHECK(rate >= 0.995 * sigma / (1.0 + half_angle * half_angle));
    CHECK(rate <= 1.005 * sigma);
  }
}

// Kept as the specification: the law's own rate to 5 %, which would need ω·h ≤ 0.45 (about twice
// the substeps kResolvedModeAngle asks for).
TEST_CASE("a cube resting on a plate rings down at the law's rate under error control",
          "[corpus][!mayfail]") {
  const double d = 1.0;
  Scene scene = restingCube(d);
  REQUIRE(scene.solver.tolerance);
  const auto [rate, rest_indentation] = ringDown(scene, d);
  INFO("rate " << rate << " /s at tolerance " << *scene.solver.tolerance << ", δ_eq "
               << rest_indentation << " m");
  CHECK(rate == Approx(0.75 * d * kG).epsilon(0.05));
}

namespace {

// Largest rise of the cube's kinetic and potential energy above its release over 0.5 s of fixed
// steps `step` with the law's dissipation d, in units of the energy of lifting it by its own size.
double largestGain(double step, double dissipation) {
  Scene scene = restingCube(dissipation);
  scene.solver.time_step = step;
  scene.solver.tolerance.reset();
  Simulation simulation(scene);
  const auto mechanical = [&] {
    const EnergyReport e = simulation.integrator().energy();
    return e.kinetic + e.gravity;
  };
  const double start = mechanical();
  double gain = 0.0, fastest = 0.0;
  while (simulation.time() < 0.5 - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    gain = std::max(gain, mechanical() - start);
    fastest = std::max(fastest, simulation.frame().bodies[1].linear_velocity.norm());
  }
  const double mass = scene.bodies[1].mass.mass, size = 0.05;
  UNSCOPED_INFO("largest gain " << gain << " J, fastest " << fastest << " m/s");
  return gain / (mass * kG * size);
}

// Round-off of that energy.
constexpr double kGainRoundOff = 1e-9;

}  // namespace

// With fixed steps as long as the scene's own 1 ms and twice it — one step spans several periods
// of the contact's 0.7 kHz ring — the cube must still never have more kinetic and potential
// energy than it was released with: the contact only stores and dissipates. Released just
// touching, it rings between δ = 0 and 2δ_eq, so at the top of every ring its ledger holds only
// what the law has dissipated, and the trapezoidal rule's work along the Hertz curve exhausts it.
// The cap then jumps between the law's force (loading) and none (unloading), the iterates cycle
// across the jump, and the stall rule used to accept one of them, carrying up to 58 N of
// unbalanced force (the cube weighs 9.6 N): the cube bounced at centimetres per second. Such a
// step is now solved again with the cycle bracketed (docs/dynamics.md, "Iterates that cycle
// across a jump"). At 1 ms with d = 1 s/m and at 2 ms the bracket alone was not enough (gains of
// 0.037 to 0.26 mJ): there ω·h = 4.3 to 8.6 and the ring was all but undamped; since fixed steps
// are split until ω·h ≤ kFixedStepModeAngle (docs/dynamics.md, "Fixed steps") it decays.
TEST_CASE("a cube resting on a plate at fixed steps never gains energy", "[corpus]") {
  for (const auto& [step, dissipation] :
       {std::pair{5e-4, 0.2}, std::pair{5e-4, 1.0}, std::pair{1e-3, 0.2}, std::pair{1e-3, 1.0},
        std::pair{2e-3, 0.2}, std::pair{2e-3, 1.0}}) {
    INFO("h = " << step << " s, d = " << dissipation << " s/m");
    CHECK(largestGain(step, dissipation) <= kGainRoundOff);
  }
}

// Fixed steps longer than the ring resolves are split until ω·h ≤ kFixedStepModeAngle, so the
// ring-down keeps at least 1/(1 + (κ/2)²) = ½ of the law's rate σ = ¾·d·g (and never gains
// damping of its own). Taken whole, a 1 ms step (ω·h = 4.3 about δ_eq = 0.8 µm) keeps 1/5.6 of it
// and a 2 ms step 1/19.
TEST_CASE(
    "a cube resting on a plate at fixed 1 and 2 ms steps rings down at the rate its "
    "resolved mode keeps",
    "[corpus][slow]") {
  for (const auto& [step, dissipation] :
       {std::pair{1e-3, 1.0}, std::pair{1e-3, 2.0}, std::pair{2e-3, 1.0}, std::pair{2e-3, 2.0}}) {
    Scene scene = restingCube(dissipation);
    scene.solver.time_step = step;
    scene.solver.tolerance.reset();
    const auto [rate, rest_indentation] = ringDown(scene, dissipation);
    const double sigma = 0.75 * dissipation * kG, half_angle = 0.5 * kFixedStepModeAngle;
    INFO("h = " << step << " s, d = " << dissipation << " s/m: rate " << rate << " /s, δ_eq "
                << rest_indentation << " m; σ = " << sigma << " /s");
    CHECK(rate >= 0.995 * sigma / (1.0 + half_angle * half_angle));
    CHECK(rate <= 1.005 * sigma);
  }
}
