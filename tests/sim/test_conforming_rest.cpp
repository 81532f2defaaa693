// Conforming contact in the dynamics (docs/method.md, "Conforming laws"): a pin resting in a bore
// and a ball resting in a socket under a load, with the conforming-hertz law, settle where the
// law balances the load, F = K·δ^1.5 = W with K = 4/3·E*·√R*, 1/R* = 1/r − 1/(r + c); the
// indentation the meshes report must be that δ up to the facets' chordal error, the force the
// load, its line the load's. A shaft sliding in a pipe under a side load feels that load as a
// steady normal force and Coulomb friction stops it where the closed form says.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <optional>

#include "../chordal_error.h"
#include "contact/contact_regions.h"
#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kSteelE = 2.1e11, kSteelNu = 0.3;
const double kSteelOnSteel = effectiveModulus(kSteelE, kSteelNu, kSteelE, kSteelNu);

ConformingHertzLaw steelClearance(double radius, double clearance) {
  ConformingHertzLaw law;
  law.effective_modulus = kSteelOnSteel;
  law.radius = radius;
  law.clearance = clearance;
  law.restitution = 0.3;  // settles within a few periods
  return law;
}

// δ at which the law carries W at rest, from the closed form (not from the law's code).
double restingIndentation(double radius, double clearance, double load) {
  const double r_star = 1.0 / (1.0 / radius - 1.0 / (radius + clearance));
  const double k = 4.0 / 3.0 * kSteelOnSteel * std::sqrt(r_star);
  return std::pow(load / k, 2.0 / 3.0);
}

struct Rest {
  double indentation, force;
  Vec3 normal;
  std::size_t patches;
};

Rest settle(RigSpec spec, double until) {
  ContactRig rig(std::move(spec));
  rig.runUntil(until);
  Rest rest{0.0, 0.0, Vec3::Zero(), rig.contacts().size()};
  for (const auto& c : rig.contacts()) {
    rest.indentation = std::max(rest.indentation, c.patch.indentation);
    rest.force += c.normal_force;
    rest.normal += c.normal_force * c.patch.normal;
  }
  rest.normal.normalize();
  return rest;
}

}  // namespace

TEST_CASE("a loaded pin rests in its bore where the conforming law balances the load",
          "[conforming][dynamics]") {
  // r = 10 mm, c = 0.5 mm, W = 6 kN: δ ≈ 20 µm, so the lune's half-angle, acos(c/(c + δ)), is
  // 16°, inside the 30° patch cone: one patch. A 1000 kg pin keeps the contact's period near 1 ms.
  const double r = 0.01, c = 5e-4, load = 6000.0, mass = 1000.0;
  const int n = 1024;
  const double delta = restingIndentation(r, c, load);
  const double bound = chordSag(r, n) + chordSag(r + c, n);
  REQUIRE(bound < 0.01 * delta);
  for (const double direction : {-std::numbers::pi / 2, 0.7, 2.0 + std::numbers::pi / n}) {
    const Vec3 down(std::cos(direction), std::sin(direction), 0.0);
    RigSpec spec;
    spec.ground = makeTube(r + c, r + 0.01, 0.06, n, 3);
    spec.body = makeCylinder(r, 0.04, n, 4);
    const double lengthwise = mass * (3 * r * r + 0.04 * 0.04) / 12;
    spec.mass = {mass, Vec3::Zero(), Vec3(lengthwise, lengthwise, mass * r * r / 2).asDiagonal()};
    spec.gravity = load / mass * down;
    spec.pose.translation = (c + 0.9 * delta) * down;
    spec.law.normal = steelClearance(r, c);
    spec.law.friction = StickSlipFriction{};
    spec.time_step = 1e-4;
    const Rest rest = settle(std::move(spec), 0.05);
    INFO("load toward " << direction << " rad: δ = " << rest.indentation << ", closed form "
                        << delta);
    CHECK(rest.patches == 1);
    CHECK(rest.force == Approx(load).epsilon(1e-3));
    CHECK(std::abs(rest.indentation - delta) <= bound + 1e-3 * delta);
    CHECK(-rest.normal.dot(down) >= std::cos(std::numbers::pi / 180));
  }
}

