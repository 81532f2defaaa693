// Joint drives, motors and limits (issue 20) against closed forms: a crank turned at constant
// speed or along a ramp needs the torque J·θ̈ + m·g·r·cos θ; a slider lifted along a table needs
// m·(g + s̈); a PD motor holds a pendulum where its torque balances gravity, and one whose
// torque limit is below that static torque cannot hold it; a stop catches a falling link at its
// angle and returns an impact with the Hunt–Crossley restitution, never gaining energy.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/joint_actuator.h"

using namespace contactsim;

// Reported efforts are the multipliers consistent with the projected accelerations
// (docs/dynamics.md, "The step", 3). That projection enforces Φ̈ = 0 through the penalty
// (h²/4)α = kDefaultPenaltyRatio × M's largest entry, so what it leaves of the trapezoidal rule's
// acceleration error is ~1/kDefaultPenaltyRatio of a correction that is itself a small fraction of
// the inertial and gravity torques: efforts are checked to 1e-5 of m·g·r + J·ω².
namespace {

constexpr double kEffortTolerance = 1e-5;
constexpr double kG = 9.81;
constexpr double kMass = 2.0;
constexpr double kRadius = 0.5;  // pivot to centre of mass: the bar is 2r long
constexpr double kSide = 0.05;   // the bar's square cross-section

// A uniform bar from the pivot (its frame's origin, at the world origin) along `direction`
// (x or −z), 2r long: centre of mass at r along it.
BodyDefinition bar(const Vec3& direction) {
  const double L = 2.0 * kRadius, s = kSide;
  const double along = kMass * 2.0 * s * s / 12.0, across = kMass * (L * L + s * s) / 12.0;
  BodyDefinition body;
  body.name = "bar";
  // Body axes = world axes at t = 0; the long axis is the one along `direction`.
  const Vec3 d = direction.cwiseAbs();
  body.mass = {
      kMass, kRadius * direction,
      Vec3(d.x() > 0.5 ? along : across, across, d.z() > 0.5 ? along : across).asDiagonal()};
  return body;
}

// Moment of inertia of the bar about the pivot axis (y): m(2r)²/12 + m r² (+ the section's).
double pivotInertia() {
  const double L = 2.0 * kRadius;
  return kMass * (L * L + kSide * kSide) / 12.0 + kMass * kRadius * kRadius;
}

// The axis −y: a positive angle lifts a bar lying along +x and swings a hanging bar towards +x.
const Vec3 kAxis = -Vec3::UnitY();

SolverSettings settings(double h) {
  SolverSettings s;
  s.time_step = h;
  return s;
}

}  // namespace

TEST_CASE("a crank at constant speed needs the torque m·g·r·cos θ over a whole turn",
          "[dynamics][drives]") {
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  const BodyIndex crank = system.addBody(bar(Vec3::UnitX()));  // horizontal at t = 0
  system.addRevoluteJoint("pivot", kWorld, crank, Vec3::Zero(), kAxis);
  const double omega = 2.0;
  system.addJointDrive("pivot", kWorld, crank, Vec3::Zero(), kAxis, true,
                       MotionProfile::speed(omega));
  const double h = 1e-3;
  Ali3pIntegrator integrator(system, settings(h));
  const double mgr = kMass * kG * kRadius;
  const int steps = static_cast<int>(std::ceil(2.0 * std::numbers::pi / omega / h));
  double worst = std::abs(integrator.driveEffort(0) - mgr);
  for (int k = 0; k < steps; ++k) {
    integrator.step();
    const double t = integrator.state().t, theta = omega * t;
    // The bar's angle is the prescribed one: its centre of mass is at r(cos θ, 0, sin θ).
    const Vec3 com = system.bodyPose(crank, integrator.state().q).apply(Vec3(kRadius, 0, 0));
    REQUIRE((com - kRadius * Vec3(std::cos(theta), 0.0, std::sin(theta))).norm() < 1e-8);
    worst = std::max(worst, std::abs(integrator.driveEffort(0) - mgr * std::cos(theta)));
  }
  INFO("largest torque error " << worst << " N·m of m·g·r = " << mgr << " N·m");
  WARN("crank at constant speed: max |tau - m g r cos theta| = " << worst << " N·m over a turn");
  CHECK(worst < kEffortTolerance * (mgr + pivotInertia() * omega * omega));
  // The drive did the work that lifted the bar: the energy account stays closed (balance = the
  // kinetic energy the start projection gave), to the trapezoidal quadrature of the drive's power
  // P = m g r ω cos ωt over the turn T: (h²/12)·T·max|P̈| = (h²/12)·T·m g r ω³, twice for margin.
  const EnergyReport e = integrator.energy();
  const double quadrature = h * h / 12.0 * (steps * h) * mgr * std::pow(omega, 3);
  CHECK(std::abs(e.balance() - (0.5 * pivotInertia() * omega * omega)) < 2.0 * quadrature);
}

