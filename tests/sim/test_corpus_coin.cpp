// Everyday contact corpus (assets/scenes/corpus/eulers_disk.json): Euler's disk. A steel coin,
// 30 mm across and 3 mm thick, is set down on its rim tilted 15° from the plate and spun at
// 25 rad/s about the vertical; it rolls, wobbles and hops down until it lies flat, at rest.
// Contact and friction only take energy: at every frame where contact stores next to no energy
// (ΣF_n·δ under a thousandth of what has to go) the mechanical energy is never above its value at
// an earlier such frame by more than 1 % of what has to go (the start less the coin lying flat,
// m·g·t/2). At the end the coin lies flat, its centre t/2 above the plate.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

// The coin's radius and thickness (m), as coin.stl has them.
constexpr double kCoinRadius = 0.015, kCoinThickness = 0.003;

struct CoinRun {
  double to_lose = 0.0;  // J, start less lying flat
  // J, largest rise of the energy above its lowest value so far, both at frames compared
  double worst_rise = 0.0;
  int free_frames = 0, frames = 0;  // frames compared (no energy stored in contact), and all
  // Tenths of the run with fewer than 5 % of their frames compared: the comparison does not
  // reach through them.
  int blind_tenths = 0;
  double height = 0.0;        // m, centre of mass above the plate at the end
  double axis_z = 0.0;        // vertical component of the coin's axis at the end
  double final_excess = 0.0;  // J, energy above lying flat at the end
  // With CoinSettings::until_rest: when the coin first lay flat at rest (NaN: never), and the
  // largest rim speed and height above t/2 over the time it was then run on.
  double rest_time = std::numeric_limits<double>::quiet_NaN();
  double rim_speed_after = 0.0, height_after = 0.0;
};

// How the coin is run: spin about the vertical, simulated time, frame step and error control
// (none: fixed steps).
struct CoinSettings {
  double spin = 25.0;  // rad/s
  double end = 10.0;   // s
  double step = 1e-3;  // s
  std::optional<double> tolerance = 1e-6;
  // Run until the coin lies flat at rest, then kCoinHeld longer; `end` is only a cap.
  bool until_rest = false;
};

// At rest lying flat: the energy E above lying flat — kinetic, gravity's and what the contact
// stores, at most ΣF_n·δ — below ⅛·m·(1 mm/s)² (J per kg of coin). Contact takes energy and
// never gives more back than it stored (the passivity test below), so from then on the centre
// moves slower than √(2E/m) = 0.5 mm/s and, turning about a diameter (inertia about m·R²/4 and
// up), the rim relative to the centre slower than √(8E/m) = 1 mm/s. Once so, the coin is run on
// for kCoinHeld (s) to see it stay.
const double kCoinRestEnergy = 0.125 * 1e-3 * 1e-3;
const double kCoinHeld = 0.2;