TEST_CASE("a loaded ball rests in its socket where the conforming law balances the load",
          "[conforming][dynamics]") {
  // r = 10 mm, c = 2 mm, W = 50 kN: δ ≈ 0.12 mm, the overlap's rim 19° off the load's line.
  const double r = 0.01, c = 2e-3, load = 5e4, mass = 1000.0;
  const double delta = restingIndentation(r, c, load);
  const TriMesh ball = makeIcosphere(r, 6);
  const double bound = facetSag(ball, r) + facetSag(makeIcosphere(r + c, 6), r + c);
  REQUIRE(bound < 0.02 * delta);
  for (const Vec3& load_direction : {Vec3(0, 0, -1), Vec3(0.3, -0.5, 0.8).normalized()}) {
    RigSpec spec;
    spec.ground = makeSphericalShell(r + c, r + 0.01, 6);
    spec.body = ball;
    spec.mass = solidSphere(mass, r);
    spec.gravity = load / mass * load_direction;
    spec.pose.translation = (c + 0.9 * delta) * load_direction;
    spec.law.normal = steelClearance(r, c);
    spec.law.friction = StickSlipFriction{};
    spec.time_step = 1e-4;
    const Rest rest = settle(std::move(spec), 0.05);
    INFO("δ = " << rest.indentation << ", closed form " << delta);
    CHECK(rest.patches == 1);
    CHECK(rest.force == Approx(load).epsilon(1e-3));
    CHECK(std::abs(rest.indentation - delta) <= bound + 1e-3 * delta);
    CHECK(-rest.normal.dot(load_direction) >= std::cos(std::numbers::pi / 180));
  }
}

namespace {

struct Stepping {
  double step;
  std::optional<double> tolerance;
};

// Steel shaft r = 20 mm, 200 mm long, in a pipe with c = 0.5 mm, pushed along its axis at v₀ and
// left to slide on the pipe's bottom line. Nothing moves across the axis, so the normal force is
// the weight W = m·g at every step; sliding friction μ_d·W decelerates it uniformly,
// v = v₀ − μ_d·g·t, to a stop after v₀²/(2·μ_d·g), where it stays (μ_s > μ_d).
void slideShaftInPipe(const Stepping& stepping) {
  const double r = 0.02, c = 5e-4, length = 0.2, g = 9.81, v0 = 0.3;
  const double mass = 7850.0 * std::numbers::pi * r * r * length, weight = mass * g;
  StickSlipFriction friction;
  const double mu = friction.dynamic_coefficient;
  const double t_stop = v0 / (mu * g), x_stop = v0 * v0 / (2 * mu * g);
  RigSpec spec;
  spec.tolerance = stepping.tolerance;
  spec.ground = makeTube(r + c, r + 0.005, 0.4, 256, 8);
  spec.body = makeCylinder(r, length, 256, 8);
  const double lengthwise = mass * (3 * r * r + length * length) / 12;
  spec.mass = {mass, Vec3::Zero(), Vec3(lengthwise, lengthwise, mass * r * r / 2).asDiagonal()};
  spec.gravity = Vec3(0, -g, 0);
  spec.pose.translation = Vec3(0, -c, 0);
  spec.velocity = Vec3(0, 0, v0);
  spec.law.normal = steelClearance(r, c);
  spec.law.friction = friction;
  spec.time_step = stepping.step;
  ContactRig rig(std::move(spec));
  INFO("Δt = " << stepping.step << (stepping.tolerance ? ", error control" : ""));
  // Let the first touch settle (a few periods of the contact, well under 10 ms).
  rig.runUntil(0.01);
  double worst = 0.0;
  while (rig.time() < 0.8 * t_stop) {
    rig.step();
    worst = std::max(worst, std::abs(rig.totalContactForce().y() - weight));
  }
  INFO("largest departure of the normal force from the weight: " << worst << " N of " << weight);
  CHECK(worst < 0.05 * weight);
  CHECK(rig.velocity().z() == Approx(v0 - mu * g * rig.time()).epsilon(0.03));
  rig.runUntil(t_stop + 0.1);
  const double stopped_at = rig.pose().translation.z();
  CHECK(stopped_at == Approx(x_stop).epsilon(0.03));
  rig.runUntil(t_stop + 0.3);
  CHECK(std::abs(rig.pose().translation.z() - stopped_at) < 1e-3 * x_stop);
  CHECK(rig.velocity().norm() < 1e-3 * v0);
}

}  // namespace

