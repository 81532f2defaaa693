// Cables, redundant closed loops, springs and step failure (docs/validation.md, "Multibody
// dynamics").
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/ali3p_integrator.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;

BodyDefinition ball(const std::string& name, double mass, const Vec3& position) {
  BodyDefinition body;
  body.name = name;
  body.mass = {mass, Vec3::Zero(), 0.01 * mass * Mat3::Identity()};
  body.pose.translation = position;
  return body;
}

// A slender link of length `length` from `start` to `end` in the xz plane, frame at `start`
// with x along the link.
BodyDefinition link(const std::string& name, const Vec3& start, const Vec3& end) {
  const Vec3 d = end - start;
  const double length = d.norm(), mass = 2.0 * length;
  BodyDefinition body;
  body.name = name;
  body.mass.mass = mass;
  body.mass.center_of_mass = Vec3(0.5 * length, 0, 0);
  body.mass.inertia =
      Vec3(1e-3 * mass, mass * length * length / 12, mass * length * length / 12).asDiagonal();
  body.pose.translation = start;
  body.pose.rotation =
      Eigen::AngleAxisd(std::atan2(-d.z(), d.x()), Vec3::UnitY()).toRotationMatrix();
  return body;
}

}  // namespace

TEST_CASE("hanging mass on a hauled cable: tension = m(g − L̈), then m·g", "[dynamics]") {
  const double m = 3.0, rate = -0.5, ramp = 0.4;
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  const BodyIndex b = system.addBody(ball("load", m, Vec3(0, 0, 1)));
  const CableLength law = CableLength::ramp(2.0, rate, ramp);
  system.addCable("hoist", kWorld, Vec3(0, 0, 3), b, Vec3(0, 0, 1), law);
  SolverSettings settings;
  Ali3pIntegrator integrator(system, settings);
  const double e0 = integrator.energy().balance();
  // At rest at t = 0: consistent start gives the static tension.
  CHECK(integrator.cableTension(0) == Approx(m * kG).epsilon(1e-6));
  double worst = 0.0;
  while (integrator.state().t < 1.0 - 1e-9) {
    integrator.step();
    const double t = integrator.state().t;
    // The load is at z = 3 − L: m z̈ = T − m g with z̈ = −L̈, so T = m(g − L̈) with L̈ = d²L/dt²
    // (docs/validation.md, "Multibody dynamics").
    const double expected = m * (kG - law.at(t).acceleration);
    worst = std::max(worst, std::abs(integrator.cableTension(0) - expected) / (m * kG));
  }
  WARN("hauled cable: max relative tension error " << worst);
  CHECK(worst < 1e-4);
  CHECK(integrator.cableTension(0) == Approx(m * kG).epsilon(1e-6));
  CHECK(integrator.cableLength(0) == Approx(law.at(1.0).length));
  CHECK(system.bodyPose(b, integrator.state().q).translation.z() ==
        Approx(3.0 - law.at(1.0).length).epsilon(1e-8));
  // The cable's work goes into kinetic and potential energy.
  CHECK(std::abs(integrator.energy().balance() - e0) < 1e-4 * integrator.energy().cable_work);
}

TEST_CASE("planar four-bar from 3D revolute joints (redundant constraints) conserves energy",
          "[dynamics]") {
  // Crank–rocker (Grashof): ground 2, crank 0.5, coupler 2, rocker 1.5; all axes along y.
  const double ground = 2.0, crank = 0.5, coupler = 2.0, rocker = 1.5;
  const Vec3 A(0, 0, 0), D(ground, 0, 0);
  const double theta = M_PI / 3;
  const Vec3 B = A + crank * Vec3(std::cos(theta), 0, std::sin(theta));
  // C: intersection of the circles |C − B| = coupler and |C − D| = rocker (upper branch).
  const Vec3 bd = D - B;
  const double dist = bd.norm();
  const double along = (coupler * coupler - rocker * rocker + dist * dist) / (2 * dist);
  const double across = std::sqrt(coupler * coupler - along * along);
  const Vec3 normal = Vec3::UnitY().cross(bd / dist);  // in the xz plane
  const Vec3 C = B + along * bd / dist - across * normal;
  REQUIRE((C - D).norm() == Approx(rocker));

  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition crank_body = link("crank", A, B);
  crank_body.angular_velocity = Vec3(0, -20.0, 0);
  const BodyIndex b1 = system.addBody(crank_body);
  const BodyIndex b2 = system.addBody(link("coupler", B, C));
  const BodyIndex b3 = system.addBody(link("rocker", C, D));
  system.addRevoluteJoint("A", kWorld, b1, A, Vec3::UnitY());
  system.addRevoluteJoint("B", b1, b2, B, Vec3::UnitY());
  system.addRevoluteJoint("C", b2, b3, C, Vec3::UnitY());
  system.addRevoluteJoint("D", b3, kWorld, D, Vec3::UnitY());
  REQUIRE(system.constraintCount() == 3 * 6 + 4 * 6);  // 42 rows for 36 coordinates, 1 DOF

  // The energy error of the trapezoidal rule is second order: it must fall ~4× when Δt halves.
  double drift[2] = {0.0, 0.0};
  for (int run = 0; run < 2; ++run) {
    SolverSettings settings;
    settings.time_step = run == 0 ? 1e-3 : 5e-4;
    Ali3pIntegrator integrator(system, settings);
    const double e0 = integrator.energy().balance();
    const double scale = integrator.energy().kinetic;
    REQUIRE(scale > 0.5);
    double violation = 0.0, crank_turn = 0.0;
    int max_iterations = 0;
    Vec3 last_b = B;
    while (integrator.state().t < 3.0 - 1e-9) {
      const StepReport r = integrator.step();
      max_iterations = std::max(max_iterations, r.newton_iterations);
      violation = std::max(violation, r.constraint_violation);
      drift[run] = std::max(drift[run], std::abs(integrator.energy().balance() - e0) / scale);
      const Vec3 b_now = system.bodyPose(b1, integrator.state().q).apply(Vec3(crank, 0, 0));
      crank_turn += std::abs(std::atan2(last_b.cross(b_now).y(), last_b.dot(b_now)));
      last_b = b_now;
    }
    WARN("four-bar dt=" << settings.time_step << ": max energy drift " << drift[run]
                        << " of the initial kinetic energy, max violation " << violation
                        << ", max Newton iterations " << max_iterations << ", crank turned "
                        << crank_turn / (2 * M_PI) << " rev");
    CHECK(violation < 1e-8);
    CHECK(max_iterations <= 5);
    CHECK(crank_turn > 2 * M_PI);       // full crank revolutions: the loop really moves
    for (BodyIndex b : {b1, b2, b3}) {  // motion stays planar
      CHECK(std::abs(system.bodyPose(b, integrator.state().q).translation.y()) < 1e-9);
    }
  }
  CHECK(drift[0] < 3e-3);
  CHECK(drift[0] / drift[1] == Approx(4.0).margin(0.5));
}