CoinRun runCoin(const CoinSettings& settings) {
  const double g = 9.81;
  Scene scene = test::readShippedScene("corpus/eulers_disk.json");
  scene.solver.time_step = settings.step;
  scene.solver.tolerance = settings.tolerance;
  const int coin = bodyIndex(scene, "coin");
  REQUIRE(coin >= 0);
  scene.bodies[coin].angular_velocity = Vec3(0, 0, settings.spin);
  const double m = scene.bodies[coin].mass.mass;
  const double flat = m * g * kCoinThickness / 2.0;
  Simulation simulation(scene);
  const Ali3pIntegrator& integrator = simulation.integrator();
  const auto mechanical = [&] {
    const EnergyReport e = integrator.energy();
    return e.kinetic + e.gravity;
  };
  CoinRun r;
  double lowest = mechanical();
  r.to_lose = lowest - flat;
  // Each frame's time and whether its energy was compared, for the tenths of the run's length.
  std::vector<std::pair<double, bool>> frames;
  const auto height = [&](const BodyState& state) {
    return state.pose.apply(scene.bodies[coin].mass.center_of_mass).z();
  };
  const auto rimSpeed = [&](const BodyState& state) {
    return state.linear_velocity.norm() + state.angular_velocity.norm() * kCoinRadius;
  };
  while (simulation.time() < settings.end - 0.5 * settings.step) {
    REQUIRE_NOTHROW(simulation.step());
    ++r.frames;
    const double t = simulation.time();
    // Within an impact the contact holds elastic energy that the rebound gives back: the
    // mechanical energy there is no measure of what the contact took. That store is below
    // F_n·δ (Hertz's is ⅖·F_n·δ); frames where it is under a thousandth of what has to go
    // (no contact, or rolling at the coin's weight, µJ below it) are compared.
    double stored = 0.0;
    for (const ContactDiagnostics& c : simulation.contacts()->contacts())
      stored += c.normal_force * std::max(c.patch.indentation, 0.0);
    const bool compared = stored <= 1e-3 * r.to_lose;
    frames.emplace_back(t, compared);
    if (compared) {
      ++r.free_frames;
      const double e = mechanical();
      r.worst_rise = std::max(r.worst_rise, e - lowest);
      lowest = std::min(lowest, e);
    }
    if (!settings.until_rest) continue;
    const BodyState& state = simulation.frame().bodies[coin];
    if (std::isnan(r.rest_time)) {
      if (mechanical() - flat + stored < kCoinRestEnergy * m) r.rest_time = t;
      continue;
    }
    r.rim_speed_after = std::max(r.rim_speed_after, rimSpeed(state));
    r.height_after = std::max(r.height_after, height(state) - 0.5 * kCoinThickness);
    if (t >= r.rest_time + kCoinHeld) break;
  }
  const double length = simulation.time();
  std::array<int, 10> free_in_tenth{}, frames_in_tenth{};
  for (const auto& [t, compared] : frames) {
    const auto tenth = std::min<std::size_t>(9, static_cast<std::size_t>(10.0 * t / length));
    ++frames_in_tenth[tenth];
    free_in_tenth[tenth] += compared ? 1 : 0;
  }
  for (std::size_t i = 0; i < 10; ++i)
    r.blind_tenths += 20 * free_in_tenth[i] < frames_in_tenth[i] ? 1 : 0;
  const SimulationFrame frame = simulation.frame();
  const BodyState& state = frame.bodies[coin];
  r.height = height(state);
  r.axis_z = state.pose.rotation(2, 2);
  r.final_excess = mechanical() - flat;
  return r;
}

// The corpus scene's own coin, run until it lies flat at rest (given at most a minute).
const CoinSettings kSceneCoin{25.0, 60.0, 1e-3, 1e-6, true};
const CoinRun& spunCoin() {
  static const CoinRun run = runCoin(kSceneCoin);
  return run;
}

// The run's passivity: compared through every tenth of it, its energy never rises by 1 % of what
// it has to lose. `settings` says which run it was.
void checkPassive(const std::string& settings, const CoinRun& r) {
  INFO(settings << ": energy to lose " << r.to_lose << " J, worst rise " << r.worst_rise
                << " J over " << r.free_frames << " frames compared of " << r.frames << ", "
                << r.blind_tenths << " tenths of the run without a twentieth of them");
  CHECK(r.blind_tenths == 0);
  CHECK(r.worst_rise < 0.01 * r.to_lose);
}

}  // namespace

// Passive through every contact event. The coin hops on its rim, its impacts at about 0.1 m/s
// nearly elastic under hertz-stribeck (Hunt–Crossley, d = 0.2 s/m: e ≈ 1 − ⅔·d·v), and rolls on
// it. Compared at every frame (before 2026-11-30) the energy rose by up to 4.9e-5 J: each rise was
// the second half of an impact whose first half a frame had caught — at t = 0.898 s the rim 2.5 µm
// deep at 21 N and the energy 5.9e-5 J below the frame before, at 0.899 s the coin free again and
// 1.0e-5 J below it. Frames where contact stores energy are left out, and every tenth of the run
// must have frames compared (at fixed 0.1 ms steps it rolls in contact through whole tenths).
TEST_CASE("Euler's disk never gains energy through a contact event", "[corpus][slow]") {
  // The scene as shipped until it lies flat at rest, other spins and fixed 0.1 ms steps over 3 s.
  std::vector<std::pair<CoinSettings, CoinRun>> runs{{kSceneCoin, spunCoin()}};
  for (const CoinSettings settings : {CoinSettings{15.0, 3.0}, CoinSettings{35.0, 3.0},
                                      CoinSettings{25.0, 3.0, 1e-4, std::nullopt}})
    runs.emplace_back(settings, runCoin(settings));
  for (const auto& [settings, r] : runs) {
    std::ostringstream label;
    label << "spin " << settings.spin << " rad/s, frames of " << settings.step << " s, tolerance "
          << settings.tolerance.value_or(0.0) << " (0: fixed steps)";
    checkPassive(label.str(), r);
  }
}

