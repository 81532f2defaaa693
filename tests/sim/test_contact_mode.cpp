// The contact mode error control resolves (sim/contact_mode.h): ω = √(k_n·w) with w the inverse
// effective mass of the bodies at the force's point along its normal, against closed forms for
// a rigid body: a push through the centre of mass moves the body as a point mass (w = 1/m), a
// push at the end of a rod across it also turns it (w = 1/m + (L/2)²/(mL²/12) = 4/m), and two
// moving bodies add their w. The value does not depend on the bodies' placement.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/multibody_system.h"
#include "sim/contact_mode.h"

using namespace contactsim;

namespace {

// A slender box 2 × 0.1 × 0.1 m of 10 kg along its x axis, placed at `pose`.
BodyDefinition rod(const Pose& pose) {
  BodyDefinition body;
  body.name = "rod";
  const double m = 10.0, length = 2.0, side = 0.1;
  body.mass.mass = m;
  body.mass.inertia = Vec3(m * 2 * side * side / 12, m * (length * length + side * side) / 12,
                           m * (length * length + side * side) / 12)
                          .asDiagonal();
  body.pose = pose;
  return body;
}

BodyDefinition ground() {
  BodyDefinition body;
  body.name = "ground";
  body.fixed = true;
  return body;
}

// The rod against the ground, placed as the rod's body frame at the origin and somewhere else:
// nothing a contact mode says may depend on where.
struct RodOnGround {
  MultibodySystem system;
  BodyIndex floor, body;
  Eigen::VectorXd q;
  explicit RodOnGround(const Pose& placed)
      : floor(system.addBody(ground())),
        body(system.addBody(rod(placed))),
        q(system.initialCoordinates()) {}
};
const std::array<Pose, 2> kPlacements = {
    Pose::identity(),
    Pose::fromTranslationRotationVector(Vec3(3.0, -1.0, 20.0), Vec3(0.3, -1.1, 0.7))};

// The mode of one force alone.
double oneForceMode(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                    const AffineVec3& separation, const Vec3& normal, double stiffness,
                    const Eigen::VectorXd& q) {
  PairModes modes;
  modes.add(system, a, b, separation, normal, stiffness, q);
  return modes.frequency();
}

}  // namespace

TEST_CASE("a contact's mode: point mass through the centre, rod turning about it at its end",
          "[contact][dynamics]") {
  const double k = 4e6, m = 10.0;
  const Vec3 across_axis(0.0, 0.0, 1.0);
  for (const Pose& placed : kPlacements) {
    const RodOnGround rig(placed);
    const auto& [system, floor, body, q] = rig;
    const Vec3 normal = placed.rotation * across_axis;
    const AffineVec3 on_floor = system.pointOn(floor, Vec3::Zero());
    const auto mode = [&](const Vec3& at, const Vec3& n, double stiffness) {
      return oneForceMode(system, floor, body, system.pointOn(body, at) - on_floor, n, stiffness,
                          q);
    };
    // Through the centre of mass: ω² = k/m.
    const double centre = mode(Vec3::Zero(), normal, k);
    CHECK(centre == Approx(std::sqrt(k / m)).epsilon(1e-12));
    // At the rod's end, across it: w = 1/m + (L/2)²/I = 4/m (I = m(L² + s²)/12 ≈ mL²/12).
    const double inertia = m * (4.0 + 0.01) / 12;
    const double end = mode(Vec3(1.0, 0.0, 0.0), normal, k);
    CHECK(end == Approx(std::sqrt(k * (1.0 / m + 1.0 / inertia))).epsilon(1e-12));
    // Along the rod at its end: the push passes through the centre, no turn.
    const double along = mode(Vec3(1.0, 0.0, 0.0), placed.rotation * Vec3::UnitX(), k);
    CHECK(along == Approx(centre).epsilon(1e-12));
    // No stiffness, no mode.
    CHECK(mode(Vec3::Zero(), normal, 0.0) == 0.0);
  }
}

TEST_CASE("a contact's mode between two moving bodies adds their inverse masses",
          "[contact][dynamics]") {
  MultibodySystem system;
  const BodyIndex a = system.addBody(rod(Pose::identity()));
  BodyDefinition heavier = rod(Pose::fromTranslationRotationVector(Vec3(0, 0, 0.1), Vec3::Zero()));
  heavier.mass.mass *= 3.0;
  heavier.mass.inertia *= 3.0;
  const BodyIndex b = system.addBody(heavier);
  const Eigen::VectorXd q = system.initialCoordinates();
  const double k = 1e5;
  // A's point off its centre along the normal: no turn either (r ∥ n).
  const AffineVec3 separation =
      system.pointOn(b, Vec3::Zero()) - system.pointOn(a, Vec3(0.0, 0.0, 0.05));
  const double omega = oneForceMode(system, a, b, separation, Vec3::UnitZ(), k, q);
  CHECK(omega == Approx(std::sqrt(k * (1.0 / 10.0 + 1.0 / 30.0))).epsilon(1e-12));
}

