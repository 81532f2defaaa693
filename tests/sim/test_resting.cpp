// Several simultaneous contacts settle to rest with the total normal force equal to the weight
// (issue 6): a box on its face (one region) and a box on four spheres (four regions).
#include <catch2/catch.hpp>
#include <cmath>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kG = 9.81, kMass = 5.0;
const Vec3 kHalf(0.2, 0.15, 0.05);

// Meshes side by side as one mesh (one fixed body with several parts).
TriMesh merged(const std::vector<std::pair<TriMesh, Vec3>>& parts) {
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  for (const auto& [mesh, offset] : parts) {
    const auto base = static_cast<std::int32_t>(vertices.size());
    for (const Vec3& v : mesh.vertices()) vertices.push_back(v + offset);
    for (TriangleIndices t : mesh.triangles())
      triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

ContactLaw steelLike() {
  ContactLaw law;
  law.normal = HuntCrossleyLaw{1e8, 1.5, 0.3, 1e-2};
  law.friction = StickSlipFriction{};
  return law;
}

void checkAtRest(ContactRig& rig, std::size_t regions) {
  rig.runUntil(0.6);
  REQUIRE(rig.contacts().size() == regions);
  const Vec3 total = rig.totalContactForce();
  CHECK(total.z() == Approx(kMass * kG).epsilon(1e-4));
  CHECK(total.head<2>().norm() < 1e-4 * kMass * kG);
  CHECK(rig.velocity().norm() < 1e-5);
  CHECK(rig.angularVelocity().norm() < 1e-4);
}

}  // namespace

TEST_CASE("A box on its face comes to rest carrying its weight", "[resting]") {
  RigSpec spec;
  spec.ground = makePlate(1.0, 1.0, 0.02, 8);
  spec.body = makeBox(kHalf, 4);
  spec.mass = solidBox(kMass, kHalf);
  spec.pose.translation = Vec3(0.01, -0.02, kHalf.z() + 2e-3);  // dropped from 2 mm
  spec.law = steelLike();
  spec.time_step = 5e-4;
  ContactRig rig(std::move(spec));
  checkAtRest(rig, 1);
}

TEST_CASE("A box on four spheres comes to rest on four contacts", "[resting]") {
  const double r = 0.03;
  std::vector<std::pair<TriMesh, Vec3>> feet;
  for (double x : {-0.15, 0.15}) {
    for (double y : {-0.1, 0.1}) feet.push_back({makeIcosphere(r, 3), Vec3(x, y, 0.0)});
  }
  RigSpec spec;
  spec.ground = merged(feet);
  spec.body = makeBox(kHalf, 4);
  spec.mass = solidBox(kMass, kHalf);
  // Off-centre, so that the four forces differ and must still add up.
  spec.mass.center_of_mass = Vec3(0.03, 0.02, 0.0);
  spec.pose.translation = Vec3(0, 0, r + kHalf.z() + 1e-3);
  spec.law = steelLike();
  spec.time_step = 5e-4;
  ContactRig rig(std::move(spec));
  checkAtRest(rig, 4);
  double largest = 0.0, smallest = 1e300;
  for (const ContactDiagnostics& c : rig.contacts()) {
    largest = std::max(largest, c.normal_force);
    smallest = std::min(smallest, c.normal_force);
  }
  CHECK(largest > 1.2 * smallest);  // the offset centre of mass loads one corner more
}
