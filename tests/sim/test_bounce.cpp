// Bouncing (issue 6): the rebound velocity ratio of each law is a property of the law, the same
// for any stiffness and time step once the impact is resolved and equal to the exact rebound of
// a 1-DOF impact on it (damped_impact.h), and no impact adds energy.
#include <catch2/catch.hpp>
#include <cmath>

#include "../damped_impact.h"
#include "contact_rig.h"
#include "geometry/primitives.h"
#include "sim/contact_beginnings.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kRadius = 0.1, kMass = 1.0, kImpactSpeed = 1.0;

struct Bounce {
  double ratio;         // rebound speed / impact speed
  double energy_ratio;  // kinetic energy after / before
};

// The sphere with a facet parallel to the plate, `gap` above it.
RigSpec sphereAbovePlate(double gap) {
  RigSpec spec;
  spec.ground = makePlate(1.0, 1.0, 0.02, 8);
  spec.body = makeIcosphere(kRadius, 3);
  spec.mass = solidSphere(kMass, kRadius);
  spec.pose.rotation =
      Eigen::Quaterniond::FromTwoVectors(spec.body.normals()[0], -Vec3::UnitZ()).toRotationMatrix();
  double lowest = 0.0;
  for (const Vec3& v : spec.body.vertices())
    lowest = std::min(lowest, (spec.pose.rotation * v).z());
  spec.pose.translation = Vec3(0, 0, gap - lowest);
  return spec;
}

// Weightless sphere thrown at the plate: the rebound is all the law's doing.
Bounce bounce(const NormalLaw& law, double time_step,
              ContactGeometryUpdate update = ContactGeometryUpdate::OncePerStep,
              double speed = kImpactSpeed) {
  RigSpec spec = sphereAbovePlate(1e-3);
  spec.gravity = Vec3::Zero();
  spec.velocity = Vec3(0, 0, -speed);
  spec.law.normal = law;
  spec.time_step = time_step;
  spec.options.geometry_update = update;
  ContactRig rig(std::move(spec));
  const double before = rig.mechanicalEnergy();
  bool touched = false;
  while (rig.time() < 0.1) {
    rig.step();
    touched = touched || !rig.contacts().empty();
    if (touched && rig.contacts().empty()) break;
  }
  REQUIRE(touched);
  REQUIRE(rig.contacts().empty());
  return {rig.velocity().z() / speed, rig.mechanicalEnergy() / before};
}

// `damping`: c·v₀ of the law's F = P(δ)·(1 + c·δ̇) at this impact, whose exact rebound the
// weightless sphere, a 1-DOF impact, must reproduce (damped_impact.h). The trapezoidal rule is
// second order, e(Δt) ≈ e + C·Δt²: at Δt = 5e-5 the ratio is held to 1e-3, and (4·e(Δt) −
// e(2Δt))/3, which removes the Δt² term (Richardson), to 1e-4 — what is left is smaller than the
// Δt² term by about Δt over the impact's duration (3–6 ms here: 1/60 or less).
void checkLawIsResolved(const NormalLaw& soft, const NormalLaw& stiff, double damping) {
  const double exact = dampedImpactRestitution(damping);
  const Bounce reference = bounce(soft, 5e-5), coarse = bounce(soft, 1e-4);
  const double extrapolated = (4.0 * reference.ratio - coarse.ratio) / 3.0;
  INFO("rebound ratio " << reference.ratio << " (Δt = 5e-5), " << coarse.ratio << " (1e-4), "
                        << extrapolated << " (extrapolated); exact " << exact);
  CHECK(reference.ratio == Approx(exact).epsilon(1e-3));
  CHECK(extrapolated == Approx(exact).epsilon(1e-4));
  CHECK(coarse.ratio == Approx(reference.ratio).epsilon(0.01));
  CHECK(bounce(stiff, 5e-5).ratio == Approx(reference.ratio).epsilon(0.01));
  CHECK(reference.energy_ratio <= 1.0);
  CHECK(reference.energy_ratio == Approx(reference.ratio * reference.ratio).epsilon(1e-3));
}

}  // namespace

TEST_CASE("Hunt-Crossley rebound depends on restitution only", "[bounce]") {
  for (double restitution : {0.5, 0.8, 0.95}) {
    HuntCrossleyLaw soft{1e7, 1.5, restitution, 1e-2}, stiff = soft;
    stiff.stiffness = 4e7;
    // c·v₀ = 3(1−ε)/2 is Hunt and Crossley's linear estimate, right for ε near 1 and damping too
    // little below (Flores et al. 2011 compare the laws): the rebound is 0.663 for ε = 0.5.
    checkLawIsResolved(soft, stiff, 1.5 * (1.0 - restitution));
  }
}

TEST_CASE("Hunt-Crossley with exact restitution rebounds at its restitution", "[bounce]") {
  for (double restitution : {0.3, 0.6}) {
    HuntCrossleyLaw soft{1e7, 1.5, restitution, 1e-2, HuntCrossleyLaw::Damping::ExactRestitution},
        stiff = soft;
    stiff.stiffness = 4e7;
    checkLawIsResolved(soft, stiff, exactRestitutionDamping(restitution));
    // The closed form's inverse, checked against the bisection of damped_impact.h: the sphere
    // rebounds at ε itself.
    CHECK(dampedImpactRestitution(exactRestitutionDamping(restitution)) ==
          Approx(restitution).epsilon(1e-9));
  }
}