// A pair's forces ring together (PairModes): two springs k across the rod at its two ends excite
// the bounce, ω² = 2k/m, and the pitch, ω² = 2k·(L/2)²/I = 6k/m (I = mL²/12, the rod's thickness
// aside), so the fastest is √(6k/m) — not the bound √(Σ k·w) = √(8k/m) the forces' own modes add
// to. One spring alone gives its own, √(k·(1/m + (L/2)²/I)). Two moving bodies: the same springs
// between two equal rods side by side, each end's relative rate moving both, double every ω².
TEST_CASE("a pair's forces together: the pitch and bounce of a rod on springs at its ends",
          "[contact][dynamics]") {
  const double k = 4e6, m = 10.0;
  const double inertia = m * (4.0 + 0.01) / 12;  // about the axes across the rod
  for (const Pose& placed : kPlacements) {
    const RodOnGround rig(placed);
    const auto& [system, floor, body, q] = rig;
    const Vec3 normal = placed.rotation * Vec3::UnitZ();
    const AffineVec3 on_floor = system.pointOn(floor, Vec3::Zero());
    PairModes one, two;
    one.add(system, floor, body, system.pointOn(body, Vec3(1, 0, 0)) - on_floor, normal, k, q);
    CHECK(one.frequency() == Approx(std::sqrt(k * (1.0 / m + 1.0 / inertia))).epsilon(1e-12));
    for (const double x : {-1.0, 1.0})
      two.add(system, floor, body, system.pointOn(body, Vec3(x, 0, 0)) - on_floor, normal, k, q);
    CHECK(two.frequency() == Approx(std::sqrt(2 * k * 1.0 * 1.0 / inertia)).epsilon(1e-12));
    CHECK(two.frequency() > std::sqrt(2 * k / m));
    CHECK(PairModes().frequency() == 0.0);
  }
  MultibodySystem system;
  const BodyIndex a = system.addBody(rod(Pose::identity()));
  const BodyIndex b =
      system.addBody(rod(Pose::fromTranslationRotationVector(Vec3(0, 0, 0.1), Vec3::Zero())));
  const Eigen::VectorXd q = system.initialCoordinates();
  PairModes modes;
  for (const double x : {-1.0, 1.0})
    modes.add(system, a, b,
              system.pointOn(b, Vec3(x, 0, -0.05)) - system.pointOn(a, Vec3(x, 0, 0.05)),
              Vec3::UnitZ(), k, q);
  CHECK(modes.frequency() == Approx(std::sqrt(2 * 2 * k / inertia)).epsilon(1e-12));
}

// The stiction spring's mass (contact/friction.h): the inverse effective mass in the contact
// plane, averaged over its directions. At the rod's end with the normal across it (body z), the
// plane holds the rod's axis, along which a push moves it as a point mass (1/m), and body y,
// across which it also turns it about z (1/m + (L/2)²/I_zz): the mean of the two, wherever the rod
// is placed. With the normal along the rod, both in-plane directions turn it: 1/m + 1/I.
TEST_CASE("a contact's tangential mass: the mean over the contact plane's directions",
          "[contact][dynamics]") {
  const double m = 10.0, inertia = m * (4.0 + 0.01) / 12;
  for (const Pose& placed : kPlacements) {
    const RodOnGround rig(placed);
    const auto& [system, floor, body, q] = rig;
    const AffineVec3 end =
        system.pointOn(body, Vec3(1.0, 0.0, 0.0)) - system.pointOn(floor, Vec3::Zero());
    const Vec3 across = placed.rotation * Vec3::UnitZ(), along = placed.rotation * Vec3::UnitX();
    CHECK(tangentialInverseMass(system, floor, body, end, across, q) ==
          Approx(0.5 * ((1.0 / m) + (1.0 / m + 1.0 / inertia))).epsilon(1e-12));
    CHECK(tangentialInverseMass(system, floor, body, end, along, q) ==
          Approx(1.0 / m + 1.0 / inertia).epsilon(1e-12));
    // Whatever the in-plane pair: the mode frequency's w along each of two orthonormal in-plane
    // directions, averaged, is the same number (k = 1 gives √w).
    const Vec3 t1 = placed.rotation * Vec3(1.0, 1.0, 0.0).normalized();
    const Vec3 t2 = across.cross(t1);
    const double w1 = std::pow(oneForceMode(system, floor, body, end, t1, 1.0, q), 2);
    const double w2 = std::pow(oneForceMode(system, floor, body, end, t2, 1.0, q), 2);
    CHECK(tangentialInverseMass(system, floor, body, end, across, q) ==
          Approx(0.5 * (w1 + w2)).epsilon(1e-12));
  }
}
