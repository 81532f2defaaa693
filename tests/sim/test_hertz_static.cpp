// Hertz static indentation (docs/validation.md, "Contact in the dynamics"): a tessellated steel
// sphere, R = 10 mm, pressed on a flat by F = 100 N comes to rest at δ = (9F²/(16·E*²·R))^(1/3).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "contact_rig.h"
#include "geometry/mass_properties.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kRadius = 0.01, kLoad = 100.0, kG = 9.81;
constexpr double kSteelE = 2.1e11, kSteelNu = 0.3;

double closedForm(double effective_modulus) {
  return std::cbrt(9.0 * kLoad * kLoad / (16.0 * effective_modulus * effective_modulus * kRadius));
}

// The sphere resting on one facet, exactly on the plate (z = 0): it starts touching.
RigSpec sphereOnFacet(int level) {
  RigSpec spec;
  spec.ground = makePlate(0.05, 0.05, 0.005, 4);
  spec.body = makeIcosphere(kRadius, level);
  spec.mass = solidSphere(kLoad / kG, kRadius);
  spec.gravity = Vec3(0, 0, -kG);
  // Resting on a facet, as a polyhedron does (on a vertex it would tip over), the facet exactly
  // on the plate (z = 0).
  spec.pose.rotation =
      Eigen::Quaterniond::FromTwoVectors(spec.body.normals()[0], -Vec3::UnitZ()).toRotationMatrix();
  double lowest = 0.0;
  for (const Vec3& v : spec.body.vertices())
    lowest = std::min(lowest, (spec.pose.rotation * v).z());
  spec.pose.translation = Vec3(0, 0, -lowest);
  return spec;
}

// Drops nothing: the sphere starts touching and settles under a heavily damped Hertz law; the
// contact-sphere radius comes from the mesh as in a scene (defaultContactSphereRadius).
double restingIndentation(int level, double effective_modulus) {
  RigSpec spec = sphereOnFacet(level);
  HertzHuntCrossleyLaw law;
  law.effective_modulus = effective_modulus;
  // The radius as the mesh gives it (`contact_radius` of a scene): the equal-volume sphere's,
  // which approaches R as the tessellation is refined (the inscribed polyhedron's volume grows).
  const double volume = computeMassProperties(spec.body, 1.0).volume;
  law.effective_radius = std::cbrt(3.0 * volume / (4.0 * 3.14159265358979323846));
  // ζ ≈ 0.3 at the contact's 400 Hz, so it settles within a few periods.
  law.dissipation = 100.0;
  spec.law.normal = law;
  // Steel on steel; friction also damps the sliding and rocking the facet allows.
  spec.law.friction = StickSlipFriction{};
  spec.time_step = 1e-4;
  ContactRig rig(std::move(spec));
  rig.runUntil(0.2);
  REQUIRE(rig.contacts().size() == 1);
  CHECK(rig.contacts()[0].normal_force == Approx(kLoad).epsilon(3e-3));  // at rest
  return rig.contacts()[0].patch.indentation;
}

}  // namespace

TEST_CASE("Hertz static indentation approaches the closed form with refinement", "[hertz]") {
  const double rigid_flat = kSteelE / (1 - kSteelNu * kSteelNu);
  const double steel_flat = effectiveModulus(kSteelE, kSteelNu, kSteelE, kSteelNu);
  REQUIRE(closedForm(rigid_flat) == Approx(2.1941e-6).epsilon(1e-4));
  REQUIRE(closedForm(steel_flat) == Approx(3.4829e-6).epsilon(1e-4));
  for (double modulus : {rigid_flat, steel_flat}) {
    // Levels 2, 3, 5: 320, 1280 and 20480 triangles. What is left at level 5 is settling.
    std::vector<double> errors;
    for (int level : {2, 3, 5})
      errors.push_back(std::abs(restingIndentation(level, modulus) / closedForm(modulus) - 1));
    INFO("E* = " << modulus << ": errors " << errors[0] << ", " << errors[1] << ", " << errors[2]);
    CHECK(errors[1] < 0.02);
    CHECK(errors[2] < errors[0]);
    CHECK(errors[2] < 1e-3);
  }
}

// A support compliance s in series (docs/method.md, "Support compliance"): the same sphere,
// resting on its facet through the whole pipeline, settles where the law's δ is the support's
// deflection s·F plus the contact's own (F/k)^(1/e), each about half of it here, and the
// contact carries the weight.
TEST_CASE("a support compliance in series: the resting δ is s·F + (F/k)^(1/e)", "[hertz]") {
  const double k = 1e10, s = 5e-8;
  for (const double exponent : {1.5, 1.0}) {
    RigSpec spec = sphereOnFacet(3);
    const double stiffness = exponent == 1.0 ? 2e7 : k;
    spec.law.normal = HuntCrossleyLaw{.stiffness = stiffness,
                                      .exponent = exponent,
                                      .restitution = 0.3,
                                      .damping = HuntCrossleyLaw::Damping::ExactRestitution,
                                      .support_compliance = s};
    spec.law.friction = StickSlipFriction{};
    spec.time_step = 1e-4;
    ContactRig rig(std::move(spec));
    rig.runUntil(0.2);
    REQUIRE(rig.contacts().size() == 1);
    const double expected = s * kLoad + std::pow(kLoad / stiffness, 1.0 / exponent);
    INFO("exponent " << exponent << ": δ " << rig.contacts()[0].patch.indentation
                     << " m, closed form " << expected << " m");
    CHECK(rig.contacts()[0].normal_force == Approx(kLoad).epsilon(3e-3));
    CHECK(rig.contacts()[0].patch.indentation == Approx(expected).epsilon(1e-2));
  }
}
