// A block on an incline (docs/validation.md, "Contact in the dynamics"): below tan θ = μ_s the
// stick–slip law holds it without creep while the Stribeck law creeps at the speed its curve
// predicts; above, the block slides with a = g(sin θ − μ_d cos θ). The incline is the plate with
// gravity tilted by θ.
#include <catch2/catch.hpp>
#include <cmath>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kG = 9.81, kMass = 10.0, kHalf = 0.1;
constexpr double kStatic = 0.3, kDynamic = 0.25;

ContactRig incline(double tan_theta, FrictionModel friction) {
  const double theta = std::atan(tan_theta);
  RigSpec spec;
  spec.ground = makePlate(3.0, 1.0, 0.02, 6);
  spec.body = makeBox(Vec3::Constant(kHalf), 4);
  spec.mass = solidBox(kMass, Vec3::Constant(kHalf));
  spec.pose.translation = Vec3(-1.0, 0, kHalf);  // resting on its face, touching
  spec.gravity = kG * Vec3(std::sin(theta), 0, -std::cos(theta));
  HuntCrossleyLaw law;
  law.stiffness = 1e8;
  law.restitution = 0.3;
  spec.law.normal = law;
  spec.law.friction = friction;
  spec.time_step = 5e-4;
  return ContactRig(std::move(spec));
}

StickSlipFriction stickSlip() {
  StickSlipFriction f;
  f.static_coefficient = kStatic;
  f.dynamic_coefficient = kDynamic;
  f.stick_velocity = 1e-3;
  return f;
}

}  // namespace

TEST_CASE("Stick-slip friction holds a block below tan θ = μs without creep", "[friction]") {
  ContactRig rig = incline(0.2, stickSlip());
  rig.runUntil(0.3);
  const double x0 = rig.pose().translation.x();
  rig.runUntil(0.8);
  const double creep = rig.pose().translation.x() - x0;
  // The stiction spring holds a constant offset F/k_t: no drift at all beyond round-off.
  CHECK(std::abs(creep) < 1e-9);
  const Vec3 f = rig.totalContactForce();
  const double weight = kMass * kG;
  CHECK(f.z() == Approx(weight * std::cos(std::atan(0.2))).epsilon(1e-4));
  CHECK(-f.x() == Approx(weight * std::sin(std::atan(0.2))).epsilon(1e-4));
  REQUIRE(!rig.contacts().empty());
  CHECK(rig.contacts()[0].sticking);
}

TEST_CASE("Stribeck friction creeps below tan θ = μs at the speed of its curve", "[friction]") {
  StribeckFriction stribeck;
  stribeck.static_coefficient = kStatic;
  stribeck.dynamic_coefficient = kDynamic;
  stribeck.stiction_tolerance = 1e-4;
  // μ(s) = μs·s²(3 − 2s) on s = v/v_s < 1 (seed 002): the creep speed solves μ(s) = tan θ.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 60; ++i) {
    const double s = 0.5 * (lo + hi);
    (kStatic * s * s * (3 - 2 * s) < 0.2 ? lo : hi) = s;
  }
  const double creep_speed = lo * stribeck.stiction_tolerance;

  ContactRig rig = incline(0.2, stribeck);
  rig.runUntil(0.3);
  const double x0 = rig.pose().translation.x();
  rig.runUntil(0.8);
  const double speed = (rig.pose().translation.x() - x0) / 0.5;
  CHECK(speed == Approx(creep_speed).epsilon(0.02));
}

TEST_CASE("Above tan θ = μs the block slides with a = g(sin θ − μd cos θ)", "[friction]") {
  for (FrictionModel friction :
       {FrictionModel(stickSlip()), FrictionModel(StribeckFriction{kStatic, kDynamic, 1e-4})}) {
    ContactRig rig = incline(0.4, friction);
    rig.runUntil(0.2);
    const double v0 = rig.velocity().x();
    rig.runUntil(0.5);
    const double a = (rig.velocity().x() - v0) / 0.3;
    const double theta = std::atan(0.4);
    CHECK(a == Approx(kG * (std::sin(theta) - kDynamic * std::cos(theta))).epsilon(0.005));
    REQUIRE(!rig.contacts().empty());
    CHECK_FALSE(rig.contacts()[0].sticking);
  }
}
