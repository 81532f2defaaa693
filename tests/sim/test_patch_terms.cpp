// The terms of a patch's load besides its normal force (core/sim/patch_terms.h), each on its own:
// their derivatives against central differences, and the physical statement each makes —
// friction's power is the law's F·s over slip and spin, and the rolling torque opposes the rolling
// at μ_r·r·F_n. (The spread of the normal damping over a patch:
// tests/contact/test_curved_piece.cpp.)
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "sim/patch_terms.h"

using namespace contactsim;

namespace {

// ∂f/∂x at x by central differences of step h, one column per coordinate.
Mat3 centralDifferences(const std::function<Vec3(const Vec3&)>& f, const Vec3& x, double h) {
  Mat3 d;
  for (int j = 0; j < 3; ++j) {
    const Vec3 step = h * Vec3::Unit(j);
    d.col(j) = (f(x + step) - f(x - step)) / (2.0 * h);
  }
  return d;
}

const Vec3 kNormal = Vec3(0.3, -0.2, 1.0).normalized();
const Mat3 kTangent = Mat3::Identity() - kNormal * kNormal.transpose();

}  // namespace

TEST_CASE("patch friction: sliding force and spin torque share the law's power and tangents",
          "[patch-terms]") {
  const FrictionModel law = CoulombFriction{0.4, 0.01};
  const NormalForce normal{250.0, 1e6, 1e3};
  const double r = 0.02;
  const Vec3 offset = Vec3::Zero();
  const Vec3 v_rel(0.03, -0.05, 0.02), omega(1.5, -0.7, 2.0);
  const auto at = [&](const Vec3& v, const Vec3& w) {
    return patchFriction(law, normal, kNormal, kTangent * v, w, r, offset, 0.0);
  };
  const PatchFriction f = at(v_rel, omega);

  // In the contact plane and along n; together they do the law's work F(s)·s at s = v_t + r·ω_n·n.
  CHECK(std::abs(kNormal.dot(f.sliding.force)) < 1e-12 * f.sliding.force.norm());
  CHECK((f.spin.torque - kNormal.dot(f.spin.torque) * kNormal).norm() < 1e-12);
  const Vec3 s = kTangent * v_rel + r * kNormal.dot(omega) * kNormal;
  FrictionInput input;
  input.slip_velocity = s;
  input.normal_force = normal.value;
  const FrictionForce whole = evaluate(law, input);
  CHECK(f.sliding.force.dot(kTangent * v_rel) + f.spin.torque.dot(omega) ==
        Approx(whole.force.dot(s)).epsilon(1e-12));
  CHECK(whole.force.dot(s) < 0.0);  // it dissipates

  const double h = 1e-7;
  const Mat3 d_force_d_v =
      centralDifferences([&](const Vec3& v) { return at(v, omega).sliding.force; }, v_rel, h);
  const Mat3 d_torque_d_v =
      centralDifferences([&](const Vec3& v) { return at(v, omega).spin.torque; }, v_rel, h);
  const Mat3 d_torque_d_w =
      centralDifferences([&](const Vec3& w) { return at(v_rel, w).spin.torque; }, omega, h);
  const Mat3 d_force_d_w =
      centralDifferences([&](const Vec3& w) { return at(v_rel, w).sliding.force; }, omega, h);
  const double scale = normal.value * 0.4 / 0.01;  // |∂F/∂s| at most μ·F_n/v_small
  INFO("∂F/∂ḋ\n" << f.sliding.d_velocity << "\nby differences\n" << d_force_d_v);
  CHECK((f.sliding.d_velocity - d_force_d_v).norm() < 1e-5 * scale);
  CHECK((f.spin.d_slip - d_torque_d_v).norm() < 1e-5 * scale * r);
  CHECK((-f.spin.d_omega - d_torque_d_w).norm() < 1e-5 * scale * r * r);
  CHECK((f.spin.sliding_d_omega - d_force_d_w).norm() < 1e-5 * scale * r);
  CHECK(f.spin.d_omega.norm() > 0.0);
}

TEST_CASE("rolling torque opposes the rolling at mu_r times r times F_n, with its tangents",
          "[patch-terms]") {
  const RollingResistance law{0.01, 0.05, 1e-3};
  const double force = 300.0;
  const Vec3 omega(2.0, -1.0, 0.5);
  const RollingTorque t = rollingTorque(law, force, omega);
  // Well above ω_small the regularised speed is |ω|.
  CHECK((t.torque + 0.01 * 0.05 * force * omega.normalized()).norm() < 1e-12);
  CHECK((t.d_force - t.torque / force).norm() < 1e-15);
  const Mat3 d_omega = centralDifferences(
      [&](const Vec3& w) { return rollingTorque(law, force, w).torque; }, omega, 1e-7);
  CHECK((-t.d_omega - d_omega).norm() < 1e-6 * t.d_omega.norm());
  // Below ω_small the regularisation keeps it finite and smooth, also with its tangent.
  const Vec3 slow = 1e-4 * omega.normalized();
  const Mat3 d_slow = centralDifferences(
      [&](const Vec3& w) { return rollingTorque(law, force, w).torque; }, slow, 1e-9);
  CHECK((-rollingTorque(law, force, slow).d_omega - d_slow).norm() <
        1e-5 * rollingTorque(law, force, slow).d_omega.norm());
  // None without a coefficient or without a normal force.
  CHECK(rollingTorque(RollingResistance{}, force, omega).torque.isZero());
  CHECK(rollingTorque(law, 0.0, omega).d_omega.isZero());
}
