// The slip limiter (core/sim/slip_limiter.h): the cut it makes is where the segment of a slip's
// update comes nearest the stop, and only where the segment would otherwise go from slipping one
// way to slipping another (across the friction's band, or turning by more than a right angle);
// and with it Newton's iteration with Coulomb's exact tangent converges on a slip that one step
// stops, where without it the iterates jump from one side of the stop to the other for ever.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "contact/friction.h"
#include "dynamics/multibody_system.h"
#include "sim/contact_passivity.h"
#include "sim/slip_limiter.h"

using namespace contactsim;

TEST_CASE("the slip limiter cuts an update only where it reverses the slip, nearest the stop",
          "[slip_limiter]") {
  const double band = 0.01;
  // A reversal straight through the stop: cut at the stop itself.
  CHECK(admissibleSlipFraction(Vec3(5 * band, 0, 0), Vec3(-10 * band, 0, 0), band) == Approx(0.5));
  // A reversal passing beside the band: cut where it passes nearest, outside the band.
  CHECK(admissibleSlipFraction(Vec3(5 * band, 0, 0), Vec3(-10 * band, 3 * band, 0), band) ==
        Approx(50.0 / 109.0));
  // Ending in the band, starting in it, turning by less than a right angle beside it, or moving
  // away: not cut.
  CHECK(admissibleSlipFraction(Vec3(5 * band, 0, 0), Vec3(-4.5 * band, 0, 0), band) == 1.0);
  CHECK(admissibleSlipFraction(Vec3(0.5 * band, 0, 0), Vec3(-10 * band, 0, 0), band) == 1.0);
  CHECK(admissibleSlipFraction(Vec3(5 * band, 0, 0), Vec3(-4 * band, 3 * band, 0), band) == 1.0);
  CHECK(admissibleSlipFraction(Vec3(5 * band, 0, 0), Vec3(3 * band, 0, 0), band) == 1.0);

  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-10 * band, 10 * band);
  const auto draw = [&] { return Vec3(uniform(random), uniform(random), 0.0); };
  int cut = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const Vec3 v = draw(), dv = draw();
    const double alpha = admissibleSlipFraction(v, dv, band);
    // The segment's nearest approach to zero, by sampling it (independent of the closed form).
    double nearest = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= 2000; ++i) nearest = std::min(nearest, (v + i / 2000.0 * dv).norm());
    const bool outside = v.norm() >= band && (v + dv).norm() >= band;
    const bool reverses = v.dot(v + dv) < 0.0;
    if (outside && (nearest < 0.999 * band || reverses)) {
      REQUIRE(alpha < 1.0);
      REQUIRE(alpha > 0.0);
      CHECK((v + alpha * dv).norm() <= nearest + 1e-6 * band);
      ++cut;
    } else if (!(outside && nearest < band)) {
      CHECK(alpha == 1.0);
    }
  }
  CHECK(cut > 100);
}

// A pebble of mass m slipping at v₀ under a load N with regularised Coulomb friction: the
// implicit step's velocity solves r(v) = m(v − v₀)/h + μN·v/reg(|v|) = 0. With the friction's
// impulse per step h·μN above the momentum m·v₀ one step stops the slip, and v lies in the band.
TEST_CASE("Newton with Coulomb's exact tangent converges on a stopping slip with the limiter",
          "[slip_limiter]") {
  const CoulombFriction law{0.5, 0.01};
  const double m = 0.05, normal = 1000.0;
  for (const double h : {1e-3, 1e-2}) {
    for (const double v0 : {0.02, 0.3, 3.0}) {
      REQUIRE(h * law.coefficient * normal > m * v0);
      CAPTURE(h, v0);
      const auto residual = [&](double v, double& slope) {
        FrictionInput in;
        in.slip_velocity = Vec3(v, 0, 0);
        in.normal_force = normal;
        const FrictionForce f = evaluate(law, in);  // no step length: the exact tangent
        slope = m / h - f.d_velocity(0, 0);
        return m * (v - v0) / h - f.force.x();
      };
      const auto solve = [&](bool limited, int& iterations) {
        double v = v0;
        for (iterations = 0; iterations < 100; ++iterations) {
          double slope = 0.0;
          const double r = residual(v, slope);
          if (std::abs(r) <= 1e-12 * m * v0 / h) return v;
          const double dv = -r / slope;
          const double alpha =
              limited ? admissibleSlipFraction(Vec3(v, 0, 0), Vec3(dv, 0, 0), law.v_small) : 1.0;
          v += alpha * dv;
        }
        return v;
      };
      int plain = 0, cut = 0;
      const double v_plain = solve(false, plain);
      const double v_cut = solve(true, cut);
      (void)v_plain;
      // The stop is inside the band: |v| < v_small, and with it r(v) = 0.
      double slope = 0.0;
      CHECK(std::abs(v_cut) < law.v_small);
      CHECK(std::abs(residual(v_cut, slope)) <= 1e-12 * m * v0 / h);
      CHECK(cut <= 12);
      // Without the cut the full steps overshoot the stop whenever one step's friction impulse
      // exceeds twice the momentum: they never settle.
      if (h * law.coefficient * normal / m > 2.0 * (v0 + law.v_small)) CHECK(plain == 100);
    }
  }
}

