#include "contact_rig.h"

namespace contactsim::test {

RigMeshes::RigMeshes(TriMesh ground, TriMesh body)
    : ground_mesh(std::make_shared<const TriMesh>(std::move(ground))),
      body_mesh(std::make_shared<const TriMesh>(std::move(body))),
      ground_tree(std::make_shared<AabbTree>(*ground_mesh)),
      body_tree(std::make_shared<AabbTree>(*body_mesh)) {}

ContactRig::ContactRig(RigSpec spec)
    : RigMeshes(std::move(spec.ground), std::move(spec.body)),
      GroundBodyRig(spec.gravity, spec.mass, spec.pose, spec.velocity, spec.angular_velocity) {
  ContactPairDefinition pair;
  pair.body_a = groundIndex();
  pair.body_b = bodyIndex();
  pair.tree_a = ground_tree;
  pair.tree_b = body_tree;
  pair.law = spec.law;
  contact_ = std::make_shared<ContactForceSource>(mutableSystem(), std::vector{pair}, spec.options);
  start(contact_, spec.time_step, spec.tolerance);
}

Vec3 ContactRig::totalContactForce() const {
  Vec3 total = Vec3::Zero();
  for (const ContactDiagnostics& c : contacts()) total += c.force();
  return total;
}

}  // namespace contactsim::test
