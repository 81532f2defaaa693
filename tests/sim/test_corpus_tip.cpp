// Everyday contact corpus (assets/scenes/corpus/): a 60 x 60 x 120 mm steel block standing on a
// plate, set rotating about one bottom edge just above or just below the speed that tips it over.
//
// The threshold in closed form. Width a (along y, the tipping direction), height b. Rotating about
// the bottom edge, the centre of mass rises from b/2 to its height over the edge, √(a² + b²)/2,
// before it can fall over: the barrier is ΔU = m g (√(a² + b²)/2 − b/2). The kinetic energy of a
// rotation ω about the edge is ½ I_edge ω², I_edge = I_G + m (a² + b²)/4 (parallel axes), which
// for a uniform box is m (a² + b²)/3. It tips over iff ½ I_edge ω² > ΔU, i.e. ω > ω_c with
// ω_c = √(2 ΔU / I_edge). The start is a pure rotation about the edge: v_G = ω × (G − edge).
// The centre of mass keeps pressing on the edge all the way up (ω² √(a² + b²)/2 < g b/√(a² + b²)
// at these speeds), so the edge stays a pivot; contact damping and friction only take energy.
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

struct TipResult {
  double worst_gain = -INFINITY;    // J, max over the run of (mechanical energy − its start)
  double tipping_gain = -INFINITY;  // J, the same until the block has turned 80° (before landing)
  // J, the same until the block, having rocked up, is back within 1° of upright (before its base
  // strikes the plate)
  double rocking_gain = -INFINITY;
  double barrier = 0.0;    // J, ΔU
  Vec3 up = Vec3::Zero();  // the block's long axis (body z) in the world at the end
  double height = 0.0;     // m, centre of mass above the plate's top at the end
};

// Runs `file` for 3 s (a toppled block bounces on its long face for about a second) with the
// block started at `factor`·ω_c about its bottom edge at y = −a/2.
TipResult tip(const char* file, double factor) {
  const double a = 0.06, b = 0.12, g = 9.81;
  Scene scene = test::readShippedScene(std::string("corpus/") + file);
  scene.solver.time_step = 1e-3;
  scene.solver.tolerance = 1e-6;
  const int block = bodyIndex(scene, "block");
  SceneBody& body = scene.bodies[block];
  const double m = body.mass.mass;
  const double i_edge = body.mass.inertia(0, 0) + m * (a * a + b * b) / 4.0;
  TipResult result;
  result.barrier = m * g * (std::hypot(a, b) / 2.0 - b / 2.0);
  const double omega_c = std::sqrt(2.0 * result.barrier / i_edge);
  CHECK(omega_c == Approx(std::sqrt(6.0 * g * (std::hypot(a, b) / 2.0 - b / 2.0) / (a * a + b * b)))
                       .epsilon(1e-6));  // the mesh's inertia is the uniform box's
  const double omega = factor * omega_c;
  const Vec3 edge(0.0, -a / 2.0, 0.0);
  body.pose.translation = Vec3(0.0, 0.0, b / 2.0);
  body.angular_velocity = Vec3(omega, 0.0, 0.0);
  body.linear_velocity = body.angular_velocity.cross(body.pose.translation - edge);

  Simulation simulation(scene);
  const Ali3pIntegrator& integrator = simulation.integrator();
  const auto mechanical = [&] {
    const EnergyReport e = integrator.energy();
    return e.kinetic + e.gravity;
  };
  const double e0 = mechanical();
  CHECK(integrator.energy().kinetic == Approx(0.5 * i_edge * omega * omega).epsilon(1e-6));
  INFO(file << ": ω = " << factor << " ω_c = " << omega << " rad/s");
  bool tipped = false, rocked = false, back = false;
  double worst_ledger_error = 0.0;
  while (simulation.time() < 3.0 - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    result.worst_gain = std::max(result.worst_gain, mechanical() - e0);
    // The ledgers are charged exactly the contact work the integrator does (as in
    // test_corpus_pin.cpp).
    worst_ledger_error =
        std::max(worst_ledger_error,
                 std::abs(integrator.energy().source_work - simulation.contacts()->ledgerWork()));
    const Pose pose = simulation.system().bodyPose(block, integrator.state().q);
    tipped = tipped || pose.rotation(2, 2) < std::cos(80.0 * M_PI / 180.0);
    rocked = rocked || pose.rotation(2, 2) < std::cos(5.0 * M_PI / 180.0);
    back = back || (rocked && pose.rotation(2, 2) > std::cos(1.0 * M_PI / 180.0));
    if (!tipped) result.tipping_gain = std::max(result.tipping_gain, mechanical() - e0);
    if (!back) result.rocking_gain = std::max(result.rocking_gain, mechanical() - e0);
  }
  CHECK(worst_ledger_error < 1e-9 * result.barrier);
  const Pose pose = simulation.system().bodyPose(block, integrator.state().q);
  result.up = pose.rotation.col(2);
  result.height = pose.apply(body.mass.center_of_mass).z();
  return result;
}

}  // namespace

TEST_CASE("block spun 5 % above the tipping speed about its edge topples", "[corpus][slow]") {
  const TipResult r = tip("block_tips_over_edge.json", 1.05);
  INFO("gain while tipping " << r.tipping_gain << " J of barrier " << r.barrier << " J; up "
                             << r.up.transpose() << ", height " << r.height << " m");
  CHECK(r.tipping_gain < 0.01 * r.barrier);
  // Lying on a long face: long axis horizontal, centre of mass a/2 above the plate.
  CHECK(std::abs(r.up.z()) < 0.02);
  CHECK(r.height == Approx(0.03).margin(1e-3));
}

// A block landing flat on a face strikes with the whole face at once, like the pin landing flat
// on its end face: the toppled block on its long face gained 0.03 J (12 % of the barrier), the
// block rocking back onto its base 0.0026 J, until the contact ledgers counted each load's work
// at its own points from its step's start velocity (docs/dynamics.md, "Passivity of contact").
TEST_CASE("a block landing flat on a face never gains energy", "[corpus][slow]") {
  for (const auto& [file, factor] :
       {std::pair{"block_tips_over_edge.json", 1.05}, std::pair{"block_rocks_back.json", 0.95}}) {
    const TipResult r = tip(file, factor);
    INFO(file << ": gain " << r.worst_gain << " J of barrier " << r.barrier << " J");
    CHECK(r.worst_gain < 0.01 * r.barrier);
  }
}

TEST_CASE("block spun 5 % below the tipping speed about its edge falls back upright",
          "[corpus][slow]") {
  const TipResult r = tip("block_rocks_back.json", 0.95);
  INFO("gain while rocking " << r.rocking_gain << " J of barrier " << r.barrier << " J; up "
                             << r.up.transpose() << ", height " << r.height << " m");
  CHECK(r.rocking_gain < 0.01 * r.barrier);
  CHECK(r.up.z() > std::cos(0.02));
  CHECK(r.height == Approx(0.06).margin(1e-3));
}
