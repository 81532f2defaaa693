// Tangents against central differences on random states: K = −∂Q/∂q and C = −∂Q/∂q̇ of every
// ForceSet element (gravity, spring–dampers, point loads, body torques), addBodyTorque's
// stiffness, and the constraints' Φ_q, Φ_t and γ = Φ̇_q q̇ + Φ̇_t for every joint type and for
// cables of ramped length, prescribed joint motions (angle and displacement drives) and the joint
// motor and stop force sources. (The chain cable, the one force source in core/dynamics, has its
// own tangent test in test_chain.cpp.)
//
// Tolerances. A central difference with step ε has truncation error ε²/6·|f'''| and round-off
// ≈ 2^-52·|f|/ε. With ε = 1e-6 on coordinates of order 1 both are below ≈ 1e-10 of the
// magnitudes involved, so an entry is accepted within
//   kRelative · max(1, largest |entry| of the difference matrix, largest |Q| or |Φ|)
// with kRelative = 1e-7 (a 1000× margin). γ is checked with a second difference along the
// straight path q + τq̇, t + τ (then Φ̈ = γ exactly); its step τ = 1e-4 balances the τ²
// truncation and the 2^-52/τ² round-off near 1e-8, so that check uses 1e-5.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "dynamics/force_set.h"
#include "dynamics/joint_actuator.h"
#include "dynamics/multibody_system.h"

using namespace contactsim;

namespace {

constexpr double kStep = 1e-6;
constexpr double kRelative = 1e-7;

Eigen::MatrixXd dense(int rows, int cols, const Triplets& t) {
  Eigen::SparseMatrix<double> m(rows, cols);
  m.setFromTriplets(t.begin(), t.end());
  return Eigen::MatrixXd(m);
}

BodyDefinition box(const std::string& name, const Vec3& position, const Vec3& com,
                   double mass = 2.0) {
  BodyDefinition body;
  body.name = name;
  body.mass = {mass, com, Vec3(0.05, 0.08, 0.11).asDiagonal()};
  body.pose.translation = position;
  body.pose.rotation = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  return body;
}

// A random state near the initial one: the coordinates (not the constraints) are perturbed, so
// unit vectors are no longer unit and every term of the tangents is exercised.
struct State {
  Eigen::VectorXd q, qdot;
};
State randomState(const MultibodySystem& system, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s{system.initialCoordinates(), Eigen::VectorXd(system.coordinateCount())};
  for (int i = 0; i < s.q.size(); ++i) {
    s.q[i] += 0.2 * u(rng);
    s.qdot[i] = 2.0 * u(rng);
  }
  return s;
}

void requireClose(const Eigen::MatrixXd& exact, const Eigen::MatrixXd& difference, double scale,
                  const std::string& what) {
  const double tolerance = kRelative * std::max({1.0, scale, difference.cwiseAbs().maxCoeff()});
  const double worst = (exact - difference).cwiseAbs().maxCoeff();
  INFO(what << ": largest difference " << worst << ", tolerance " << tolerance);
  CHECK(worst <= tolerance);
}

Eigen::VectorXd forces(const ForceSet& set, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                       double t) {
  ForceValues out;
  out.q_force.setZero(q.size());
  set.evaluate(q, qd, t, out);
  return out.q_force;
}

void checkForceTangents(const ForceSet& set, const State& s, double t, const std::string& what) {
  const auto n = static_cast<int>(s.q.size());
  ForceValues out;
  out.q_force.setZero(n);
  set.evaluate(s.q, s.qdot, t, out);
  Eigen::MatrixXd K_fd(n, n), C_fd(n, n);
  for (int j = 0; j < n; ++j) {
    Eigen::VectorXd plus = s.q, minus = s.q;
    plus[j] += kStep;
    minus[j] -= kStep;
    K_fd.col(j) = -(forces(set, plus, s.qdot, t) - forces(set, minus, s.qdot, t)) / (2 * kStep);
    Eigen::VectorXd vplus = s.qdot, vminus = s.qdot;
    vplus[j] += kStep;
    vminus[j] -= kStep;
    C_fd.col(j) = -(forces(set, s.q, vplus, t) - forces(set, s.q, vminus, t)) / (2 * kStep);
  }
  const double q_scale = out.q_force.cwiseAbs().maxCoeff();
  requireClose(dense(n, n, out.stiffness), K_fd, q_scale, what + ": K");
  requireClose(dense(n, n, out.damping), C_fd, q_scale, what + ": C");
}

}  // namespace