TEST_CASE("a ramped crank needs J·θ̈ + m·g·r·cos θ", "[dynamics][drives]") {
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  const BodyIndex crank = system.addBody(bar(Vec3::UnitX()));
  system.addRevoluteJoint("pivot", kWorld, crank, Vec3::Zero(), kAxis);
  const MotionProfile motion = MotionProfile::ramp(6.0, 0.8);
  system.addJointDrive("pivot", kWorld, crank, Vec3::Zero(), kAxis, true, motion);
  const double h = 1e-3;
  Ali3pIntegrator integrator(system, settings(h));
  const double mgr = kMass * kG * kRadius, J = pivotInertia();
  double worst = 0.0;
  for (int k = 0; k < 2000; ++k) {
    integrator.step();
    const MotionProfile::Value th = motion.at(integrator.state().t);
    const double expected = J * th.acceleration + mgr * std::cos(th.position);
    worst = std::max(worst, std::abs(integrator.driveEffort(0) - expected));
  }
  WARN("ramped crank: max |tau - (J theta'' + m g r cos theta)| = " << worst << " N·m");
  CHECK(worst < kEffortTolerance * (mgr + J * 6.0 * 6.0));
}

TEST_CASE("a slider lifted along a table needs m·(g + s̈)", "[dynamics][drives]") {
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition block = bar(Vec3::UnitX());
  const BodyIndex b = system.addBody(block);
  system.addPrismaticJoint("lift", kWorld, b, Vec3::Zero(), Vec3::UnitZ());
  const MotionProfile motion =
      MotionProfile::table({{0.0, 0.0}, {0.5, 0.1}, {1.0, 0.4}, {1.5, 0.3}, {2.0, 0.5}});
  system.addJointDrive("lift", kWorld, b, Vec3::Zero(), Vec3::UnitZ(), false, motion);
  Ali3pIntegrator integrator(system, settings(1e-3));
  double worst = 0.0;
  for (int k = 0; k < 2500; ++k) {
    integrator.step();
    const MotionProfile::Value s = motion.at(integrator.state().t);
    worst = std::max(worst, std::abs(integrator.driveEffort(0) - kMass * (kG + s.acceleration)));
    REQUIRE(std::abs(system.bodyPose(b, integrator.state().q).translation.z() - s.position) < 1e-8);
  }
  WARN("slider on a table: max |F - m(g + s'')| = " << worst << " N");
  CHECK(worst < kEffortTolerance * kMass * kG);
}

namespace {

// A pendulum hanging from the pivot (along −z), with a joint actuator on its pivot.
struct Pendulum {
  MultibodySystem system;
  std::shared_ptr<JointActuator> actuator;
  std::unique_ptr<Ali3pIntegrator> integrator;
  // The bar starts turned by `start` about the axis from `direction`; the joint's angle is
  // measured from there.
  Pendulum(const Vec3& direction, const Vec3& gravity, JointActuator::Law law, double h,
           const Vec3& angular_velocity = Vec3::Zero(), double start = 0.0) {
    system.setGravity(gravity);
    BodyDefinition body = bar(direction);
    body.angular_velocity = angular_velocity;
    body.pose.rotation = Eigen::AngleAxisd(start, kAxis).toRotationMatrix();
    const BodyIndex b = system.addBody(body);
    system.addRevoluteJoint("pivot", kWorld, b, Vec3::Zero(), kAxis);
    actuator = std::make_shared<JointActuator>(
        "pivot", JointCoordinate(system.jointAxes("pivot", kWorld, b, Vec3::Zero(), kAxis, true)),
        law);
    system.addForceSource(actuator);
    integrator = std::make_unique<Ali3pIntegrator>(system, settings(h));
  }
  void run(double until) {
    while (integrator->state().t < until - 1e-12) integrator->step();
  }
  double angularRate() const {
    return system.bodyAngularVelocity(0, integrator->state().q, integrator->state().qdot)
        .dot(kAxis);
  }
};

}  // namespace