TEST_CASE("spring–mass on a prismatic joint: frequency √(k/m), damper energy balance",
          "[dynamics]") {
  const double m = 2.0, k = 800.0;  // ω = 20 rad/s
  auto build = [&](double damping) {
    MultibodySystem system;
    system.setGravity(Vec3(0, 0, -kG));  // carried by the prismatic joint
    const BodyIndex b = system.addBody(ball("mass", m, Vec3(1.1, 0, 0)));
    system.addPrismaticJoint("slide", kWorld, b, Vec3(1.1, 0, 0), Vec3::UnitX());
    system.addSpring("spring", kWorld, Vec3::Zero(), b, Vec3(1.1, 0, 0), k, damping, 1.0);
    return system;
  };
  SECTION("undamped period") {
    const MultibodySystem system = build(0.0);
    SolverSettings settings;
    settings.time_step = 5e-4;
    Ali3pIntegrator integrator(system, settings);
    std::vector<double> crossings;
    double x_prev = 0.1;
    while (crossings.size() < 11) {
      const double t_prev = integrator.state().t;
      integrator.step();
      const double x = integrator.state().q[0] - 1.0;
      if ((x_prev > 0) != (x > 0))
        crossings.push_back(t_prev + settings.time_step * x_prev / (x_prev - x));
      x_prev = x;
    }
    const double period = (crossings.back() - crossings.front()) / 5.0;
    // The trapezoidal rule lengthens the period by (ωΔt)²/12 = 8e-6 relative.
    CHECK(period == Approx(2 * M_PI / 20.0).epsilon(3e-5));
    CHECK(std::abs(integrator.state().q[1]) < 1e-9);  // no motion off the axis
    CHECK(std::abs(integrator.state().q[2]) < 1e-9);
  }
  SECTION("damped: energy + dissipation constant") {
    const MultibodySystem system = build(4.0);
    Ali3pIntegrator integrator(system, SolverSettings{});
    const double e0 = integrator.energy().balance();
    while (integrator.state().t < 2.0 - 1e-9) integrator.step();
    const EnergyReport e = integrator.energy();
    // ζ = c/(2√(km)) = 0.05: the energy 0.5·k·0.1² decays like exp(−2ζωt).
    CHECK(e.dissipated == Approx(0.5 * k * 0.01 * (1.0 - std::exp(-4.0))).epsilon(1e-2));
    CHECK(std::abs(e.balance() - e0) < 1e-4 * e.dissipated);
  }
}

TEST_CASE("a step that cannot converge stops with the time and the worst constraint",
          "[dynamics]") {
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  const BodyIndex b = system.addBody(ball("load", 1.0, Vec3(0, 0, 1)));
  system.addSphericalJoint("hook", kWorld, b, Vec3(0.3, 0, 1));
  SolverSettings settings;
  settings.max_newton_iterations = 2;
  settings.newton_tolerance = 1e-30;  // unreachable
  settings.max_step_halvings = 2;
  Ali3pIntegrator integrator(system, settings);
  try {
    integrator.step();
    FAIL("expected a SimulationError");
  } catch (const SimulationError& e) {
    const std::string what = e.what();
    CHECK(what.find("t = 0 s") != std::string::npos);
    CHECK(what.find("2 halvings") != std::string::npos);
    CHECK(what.find("worst:") != std::string::npos);
    CHECK(what.find('\n') == std::string::npos);
  }
  CHECK(integrator.state().q.allFinite());
  CHECK(integrator.state().t == 0.0);
}

TEST_CASE("a cable hauled to zero length stops the run with a named error", "[dynamics]") {
  MultibodySystem system;
  const BodyIndex b = system.addBody(ball("load", 1.0, Vec3(0, 0, 2)));
  system.addCable("winch", kWorld, Vec3(0, 0, 3), b, Vec3(0, 0, 2),
                  CableLength::ramp(1.0, -2.0, 0.1));
  Ali3pIntegrator integrator(system, SolverSettings{});
  std::string message;
  try {
    while (integrator.state().t < 2.0) integrator.step();
  } catch (const SimulationError& e) {
    message = e.what();
  }
  CHECK(message.find("cable 'winch'") != std::string::npos);
  CHECK(message.find("at t = 0.55") != std::string::npos);
  CHECK(integrator.state().q.allFinite());
}