TEST_CASE("addBodyTorque: Q = ½ N × e and K = −∂Q/∂q", "[dynamics][tangents]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = 24, offset = 12;
  for (int trial = 0; trial < 5; ++trial) {
    const Vec3 torque(3 * u(rng), 3 * u(rng), 3 * u(rng));
    Eigen::VectorXd q(n), qd(n);
    for (int i = 0; i < n; ++i) q[i] = u(rng), qd[i] = u(rng);
    Eigen::VectorXd Q = Eigen::VectorXd::Zero(n);
    Triplets stiffness;
    const double power = addBodyTorque(offset, torque, q, qd, Q, &stiffness);
    // The base point gets nothing, each of u, v, w gets ½ N × e; the power is Qᵀq̇.
    CHECK(Q.head(offset + 3).cwiseAbs().maxCoeff() == 0.0);
    for (int i = 1; i <= 3; ++i) {
      const Vec3 e = q.segment<3>(offset + 3 * i);
      CHECK((Q.segment<3>(offset + 3 * i) - 0.5 * torque.cross(e)).norm() < 1e-15);
    }
    CHECK(power == Approx(Q.dot(qd)).epsilon(1e-13));
    Eigen::MatrixXd K_fd(n, n);
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd plus = q, minus = q, Qp = Eigen::VectorXd::Zero(n),
                      Qm = Eigen::VectorXd::Zero(n);
      plus[j] += kStep;
      minus[j] -= kStep;
      addBodyTorque(offset, torque, plus, qd, Qp, nullptr);
      addBodyTorque(offset, torque, minus, qd, Qm, nullptr);
      K_fd.col(j) = -(Qp - Qm) / (2 * kStep);
    }
    requireClose(dense(n, n, stiffness), K_fd, Q.cwiseAbs().maxCoeff(), "addBodyTorque K");
  }
}

TEST_CASE("ForceSet tangents: gravity, point loads, body torques, undamped springs",
          "[dynamics][tangents]") {
  MultibodySystem system;
  system.setGravity(Vec3(0.3, -9.81, 0.7));
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, 0), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, 0), Vec3(-0.2, 0.0, 0.3), 3.0));
  system.addSpring("ground", kWorld, Vec3(0, 2, 0), a, Vec3(0.2, 0.1, 0), 500.0, 0.0, 1.2);
  system.addSpring("between", a, Vec3(0.3, 0, 0.1), b, Vec3(0.9, 0.6, -0.2), 800.0, 0.0, 0.5);
  system.addLoad(a, Vec3(2, -1, 3), Vec3(0.4, 0.1, 0.2), Vec3(0, 0, 0));
  system.addLoad(b, Vec3(0, 0, 0), Vec3(1, 0.5, 0), Vec3(1.5, -2.0, 0.5));
  system.addLoad(b, Vec3(-3, 0, 1), Vec3(1.2, 0.4, 0.3), Vec3(0.2, 0.1, -0.4));
  std::mt19937 rng(11);
  for (int trial = 0; trial < 5; ++trial) {
    checkForceTangents(system.forces(), randomState(system, rng), 0.0,
                       "trial " + std::to_string(trial));
  }
}

TEST_CASE("ForceSet tangents: spring–dampers moving along their line", "[dynamics][tangents]") {
  // The damper force c·ℓ̇·n with ℓ̇ = n·ḋ also depends on q through n; when the relative
  // velocity ḋ is along d that dependence, (c/ℓ)·n·ḋᵀ(I − nnᵀ), vanishes. These states isolate
  // the stiffness, geometric stiffness and damping matrix C of a damped spring.
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -9.81));
  BodyDefinition ball;
  ball.name = "ball";
  ball.mass = {1.5, Vec3::Zero(), 0.02 * Mat3::Identity()};
  ball.pose.translation = Vec3(0.3, 0.2, -1.0);
  const BodyIndex body = system.addBody(ball);
  system.addSpring("hang", kWorld, Vec3(0, 0, 0), body, Vec3(0.3, 0.2, -1.0), 900.0, 40.0, 0.8);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 5; ++trial) {
    State s{system.initialCoordinates(), Eigen::VectorXd::Zero(system.coordinateCount())};
    // Translate the ball (its unit vectors untouched) and move it along the spring's line.
    s.q.head<3>() += 0.2 * Vec3(u(rng), u(rng), u(rng));
    s.qdot.head<3>() = 1.5 * u(rng) * s.q.head<3>().normalized();
    checkForceTangents(system.forces(), s, 0.0, "trial " + std::to_string(trial));
  }
}

