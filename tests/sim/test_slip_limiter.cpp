// The slip limiter (core/sim/slip_limiter.h): the cut it makes is where the segment of a slip's
// update comes nearest the stop (Coulomb) or leaves the band past it (stick–slip), and only where
// the segment would otherwise go from slipping one way to slipping another (across the friction's
// band, or turning by more than a right angle); and with it Newton's iteration with either law's
// exact tangent converges on a slip that one step stops, where without it the iterates jump from
// one side of the stop to the other for ever.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "contact/friction.h"
#include "dynamics/multibody_system.h"
#include "sim/contact_passivity.h"
#include "sim/slip_limiter.h"

using namespace contactsim;

// Cases in units of the band's radius, each with the fraction a cut takes for either landing.
TEST_CASE("the slip limiter cuts an update only where it reverses the slip", "[slip_limiter]") {
  const double speed = 0.01;
  struct Case {
    const char* what;
    Vec3 slip, update;
    double nearest, exit;  // the fraction taken landing nearest the stop, and at the band's exit
  };
  const Case cases[] = {
      // From 5 to −5 radii: at the stop itself, or at −1, six tenths of the way.
      {"straight through the stop", {5, 0, 0}, {-10, 0, 0}, 0.5, 0.6},
      // There is no exit: both land where the segment passes nearest, outside the band.
      {"beside the band, turning by more than a right angle",
       {5, 0, 0},
       {-10, 3, 0},
       50.0 / 109.0,
       50.0 / 109.0},
      {"ending in the band", {5, 0, 0}, {-4.5, 0, 0}, 1.0, 1.0},
      {"starting in it", {0.5, 0, 0}, {-10, 0, 0}, 1.0, 1.0},
      {"turning by less than a right angle beside it", {5, 0, 0}, {-4, 3, 0}, 1.0, 1.0},
      {"moving away", {5, 0, 0}, {3, 0, 0}, 1.0, 1.0},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(admissibleSlipFraction(speed * c.slip, speed * c.update, {speed, BandLanding::Nearest}) ==
          Approx(c.nearest));
    CHECK(admissibleSlipFraction(speed * c.slip, speed * c.update, {speed, BandLanding::Exit}) ==
          Approx(c.exit));
  }
}

TEST_CASE("a Coulomb cut lands nearest the stop", "[slip_limiter]") {
  const double speed = 0.01;
  const SlipBand band{speed, BandLanding::Nearest};
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-10 * speed, 10 * speed);
  const auto draw = [&] { return Vec3(uniform(random), uniform(random), 0.0); };
  int cut = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const Vec3 v = draw(), dv = draw();
    const double alpha = admissibleSlipFraction(v, dv, band);
    // The segment's nearest approach to zero, by sampling it (independent of the closed form).
    double nearest = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= 2000; ++i) nearest = std::min(nearest, (v + i / 2000.0 * dv).norm());
    const bool outside = v.norm() >= speed && (v + dv).norm() >= speed;
    const bool reverses = v.dot(v + dv) < 0.0;
    if (outside && (nearest < 0.999 * speed || reverses)) {
      REQUIRE(alpha < 1.0);
      REQUIRE(alpha > 0.0);
      CHECK((v + alpha * dv).norm() <= nearest + 1e-6 * speed);
      ++cut;
    } else if (!(outside && nearest < speed)) {
      CHECK(alpha == 1.0);
    }
  }
  CHECK(cut > 100);
}

TEST_CASE("a stick–slip cut lands where the update leaves the band past the stop",
          "[slip_limiter]") {
  const double speed = 0.01;
  const SlipBand band{speed, BandLanding::Exit};
  std::mt19937 random(11);
  std::uniform_real_distribution<double> uniform(-10 * speed, 10 * speed);
  const auto draw = [&] { return Vec3(uniform(random), uniform(random), 0.0); };
  int exits = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const Vec3 v = draw(), dv = draw();
    if (v.norm() < speed || (v + dv).norm() < speed) continue;
    // Where the segment is inside the band, by sampling it: the cut lands on its last sample's
    // exit, on the band's circle.
    double last_inside = -1.0;
    for (int i = 0; i <= 4000; ++i)
      if ((v + i / 4000.0 * dv).norm() < speed) last_inside = i / 4000.0;
    if (last_inside < 0.0) continue;
    const double alpha = admissibleSlipFraction(v, dv, band);
    CHECK(alpha == Approx(last_inside).margin(1.0 / 4000.0));
    CHECK((v + alpha * dv).norm() == Approx(speed).epsilon(1e-9));
    ++exits;
  }
  CHECK(exits > 100);
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
              limited ? admissibleSlipFraction(Vec3(v, 0, 0), Vec3(dv, 0, 0), slipBand(law)) : 1.0;
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

