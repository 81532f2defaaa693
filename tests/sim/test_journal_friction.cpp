// A pin turning in a bore it interferes with (a journal), or sliding along it: Coulomb friction
// resists either slide with μ·∫p dA, since both move every point of the lune along its own
// surface. The lune is one whole region, a force at one point carrying the pressure's resultant
// F_n: the friction, per unit μ·F_n, must come out as ∫p dA / F_n (lunePressurePerForce), which
// grows as the lune opens — friction handed ∫p dA, not F_n (docs/method.md, "Friction over a whole
// region") — and its torque must act at the pin's radius, not at the contour's chord ("Where a
// whole region's friction acts").
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "../conforming_pressure.h"
#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

// r = 10 mm in 0.1 mm of clearance; the pin moved toward `direction` (rad about the axis) so that
// the lune opens ±half_angle; turning at ω about its axis or sliding at v along it; one
// microsecond's step.
struct JournalCase {
  int facets;
  double half_angle, direction, omega, axial_speed;
};
constexpr double kRadius = 0.01, kClearance = 1e-4, kMu = 0.2;

// The friction torque about the pin's axis and the friction force along it over the contacts
// (on the pin), their normal force, and how many contacts there were.
struct JournalFriction {
  double torque = 0.0, axial = 0.0, normal = 0.0;
  std::size_t contacts = 0;
};

JournalFriction journalFriction(const JournalCase& k) {
  const double r = kRadius, c = kClearance, e = c / std::cos(k.half_angle);
  const Vec3 toward(std::cos(k.direction), std::sin(k.direction), 0.0);
  RigSpec spec;
  spec.ground = makeTube(r + c, r + 0.01, 0.06, k.facets, 3);
  spec.body = makeCylinder(r, 0.04, k.facets, 4);
  // Heavy, so that one microsecond's step leaves the pose as set.
  const double mass = 1e6, lengthwise = mass * (3 * r * r + 0.04 * 0.04) / 12;
  spec.mass = {mass, Vec3::Zero(), Vec3(lengthwise, lengthwise, mass * r * r / 2).asDiagonal()};
  spec.gravity = Vec3::Zero();
  spec.pose.translation = e * toward;
  spec.angular_velocity = Vec3(0, 0, k.omega);
  spec.velocity = Vec3(0, 0, k.axial_speed);
  spec.law.normal = HuntCrossleyLaw{1e9, 1.5, 0.5, 1e-2};
  spec.law.friction = CoulombFriction{kMu, 1e-3};
  spec.time_step = 1e-6;
  ContactRig rig(std::move(spec));
  rig.runUntil(1e-6);
  const Vec3 axis_point = rig.pose().translation;
  JournalFriction out;
  for (const ContactDiagnostics& contact : rig.contacts()) {
    out.torque += (contact.patch.forcePoint() - axis_point).cross(contact.friction_force).z() +
                  contact.spin_torque * contact.patch.normal.z();
    out.axial += contact.friction_force.z();
    out.normal += contact.normal_force;
  }
  out.contacts = rig.contacts().size();
  return out;
}

}  // namespace

TEST_CASE("a pin turning in its bore meets Coulomb's friction torque over its lune",
          "[conforming][dynamics]") {
  // 256 and 1024 facets (chord sags 0.75 and 0.05 µm against an interference of 15–41 µm). The
  // lune opens ±30° and ±45°: where the contour's chord lies 13 % and 29 % of r inside the pin, a
  // friction force there would fall short of the torque by that much. ω·r = 0.1 m/s, far beyond
  // the law's regularising speed.
  for (const int n : {256, 1024})
    for (const double half_angle : {std::numbers::pi / 6, std::numbers::pi / 4})
      for (const double direction : {0.0, 2.3}) {
        const double expected = lunePressurePerForce(kClearance / std::cos(half_angle), kClearance);
        const JournalFriction f = journalFriction({n, half_angle, direction, 10.0, 0.0});
        INFO(n << " facets, lune ±" << half_angle << " rad toward " << direction << " rad: "
               << f.contacts << " patches, friction torque " << f.torque << " N·m, μ·F_n·r "
               << kMu * f.normal * kRadius << " N·m, closed form ratio " << expected);
        REQUIRE(f.normal > 0.0);
        CHECK(f.contacts == 1);
        // Friction opposes the turn: a torque against ω, acting where the surfaces slide. Until
        // 2026-12-04 it acted on the contour's chord: 0.883 and 0.758 of μ·F_n·r; then on the
        // pin's surface with F_n, 1/1.028 and 1/1.063 of Coulomb's torque.
        CHECK(-f.torque / (kMu * f.normal * kRadius) == Approx(expected).epsilon(0.01));
      }
}

TEST_CASE("a pin sliding along its bore meets Coulomb's friction over its lune",
          "[conforming][dynamics]") {
  // The same lunes, the pin sliding along the axis at 0.1 m/s, each way: the friction force
  // along the axis is μ·∫p dA, against the slide, and nothing turns the pin.
  for (const double half_angle : {std::numbers::pi / 6, std::numbers::pi / 4, std::numbers::pi / 3})
    for (const double speed : {0.1, -0.1}) {
      const double expected = lunePressurePerForce(kClearance / std::cos(half_angle), kClearance);
      const JournalFriction f = journalFriction({256, half_angle, 0.7, 0.0, speed});
      INFO("lune ±" << half_angle << " rad, sliding at " << speed << " m/s: friction " << f.axial
                    << " N along the axis, μ·F_n " << kMu * f.normal << " N, closed form ratio "
                    << expected);
      REQUIRE(f.normal > 0.0);
      CHECK(f.contacts == 1);
      CHECK(-f.axial / (kMu * f.normal) * (speed > 0 ? 1.0 : -1.0) ==
            Approx(expected).epsilon(0.01));
      CHECK(std::abs(f.torque) < 1e-3 * kMu * f.normal * kRadius);
    }
}