// The limiter predicts each slip's update from the velocity update through the contact's linear
// map (the points' relative velocity, and for a patch r·(n·ω)·n). Checked against the system's own
// point velocities and angular velocities: a slip set to −½ of the true update reverses through
// zero half-way, so the cut is at α = ½ exactly when the map is right.
TEST_CASE("the slip limiter's map from q̇ to a patch's generalised slip is the system's",
          "[slip_limiter]") {
  MultibodySystem system;
  const auto body = [&](const char* name, const Vec3& where, const Vec3& rotation) {
    BodyDefinition b;
    b.name = name;
    b.mass = {1.0, Vec3::Zero(), Mat3::Identity() * 0.01};
    b.pose = Pose::fromTranslationRotationVector(where, rotation);
    return system.addBody(b);
  };
  const BodyIndex a = body("a", Vec3(0, 0, 0), Vec3(0.3, -0.2, 0.5));
  const BodyIndex b = body("b", Vec3(0.1, 0.2, 0.3), Vec3(-0.7, 0.4, 0.1));
  const Eigen::VectorXd q = system.initialCoordinates();
  const AffineVec3 separation =
      system.pointOn(b, Vec3(0.05, -0.02, 0.01)) - system.pointOn(a, Vec3(0.1, 0.2, 0.3));
  const Vec3 n = Vec3(0.2, -0.5, 0.8).normalized();
  const Mat3 projector = Mat3::Identity() - n * n.transpose();
  std::mt19937 random(3);
  std::normal_distribution<double> normal;
  for (const double radius : {0.0, 0.04}) {
    for (int trial = 0; trial < 20; ++trial) {
      Eigen::VectorXd update(q.size());
      for (Eigen::Index i = 0; i < update.size(); ++i) update[i] = normal(random);
      const Vec3 omega =
          system.bodyAngularVelocity(b, q, update) - system.bodyAngularVelocity(a, q, update);
      const Vec3 truth = projector * separation.rate(update) + radius * n.dot(omega) * n;
      SlipLimiter limiter;
      limiter.add(separation, n, -0.5 * truth, 0.01 * truth.norm());
      if (radius > 0.0) limiter.addSpin(system, a, b, q, radius);
      CAPTURE(radius, trial);
      CHECK(limiter.admissibleUpdate(update) == Approx(0.5).epsilon(1e-9));
    }
  }
}

// A pebble of mass m at rest on the floor whose contact's ledger is empty: the law pushes with
// F_law > mg while the contact loads and the cap allows nothing once it unloads, so no end rate of
// the step balances on either side of the turn. The step's end separation rate s solves
// r(s) = m·s/h + mg − F(s) = 0 with the ledger's ramp F = F_law·(1 − s/w) over 0 < s < w
// (capByLedger, sim/contact_passivity.h): the iteration cut at the ramp (admissibleRampFraction)
// settles on it, at F = mg + m·s/h; full steps alternate between −hg and h(F_law − mg)/m.
TEST_CASE("Newton settles on an empty ledger's ramp with the ramp cut", "[slip_limiter]") {
  const double m = 0.05, g = 9.81, h = 1e-3, law = 5.0, w = 1e-6;
  const auto force = [&](double s, double& slope) {
    NormalForce f{law, 0.0, 0.0};
    capByLedger(f, -s, 0.0, 0.0, 0.0, h, w);  // δ̇ = −s, at rest at the step's start
    slope = -f.d_rate;                        // ∂F/∂s
    return f.value;
  };
  const auto solve = [&](bool limited, int& iterations) {
    double s = 0.0;
    for (iterations = 0; iterations < 100; ++iterations) {
      double slope = 0.0;
      const double r = m * s / h + m * g - force(s, slope);
      if (std::abs(r) <= 1e-9 * m * g) return s;
      const double ds = -r / (m / h - slope);
      s += (limited ? admissibleRampFraction(s, ds, w) : 1.0) * ds;
    }
    return s;
  };
  int plain = 0, cut = 0;
  solve(false, plain);
  const double s = solve(true, cut);
  CHECK(plain == 100);
  CHECK(cut <= 5);
  CHECK(s > 0.0);
  CHECK(s < w);
  double slope = 0.0;
  CHECK(force(s, slope) == Approx(m * g + m * s / h).epsilon(1e-9));
}
