// Free rigid bodies: torque-free motion (docs/validation.md, "Multibody dynamics"), constant loads.
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/ali3p_integrator.h"

using namespace contactsim;

namespace {

const Mat3 kInertia = Vec3(2.0, 3.0, 4.0).asDiagonal();

MultibodySystem freeBody(const Vec3& angular_velocity) {
  MultibodySystem system;
  system.setGravity(Vec3::Zero());
  BodyDefinition body;
  body.name = "box";
  body.mass = {5.0, Vec3::Zero(), kInertia};
  body.pose.rotation = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  body.angular_velocity = body.pose.rotation * angular_velocity;  // given in body axes
  system.addBody(body);
  return system;
}

Vec3 angularMomentum(const Ali3pIntegrator& integrator) {
  const MultibodySystem& s = integrator.system();
  const Mat3 R = s.bodyPose(0, integrator.state().q).rotation;
  return R * kInertia * R.transpose() *
         s.bodyAngularVelocity(0, integrator.state().q, integrator.state().qdot);
}

Vec3 bodyAngularVelocity(const Ali3pIntegrator& integrator) {
  const MultibodySystem& s = integrator.system();
  const Mat3 R = s.bodyPose(0, integrator.state().q).rotation;
  return R.transpose() * s.bodyAngularVelocity(0, integrator.state().q, integrator.state().qdot);
}

}  // namespace

TEST_CASE("torque-free body: angular momentum and energy conserved, intermediate axis tumbles",
          "[dynamics]") {
  SolverSettings settings;
  settings.time_step = 1e-3;

  SECTION("spin near the intermediate axis flips over") {
    const MultibodySystem system = freeBody(Vec3(1e-2, 2.0, 1e-2));
    Ali3pIntegrator integrator(system, settings);
    const Vec3 h0 = angularMomentum(integrator);
    const double e0 = integrator.energy().kinetic;
    bool flipped = false;
    double h_error = 0.0, e_error = 0.0;
    while (integrator.state().t < 12.0) {
      integrator.step();
      flipped = flipped || bodyAngularVelocity(integrator).y() < -1.0;
      h_error = std::max(h_error, (angularMomentum(integrator) - h0).norm() / h0.norm());
      e_error = std::max(e_error, std::abs(integrator.energy().kinetic - e0) / e0);
    }
    WARN("intermediate axis: max |ΔH|/|H| " << h_error << ", max |ΔT|/T " << e_error);
    CHECK(flipped);
    CHECK(h_error < 1e-4);
    CHECK(e_error < 1e-4);
  }

  SECTION("spin near the major and minor axes stays there") {
    for (const Vec3& spin : {Vec3(1e-3, 1e-3, 2.0), Vec3(2.0, 1e-3, 1e-3)}) {
      const MultibodySystem system = freeBody(spin);
      Ali3pIntegrator integrator(system, settings);
      const Vec3 axis = spin.normalized();
      double min_alignment = 1.0;
      while (integrator.state().t < 10.0) {
        integrator.step();
        min_alignment =
            std::min(min_alignment, bodyAngularVelocity(integrator).normalized().dot(axis));
      }
      CHECK(min_alignment > 0.999);
    }
  }
}

TEST_CASE("constant loads: force at the centre of mass and world torque", "[dynamics]") {
  MultibodySystem system;
  system.setGravity(Vec3::Zero());
  BodyDefinition body;
  body.name = "box";
  body.mass = {2.0, Vec3(0.1, 0, 0), kInertia};
  body.pose.translation = Vec3(0, 0, 1);
  const BodyIndex b = system.addBody(body);
  const Vec3 force(0, 4.0, 0), torque(0, 0, 0.5);
  // At the centre of mass (world (0.1, 0, 1) at t = 0): no moment from the force.
  system.addLoad(b, force, Vec3(0.1, 0, 1), torque);
  SolverSettings settings;
  Ali3pIntegrator integrator(system, settings);
  while (integrator.state().t < 1.0 - 1e-9) integrator.step();
  const MultibodyState& s = integrator.state();
  const Mat3 R = system.bodyPose(b, s.q).rotation;
  const Vec3 omega = system.bodyAngularVelocity(b, s.q, s.qdot);
  // Spin about the principal z axis: ω = N t / I_z; the centre of mass moves with F t / m.
  CHECK(omega.z() == Approx(0.5 / 4.0).epsilon(1e-6));
  CHECK(omega.head<2>().norm() < 1e-8);
  const Vec3 com_velocity = system.bodyOriginVelocity(b, s.qdot) + omega.cross(R * Vec3(0.1, 0, 0));
  CHECK(com_velocity.y() == Approx(2.0).epsilon(1e-6));
  // Work of the loads = kinetic energy gained.
  const EnergyReport e = integrator.energy();
  CHECK(e.load_work == Approx(e.kinetic).epsilon(1e-5));
}
