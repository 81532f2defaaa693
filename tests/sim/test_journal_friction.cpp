// A pin turning in a bore it interferes with (a journal): Coulomb friction resists the turn with
// μ·∫p dA at the pin's radius. A force at one point carries the pressure's resultant F_n along the
// contact normal, so the friction torque about the pin's axis, per unit μ·F_n·r, must come out as
// ∫p dA / |∫p·n dA|, which grows as the lune opens (docs/method.md, "Friction on a curved piece").
// A whole region's friction takes F_n (its pressure_per_force is 1): it is asserted to act at the
// pin's radius — at least μ·F_n·r, never more than Coulomb's — and the full value is checked
// without failing, a known gap (docs/method.md, "Where a whole region's friction acts").
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

// The lune of a pin of radius r whose centre sits e from its bore's (radius r + c, e > c): its
// overlap across the pin's surface at angle θ from the line of centres is t(θ) ≈ e·cos θ − c
// (gap and interference small against r), up to β = acos(c/e). A foundation pressing with
// p ∝ t along the pin's normals gives ∫p dA / |∫p·n dA| = ∫t dθ / ∫t·cos θ dθ
//   = (e·sin β − c·β) / (e·(β + sin β·cos β)/2 − c·sin β).
double pressurePerForce(double e, double c) {
  const double beta = std::acos(c / e);
  return (e * std::sin(beta) - c * beta) /
         (0.5 * e * (beta + std::sin(beta) * std::cos(beta)) - c * std::sin(beta));
}

}  // namespace

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
    const double expected = pressurePerForce(e, c);
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
      // 2026-12-04 it acted on the contour's chord: 0.883 and 0.758 of μ·F_n·r.
      const double ratio = -torque / (mu * normal * r);
      CHECK(ratio >= 0.99);
      CHECK(ratio <= 1.01 * expected);
      CHECK_NOFAIL(ratio == Approx(expected).epsilon(0.01));
    }
  }
}
