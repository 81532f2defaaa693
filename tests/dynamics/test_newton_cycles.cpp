// Newton's iteration at a saturating force law (Ali3pIntegrator::attempt, the damped steps): a
// body braked by a force of fixed size −F₀·sign(v), regularised linearly in a narrow band
// |v| < v_s, as Coulomb friction is. In the step where the body stops, full Newton steps cycle:
// from a velocity past zero the law's tangent is zero (saturated), so the update jumps to the
// velocity the opposite force would give, where the tangent is zero again — the two iterates
// v_n and v_n − hF₀/m for ever, however small the step, as long as the band is narrower than
// hF₀/m. The run used to stop there ("Newton did not converge"); it must go through and stop
// the body where the closed form says. Also: StepReport counts the substeps split because Newton
// failed apart from those a force source refused, and reports those the stall rule accepted with
// the force they leave unbalanced.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/step_rejected.h"

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

// F = −F₀·sign(ẋ) (0 at rest) along world x on a body's base point: a jump at ẋ = 0 with no
// tangent on either side.
class JumpBrake : public GeneralizedForceSource {
 public:
  JumpBrake(int offset, double force) : offset_(offset), force_(force) {}
  void addForces(const Eigen::VectorXd&, const Eigen::VectorXd& qdot, double,
                 ForceValues& out) override {
    const double v = qdot[offset_];
    const double f = v > 0.0 ? -force_ : v < 0.0 ? force_ : 0.0;
    out.q_force[offset_] += f;
    out.source_power += f * v;
  }

 private:
  int offset_;
  double force_;
};

// Refuses every trial state more than `longest` after the last accepted one, as a contact does
// that must meet an impact in a shorter step; applies no force.
class RefusesLongSteps : public GeneralizedForceSource {
 public:
  explicit RefusesLongSteps(double longest) : longest_(longest) {}
  void addForces(const Eigen::VectorXd&, const Eigen::VectorXd&, double t, ForceValues&) override {
    if (t - accepted_ > longest_ * (1.0 + 1e-9)) throw StepRejected("refused: a step too long");
  }
  void acceptStep(const Eigen::VectorXd&, const Eigen::VectorXd&, double t) override {
    accepted_ = t;
  }

 private:
  double longest_;
  double accepted_ = 0.0;
};

// Adds the braked block of these tests (principal inertias 0.05, 0.08, 0.11 kg·m²) moving along
// world x at `speed` and spinning at `spin`; returns its coordinate offset.
int addBlock(MultibodySystem& system, double mass, double speed, const Vec3& spin = Vec3::Zero()) {
  BodyDefinition body;
  body.name = "block";
  body.mass = {mass, Vec3::Zero(), Vec3(0.05, 0.08, 0.11).asDiagonal()};
  body.linear_velocity = Vec3(speed, 0, 0);
  body.angular_velocity = spin;
  return system.coordinateOffset(system.addBody(body));
}

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
      const int x = addBlock(system, kMass, v0);
      system.addForceSource(std::make_shared<SaturatingBrake>(x, kForce, band));
      SolverSettings settings;
      settings.time_step = kStep;
      Ali3pIntegrator integrator(system, settings);
      const double t_stop = v0 / deceleration;
      INFO("v0 " << v0 << " m/s, band " << band << " m/s");
      // Through the stop and well past it: the run never gives up.
      while (integrator.state().t < 1.5 * t_stop) REQUIRE_NOTHROW(integrator.step());
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

TEST_CASE("failed substeps: a force source's refusals are counted apart from Newton's failures",
          "[dynamics][newton]") {
  constexpr double kStep = 1e-3, kG = 9.81;
  SECTION("a source that refuses steps longer than h/2: every step split, all refusals") {
    MultibodySystem system;
    system.setGravity(Vec3(0, 0, -kG));
    BodyDefinition body;
    body.name = "ball";
    body.mass = {1.0, Vec3::Zero(), 0.01 * Mat3::Identity()};
    const BodyIndex index = system.addBody(body);
    system.addForceSource(std::make_shared<RefusesLongSteps>(0.5 * kStep));
    SolverSettings settings;
    settings.time_step = kStep;
    Ali3pIntegrator integrator(system, settings);
    for (int k = 0; k < 20; ++k) {
      const StepReport report = integrator.step();
      CHECK(report.substeps == 2);
      CHECK(report.failed_substeps == 1);
      CHECK(report.refused_substeps == 1);
    }
    // The split steps still integrate free fall exactly (the trapezoidal rule is exact for a
    // constant acceleration): z = −g·t²/2.
    const double t = integrator.state().t;
    CHECK(t == Approx(20 * kStep));
    const double z = integrator.state().q[system.coordinateOffset(index) + 2];
    CHECK(z == Approx(-0.5 * kG * t * t).epsilon(1e-12));
  }
  SECTION("Newton failing at a saturating brake's stop: failures, none of them refusals") {
    // The narrowest band of the case above: full Newton steps cycle there, so the stop's step is
    // split (and the bracketed iteration settles it).
    MultibodySystem system;
    system.addForceSource(
        std::make_shared<SaturatingBrake>(addBlock(system, 2.0, 1.00371), 20.0, 1e-11));
    SolverSettings settings;
    settings.time_step = kStep;
    Ali3pIntegrator integrator(system, settings);
    int failed = 0, refused = 0;
    while (integrator.state().t < 0.15) {
      const StepReport report = integrator.step();
      failed += report.failed_substeps;
      refused += report.refused_substeps;
    }
    CHECK(failed > 0);
    CHECK(refused == 0);
  }
}

