// A moving mesh body above a fixed mesh ground, coupled by one contact pair: the test bench for
// the force laws in the dynamics.
#pragma once

#include <memory>
#include <optional>

#include "../ground_body_rig.h"
#include "../solid_mass.h"
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

// The meshes and their trees, which keep a pointer to them: a base listed before GroundBodyRig,
// so that they outlive the system holding the contact source (bases are destroyed in reverse).
struct RigMeshes {
  RigMeshes(TriMesh ground, TriMesh body);
  std::shared_ptr<const TriMesh> ground_mesh, body_mesh;
  std::shared_ptr<AabbTree> ground_tree, body_tree;
};

class ContactRig : private RigMeshes, public GroundBodyRig {
 public:
  explicit ContactRig(RigSpec spec);
  const std::vector<ContactDiagnostics>& contacts() const { return contact_->contacts(); }
  // Σ F_n·n + F_t over the contacts, on the body.
  Vec3 totalContactForce() const;
  const ContactForceSource& source() const { return *contact_; }

 private:
  std::shared_ptr<ContactForceSource> contact_;
};

}  // namespace contactsim::test