// Looser tolerances: the substeps grow, and until 2026-11-30 an impact of a few tens of µs could
// begin and end within one step that the passivity ledger's refinement no longer split (it
// stopped at 1/32 of the longest step): at 1e-5 the coin gained 1.5 % of what it has to lose
// (1.7e-5 J over 3 s). Under error control that refinement now goes on to 1/1024
// (sim/contact_passivity.h, kControlledReleaseRefinement).
TEST_CASE("Euler's disk never gains energy through a contact event at looser tolerances",
          "[corpus][slow]") {
  for (const double tolerance : {1e-5, 1e-4})
    checkPassive("tolerance " + std::to_string(tolerance), runCoin({25.0, 3.0, 1e-3, tolerance}));
}

// At fixed steps taken whole the rolling coin gained with the step, faster than linearly —
// 3.7e-6, 1.06e-5 and 3.4e-5 J at 0.05, 0.1 and 0.2 ms over 3 s (0.31, 0.89 and 2.8 % of what it
// has to lose) — in frames of rolling contact, not at impacts that end within a step. Its rim
// contact's normal mode is not resolved at 0.2 ms; since fixed steps are split until it is
// (kFixedStepModeAngle, docs/dynamics.md, "Fixed steps") it passes. The suspect named before (the
// force's material points frozen at the step's start while the rim point under a rolling coin
// rises by R(ωh)²/2 over the step) shrinks with the substep too, so which of the two it was is
// not settled.
TEST_CASE("Euler's disk never gains energy at fixed 0.2 ms steps", "[corpus][slow]") {
  checkPassive("fixed 0.2 ms", runCoin({25.0, 3.0, 2e-4, std::nullopt}));
}

