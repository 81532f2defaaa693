// A block on an incline (docs/validation.md, "Contact in the dynamics"): below tan θ = μ_s the
// stick–slip law holds it without creep while the Stribeck law creeps at the speed its curve
// predicts; above, the block slides with a = g(sin θ − μ_d cos θ). The incline is the plate with
// gravity tilted by θ.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kG = 9.81, kMass = 10.0, kHalf = 0.1;
constexpr double kStatic = 0.3, kDynamic = 0.25;

ContactRig incline(double tan_theta, FrictionModel friction, double stiffness = 1e8,
                   double time_step = 5e-4) {
  const double theta = std::atan(tan_theta);
  RigSpec spec;
  spec.ground = makePlate(3.0, 1.0, 0.02, 6);
  spec.body = makeBox(Vec3::Constant(kHalf), 4);
  spec.mass = solidBox(kMass, Vec3::Constant(kHalf));
  spec.pose.translation = Vec3(-1.0, 0, kHalf);  // resting on its face, touching
  spec.gravity = kG * Vec3(std::sin(theta), 0, -std::cos(theta));
  HuntCrossleyLaw law;
  law.stiffness = stiffness;
  law.restitution = 0.3;
  spec.law.normal = law;
  spec.law.friction = friction;
  spec.time_step = time_step;
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
  // μ(s) = μs·s²(3 − 2s) on s = v/v_s < 1 (friction.cpp's rise of Drake's Stribeck curve): the
  // creep speed solves μ(s) = tan θ.
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

// A rigid block sliding flat on a flat ground carries its weight's normal component steadily: the
// friction's moment tips it onto its leading half, which shifts the pressure forwards, and nothing
// oscillates. A law fed the deepest corner's δ couples the tilt into the normal force (δ grows by
// half the face's width times the tilt in either direction), which with the friction's moment
// made a self-excited rocking: on the 30° ramp demo (μ = 0.25) F_n swung 0.33–2.0 times m·g·cos θ
// at 55 Hz for the whole slide, the same at any step and stiffness. The law is now fed the mean
// depth of the face (pressure_centre.h, lawIndentation), which a tilt leaves unchanged.
TEST_CASE("A block sliding down an incline carries m·g·cos θ steadily, without rocking",
          "[friction]") {
  const double weight = kMass * kG;
  for (const double tan_theta : {0.4, std::tan(30.0 * std::numbers::pi / 180), 0.8}) {
    for (const double stiffness : {1e8, 1e9}) {
      for (const double time_step : {5e-4, 2.5e-4}) {
        for (FrictionModel friction : {FrictionModel(stickSlip()),
                                       FrictionModel(StribeckFriction{kStatic, kDynamic, 1e-4})}) {
          CAPTURE(tan_theta, stiffness, time_step, friction.index());
          ContactRig rig = incline(tan_theta, friction, stiffness, time_step);
          rig.runUntil(0.15);  // the landing transient of the touching start has died out
          const double expected = weight * std::cos(std::atan(tan_theta));
          double lowest = expected, highest = expected, fastest_turn = 0.0;
          while (rig.time() < 0.5) {
            rig.step();
            const double normal = rig.totalContactForce().z();
            lowest = std::min(lowest, normal);
            highest = std::max(highest, normal);
            fastest_turn = std::max(fastest_turn, rig.angularVelocity().norm());
          }
          CHECK(lowest > 0.98 * expected);
          CHECK(highest < 1.02 * expected);
          // Steady sliding does not turn. 0.01 rad/s at a contact frequency of ~50 Hz is a tilt
          // of 3·10⁻⁵ rad, an edge travel of 3 µm, a few percent of the ~0.1 mm indentation.
          CHECK(fastest_turn < 0.01);
        }
      }
    }
  }
}
