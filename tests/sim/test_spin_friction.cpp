// Friction against spin (docs/method.md, "Friction against spin"): a disc of radius a lying flat
// on a plate and spinning about the normal under Coulomb friction μ is braked by the torque of a
// uniform traction, μ·m·g·(2a/3) — its pressure is uniform, and 2a/3 is a disc's mean distance
// from its centre — so ω falls at α = μ·m·g·(2a/3)/I_z = 4μg/(3a) and stops at ω₀/α. Sliding and
// spinning share the friction law: a spinning disc that also slides is braked less in its spin
// than one that only spins (Contensou), and neither motion ever gains energy.
#include <catch2/catch.hpp>
#include <cmath>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kG = 9.81, kRadius = 0.05, kThickness = 0.01, kMass = 1.0, kMu = 0.3;

MassInertia solidDisc() {
  MassInertia m;
  m.mass = kMass;
  const double side = kMass * (3 * kRadius * kRadius + kThickness * kThickness) / 12.0;
  m.inertia = Vec3(side, side, kMass * kRadius * kRadius / 2.0).asDiagonal();
  return m;
}

// The disc's end face resting on the plate (law: rest depth 0.1 mm under its weight).
RigSpec spinningDisc(double spin, const Vec3& velocity, double time_step) {
  RigSpec spec;
  spec.ground = makePlate(0.6, 0.6, 0.02, 8);
  spec.body = makeCylinder(kRadius, kThickness, 96, 1);
  spec.mass = solidDisc();
  const double rest_depth = std::pow(kMass * kG / 1e7, 1.0 / 1.5);
  spec.pose.translation = Vec3(0.01, -0.02, kThickness / 2 - rest_depth);
  spec.velocity = velocity;
  spec.angular_velocity = Vec3(0, 0, spin);
  spec.law.normal = HuntCrossleyLaw{1e7, 1.5, 0.5, 1e-2};
  spec.law.friction = CoulombFriction{kMu, 1e-3};
  spec.time_step = time_step;
  return spec;
}

}  // namespace

TEST_CASE("a disc spinning flat on a plate is braked by μ·m·g·2a/3", "[contact][friction][spin]") {
  const double alpha = 4.0 * kMu * kG / (3.0 * kRadius);  // rad/s²
  for (const double h : {2e-4, 1e-4}) {
    for (const double spin : {20.0, -8.0}) {
      ContactRig rig(spinningDisc(spin, Vec3::Zero(), h));
      const double stop = std::abs(spin) / alpha;
      INFO("Δt " << h << ", ω₀ " << spin << " rad/s, stops at " << stop << " s");
      double energy = rig.mechanicalEnergy();
      double worst_rise = 0.0;
      while (rig.time() < 0.5 * stop) {
        rig.step();
        const double e = rig.mechanicalEnergy();
        worst_rise = std::max(worst_rise, e - energy);
        energy = std::min(energy, e);
      }
      // Half-way: ω = ω₀ − α·t (the 96-gon's mean distance is the circle's to 1e-3).
      const double expected = spin - std::copysign(alpha * rig.time(), spin);
      CHECK(rig.angularVelocity().z() == Approx(expected).epsilon(0.02));
      // Nothing else moves: the traction is symmetric about the centre.
      CHECK(rig.velocity().norm() < 1e-3 * kRadius * std::abs(spin));
      CHECK(std::abs(rig.angularVelocity().x()) + std::abs(rig.angularVelocity().y()) <
            1e-3 * std::abs(spin));
      while (rig.time() < 1.2 * stop) {
        rig.step();
        const double e = rig.mechanicalEnergy();
        worst_rise = std::max(worst_rise, e - energy);
        energy = std::min(energy, e);
      }
      // Stopped (within the regularisation's creep ω·2a/3 < v_small) and never gained energy.
      CHECK(std::abs(rig.angularVelocity().z()) * 2 * kRadius / 3 < 1e-3);
      const double spin_energy = 0.25 * kMass * kRadius * kRadius * spin * spin;
      CHECK(worst_rise < 1e-6 * spin_energy);
    }
  }
}

TEST_CASE("sliding lessens the friction against spin, and spin the sliding friction",
          "[contact][friction][spin]") {
  // Over the first 5 ms: the spin's deceleration alone, and with a slide as fast as the mean rim
  // (v = ω·2a/3): the law sees one slip of both, so each takes part of μ·F_n.
  const double spin = 20.0, slide = spin * 2 * kRadius / 3;
  const auto decelerations = [&](const Vec3& velocity) {
    ContactRig rig(spinningDisc(spin, velocity, 1e-4));
    rig.runUntil(0.005);
    return std::pair{(spin - rig.angularVelocity().z()) / rig.time(),
                     (velocity.norm() - rig.velocity().norm()) / rig.time()};
  };
  const auto [spin_alone, none] = decelerations(Vec3::Zero());
  const auto [spin_sliding, slide_spinning] = decelerations(Vec3(slide, 0, 0));
  CHECK(spin_alone == Approx(4.0 * kMu * kG / (3.0 * kRadius)).epsilon(0.03));
  CHECK(spin_sliding < 0.9 * spin_alone);
  CHECK(slide_spinning < 0.9 * kMu * kG);
  CHECK(slide_spinning > 0.0);
}
