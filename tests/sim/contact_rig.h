// A moving mesh body above a fixed mesh ground, coupled by one contact pair: the test bench for
// the force laws in the dynamics.
#pragma once

#include <memory>
#include <optional>

#include "dynamics/ali3p_integrator.h"
#include "sim/contact_force_source.h"

namespace contactsim::test {

struct RigSpec {
  TriMesh ground;  // fixed, world frame (body A: the normal points from the ground into the body)
  TriMesh body;    // body frame = mesh frame
  MassInertia mass;
  Pose pose;
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
  Vec3 gravity = Vec3(0, 0, -9.81);
  ContactLaw law;
  double time_step = 1e-4;
  std::optional<double> tolerance;  // error control (SolverSettings::tolerance)
  ContactOptions options;
};

class ContactRig {
 public:
  explicit ContactRig(RigSpec spec);
  // The integrator and the contact source refer to system_: the rig never moves.
  ContactRig(const ContactRig&) = delete;
  ContactRig& operator=(const ContactRig&) = delete;
  StepReport step() { return integrator_->step(); }
  void runUntil(double t);
  double time() const { return integrator_->state().t; }
  Pose pose() const { return system_.bodyPose(body_, integrator_->state().q); }
  Vec3 velocity() const { return system_.bodyOriginVelocity(body_, integrator_->state().qdot); }
  Vec3 angularVelocity() const;
  // Kinetic + gravitational potential energy of the body.
  double mechanicalEnergy() const;
  const std::vector<ContactDiagnostics>& contacts() const { return contact_->contacts(); }
  // Σ F_n·n + F_t over the contacts, on the body.
  Vec3 totalContactForce() const;
  const ContactForceSource& source() const { return *contact_; }
  const Ali3pIntegrator& integrator() const { return *integrator_; }

 private:
  std::shared_ptr<const TriMesh> ground_mesh_, body_mesh_;
  MultibodySystem system_;
  BodyIndex body_ = 0;
  double time_step_ = 0.0;
  std::shared_ptr<ContactForceSource> contact_;
  std::unique_ptr<Ali3pIntegrator> integrator_;
  std::shared_ptr<AabbTree> ground_tree_, body_tree_;
};

// Solid sphere / box mass properties about the centre (at the body origin).
MassInertia solidSphere(double mass, double radius);
MassInertia solidBox(double mass, const Vec3& half_extents);

}  // namespace contactsim::test