TEST_CASE("a PD motor holds a pendulum where its torque balances m·g·r·sin θ",
          "[dynamics][drives]") {
  const double mgr = kMass * kG * kRadius, J = pivotInertia();
  const double set = 0.8, kp = 400.0;
  // Critically damped about the set angle.
  const double kd = 2.0 * std::sqrt((kp + mgr) * J);
  SECTION("the torque limit above the static torque: it holds") {
    Pendulum p(-Vec3::UnitZ(), Vec3(0, 0, -kG), JointMotorLaw{set, 0.0, kp, kd, 2.0 * mgr}, 1e-3);
    p.run(4.0);
    // Equilibrium: kp(set − θ) = m g r sin θ, solved by Newton's method.
    double theta = set;
    for (int i = 0; i < 50; ++i)
      theta -= (kp * (theta - set) + mgr * std::sin(theta)) / (kp + mgr * std::cos(theta));
    INFO("angle " << p.actuator->position() << ", expected " << theta);
    CHECK(std::abs(p.actuator->position() - theta) < 1e-6);
    CHECK(std::abs(p.actuator->effort() - mgr * std::sin(theta)) < 1e-6 * mgr);
    CHECK(std::abs(p.angularRate()) < 1e-5);
    // A stiffer motor comes within m·g·r/kp of the set angle.
    CHECK(std::abs(theta - set) < mgr / kp);
  }
  SECTION("the torque limit below the static torque: it cannot hold") {
    // Started at rest at the set angle α_s from the vertical, told to hold it (target 0 from
    // there). With |τ| ≤ τ_max the motor's work over a fall to α is at most τ_max(α_s − α), so
    // the bar sinks at least to the root α* < α_s of m g r (cos α − cos α_s) = τ_max (α_s − α),
    // reaching it when the torque saturates at once.
    const double limit = 0.6 * mgr * std::sin(set);
    Pendulum p(-Vec3::UnitZ(), Vec3(0, 0, -kG), JointMotorLaw{0.0, 0.0, kp, kd, limit}, 1e-3,
               Vec3::Zero(), set);
    double lowest = 0.0, largest_effort = 0.0;
    while (p.integrator->state().t < 2.0) {
      p.integrator->step();
      lowest = std::min(lowest, p.actuator->position());
      largest_effort = std::max(largest_effort, std::abs(p.actuator->effort()));
    }
    const auto g = [&](double a) {
      return mgr * (std::cos(a) - std::cos(set)) - limit * (set - a);
    };
    double lo = -std::numbers::pi / 2.0, hi = std::asin(limit / mgr);  // g(lo) < 0 < g(hi)
    for (int i = 0; i < 200; ++i) {
      const double mid = 0.5 * (lo + hi);
      (g(mid) < 0.0 ? lo : hi) = mid;
    }
    const double root = 0.5 * (lo + hi);
    INFO("lowest angle " << set + lowest << " rad from the vertical, bound " << root);
    CHECK(set + lowest <= root + 1e-6);
    CHECK(set + lowest > root - 0.05);
    CHECK(largest_effort <= limit * (1.0 + 1e-12));
  }
}

namespace {

// Hunt–Crossley restitution of a linear stop with damping d at impact speed v: the root
// y ∈ (−1, 0) of y − ln(1 + y) = x − ln(1 + x), x = d·v, e = −y/x (JointStopLaw).
double huntCrossleyRestitution(double d, double v) {
  const double x = d * v, target = x - std::log1p(x);
  double lo = -1.0 + 1e-15, hi = 0.0;  // y − ln(1 + y) falls from +∞ to 0 on (−1, 0]
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (mid - std::log1p(mid) > target ? lo : hi) = mid;
  }
  return -0.5 * (lo + hi) / x;
}

}  // namespace

TEST_CASE("a stop returns an impact with the Hunt–Crossley restitution", "[dynamics][drives]") {
  // Gravity along the axis: the bar (along x) turns freely at ω0 into the stop at θ = 0.3 rad.
  const double omega0 = 3.0, k = 2e4, d = 0.1, lower = -1.0, upper = 0.3;
  Pendulum p(Vec3::UnitX(), Vec3(0, -kG, 0), JointStopLaw{lower, upper, k, d}, 1e-4,
             omega0 * kAxis);
  const double J = pivotInertia();
  const double kinetic0 = 0.5 * J * omega0 * omega0;
  // Until the bar has left the stop: its rate is negative and it is back inside.
  double largest = 0.0;
  while (!(p.angularRate() < 0.0 && p.actuator->position() < upper)) {
    p.integrator->step();
    largest = std::max(largest, p.actuator->position());
    REQUIRE(p.integrator->state().t < 1.0);
  }
  const double e = -p.angularRate() / omega0;
  const double expected = huntCrossleyRestitution(d, omega0);
  INFO("restitution " << e << ", Hunt–Crossley " << expected);
  WARN("stop: restitution " << e << " against the law's " << expected);
  CHECK(std::abs(e - expected) < 2e-3);
  // Quasi-static estimate of the deepest penetration: ½Jω0² ≈ ½kδ² (less with damping).
  CHECK(largest - upper < omega0 * std::sqrt(J / k));
  const EnergyReport energy = p.integrator->energy();
  CHECK(energy.kinetic <= kinetic0);
  CHECK(std::abs(energy.balance() - kinetic0) < 1e-3 * kinetic0);
}