TEST_CASE("ForceSet tangents: spring–dampers with transverse relative velocity",
          "[dynamics][tangents]") {
  // The damper force c·n·(n·ḋ) changes as n turns: K includes (∂d/∂q)ᵀ (c/ℓ) n ḋᵀ(I − nnᵀ) (∂d/∂q).
  MultibodySystem system;
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, 0), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, 0), Vec3(-0.2, 0.0, 0.3), 3.0));
  system.addSpring("ground", kWorld, Vec3(0, 2, 0), a, Vec3(0.2, 0.1, 0), 500.0, 30.0, 1.2);
  system.addSpring("between", a, Vec3(0.3, 0, 0.1), b, Vec3(0.9, 0.6, -0.2), 800.0, 25.0, 0.5);
  std::mt19937 rng(13);
  checkForceTangents(system.forces(), randomState(system, rng), 0.0, "damped springs");
}

namespace {

// Φ_q, Φ_t and γ of `system`'s constraints at random states and times.
void checkConstraintTangents(const MultibodySystem& system, double t0, double t1, unsigned seed) {
  const ConstraintSet& set = system.constraints();
  const int rows = set.rowCount(), n = system.coordinateCount();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> time(t0, t1);
  auto phi = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) {
    ConstraintValues v;
    set.evaluate(q, qd, t, false, v);
    return Eigen::VectorXd(v.phi);
  };
  for (int trial = 0; trial < 5; ++trial) {
    const State s = randomState(system, rng);
    const double t = time(rng);
    ConstraintValues values;
    set.evaluate(s.q, s.qdot, t, true, values);
    const double scale = values.phi.cwiseAbs().maxCoeff();
    Eigen::MatrixXd J_fd(rows, n);
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd plus = s.q, minus = s.q;
      plus[j] += kStep;
      minus[j] -= kStep;
      J_fd.col(j) = (phi(plus, s.qdot, t) - phi(minus, s.qdot, t)) / (2 * kStep);
    }
    const std::string what = "trial " + std::to_string(trial) + " at t = " + std::to_string(t);
    requireClose(dense(rows, n, values.jacobian), J_fd, scale, what + ": Phi_q");
    const Eigen::VectorXd phi_t_fd =
        (phi(s.q, s.qdot, t + kStep) - phi(s.q, s.qdot, t - kStep)) / (2 * kStep);
    requireClose(values.phi_t, phi_t_fd, scale, what + ": Phi_t");
    // Along q(τ) = q + τq̇ at time t + τ, q̈ = 0 and Φ̈ = γ.
    constexpr double tau = 1e-4;
    const Eigen::VectorXd gamma_fd =
        (phi(s.q + tau * s.qdot, s.qdot, t + tau) - 2.0 * phi(s.q, s.qdot, t) +
         phi(s.q - tau * s.qdot, s.qdot, t - tau)) /
        (tau * tau);
    const double tolerance = 1e-5 * std::max({1.0, scale, gamma_fd.cwiseAbs().maxCoeff()});
    INFO(what << ": gamma, largest difference " << (values.gamma - gamma_fd).cwiseAbs().maxCoeff());
    CHECK((values.gamma - gamma_fd).cwiseAbs().maxCoeff() <= tolerance);
    // The reactions' geometric stiffness ∂(Φ_qᵀμ)/∂q at fixed random μ.
    Eigen::VectorXd mu(rows);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (int i = 0; i < rows; ++i) mu[i] = 10.0 * unit(rng);
    auto reactions = [&](const Eigen::VectorXd& q) {
      ConstraintValues v;
      set.evaluate(q, s.qdot, t, true, v);
      return Eigen::VectorXd(dense(rows, n, v.jacobian).transpose() * mu);
    };
    Eigen::MatrixXd G_fd(n, n);
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd plus = s.q, minus = s.q;
      plus[j] += kStep;
      minus[j] -= kStep;
      G_fd.col(j) = (reactions(plus) - reactions(minus)) / (2 * kStep);
    }
    Triplets hessian;
    set.addHessian(mu, t, hessian);
    requireClose(dense(n, n, hessian), G_fd, reactions(s.q).cwiseAbs().maxCoeff(),
                 what + ": Hessian");
  }
}

}  // namespace

