// The mouse spring (core/dynamics/mouse_spring.h): a body pulled by a target the user moves lifts
// and falls back when released, the force stays under its cap, a fixed body cannot be grabbed,
// the tangents match differences, the energy account stays closed and a released spring changes
// no number of a run.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/mouse_spring.h"
#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;
constexpr double kMass = 2.0;

BodyDefinition box(const std::string& name, const Vec3& position, bool fixed = false) {
  BodyDefinition body;
  body.name = name;
  body.fixed = fixed;
  body.mass = {kMass, Vec3(0.01, -0.02, 0.0), Vec3(0.05, 0.08, 0.11).asDiagonal()};
  body.pose.translation = position;
  body.pose.rotation = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  return body;
}

// A free box under gravity (body 1) beside a fixed one (body 0), the spring registered.
struct Rig {
  MultibodySystem system;
  std::shared_ptr<MouseSpring> spring = std::make_shared<MouseSpring>();
  std::unique_ptr<Ali3pIntegrator> integrator;
  Rig() {
    system.setGravity(Vec3(0, 0, -kG));
    system.addBody(box("fixed", Vec3(2, 0, 0), true));
    system.addBody(box("free", Vec3(0, 0, 1)));
    system.addForceSource(spring);
    integrator = std::make_unique<Ali3pIntegrator>(system, SolverSettings{});
  }
  const MultibodyState& state() const { return integrator->state(); }
  double height() const { return system.bodyPose(1, state().q).translation.z(); }
};

Eigen::MatrixXd dense(int n, const Triplets& t) {
  Eigen::SparseMatrix<double> m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  return Eigen::MatrixXd(m);
}

Eigen::VectorXd springForce(MouseSpring& spring, const Eigen::VectorXd& q,
                            const Eigen::VectorXd& qd) {
  ForceValues out;
  out.q_force.setZero(q.size());
  spring.addForces(q, qd, 0.0, out);
  return out.q_force;
}

// A 0.5 m steel cube (981 kg) dropped 0.5 mm onto a fixed 4 m × 4 m × 0.2 m plate.
Scene boxOnPlate() {
  const std::string text = R"({"materials": [{"name": "steel", "density": 7850,
      "young_modulus": 2.1e11, "poisson_ratio": 0.3}],
    "bodies": [
      {"name": "plate", "fixed": true, "mesh": {"file": "plate.stl"}, "material": "steel"},
      {"name": "box", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 0.3505]}],
    "solver": {"time_step": 0.001},
    "contact": {"pairs": "all", "law": {"model": "modia3d", "restitution": 0.3,
                "sliding_friction": 0.3}}})";
  return parseScene(text, "/scenes/t.json", [](const SceneMesh& request) {
    return request.file.filename() == "plate.stl" ? makeBox(Vec3(2.0, 2.0, 0.1))
                                                  : makeBox(Vec3::Constant(0.25));
  });
}

}  // namespace

TEST_CASE("mouse spring: k = m(2πf)², c = 2ζmω, cap n·m·g0; a fixed body cannot be grabbed",
          "[dynamics][mouse-spring]") {
  Rig rig;
  const double omega = 2.0 * M_PI * 2.0;
  REQUIRE_FALSE(rig.spring->attach(rig.system, 0, Vec3::Zero(), Vec3(2, 0, 1)));
  CHECK_FALSE(rig.spring->attached());
  REQUIRE_FALSE(rig.spring->attach(rig.system, 7, Vec3::Zero(), Vec3(2, 0, 1)));
  const Eigen::VectorXd q = rig.state().q, qd = Eigen::VectorXd::Random(q.size());
  CHECK(springForce(*rig.spring, q, qd).isZero(0.0));  // released: nothing at all

  REQUIRE(rig.spring->attach(rig.system, 1, Vec3(0.1, 0, 0.05), Vec3(0, 0, 1.5)));
  CHECK(rig.spring->stiffness() == Approx(kMass * omega * omega));
  CHECK(rig.spring->damping() == Approx(2.0 * kMass * omega));
  CHECK(rig.spring->maxForce() == Approx(10.0 * kMass * 9.80665));
  CHECK_THROWS(MouseSpring(MouseSpringSettings{0.0}));
}

