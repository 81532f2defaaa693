// Newton's iteration at a saturating force law (Ali3pIntegrator::attempt, the damped steps): a
// body braked by a force of fixed size −F₀·sign(v), regularised linearly in a narrow band
// |v| < v_s, as Coulomb friction is. In the step where the body stops, full Newton steps cycle:
// from a velocity past zero the law's tangent is zero (saturated), so the update jumps to the
// velocity the opposite force would give, where the tangent is zero again — the two iterates
// v_n and v_n − hF₀/m for ever, however small the step, as long as the band is narrower than
// hF₀/m. The run used to stop there ("Newton did not converge"); it must go through and stop
// the body where the closed form says.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/ali3p_integrator.h"

using namespace contactsim;

namespace {

// F = −F₀·clamp(ẋ/v_s, −1, 1) along world x on a body's base point (its centre of mass).
class SaturatingBrake : public GeneralizedForceSource {
 public:
  SaturatingBrake(int offset, double force, double band)
      : offset_(offset), force_(force), band_(band) {}
  void addForces(const Eigen::VectorXd&, const Eigen::VectorXd& qdot, double,
                 ForceValues& out) override {
    const double x = qdot[offset_] / band_;
    const double f = -force_ * std::clamp(x, -1.0, 1.0);
    out.q_force[offset_] += f;
    out.source_power += f * qdot[offset_];
    // C = −∂Q/∂q̇: F₀/v_s inside the band, zero where saturated.
    if (std::abs(x) < 1.0) out.damping.emplace_back(offset_, offset_, force_ / band_);
  }

 private:
  int offset_;
  double force_, band_;
};

}  // namespace

TEST_CASE(
    "a body braked by a saturating force stops where the closed form says, whatever "
    "the band and where the stop falls in a step",
    "[dynamics][newton]") {
  constexpr double kMass = 2.0, kForce = 20.0, kStep = 1e-3;
  const double deceleration = kForce / kMass;
  // Start speeds put the stop at different places within a step; the bands run from a tenth of
  // the velocity change per step (hF₀/m = 0.01 m/s) to 1e-9 of it. (At the smallest substep
  // the bracketed iteration needs about log₂(hF₀/(m·v_s)) bisections, 24 for the narrowest.)
  for (const double v0 : {1.0, 1.00371, 0.99552, 0.5 + 0.25 * kStep * deceleration}) {
    for (const double band : {1e-3, 1e-6, 1e-9, 1e-11}) {
      MultibodySystem system;
      BodyDefinition body;
      body.name = "block";
      body.mass = {kMass, Vec3::Zero(), Vec3(0.05, 0.08, 0.11).asDiagonal()};
      body.linear_velocity = Vec3(v0, 0, 0);
      const BodyIndex index = system.addBody(body);
      system.addForceSource(
          std::make_shared<SaturatingBrake>(system.coordinateOffset(index), kForce, band));
      SolverSettings settings;
      settings.time_step = kStep;
      Ali3pIntegrator integrator(system, settings);
      const double t_stop = v0 / deceleration;
      INFO("v0 " << v0 << " m/s, band " << band << " m/s");
      // Through the stop and well past it: the run never gives up.
      while (integrator.state().t < 1.5 * t_stop) REQUIRE_NOTHROW(integrator.step());
      const int x = system.coordinateOffset(index);
      const double position = integrator.state().q[x];
      const double velocity = integrator.state().qdot[x];
      // Closed form x = v0²/(2a). The trapezoidal rule is exact for the constant deceleration
      // and places the stop within the step holding it: an error below (a·h)·h.
      CHECK(std::abs(position - v0 * v0 / (2.0 * deceleration)) <= deceleration * kStep * kStep);
      // At rest: inside the band (where the brake is a stiff damper, time constant m·v_s/F₀),
      // to Newton's resolution: at rest it stops when q is within newton_tolerance·h·(1 m/s)
      // (SolverSettings::newton_tolerance), which is 2·newton_tolerance·(1 m/s) in q̇ = 2q/h + ….
      CHECK(std::abs(velocity) <= band + 2.0 * settings.newton_tolerance * 1.0);
    }
  }
}