// Spun down to rest lying flat. The coin ends as Euler's disk does, at a finite time: as its tilt
// α falls the contact point runs round the rim ever faster (Moffatt 2000: Ω² ∝ g/(R·α)) and the
// wobble stops abruptly, here about 30 s after the start (the tilt 1.8° at 10 s, 0.7° at 20 s,
// 0.03° at 28 s). What takes the energy is the contact's damping and friction at the rim; no air
// and no rolling resistance are modelled, which is why a real coin stops sooner. Until
// 2026-12-03 this ran 10 s and expected the coin flat by then, which it was only while the
// passivity ledgers' miscount dissipated (docs/dynamics.md, "Passivity of contact").
TEST_CASE("Euler's disk spins down to rest lying flat", "[corpus][slow]") {
  const CoinRun& r = spunCoin();
  INFO("at rest at " << r.rest_time << " s; then rim speed up to " << r.rim_speed_after
                     << " m/s, centre up to " << r.height_after << " m above t/2; at the end "
                     << r.height << " m up, axis z " << r.axis_z);
  REQUIRE_FALSE(std::isnan(r.rest_time));
  // Held on: it stays at rest, lying flat (a hop would lift its centre; the steel's own
  // indentation under the coin's weight is a fraction of a micrometre, below it).
  CHECK(r.rim_speed_after < 1.5e-3);
  CHECK(r.height_after < 1e-3 * kCoinThickness);
  CHECK(std::abs(r.axis_z) > std::cos(1.0 * M_PI / 180.0));
  CHECK(r.height == Approx(0.5 * kCoinThickness).margin(1e-3 * kCoinThickness));
  CHECK(r.final_excess < 1e-3 * r.to_lose);
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

// Lying flat and rocking about a diameter, the coin is turned back by its pressure's centre, which
// a tilt θ moves by R²/(4δ)·θ (600 µm per mrad here, δ = 95 nm under its weight): the flat face's
// restoring moment. At rest the pair keeps the geometry of an earlier step (docs/dynamics.md,
// "Geometry kept at rest"); while its centre of pressure stayed where it was found, a kept step
// held that moment still while the coin rocked on at ~1.6 kHz, and the lag fed the rocking: the
// coin lying flat after the spin-down rocked at 2e-7 rad/s from 36 s to the minute's end, its
// geometry found again in five of six steps. Set down flat at its weight's indentation and given
// a rocking, the coin must stay put, stop rocking, and then keep its geometry.
namespace {

struct FlatRocking {
  double indentation = 0.0;            // m, where the law carries the weight
  double late_rocking = 0.0;           // rad/s, largest over the last 0.2 s
  double first_speed = 0.0;            // m/s, the centre's largest over the first 0.3 s
  std::int64_t queries = 0, kept = 0;  // over the last 0.2 s
};

FlatRocking rockFlat(const Vec3& rocking, double dissipation) {
  Scene scene = test::readShippedScene("corpus/eulers_disk.json");
  scene.contact.value().law.value().parameters["dissipation"] = dissipation;
  const int coin = bodyIndex(scene, "coin");
  REQUIRE(coin >= 0);
  const double weight = scene.bodies[coin].mass.mass * 9.81;
  FlatRocking r;
  SceneBody& body = scene.bodies[coin];
  body.pose.rotation = Mat3::Identity();
  body.linear_velocity = Vec3::Zero();
  body.angular_velocity = rocking;
  {
    // The indentation at which the pair's own law carries the weight, bisected on the law (a
    // flat face's δ is its depth, the same all over it).
    const Simulation probe(scene);
    const NormalLaw& law = probe.contacts()->pairs().at(0).law.normal;
    double low = 0.0, high = 1e-3 * kCoinThickness;
    REQUIRE(evaluate(law, {high, 0.0, 0.0}).value > weight);
    for (int i = 0; i < 100; ++i) {
      const double mid = 0.5 * (low + high);
      (evaluate(law, {mid, 0.0, 0.0}).value < weight ? low : high) = mid;
    }
    r.indentation = 0.5 * (low + high);
  }
  // Set down that deep: from the mesh's nominal t/2, then by what the contact query reads there
  // (the facets' rounding, picometres), so that no vertical ring starts.
  body.pose.translation =
      Vec3(0.0, 0.0, 0.5 * kCoinThickness - r.indentation) - body.mass.center_of_mass;
  for (int i = 0; i < 2; ++i) {
    const Simulation placed(scene);
    REQUIRE(placed.contacts()->contacts().size() == 1);
    body.pose.translation.z() +=
        placed.contacts()->contacts()[0].patch.law_indentation - r.indentation;
  }
  Simulation simulation(scene);
  while (simulation.time() < 0.3) {
    REQUIRE_NOTHROW(simulation.step());
    r.first_speed = std::max(r.first_speed, simulation.frame().bodies[coin].linear_velocity.norm());
  }
  const ContactTimings settled = simulation.contacts()->timings();
  while (simulation.time() < 0.5) {
    REQUIRE_NOTHROW(simulation.step());
    r.late_rocking =
        std::max(r.late_rocking, simulation.frame().bodies[coin].angular_velocity.norm());
  }
  const ContactTimings later = simulation.contacts()->timings();
  r.queries = later.queries - settled.queries;
  r.kept = later.geometries_kept - settled.geometries_kept;
  return r;
}

}  // namespace

TEST_CASE("A coin lying flat stops rocking while its geometry is kept", "[corpus]") {
  // The scene's law (d = 0.2 s/m) with no rocking, a rim at 0.15 µm/s and at 21 µm/s about
  // another diameter with a spin, and the law with 100 times its damping.
  const std::vector<std::pair<Vec3, double>> cases{{Vec3::Zero(), 0.2},
                                                   {Vec3(1e-5, 0.0, 0.0), 0.2},
                                                   {Vec3(1e-3, 1e-3, 1e-2), 0.2},
                                                   {Vec3(1e-5, 0.0, 0.0), 20.0}};
  for (const auto& [rocking, dissipation] : cases) {
    const FlatRocking r = rockFlat(rocking, dissipation);
    INFO("given " << rocking.transpose() << " rad/s, d = " << dissipation << " s/m: indentation "
                  << r.indentation << " m; rocking over 0.3–0.5 s up to " << r.late_rocking
                  << " rad/s; " << r.queries << " queries and " << r.kept
                  << " steps kept; centre speed over 0.3 s up to " << r.first_speed << " m/s");
    // Set down at rest: the centre moves with the rocking it was given (about the contact, t/2
    // below it), and by no more than 1 µm/s besides. Its contact's ledger used to hold none of
    // the energy its indentation stores, so the first unloading by rounding was refused, the force
    // fell to zero, and the coin dropped into the plate and rang at 2.4e-4 m/s.
    CHECK(r.first_speed < 1e-6 + rocking.head<2>().norm() * 0.5 * kCoinThickness);
    // Stopped: the rim below 1.5e-11 m/s, where it rocked at 3e-9 m/s before.
    CHECK(r.late_rocking < 1e-9);
    CHECK(r.kept > 10 * r.queries);
  }
}
