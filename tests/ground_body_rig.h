// A moving body above a fixed ground with one force source between them, stepped by ALI3-P: the
// bench both contact modes are tested on, the patch source in tests/sim/contact_rig.h and the
// volumetric one in tests/volumetric/test_volumetric_dynamics.cpp. A rig adds its source and
// what it reports of it; the body's motion and energy are read here, the same way for both.
#pragma once

#include <memory>
#include <optional>

#include "dynamics/ali3p_integrator.h"

namespace contactsim::test {

class GroundBodyRig {
 public:
  // The integrator and the force source refer to the system: a rig never moves.
  GroundBodyRig(const GroundBodyRig&) = delete;
  GroundBodyRig& operator=(const GroundBodyRig&) = delete;

  StepReport step() { return integrator_->step(); }
  // Whole steps: stop at the first step ending at or after t.
  void runUntil(double t) {
    while (time() + 0.5 * time_step_ < t) integrator_->step();
  }
  double time() const { return integrator_->state().t; }
  Pose pose() const { return system_.bodyPose(body_, integrator_->state().q); }
  Vec3 velocity() const { return system_.bodyOriginVelocity(body_, integrator_->state().qdot); }
  Vec3 angularVelocity() const {
    const MultibodyState& s = integrator_->state();
    return system_.bodyAngularVelocity(body_, s.q, s.qdot);
  }
  // Kinetic + gravitational potential energy of the body.
  double mechanicalEnergy() const {
    const EnergyReport e = integrator_->energy();
    return e.kinetic + e.gravity;
  }
  const Ali3pIntegrator& integrator() const { return *integrator_; }
  const MultibodySystem& system() const { return system_; }

 protected:
  // Adds the fixed ground ("ground") and the moving body ("body") at its pose and velocities.
  GroundBodyRig(const Vec3& gravity, const MassInertia& mass, const Pose& pose,
                const Vec3& velocity, const Vec3& angular_velocity) {
    system_.setGravity(gravity);
    BodyDefinition ground;
    ground.name = "ground";
    ground.fixed = true;
    ground_ = system_.addBody(ground);
    BodyDefinition body;
    body.name = "body";
    body.mass = mass;
    body.pose = pose;
    body.linear_velocity = velocity;
    body.angular_velocity = angular_velocity;
    body_ = system_.addBody(body);
  }

  // Adds the rig's force source, built on mutableSystem() between groundIndex() and bodyIndex(),
  // then the integrator; the source accepts the start state as its first step.
  void start(std::shared_ptr<GeneralizedForceSource> source, double time_step,
             std::optional<double> tolerance) {
    system_.addForceSource(source);
    SolverSettings settings;
    settings.time_step = time_step_ = time_step;
    settings.tolerance = tolerance;
    integrator_ = std::make_unique<Ali3pIntegrator>(system_, settings);
    const MultibodyState& s = integrator_->state();
    source->acceptStep(s.q, s.qdot, s.t);
  }

  MultibodySystem& mutableSystem() { return system_; }
  BodyIndex groundIndex() const { return ground_; }
  BodyIndex bodyIndex() const { return body_; }

 private:
  MultibodySystem system_;
  BodyIndex ground_ = 0, body_ = 0;
  double time_step_ = 0.0;
  std::unique_ptr<Ali3pIntegrator> integrator_;
};

}  // namespace contactsim::test