// At rest the shaft's δ is 0.27 µm and its bounce and pitch modes are near 1.2 kHz
// (k = 3/2·K·√δ = 1.1e8 N/m on 1.97 kg). Error control keeps ω·h ≤ kResolvedModeAngle
// (docs/dynamics.md, "Contact modes"), so at tolerance 1e-6 with substeps up to 1 ms the law's
// damping is resolved as at a fixed 0.1 ms step; before that rule, error control left an 8 N ring:
// its amplitude, a fraction of δ, was below what the position error is measured against. Fixed
// 1 ms steps (ωh = 7.4, 7 % of the law's damping kept) are split until ω·h ≤ kFixedStepModeAngle
// (docs/dynamics.md, "Fixed steps"); taken whole, sliding friction's moment about the axis fed the
// pitch mode and the shaft bounced along the pipe, its force up to 171 N off its 19 N weight.
TEST_CASE("a shaft sliding in a pipe under its weight: steady normal force, Coulomb stop",
          "[conforming][dynamics][friction]") {
  for (const double tolerance : {1e-5, 1e-6}) slideShaftInPipe({1e-3, tolerance});
  slideShaftInPipe({1e-3, {}});
}

// At a fixed Δt = 0.1 ms the pitch mode is resolved (ωh = 0.74), so nothing is split, and the
// first touch's ring in pitch is left to the spread damping. Taken as a disc's (A/4π, 200 times
// less than the line contact's L²/12 about the axis across it) the force still departed from the
// weight by 1.26 N (6.5 %) at 10 ms; with the region's own second moment about that axis
// (flatNormalRateSpread, docs/method.md "Damping a flat region") by 0.65 N (3.4 %).
TEST_CASE("a shaft sliding in a pipe under its weight at a fixed 0.1 ms step",
          "[conforming][dynamics][friction]") {
  slideShaftInPipe({1e-4, {}});
}

// A prism (apex angle 90°, longer than the block is wide) resting on its edge across the coarse
// top face of a block: between the face's vertices neither body has a vertex inside the other, so
// only the overlap's column under the area centroid (overlapColumn) sees it. Before that column
// the law saw nothing until the prism's slanted faces reached a face vertex 5.7 mm beside the edge,
// and it sank that far. Edge between the vertex rows, over one, and yawed across the triangles'
// diagonals; two steps. Its rotation is held off by a large inertia (an edge is an unstable seat):
// the test is about the normal force. Reference: at rest the law carries the weight,
// K·δ^1.5 = m·g, and the overlap of the meshes (a static query) is that δ.
TEST_CASE("a prism resting on its edge across a coarse face sinks no deeper than its law asks",
          "[conforming][dynamics]") {
  const double half = 0.05, mass = 10.0, g = 9.81, stiffness = 1e9;
  const double delta = std::pow(mass * g / stiffness, 2.0 / 3.0);
  std::vector<Vec3> v;
  for (const double y : {-3 * half, 3 * half})
    v.emplace_back(0, y, 0), v.emplace_back(0.03, y, 0.03), v.emplace_back(-0.03, y, 0.03);
  const TriMesh block = makeBox(Vec3::Constant(half), 3);  // top face vertices 33 mm apart
  const TriMesh prism(
      std::move(v),
      {{0, 1, 2}, {3, 5, 4}, {0, 3, 4}, {0, 4, 1}, {1, 4, 5}, {1, 5, 2}, {2, 5, 3}, {2, 3, 0}});
  // Face vertex rows at x = ±half/3.
  for (const double offset : {0.011, -0.004, half / 3}) {
    for (const double yaw : {0.0, 0.4}) {
      for (const double step : {1e-4, 5e-4}) {
        INFO("edge at x = " << offset << " m, yawed " << yaw << " rad, Δt = " << step << " s");
        RigSpec spec;
        spec.ground = block;
        spec.body = prism;
        spec.mass = {mass, Vec3(0, 0, 0.02), Mat3::Identity() * 1e6};
        spec.pose = Pose::fromTranslationRotationVector(Vec3(offset, 0.0, half), Vec3(0, 0, yaw));
        HuntCrossleyLaw law;
        law.stiffness = stiffness;
        law.restitution = 0.3;
        spec.law.normal = law;
        spec.time_step = step;
        ContactRig rig(std::move(spec));
        REQUIRE_NOTHROW(rig.runUntil(0.1));
        double force = 0.0;
        for (const auto& c : rig.contacts()) force += c.normal_force;
        const ContactRegions overlap =
            findContact(AabbTree(block), Pose::identity(), AabbTree(prism), rig.pose());
        double deepest = 0.0;
        for (const ContactPatch& p : overlap.patches) deepest = std::max(deepest, p.indentation);
        INFO("δ(W) = " << delta << " m; overlap " << deepest << " m; force " << force << " N of "
                       << mass * g);
        CHECK(force == Approx(mass * g).epsilon(0.01));
        CHECK(deepest == Approx(delta).epsilon(0.1));
      }
    }
  }
}