TEST_CASE("constraint Jacobians and gamma: every joint type against differences",
          "[dynamics][tangents]") {
  const Vec3 axis = Vec3(0.2, -0.5, 1.0).normalized();
  MultibodySystem system;
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, 0), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, 0), Vec3(-0.2, 0.0, 0.3), 3.0));
  const BodyIndex c = system.addBody(box("c", Vec3(0, 1, 1), Vec3(0.3, -0.1, 0.0)));
  const BodyIndex d = system.addBody(box("d", Vec3(-1, 0, 0.5), Vec3(0.0, 0.2, 0.2)));
  SECTION("spherical") {
    system.addSphericalJoint("s0", kWorld, a, Vec3(0.1, 0.1, 0.1));
    system.addSphericalJoint("s1", a, b, Vec3(0.5, 0.3, 0.0));
    checkConstraintTangents(system, 0.0, 1.0, 1);
  }
  SECTION("revolute") {
    system.addRevoluteJoint("r0", kWorld, a, Vec3(0.1, 0.1, 0.1), axis);
    system.addRevoluteJoint("r1", a, b, Vec3(0.5, 0.3, 0.0), Vec3::UnitZ());
    checkConstraintTangents(system, 0.0, 1.0, 2);
  }
  SECTION("fixed") {
    system.addFixedJoint("f0", kWorld, c, Vec3(0.0, 1.0, 0.8));
    system.addFixedJoint("f1", c, d, Vec3(-0.5, 0.5, 0.7));
    checkConstraintTangents(system, 0.0, 1.0, 3);
  }
  SECTION("prismatic") {
    system.addPrismaticJoint("p0", kWorld, a, Vec3(0.1, 0.1, 0.1), axis);
    system.addPrismaticJoint("p1", a, b, Vec3(0.5, 0.3, 0.0), Vec3::UnitX());
    checkConstraintTangents(system, 0.0, 1.0, 4);
  }
  SECTION("all at once, with the bodies' own rigidity rows") {
    system.addRevoluteJoint("r", kWorld, a, Vec3(0.1, 0.1, 0.1), axis);
    system.addPrismaticJoint("p", a, b, Vec3(0.5, 0.3, 0.0), Vec3::UnitY());
    system.addSphericalJoint("s", b, c, Vec3(0.5, 0.8, 0.5));
    system.addFixedJoint("f", c, d, Vec3(-0.5, 0.5, 0.7));
    checkConstraintTangents(system, 0.0, 1.0, 5);
  }
}

TEST_CASE("constraint Jacobians and gamma: cables of ramped and tabulated length",
          "[dynamics][tangents]") {
  MultibodySystem system;
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, -1), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, -1), Vec3(-0.2, 0.0, 0.3), 3.0));
  // Inside the ramp (t < 2 s) L̈ ≠ 0, after it L̇ is constant: sample both.
  system.addCable("winch", kWorld, Vec3(0, 0, 1), a, Vec3(0.1, 0, -0.8),
                  CableLength::ramp(1.8, -0.4, 2.0));
  system.addCable("pay out", a, Vec3(0.2, 0.1, -1), b, Vec3(1.0, 0.6, -0.9),
                  CableLength::ramp(0.9, 0.3, 1.5));
  system.addCable("table", kWorld, Vec3(2, 0, 1), b, Vec3(1.1, 0.4, -1.1),
                  CableLength::table({{0.0, 2.3}, {1.0, 2.0}, {2.0, 2.2}, {3.0, 1.9}}));
  checkConstraintTangents(system, 0.05, 1.4, 6);
  checkConstraintTangents(system, 2.1, 3.0, 7);
}