TEST_CASE(
    "mouse spring: K = −∂Q/∂q and C = −∂Q/∂q̇ against central differences, below and on "
    "the cap",
    "[dynamics][mouse-spring][tangents]") {
  Rig rig;
  std::mt19937 rng(18);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = rig.system.coordinateCount();
  int capped = 0;
  for (int trial = 0; trial < 20; ++trial) {
    // Targets from 0.1 m (under the cap) to 10 m away (on it).
    const Vec3 target = Vec3(u(rng), u(rng), u(rng)) * (trial % 2 ? 10.0 : 0.1);
    REQUIRE(rig.spring->attach(rig.system, 1, Vec3(0.1, -0.2, 0.05), Vec3(0, 0, 1) + target));
    Eigen::VectorXd q = rig.system.initialCoordinates(), qd(n);
    for (int i = 0; i < n; ++i) q[i] += 0.05 * u(rng), qd[i] = 0.5 * u(rng);
    const MouseSpring::Evaluation e = rig.spring->evaluate(q, qd);
    capped += e.capped;
    CHECK(e.force_world.norm() <= rig.spring->maxForce() * (1 + 1e-12));
    ForceValues out;
    out.q_force.setZero(n);
    rig.spring->addForces(q, qd, 0.0, out);
    const Eigen::MatrixXd K = dense(n, out.stiffness), C = dense(n, out.damping);
    Eigen::MatrixXd K_fd(n, n), C_fd(n, n);
    const double eps = 1e-6;
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd plus = q, minus = q, vplus = qd, vminus = qd;
      plus[j] += eps, minus[j] -= eps, vplus[j] += eps, vminus[j] -= eps;
      K_fd.col(j) =
          -(springForce(*rig.spring, plus, qd) - springForce(*rig.spring, minus, qd)) / (2 * eps);
      C_fd.col(j) =
          -(springForce(*rig.spring, q, vplus) - springForce(*rig.spring, q, vminus)) / (2 * eps);
    }
    INFO("trial " << trial << (e.capped ? " (capped)" : ""));
    CHECK((K - K_fd).cwiseAbs().maxCoeff() <= 1e-7 * K_fd.cwiseAbs().maxCoeff());
    CHECK((C - C_fd).cwiseAbs().maxCoeff() <= 1e-7 * C_fd.cwiseAbs().maxCoeff());
  }
  CHECK(capped == 10);  // both regimes were checked
}

TEST_CASE(
    "mouse spring: a free box follows a target moved upwards, under the cap, and falls "
    "once released; the energy account stays closed",
    "[dynamics][mouse-spring]") {
  Rig rig;
  const Vec3 grip(0.0, 0.0, 0.1);  // body frame
  const double start = rig.height();
  const double energy0 = rig.integrator->energy().balance();
  REQUIRE(
      rig.spring->attach(rig.system, 1, grip, rig.system.bodyPose(1, rig.state().q).apply(grip)));
  // The target rises 1 m in 0.5 s (a brisk drag), then is held for 1.5 s.
  double largest_force = 0.0;
  const Vec3 target0 = rig.spring->target();
  while (rig.state().t < 2.0 - 1e-9) {
    const double t = rig.state().t;
    rig.spring->setTarget(target0 + Vec3(0, 0, std::min(1.0, 2.0 * t)));
    rig.integrator->step();
    largest_force = std::max(
        largest_force, rig.spring->evaluate(rig.state().q, rig.state().qdot).force_world.norm());
  }
  // At rest under the target, sagging by the weight over k: g/ω² = 9.81/(4π)² ≈ 0.062 m.
  const double sag = kG / std::pow(4.0 * M_PI, 2);
  CHECK(rig.height() == Approx(start + 1.0 - sag).margin(0.01));
  CHECK(largest_force <= rig.spring->maxForce() * (1 + 1e-12));
  CHECK(largest_force >= kMass * kG);  // it carried the weight
  // Its work is in the source work: the balance moves by ~1e-8 of the m·g·1 m it took in.
  const double balance_error = rig.integrator->energy().balance() - energy0;
  INFO("balance drift " << balance_error << " J");
  CHECK(std::abs(balance_error) <= 1e-7 * kMass * kG * 1.0);

  rig.spring->release();
  const double lifted = rig.height();
  for (int i = 0; i < 300; ++i) rig.integrator->step();
  // Free fall from (near) rest: ½·g·0.3² ≈ 0.44 m.
  CHECK(rig.height() == Approx(lifted - 0.5 * kG * 0.09).margin(0.01));
}