TEST_CASE("a stop catches a falling link at its angle without gaining energy",
          "[dynamics][drives]") {
  // The bar starts horizontal (θ = 0) and falls (θ < 0) onto the stop at −π/4.
  const double lower = -std::numbers::pi / 4.0, k = 1e5;
  Pendulum p(Vec3::UnitX(), Vec3(0, 0, -kG), JointStopLaw{lower, 1.0, k, 0.5}, 2e-4);
  const double mgr = kMass * kG * kRadius;
  const double energy0 = p.integrator->energy().balance();
  double peak_energy = -1e300;
  while (p.integrator->state().t < 3.0) {
    p.integrator->step();
    const EnergyReport e = p.integrator->energy();
    // Mechanical energy never rises above where it started.
    peak_energy = std::max(peak_energy, e.kinetic + e.gravity - energy0);
    REQUIRE(p.actuator->position() > lower - 0.05);
  }
  // At rest on the stop, pressed in by gravity's torque m g r cos θ: δ = m g r cos(lower)/k.
  const double expected = lower - mgr * std::cos(lower) / k;
  INFO("angle " << p.actuator->position() << ", expected " << expected);
  // Hunt–Crossley damping k·d·δ vanishes with δ: the last small bounces on the stop die slowly,
  // so "at rest" is what is left of the fall's energy m g r sin(π/4).
  CHECK(std::abs(p.actuator->position() - expected) < 1e-4);
  CHECK(0.5 * pivotInertia() * std::pow(p.angularRate(), 2) < 1e-4 * mgr * std::sin(-lower));
  CHECK(peak_energy <= 1e-9 * mgr);
}

TEST_CASE("a velocity-controlled motor spins a bar through many turns", "[dynamics][drives]") {
  // Gravity along the axis: J θ̈ = k_d (v − θ̇) from rest, so θ̇ = v(1 − e^(−t/τ)) and
  // θ = v·t − v·τ(1 − e^(−t/τ)) with τ = J/k_d; the angle counts whole turns.
  const double v = 8.0, kd = 4.0, h = 1e-3;
  Pendulum p(Vec3::UnitX(), Vec3(0, -kG, 0), JointMotorLaw{0.0, v, 0.0, kd, 1e9}, h);
  const double tau = pivotInertia() / kd;
  double worst = 0.0;
  while (p.integrator->state().t < 5.0 - 1e-12) {
    p.integrator->step();
    const double t = p.integrator->state().t;
    const double expected = v * t - v * tau * (1.0 - std::exp(-t / tau));
    worst = std::max(worst, std::abs(p.actuator->position() - expected));
  }
  INFO("largest angle error " << worst << " rad after " << p.actuator->position() << " rad");
  CHECK(p.actuator->position() > 5.0 * 2.0 * std::numbers::pi);
  // The motor sees the Newton iterate's velocities, which the trapezoidal rule makes a chord's
  // (off by O((vh)²) at angular speed v, corrected only by the projection after the step), so
  // the steady speed is off by O(v·(vh)²) and the angle error grows as t·v(vh)²/6 at most (it
  // falls 4× when h halves); the transient adds O((h/τ)²) of v·τ.
  CHECK(worst < 5.0 * v * std::pow(v * h, 2) / 6.0 + 1e-4 * v * tau);
}

TEST_CASE("a prismatic stop returns a sliding block with the Hunt–Crossley restitution",
          "[dynamics][drives]") {
  // No gravity along the slide: the block reaches the stop at its initial speed v0.
  const double v0 = 1.5, k = 1e5, d = 0.4, upper = 0.05;
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition block = bar(Vec3::UnitX());
  block.linear_velocity = Vec3(v0, 0, 0);
  const BodyIndex b = system.addBody(block);
  system.addPrismaticJoint("slide", kWorld, b, Vec3::Zero(), Vec3::UnitX());
  auto stop = std::make_shared<JointActuator>(
      "slide",
      JointCoordinate(system.jointAxes("slide", kWorld, b, Vec3::Zero(), Vec3::UnitX(), false)),
      JointStopLaw{-1.0, upper, k, d});
  system.addForceSource(stop);
  Ali3pIntegrator integrator(system, settings(1e-4));
  const auto speed = [&] { return system.bodyOriginVelocity(b, integrator.state().qdot).x(); };
  while (!(speed() < 0.0 && stop->position() < upper)) {
    integrator.step();
    REQUIRE(integrator.state().t < 1.0);
  }
  const double e = -speed() / v0, expected = huntCrossleyRestitution(d, v0);
  INFO("restitution " << e << ", Hunt–Crossley " << expected);
  CHECK(std::abs(e - expected) < 2e-3);
  CHECK(integrator.energy().kinetic <= 0.5 * kMass * v0 * v0);
}