TEST_CASE("constraint Jacobians and gamma: prescribed joint angles and displacements",
          "[dynamics][tangents][drives]") {
  MultibodySystem system;
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, 0), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, 0), Vec3(-0.2, 0.0, 0.3), 3.0));
  const BodyIndex c = system.addBody(box("c", Vec3(0, 1, 1), Vec3(0.3, -0.1, 0.0)));
  const Vec3 axis = Vec3(0.2, -0.5, 1.0).normalized();
  // Ramp (θ̈ ≠ 0 inside it), table (spline) and constant speed, on the ground and between bodies.
  system.addJointDrive("ramp", kWorld, a, Vec3(0.1, 0.1, 0.1), axis, true,
                       MotionProfile::ramp(2.5, 1.2));
  system.addJointDrive("table", a, b, Vec3(0.5, 0.3, 0.0), Vec3::UnitY(), true,
                       MotionProfile::table({{0.0, 0.0}, {0.5, 1.0}, {1.0, 0.4}, {1.5, 3.0}}));
  system.addJointDrive("slide", b, c, Vec3(0.5, 0.8, 0.5), axis, false,
                       MotionProfile::ramp(-0.7, 0.9));
  system.addJointDrive("push", kWorld, c, Vec3(0.0, 1.0, 0.8), Vec3::UnitZ(), false,
                       MotionProfile::table({{0.0, 0.0}, {0.7, 0.2}, {1.4, -0.1}}));
  system.addJointDrive("spin", b, c, Vec3(0.2, 0.2, 0.2), Vec3::UnitX(), true,
                       MotionProfile::speed(-4.0));
  checkConstraintTangents(system, 0.05, 1.1, 8);
  checkConstraintTangents(system, 1.3, 2.0, 9);
}

TEST_CASE("joint motors and stops: K and C against differences", "[dynamics][tangents][drives]") {
  MultibodySystem system;
  system.setGravity(Vec3(0.3, -9.81, 0.7));
  const BodyIndex a = system.addBody(box("a", Vec3(0, 0, 0), Vec3(0.1, 0.2, -0.1)));
  const BodyIndex b = system.addBody(box("b", Vec3(1, 0.5, 0), Vec3(-0.2, 0.0, 0.3), 3.0));
  const Vec3 axis = Vec3(0.2, -0.5, 1.0).normalized();
  const auto add = [&](const std::string& name, BodyIndex from, BodyIndex to, const Vec3& point,
                       const Vec3& along, bool revolute, JointActuator::Law law) {
    system.addForceSource(std::make_shared<JointActuator>(
        name, JointCoordinate(system.jointAxes(name, from, to, point, along, revolute)), law));
  };
  // PD below its torque limit, velocity control, and stops that the random states penetrate
  // (lower above 0 for the angle, upper below 0 for the displacement: δ > 0 at most states).
  add("pd", kWorld, a, Vec3(0.1, 0.1, 0.1), axis, true, JointMotorLaw{0.4, 1.5, 30.0, 4.0, 1e9});
  add("saturated", kWorld, b, Vec3(0.4, 0.0, 0.2), Vec3::UnitX(), true,
      JointMotorLaw{3.0, 0.0, 1000.0, 0.0, 5.0});
  add("velocity", a, b, Vec3(0.5, 0.3, 0.0), Vec3::UnitY(), false,
      JointMotorLaw{0.0, -0.8, 0.0, 12.0, 1e9});
  add("stop", a, b, Vec3(0.3, 0.2, 0.1), Vec3::UnitZ(), true, JointStopLaw{-1.0, -0.9, 800.0, 0.0});
  add("stop damped", kWorld, b, Vec3(1.0, 0.5, 0.0), axis, false,
      JointStopLaw{-10.0, -5.0, 500.0, 0.002});
  std::mt19937 rng(17);
  for (int trial = 0; trial < 5; ++trial) {
    checkForceTangents(system.forces(), randomState(system, rng), 0.3,
                       "trial " + std::to_string(trial));
  }
}
