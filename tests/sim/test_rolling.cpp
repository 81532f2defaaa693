// Rolling (docs/validation.md, "Contact in the dynamics"): a sphere rolls down an incline without
// slip, a = (5/7)·g·sin θ, ω = v/r, friction (2/7)·m·g·sin θ; Modia3D's rolling-resistance torque
// decelerates a sphere rolling on a flat at (5/7)·μ_r·g. The incline is gravity tilted by θ.
#include <catch2/catch.hpp>
#include <cmath>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kG = 9.81, kRadius = 0.1, kMass = 1.0;

RigSpec sphereOnPlate(double theta, const ContactLaw& law, int level) {
  RigSpec spec;
  spec.ground = makePlate(3.0, 1.0, 0.02, 12);
  spec.body = makeIcosphere(kRadius, level);
  spec.mass = solidSphere(kMass, kRadius);
  spec.gravity = kG * Vec3(std::sin(theta), 0, -std::cos(theta));
  spec.pose.rotation =
      Eigen::Quaterniond::FromTwoVectors(spec.body.normals()[0], -Vec3::UnitZ()).toRotationMatrix();
  double lowest = 0.0;
  for (const Vec3& v : spec.body.vertices())
    lowest = std::min(lowest, (spec.pose.rotation * v).z());
  spec.pose.translation = Vec3(-1.0, 0, -lowest);
  spec.law = law;
  spec.time_step = 2e-4;
  return spec;
}

}  // namespace

TEST_CASE("A sphere rolls down an incline without slipping", "[rolling]") {
  const double theta = 15.0 * 3.14159265358979323846 / 180.0;
  ContactLaw law;
  // Nearly elastic: the law's damping, spread over the contact area (contact_force_source.cpp),
  // is viscoelastic rolling resistance, which the ideal no-slip solution leaves out.
  law.normal = HuntCrossleyLaw{1e7, 1.5, 0.95, 1e-2};
  StickSlipFriction friction;
  friction.static_coefficient = 0.5;  // ≥ (2/7)·tan θ = 0.077 needed to roll
  friction.dynamic_coefficient = 0.4;
  law.friction = friction;
  ContactRig rig(sphereOnPlate(theta, law, 5));
  rig.runUntil(0.1);
  const double v0 = rig.velocity().x(), t0 = rig.time();
  double friction_sum = 0.0;
  int samples = 0;
  while (rig.time() < 0.6) {
    rig.step();
    friction_sum += rig.totalContactForce().x();
    ++samples;
  }
  const double a = (rig.velocity().x() - v0) / (rig.time() - t0);
  CHECK(a == Approx(5.0 / 7.0 * kG * std::sin(theta)).epsilon(0.02));
  // No slip: the contact point is at rest, ω_y = v/r.
  CHECK(rig.angularVelocity().y() * kRadius == Approx(rig.velocity().x()).epsilon(0.01));
  CHECK(-friction_sum / samples == Approx(2.0 / 7.0 * kMass * kG * std::sin(theta)).epsilon(0.05));
}

TEST_CASE("Modia3D rolling resistance decelerates at (5/7)·μr·g", "[rolling]") {
  Modia3dLaw normal;
  normal.effective_modulus = 1e9;
  normal.geometry_radius = kRadius;
  ContactLaw law;
  law.normal = normal;
  law.friction = CoulombFriction{0.5, 1e-3};
  law.rolling = {0.02, kRadius, 1e-3};  // μ_r, μ_r,geo of a sphere on a flat, ω_small
  law.spread_damping = false;           // as a scene's modia3d law
  RigSpec spec = sphereOnPlate(0.0, law, 5);
  spec.velocity = Vec3(1.0, 0, 0);
  spec.angular_velocity = Vec3(0, 1.0 / kRadius, 0);
  ContactRig rig(std::move(spec));
  rig.runUntil(0.1);
  const double v0 = rig.velocity().x(), t0 = rig.time();
  rig.runUntil(0.5);
  const double a = (rig.velocity().x() - v0) / (rig.time() - t0);
  CHECK(-a == Approx(5.0 / 7.0 * 0.02 * kG).epsilon(0.05));
}
