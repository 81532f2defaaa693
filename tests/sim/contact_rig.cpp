#include "contact_rig.h"

namespace contactsim::test {

ContactRig::ContactRig(RigSpec spec)
    : ground_mesh_(std::make_shared<const TriMesh>(std::move(spec.ground))),
      body_mesh_(std::make_shared<const TriMesh>(std::move(spec.body))) {
  system_.setGravity(spec.gravity);
  BodyDefinition ground;
  ground.name = "ground";
  ground.fixed = true;
  const BodyIndex g = system_.addBody(ground);
  BodyDefinition body;
  body.name = "body";
  body.mass = spec.mass;
  body.pose = spec.pose;
  body.linear_velocity = spec.velocity;
  body.angular_velocity = spec.angular_velocity;
  body_ = system_.addBody(body);
  ground_tree_ = std::make_shared<AabbTree>(*ground_mesh_);
  body_tree_ = std::make_shared<AabbTree>(*body_mesh_);
  ContactPairDefinition pair;
  pair.body_a = g;
  pair.body_b = body_;
  pair.tree_a = ground_tree_;
  pair.tree_b = body_tree_;
  pair.law = spec.law;
  contact_ = std::make_shared<ContactForceSource>(system_, std::vector{pair}, spec.options);
  system_.addForceSource(contact_);
  SolverSettings settings;
  settings.time_step = time_step_ = spec.time_step;
  settings.tolerance = spec.tolerance;
  integrator_ = std::make_unique<Ali3pIntegrator>(system_, settings);
  const MultibodyState& s = integrator_->state();
  contact_->acceptStep(s.q, s.qdot, s.t);
}

void ContactRig::runUntil(double t) {
  // Whole steps: stop at the first step ending at or after t.
  while (time() + 0.5 * time_step_ < t) integrator_->step();
}

Vec3 ContactRig::angularVelocity() const {
  const MultibodyState& s = integrator_->state();
  return system_.bodyAngularVelocity(body_, s.q, s.qdot);
}

double ContactRig::mechanicalEnergy() const {
  const EnergyReport e = integrator_->energy();
  return e.kinetic + e.gravity;
}

Vec3 ContactRig::totalContactForce() const {
  Vec3 total = Vec3::Zero();
  for (const ContactDiagnostics& c : contacts()) total += c.force();
  return total;
}

MassInertia solidSphere(double mass, double radius) {
  MassInertia m;
  m.mass = mass;
  m.inertia = Mat3::Identity() * 0.4 * mass * radius * radius;
  return m;
}

MassInertia solidBox(double mass, const Vec3& h) {
  MassInertia m;
  m.mass = mass;
  const Vec3 s = 4.0 * h.cwiseProduct(h);  // full side lengths squared
  m.inertia = (mass / 12.0) * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y()).asDiagonal();
  return m;
}

}  // namespace contactsim::test