// The same pebble with Dopico et al.'s stick–slip friction (μ_s > μ_d), sliding as a slide leaves
// its stick spring: pinned at the limit, k_t·s₀ = μ_s·N behind the pebble. Over the step the
// spring stretches by h(v₀ + v)/2 (the trapezoidal rule), and the end velocity solves
// r(v) = m(v − v₀)/h − F(v, s₀ + h(v₀ + v)/2) = 0. Coming into the band the blend κ turns the
// force from μ_d·N to the spring's μ_s·N, both against the slip: friction that grows as the slip
// slows, so r falls there and a tangent on that side points away from the stop. Past the stop the
// slide flips while the spring still pulls back, and κ turns the force through (μ_s + μ_d)·N:
// there r rises steeply and the tangent holds. The root, found independently by bisection on the
// far side, is where the iteration cut at the band's exit converges; full steps, and the cut at
// the stop that suits Coulomb, never do.
TEST_CASE("Newton with stick–slip's exact tangent converges on a stopping slip cut at the exit",
          "[slip_limiter]") {
  StickSlipFriction law;
  law.static_coefficient = 0.3;
  law.dynamic_coefficient = 0.25;
  law.stick_velocity = 1e-3;
  const double normal = 1000.0;
  int cases = 0;
  for (const double normal_stiffness : {1e6, 1e8})
    for (const double m : {0.05, 1.0})
      for (const double h : {1e-4, 1e-3})
        for (const double v0 : {0.003, 0.02, 0.3}) {
          if (h * law.dynamic_coefficient * normal <= 2.0 * m * v0) continue;  // no stop
          CAPTURE(normal_stiffness, m, h, v0);
          ++cases;
          const double k = law.stiffness_ratio * normal_stiffness;
          const double s0 = law.static_coefficient * normal / k;
          const auto residual = [&](double v, double& slope) {
            FrictionInput in;
            in.slip_velocity = Vec3(v, 0, 0);
            in.normal_force = normal;
            in.normal_stiffness = normal_stiffness;
            in.tangential_inverse_mass = 1.0 / m;
            in.stick_offset = Vec3(s0 + 0.5 * h * (v0 + v), 0, 0);
            const FrictionForce f = evaluate(law, in);
            slope = m / h - f.d_velocity(0, 0) - 0.5 * h * f.d_offset(0, 0);
            return m * (v - v0) / h - f.force.x();
          };
          const double tolerance = 1e-9 * law.dynamic_coefficient * normal;
          const auto solve = [&](const std::function<double(double, double)>& fraction,
                                 int& iterations) {
            double v = v0;
            for (iterations = 0; iterations < 100; ++iterations) {
              double slope = 0.0;
              const double r = residual(v, slope);
              if (std::abs(r) <= tolerance) return v;
              const double dv = -r / slope;
              v += fraction(v, dv) * dv;
            }
            return v;
          };
          const auto cutAt = [](const SlipBand& band) {
            return [band](double v, double dv) {
              return admissibleSlipFraction(Vec3(v, 0, 0), Vec3(dv, 0, 0), band);
            };
          };
          int plain = 0, at_stop = 0, at_exit = 0;
          solve([](double, double) { return 1.0; }, plain);
          solve(cutAt({law.stick_velocity / std::sqrt(2.0), BandLanding::Nearest}), at_stop);
          const double v = solve(cutAt(slipBand(law)), at_exit);
          CHECK(plain == 100);
          CHECK(at_stop == 100);
          CHECK(at_exit <= 8);
          // The reference: bisection of r over [−3·v_stick, 0], where it changes sign once.
          double low = -3.0 * law.stick_velocity, high = 0.0, slope = 0.0;
          REQUIRE(residual(low, slope) < 0.0);
          REQUIRE(residual(high, slope) > 0.0);
          for (int i = 0; i < 60; ++i) {
            const double middle = 0.5 * (low + high);
            (residual(middle, slope) < 0.0 ? low : high) = middle;
          }
          CHECK(v == Approx(low).margin(1e-9 * law.stick_velocity));
          CHECK(std::abs(v) < law.stick_velocity);
        }
  CHECK(cases >= 12);
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
      limiter.add(separation, n, -0.5 * truth, SlipBand{0.01 * truth.norm()});
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