TEST_CASE("Modia3D rebound follows from its coefficient of restitution", "[bounce]") {
  for (double cor : {0.7, 0.9}) {
    Modia3dLaw soft;
    soft.effective_modulus = 1e8;
    soft.geometry_radius = kRadius;
    soft.restitution = cor;
    Modia3dLaw stiff = soft;
    stiff.effective_modulus = 4e8;
    // d = 8(1 − cor)/(5·cor·v₀) (Flores et al. 2011): c·v₀ depends on cor only.
    checkLawIsResolved(soft, stiff, 8.0 * (1.0 - cor) / (5.0 * cor));
  }
}

TEST_CASE("Hertz with Hunt-Crossley dissipation: rebound set by d·v", "[bounce]") {
  HertzHuntCrossleyLaw soft{1e8, kRadius, 0.2}, stiff = soft;
  stiff.effective_modulus = 4e8;
  // c = 3/2·d, whatever the impact speed: 0.3 at 1 m/s.
  checkLawIsResolved(soft, stiff, 1.5 * 0.2 * kImpactSpeed);
}

TEST_CASE("Geometry linearised within a step agrees with geometry at every iterate", "[bounce]") {
  // The measurement behind ContactOptions' default (README, "Contact in the dynamics").
  const HuntCrossleyLaw law{1e7, 1.5, 0.8, 1e-2};
  for (double dt : {1e-4, 4e-4}) {
    const Bounce linearised = bounce(law, dt, ContactGeometryUpdate::OncePerStep);
    const Bounce exact = bounce(law, dt, ContactGeometryUpdate::EveryIteration);
    INFO("dt " << dt << ": " << linearised.ratio << " vs " << exact.ratio);
    CHECK(linearised.ratio == Approx(exact.ratio).epsilon(1e-3));
  }
}

TEST_CASE("fixed steps too long for the impact never rebound faster than the impact came in",
          "[bounce][fixed-step]") {
  // A steel Hertz contact of a 0.1 m sphere lasts t ≈ 2.87·(m²/(R·E*²·v))^(1/5) (Hertz): about
  // 0.2 ms at 1 m/s and 0.11 ms at 20 m/s, so steps of 0.1–2 ms see the whole impact within one
  // or two steps (or within the substeps of one). The trapezoidal rule may then land anywhere in
  // it; a contact that would end releasing more than it absorbed is refined, so whatever the
  // step and speed the sphere leaves no faster than it came (the law's own dissipation is small,
  // d = 0.01 s/m). Under-resolved steps may lose energy instead; error control resolves them.
  HertzHuntCrossleyLaw law;
  law.effective_modulus = effectiveModulus(2.1e11, 0.3, 2.1e11, 0.3);
  law.effective_radius = kRadius;
  law.dissipation = 0.01;
  for (const double speed : {1.0, 5.0, 20.0}) {
    for (const double step : {1e-4, 5e-4, 1e-3, 2e-3}) {
      RigSpec spec;
      spec.ground = makePlate(1.0, 1.0, 0.02, 8);
      spec.body = makeIcosphere(kRadius, 3);
      spec.mass = solidSphere(kMass, kRadius);
      spec.gravity = Vec3::Zero();
      spec.pose.translation = Vec3(0, 0, kRadius + 1e-3);
      spec.velocity = Vec3(0, 0, -speed);
      spec.law.normal = law;
      spec.time_step = step;
      ContactRig rig(std::move(spec));
      const double before = rig.mechanicalEnergy();
      // Long enough to reach the plate and leave it: 1 mm at the impact speed, then the impact.
      rig.runUntil(20 * step + 2e-3 / speed);
      INFO(speed << " m/s, Δt = " << step << ": velocity after " << rig.velocity().z());
      CHECK(rig.contacts().empty());
      CHECK(rig.velocity().z() > 0.0);
      CHECK(rig.mechanicalEnergy() <= before * (1.0 + 1e-2));
    }
  }
}

// Each bounce is one contact made (ContactBeginnings): a sphere dropped 10 mm onto the plate
// with exact restitution ε hits at v₁ = √(2gh), leaves at ε·v₁, and so on; the k-th contact
// lasts about Hertz's 2.94·δ_max/v (δ_max = (5mv²/4k)^⅖, Johnson, Contact Mechanics §11.4) and the
// flight after it 2εᵏv₁/g. At the top of the third flight exactly three contacts were made, none
// split off one that went on — at either step.
TEST_CASE("a bouncing sphere makes one contact per bounce", "[bounce]") {
  constexpr double kDrop = 0.01, kRestitution = 0.7, kStiffness = 1e7, kG = 9.81;
  const HuntCrossleyLaw law{kStiffness, 1.5, kRestitution, 1e-2,
                            HuntCrossleyLaw::Damping::ExactRestitution};
  const auto duration = [&](double v) {
    return 2.94 * std::pow(5.0 * kMass * v * v / (4.0 * kStiffness), 0.4) / v;
  };
  double v = std::sqrt(2.0 * kG * kDrop), apex = std::sqrt(2.0 * kDrop / kG);
  for (int k = 1; k <= 3; ++k) {
    apex += duration(v) + (k < 3 ? 2.0 : 1.0) * kRestitution * v / kG;
    v *= kRestitution;
  }
  for (const double step : {1e-4, 5e-4}) {
    CAPTURE(step);
    RigSpec spec = sphereAbovePlate(kDrop);
    spec.law.normal = law;
    spec.time_step = step;
    ContactRig rig(std::move(spec));
    ContactBeginnings beginnings;
    while (rig.time() < apex) {
      rig.step();
      beginnings.add(rig.contacts());
    }
    CHECK(rig.contacts().empty());
    CHECK(beginnings.made() == 3);
    CHECK(beginnings.split() == 0);
  }
}
