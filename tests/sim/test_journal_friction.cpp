// A pin turning in a bore it interferes with (a journal): Coulomb friction resists the turn with
// μ·∫p dA at the pin's radius. The lune is one whole region, a force at one point carrying the
// pressure's resultant F_n: the friction torque about the axis, per unit μ·F_n·r, must come out
// as ∫p dA / F_n (lunePressurePerForce), which grows as the lune opens — friction handed ∫p dA,
// not F_n (docs/method.md, "Friction over a whole region"), and acting on the pin's surface, not
// the contour's chord ("Where a whole region's friction acts").
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "../conforming_pressure.h"
#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

TEST_CASE("a pin turning in its bore meets Coulomb's friction torque over its lune",
          "[conforming][dynamics]") {
  // r = 10 mm in 0.1 mm of clearance, 256 and 1024 facets (chord sags 0.75 and 0.05 µm against an
  // interference of 15–41 µm). The lune opens ±30° and ±45°: where the contour's chord lies 13 %
  // and 29 % of r inside the pin, a friction force there would fall short of the torque by that
  // much.
  const double r = 0.01, c = 1e-4, mu = 0.2, omega = 10.0;
  for (const auto& [n, half_angle] :
       {std::pair{256, std::numbers::pi / 6}, std::pair{256, std::numbers::pi / 4},
        std::pair{1024, std::numbers::pi / 6}, std::pair{1024, std::numbers::pi / 4}}) {
    const double e = c / std::cos(half_angle);
    const double expected = lunePressurePerForce(e, c);
    for (const double direction : {0.0, 2.3}) {
      const Vec3 toward(std::cos(direction), std::sin(direction), 0.0);
      RigSpec spec;
      spec.ground = makeTube(r + c, r + 0.01, 0.06, n, 3);
      spec.body = makeCylinder(r, 0.04, n, 4);
      // Heavy, so that one microsecond's step leaves the pose as set.
      const double mass = 1e6, lengthwise = mass * (3 * r * r + 0.04 * 0.04) / 12;
      spec.mass = {mass, Vec3::Zero(), Vec3(lengthwise, lengthwise, mass * r * r / 2).asDiagonal()};
      spec.gravity = Vec3::Zero();
      spec.pose.translation = e * toward;
      spec.angular_velocity = Vec3(0, 0, omega);  // slip ω·r = 0.1 m/s, far beyond v_small
      spec.law.normal = HuntCrossleyLaw{1e9, 1.5, 0.5, 1e-2};
      spec.law.friction = CoulombFriction{mu, 1e-3};
      spec.time_step = 1e-6;
      ContactRig rig(std::move(spec));
      rig.runUntil(1e-6);
      const Vec3 axis_point = rig.pose().translation;
      double torque = 0.0, normal = 0.0;
      for (const ContactDiagnostics& contact : rig.contacts()) {
        torque += (contact.patch.forcePoint() - axis_point).cross(contact.friction_force).z() +
                  contact.spin_torque * contact.patch.normal.z();
        normal += contact.normal_force;
      }
      INFO(n << " facets, lune ±" << half_angle << " rad toward " << direction
             << " rad: " << rig.contacts().size() << " patches, friction torque " << torque
             << " N·m, μ·F_n·r " << mu * normal * r << " N·m, closed form ratio " << expected);
      REQUIRE(normal > 0.0);
      CHECK(rig.contacts().size() == 1);
      // Friction opposes the turn: a torque against ω, acting where the surfaces slide. Until
      // 2026-12-04 it acted on the contour's chord: 0.883 and 0.758 of μ·F_n·r; then on the
      // pin's surface with F_n, 1/1.028 and 1/1.063 of Coulomb's torque.
      const double ratio = -torque / (mu * normal * r);
      CHECK(ratio == Approx(expected).epsilon(0.01));
    }
  }
}