// A brake with no band at all, F = −F₀·sign(ẋ): once the block stops no state of a step
// balances (Filippov's solution holds it at ẋ = 0 with a force between −F₀ and F₀, which the
// law does not offer), at any step size. Newton's iterates cycle between the two branches; such
// a step is split down to the smallest substep (kStallUpdateRatio), and only there accepted,
// leaving the jump unbalanced, which the step report says.
TEST_CASE("a step accepted without balance is reported with the force it leaves unbalanced",
          "[dynamics][newton]") {
  constexpr double kMass = 2.0, kForce = 20.0, kStep = 1e-3;
  SECTION("a smooth run: no stalled substeps") {
    MultibodySystem system;
    system.addForceSource(
        std::make_shared<SaturatingBrake>(addBlock(system, kMass, 1.0), kForce, 0.1));
    SolverSettings settings;
    settings.time_step = kStep;
    Ali3pIntegrator integrator(system, settings);
    int stalled = 0;
    while (integrator.state().t < 0.15) stalled += integrator.step().stalled_substeps;
    CHECK(stalled == 0);
  }
  SECTION("a jump, spinning: stalls carrying the jump") {
    for (const double speed : {1.00371, 0.5 + 0.25 * kStep * kForce / kMass}) {
      for (const Vec3& spin : {Vec3(0.3, 2.0, 5.0), Vec3(-4.0, 0.0, 1.0)}) {
        INFO("speed " << speed << " m/s, spin " << spin.transpose() << " rad/s");
        MultibodySystem system;
        system.addForceSource(
            std::make_shared<JumpBrake>(addBlock(system, kMass, speed, spin), kForce));
        SolverSettings settings;
        settings.time_step = kStep;
        settings.max_step_halvings = 0;  // the whole step is the smallest: the stall is accepted
        Ali3pIntegrator integrator(system, settings);
        int stalled = 0;
        double largest = 0.0;
        while (integrator.state().t < 0.15) {
          StepReport report;
          REQUIRE_NOTHROW(report = integrator.step());
          stalled += report.stalled_substeps;
          largest = std::max(largest, report.largest_stall_residual);
        }
        // Stalled between the two branches, the accepted iterate was solved with one branch's
        // force and carries the other's: the jump 2·F₀ stays unbalanced (the rest of the
        // residual is linear and solved exactly). The spin keeps the rigid-body constraints'
        // round-off alive, so that the stall rule, not a failure at the smallest substep, takes
        // these steps.
        INFO(stalled << " stalled substeps");
        CHECK(stalled > 0);
        CHECK(largest == Approx(2.0 * kForce).epsilon(1e-6));
      }
    }
  }
  // Split until the cycle's update, the jump's 2F₀·(h²/4)/m, is within kStallUpdateRatio of the
  // step's motion (here the spin's), or the substep is the smallest: never accepted whole.
  SECTION("a jump: the step split before a stall is accepted") {
    for (const double speed : {1.00371, 0.5 + 0.25 * kStep * kForce / kMass}) {
      INFO("speed " << speed << " m/s");
      MultibodySystem system;
      system.addForceSource(
          std::make_shared<JumpBrake>(addBlock(system, kMass, speed, Vec3(0.3, 2.0, 5.0)), kForce));
      SolverSettings settings;
      settings.time_step = kStep;
      Ali3pIntegrator integrator(system, settings);
      int stalled = 0;
      while (integrator.state().t < 0.15) {
        StepReport report;
        REQUIRE_NOTHROW(report = integrator.step());
        stalled += report.stalled_substeps;
        if (report.stalled_substeps > 0) CHECK(report.smallest_substep <= 0.5 * kStep);
      }
      CHECK(stalled > 0);
    }
  }
}
