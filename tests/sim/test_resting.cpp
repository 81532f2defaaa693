// Several simultaneous contacts settle to rest with the total normal force equal to the weight
// (issue 6): a box on its face (one region) and a box on four spheres (four regions), whose
// moments about the centre of mass balance too.
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
  const auto balanced = [&] {
    const Vec3 total = rig.totalContactForce();
    CHECK(total.z() == Approx(kMass * kG).epsilon(1e-4));
    CHECK(total.head<2>().norm() < 1e-4 * kMass * kG);
    CHECK(rig.velocity().norm() < 1e-5);
    CHECK(rig.angularVelocity().norm() < 1e-4);
  };
  balanced();
  // At rest the pair keeps the geometry of an earlier step (docs/dynamics.md, "Geometry kept at
  // rest"): the collision query stops, and the box stays where it rests, carrying its weight.
  const ContactTimings settled = rig.source().timings();
  const Vec3 resting = rig.pose().translation;
  rig.runUntil(1.0);
  const ContactTimings later = rig.source().timings();
  INFO("queries " << later.queries - settled.queries << ", geometries kept "
                  << later.geometries_kept - settled.geometries_kept << " over 0.4 s");
  CHECK(later.geometries_kept - settled.geometries_kept > 10 * (later.queries - settled.queries));
  CHECK((rig.pose().translation - resting).norm() < 1e-9);
  REQUIRE(rig.contacts().size() == regions);
  balanced();
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
  const Vec3 com_in_body = spec.mass.center_of_mass;
  spec.pose.translation = Vec3(0, 0, r + kHalf.z() + 1e-3);
  spec.law = steelLike();
  spec.time_step = 5e-4;
  ContactRig rig(std::move(spec));
  checkAtRest(rig, 4);
  // Static equilibrium, moments about the centre of mass (where gravity acts): each contact's
  // force (ContactDiagnostics::force) at its force point, on the normal through its centre of
  // pressure in the overlap's middle (ContactPatch::forcePoint), plus its rolling and spin torques
  // sum to zero. Four supports make the forces statically indeterminate, but not this: the normal
  // forces' centre of pressure lies under the centre of mass, 36 mm off the supports' centre.
  // At rest the integrator meets the equilibrium to round-off (the force sum to 3e-12 of W here),
  // so the moments are held to 1e-8 of W times the supports' half-spacing, 0.15 m: a force applied
  // at the contour's centroid instead (38 nm away on these spheres) is 200 times that off. The
  // friction forces squeezing the box (0.3 N each, summing to zero) act at slightly different
  // heights, so their moments need not cancel alone: the normal forces' own centre is held to 1 µm.
  const Vec3 com = rig.pose().apply(com_in_body);
  Vec3 moment = Vec3::Zero(), pressure_moment = Vec3::Zero();
  double normal_total = 0.0;
  for (const ContactDiagnostics& c : rig.contacts()) {
    moment += (c.patch.forcePoint() - com).cross(c.force()) + c.rolling_torque +
              c.spin_torque * c.patch.normal;
    pressure_moment += c.normal_force * c.patch.pressure_centre;
    normal_total += c.normal_force;
  }
  const Vec3 centre_of_pressure = pressure_moment / normal_total;
  INFO("moment about the centre of mass " << moment.transpose() << " N·m; centre of pressure "
                                          << centre_of_pressure.transpose() << " m, centre of mass "
                                          << com.transpose() << " m");
  CHECK(moment.norm() < 1e-8 * kMass * kG * 0.15);
  CHECK((centre_of_pressure - com).head<2>().norm() < 1e-6);
}
