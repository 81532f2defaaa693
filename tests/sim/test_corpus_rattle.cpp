// Everyday contact corpus (assets/scenes/corpus/pin_rattles_in_bore.json): a 20 mm steel pin,
// 40 mm long, lying in a horizontal bore with 0.1 mm radial clearance, shaken sideways by an
// initial velocity across the bore. It rattles and rolls against the wall; the run must go
// through, contact must never add energy, and the pin must stay inside the bore.
//
// How far off the axis the pin's centre can get. Both are 96-gons with their vertices on their
// circles (pin r, bore r + c). Without overlap the pin's section fits in the bore's: along any
// direction the pin reaches r·cos(π/96) at least and the bore (r + c) at most, so the offset is at
// most c + r(1 − cos(π/96)). Contact adds its indentation. The law is Hertz's per patch,
// F = 4/3·E*·√R·δ^1.5, storing W(δ) = 8/15·E*·√R·δ^2.5; passive contact stores no more than the
// energy the pin brings, its kinetic energy at the start plus the fall across the clearance
// (m g·2c), so δ ≤ (15·E / (8·E*·√R))^0.4.
#include <catch2/catch.hpp>
#include <cmath>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {}  // namespace

TEST_CASE("pin shaken in a bore with 0.1 mm clearance: runs through, passive, stays inside",
          "[corpus][slow]") {
  Scene scene = test::readShippedScene("corpus/pin_rattles_in_bore.json");
  scene.solver.time_step = 1e-3;
  scene.solver.tolerance = 1e-6;
  const int pin = bodyIndex(scene, "pin"), bore = bodyIndex(scene, "bore");
  REQUIRE(pin >= 0);
  REQUIRE(bore >= 0);
  const double r = 0.01, c = 1e-4, g = 9.81;
  const SceneBody& body = scene.bodies[pin];
  const double m = body.mass.mass;
  // E* of steel on steel and the law's R: both contact radii are the scene's 10 mm, in series.
  const double e_star = 1.0 / (2.0 * (1.0 - 0.3 * 0.3) / 2.1e11);
  const double radius = 0.01 * 0.01 / (0.01 + 0.01);
  const double energy_in = 0.5 * m * body.linear_velocity.squaredNorm() + m * g * 2.0 * c;
  const double max_indentation =
      std::pow(15.0 * energy_in / (8.0 * e_star * std::sqrt(radius)), 0.4);
  const double bound = c + r * (1.0 - std::cos(M_PI / 96.0)) + max_indentation;

  Simulation simulation(scene);
  const Ali3pIntegrator& integrator = simulation.integrator();
  const Pose bore_pose = scene.bodies[bore].pose;
  const Vec3 axis = bore_pose.rotation.col(2);
  const auto offset = [&] {
    const Vec3 centre =
        simulation.system().bodyPose(pin, integrator.state().q).apply(body.mass.center_of_mass) -
        bore_pose.translation;
    return (centre - centre.dot(axis) * axis).norm();
  };
  const auto mechanical = [&] {
    const EnergyReport e = integrator.energy();
    return e.kinetic + e.gravity;
  };
  const double e0 = mechanical();
  double worst_gain = -INFINITY, widest = offset();
  while (simulation.time() < 0.5 - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    worst_gain = std::max(worst_gain, mechanical() - e0);
    widest = std::max(widest, offset());
  }
  INFO("energy in " << energy_in << " J, worst gain " << worst_gain << " J; widest offset "
                    << widest * 1e3 << " mm of bound " << bound * 1e3 << " mm");
  // Passive: never above the start, to the integration's tolerance of the energy in play.
  CHECK(worst_gain < 1e-6 * energy_in + 1e-12);
  CHECK(widest <= bound);
  WARN("energy in " << energy_in << " J, worst gain " << worst_gain << " J; widest offset "
                    << widest * 1e3 << " mm of bound " << bound * 1e3 << " mm");
}