TEST_CASE("mouse spring: a fast drag is capped at 10 m·g and a drag on a fixed body does nothing",
          "[dynamics][mouse-spring]") {
  Rig rig;
  REQUIRE(rig.spring->attach(rig.system, 1, Vec3::Zero(), Vec3(0, 0, 101)));  // 100 m away
  for (int i = 0; i < 10; ++i) {
    rig.integrator->step();
    const MouseSpring::Evaluation e = rig.spring->evaluate(rig.state().q, rig.state().qdot);
    CHECK(e.capped);
    CHECK(e.force_world.norm() == Approx(10.0 * kMass * 9.80665));
  }
  // Net upward acceleration 10·g0 − g over 10 ms at most; the trapezoidal rule ramps the force in
  // over the first step (its q̈ there is from before the grab), so a little less.
  const double rise = rig.system.bodyOriginVelocity(1, rig.state().qdot).z();
  CHECK(rise <= (10 * 9.80665 - kG) * 0.01);
  CHECK(rise >= (10 * 9.80665 - kG) * (0.01 - 0.001));

  Rig fixed;
  const Eigen::VectorXd q0 = fixed.state().q;
  CHECK_FALSE(fixed.spring->attach(fixed.system, 0, Vec3::Zero(), Vec3(2, 0, 5)));
  fixed.integrator->step();
  Rig untouched;
  untouched.integrator->step();
  CHECK(fixed.state().q == untouched.state().q);
}

TEST_CASE(
    "mouse spring: a box resting on a plate is lifted by a target moved up and drops back "
    "when released; a released spring changes no number of the run",
    "[dynamics][mouse-spring][contact]") {
  auto spring = std::make_shared<MouseSpring>();
  Simulation sim(boxOnPlate(), {}, spring);
  Simulation plain(boxOnPlate());
  auto height = [](const Simulation& s) { return s.frame().bodies[1].pose.translation.z(); };
  for (int i = 0; i < 300; ++i) sim.step(), plain.step();
  // Registered but released: bit for bit the run without it.
  CHECK(sim.integrator().state().q == plain.integrator().state().q);
  CHECK(sim.frame().energy.balance() == plain.frame().energy.balance());
  const double rest = height(sim);
  CHECK(rest == Approx(0.35).margin(1e-3));

  // A plate cannot be dragged.
  CHECK_FALSE(spring->attach(sim.system(), 0, Vec3(0, 0, 0.1), Vec3(0, 0, 2)));

  // Grab the box's top face and raise the target 0.3 m over 0.3 s, then hold it for 0.5 s.
  const Vec3 top(0.0, 0.0, 0.25);
  const double grip = rest + 0.25;
  REQUIRE(spring->attach(sim.system(), 1, top, Vec3(0, 0, grip)));
  const double balance0 = sim.frame().energy.balance();
  const double mass = 7850.0 * 0.125;
  double largest = 0.0;
  const double t0 = sim.time();
  for (int i = 0; i < 800; ++i) {
    spring->setTarget(Vec3(0, 0, grip + 0.3 * std::min(1.0, (sim.time() - t0) / 0.3)));
    sim.step();
    const MultibodyState& s = sim.integrator().state();
    largest = std::max(largest, spring->evaluate(s.q, s.qdot).force_world.norm());
  }
  const double sag = kG / std::pow(4.0 * M_PI, 2);
  CHECK(height(sim) == Approx(rest + 0.3 - sag).margin(0.02));
  CHECK(largest <= 10.0 * mass * 9.80665 * (1 + 1e-12));
  const double drift = sim.frame().energy.balance() - balance0;
  INFO("balance drift " << drift << " J while lifting");
  CHECK(std::abs(drift) <= 1e-8 * mass * kG * 0.3);  // measured: 3e-10 J of 2.9e3 J

  spring->release();
  for (int i = 0; i < 600; ++i) sim.step();
  CHECK(height(sim) == Approx(rest).margin(2e-3));  // back on the plate
}
