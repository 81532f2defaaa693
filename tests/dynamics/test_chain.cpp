// The chain cable and its windlass (docs/chain.md): exact tangents, hauling, stall, slack,
// unilateral tension and the energy account.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/chain_cable.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;

BodyDefinition ball(const std::string& name, double mass, const Vec3& position,
                    const Vec3& center_of_mass = Vec3::Zero()) {
  BodyDefinition body;
  body.name = name;
  body.mass = {mass, center_of_mass, 0.01 * mass * Mat3::Identity()};
  body.pose.translation = position;
  return body;
}

Eigen::MatrixXd dense(int n, const Triplets& t) {
  Eigen::SparseMatrix<double> m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  return Eigen::MatrixXd(m);
}

Eigen::VectorXd chainForce(ChainCable& chain, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                           double t) {
  ForceValues out;
  out.q_force.setZero(q.size());
  chain.addForces(q, qd, t, out);
  return out.q_force;
}

// K = −∂Q/∂q and C = −∂Q/∂q̇ against central differences, relative to the largest entry.
void checkTangents(ChainCable& chain, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                   double t) {
  const int n = static_cast<int>(q.size());
  ForceValues out;
  out.q_force.setZero(n);
  chain.addForces(q, qd, t, out);
  const Eigen::MatrixXd K = dense(n, out.stiffness), C = dense(n, out.damping);
  Eigen::MatrixXd K_fd(n, n), C_fd(n, n);
  const double eps = 1e-6;
  for (int j = 0; j < n; ++j) {
    Eigen::VectorXd plus = q, minus = q;
    plus[j] += eps;
    minus[j] -= eps;
    K_fd.col(j) = -(chainForce(chain, plus, qd, t) - chainForce(chain, minus, qd, t)) / (2 * eps);
    Eigen::VectorXd vplus = qd, vminus = qd;
    vplus[j] += eps;
    vminus[j] -= eps;
    C_fd.col(j) = -(chainForce(chain, q, vplus, t) - chainForce(chain, q, vminus, t)) / (2 * eps);
  }
  const double scale_k = std::max(1.0, K_fd.cwiseAbs().maxCoeff());
  const double scale_c = std::max(1.0, C_fd.cwiseAbs().maxCoeff());
  CHECK((K - K_fd).cwiseAbs().maxCoeff() <= 1e-6 * scale_k);
  CHECK((C - C_fd).cwiseAbs().maxCoeff() <= 1e-6 * scale_c);
}

struct Rig {
  MultibodySystem system;
  std::shared_ptr<ChainCable> chain;
};

// Two free bodies joined by a chain; random states around the initial one.
Rig twoBodies(const ChainProperties& properties) {
  Rig rig;
  rig.system.setGravity(Vec3(0, 0, -kG));
  const BodyIndex a = rig.system.addBody(ball("a", 40.0, Vec3(0, 0, 3), Vec3(0.01, -0.02, 0.03)));
  const BodyIndex b = rig.system.addBody(ball("b", 60.0, Vec3(0.3, -0.2, 1), Vec3(0.02, 0, -0.01)));
  rig.chain = addChainCable(rig.system, a, Vec3(0.1, 0, 2.9), b, Vec3(0.3, -0.1, 1.1), properties);
  return rig;
}

// A load hanging from a world point 2 m above it (the chain's span), at rest.
struct Hoist {
  MultibodySystem system;
  BodyIndex load = 0;
  std::shared_ptr<ChainCable> chain;
  std::unique_ptr<Ali3pIntegrator> integrator;
  double height() const { return system.bodyPose(load, integrator->state().q).translation.z(); }
  void start() {
    integrator = std::make_unique<Ali3pIntegrator>(system, SolverSettings{});
    const MultibodyState& s = integrator->state();
    chain->acceptStep(s.q, s.qdot, s.t);  // the chain's energy account starts at t = 0
  }
};

void hang(Hoist& hoist, double mass, const ChainProperties& properties) {
  hoist.system.setGravity(Vec3(0, 0, -kG));
  hoist.load = hoist.system.addBody(ball("load", mass, Vec3(0, 0, 1)));
  hoist.chain =
      addChainCable(hoist.system, kWorld, Vec3(0, 0, 3), hoist.load, Vec3(0, 0, 1), properties);
}

// Holds the load's centre of mass at `anchor` with a stiff spring until `release` (a snag).
class Snag : public GeneralizedForceSource {
 public:
  Snag(int offset, const Vec3& anchor, double stiffness, double release)
      : offset_(offset), anchor_(anchor), k_(stiffness), release_(release) {}
  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd&, double t,
                 ForceValues& out) override {
    if (t >= release_) return;
    out.q_force.segment<3>(offset_) -= k_ * (q.segment<3>(offset_) - anchor_);
    for (int i = 0; i < 3; ++i) out.stiffness.emplace_back(offset_ + i, offset_ + i, k_);
  }

 private:
  int offset_;
  Vec3 anchor_;
  double k_, release_;
};

}  // namespace

TEST_CASE("chain tangents are the exact derivatives, taut, stalling and slack", "[chain]") {
  std::mt19937 rng(15);
  std::uniform_real_distribution<double> jitter(-0.05, 0.05), speed(-1.0, 1.0);
  ChainProperties p;
  p.axial_stiffness = 2e6;
  p.damping_ratio = 0.3;
  p.mass_per_length = 5.0;
  const double distance = (Vec3(0.3, -0.1, 1.1) - Vec3(0.1, 0, 2.9)).norm();

  int taut = 0;
  for (int trial = 0; trial < 20; ++trial) {
    Rig rig = twoBodies(p);
    const Eigen::VectorXd q0 = rig.system.initialCoordinates();
    Eigen::VectorXd q = q0, qd = q0;
    for (int i = 0; i < q.size(); ++i) {
      q[i] += jitter(rng);
      qd[i] = speed(rng);
    }
    const ChainCable::Evaluation e = rig.chain->evaluate(q, qd, 0.0);
    // Taut unless the random stretch rate unloads it; either way the tangent is exact.
    if (std::abs(e.stretch) > 1e-3) checkTangents(*rig.chain, q, qd, 0.0);
    taut += e.taut();
  }
  CHECK(taut >= 4);

  SECTION("stalling windlass: T and L0 solved together, tangent scaled by dT/dA") {
    ChainProperties stalling = p;
    stalling.rest_length = distance - 0.002;  // about 4 kN at rest
    stalling.windlass = WindlassSettings{};
    stalling.windlass->speed = 0.5;
    stalling.windlass->ramp_time = 0.0;
    stalling.windlass->stop_length = 0.5;
    stalling.windlass->stall_tension = 5000.0;
    stalling.windlass->stall_band = 0.5;
    Rig rig = twoBodies(stalling);
    const Eigen::VectorXd q = rig.system.initialCoordinates();
    const Eigen::VectorXd qd = Eigen::VectorXd::Zero(q.size());
    const ChainCable::Evaluation e = rig.chain->evaluate(q, qd, 0.002);
    REQUIRE(e.taut());
    REQUIRE(e.gain < 0.99);  // inside the stall band
    CHECK(e.tension > 2500.0);
    CHECK(e.tension < 5000.0);
    // T is the chain law at the solved L0: k(ℓ − L0) + c(ℓ̇ − L̇0).
    CHECK(e.tension ==
          Approx(rig.chain->stiffness() * e.stretch + rig.chain->damping() * e.stretch_rate));
    CHECK(e.haul_speed == Approx(0.5 * (5000.0 - e.tension) / 2500.0));
    checkTangents(*rig.chain, q, qd, 0.002);
  }

  SECTION("led through a ring the straight segment would miss: the path's tangents") {
    ChainProperties led = p;
    led.guide = ChainGuide{Vec3(0.5, 0, 2.0), Vec3::UnitZ(), 0.15, std::nullopt};
    int wrapped = 0;
    for (int trial = 0; trial < 10; ++trial) {
      Rig rig = twoBodies(led);
      Eigen::VectorXd q = rig.system.initialCoordinates(), qd = q;
      for (int i = 0; i < q.size(); ++i) {
        q[i] += jitter(rng);
        qd[i] = speed(rng);
      }
      const ChainCable::Evaluation e = rig.chain->evaluate(q, qd, 0.0);
      wrapped += e.path.bend.has_value();
      if (std::abs(e.stretch) > 1e-3) checkTangents(*rig.chain, q, qd, 0.0);
    }
    CHECK(wrapped == 10);  // the line between the ends crosses the ring's plane 0.3 m off its axis
  }

  SECTION("slack: no chain force, zero tangent") {
    ChainProperties slack = p;
    slack.rest_length = distance + 0.1;
    Rig rig = twoBodies(slack);
    const Eigen::VectorXd q = rig.system.initialCoordinates();
    const Eigen::VectorXd qd = Eigen::VectorXd::Ones(q.size());
    ForceValues out;
    out.q_force.setZero(q.size());
    rig.chain->addForces(q, qd, 0.0, out);
    CHECK(out.stiffness.empty());
    CHECK(out.damping.empty());
    CHECK(rig.chain->evaluate(q, qd, 0.0).tension == 0.0);
    // Only the lumped weight ½μL0g at each end remains (on the base points' rows).
    const Vec3 weights = out.q_force.segment<3>(0) + out.q_force.segment<3>(kBodyCoordinates);
    CHECK(weights.z() == Approx(-5.0 * (distance + 0.1) * kG));
  }
}

// Steady hauling: ℓ = L0 + s with s = T/k, the load at z = 3 − ℓ, so m·z̈ = T − m·g gives
// T = m(g − ℓ̈) = m(g + u̇) once the stretch has settled (s̈ ≈ 0; the damper acts on ṡ, not on
// the hauling speed): m(g + a) on the windlass ramp, m·g at full speed.
TEST_CASE("hauling a hanging mass: T = m(g + a) on the ramp, then m·g", "[chain]") {
  const double m = 100.0, EA = 1e6, v = 0.2, ramp = 0.5;
  ChainProperties p;
  p.axial_stiffness = EA;
  p.damping_ratio = 0.5;
  p.rest_length = 2.0 / (1.0 + m * kG / EA);  // static stretch s = m·g·L0/EA
  p.windlass = WindlassSettings{v, ramp, 1.0};
  Hoist hoist;
  hang(hoist, m, p);
  hoist.start();
  CHECK(hoist.chain->tension() == Approx(m * kG).epsilon(1e-9));

  double hauled_at_2 = 0.0, worst_ramp = 0.0, worst_steady = 0.0;
  while (hoist.integrator->state().t < 3.0 - 1e-9) {
    hoist.integrator->step();
    const double t = hoist.integrator->state().t, T = hoist.chain->tension();
    // Mid-ramp, after the spring's transient (ζω = 35 s⁻¹) has died out.
    if (t > 0.3 && t < 0.45) worst_ramp = std::max(worst_ramp, std::abs(T - m * (kG + v / ramp)));
    if (t > 1.0) worst_steady = std::max(worst_steady, std::abs(T - m * kG));
    if (std::abs(t - 2.0) < 1e-9) hauled_at_2 = hoist.chain->hauledLength();
  }
  CHECK(worst_ramp <= 1e-3 * m * kG);
  CHECK(worst_steady <= 1e-4 * m * kG);
  CHECK(hoist.chain->windlassSpeed() == Approx(v));
  CHECK(hoist.chain->hauledLength() - hauled_at_2 == Approx(v * 1.0).epsilon(1e-9));
  // The load follows the chain: z = 3 − L0 − s, where k·s + c·ṡ = m·g and s = m·g·L0/EA
  // shrinks with L0 at ṡ = −m·g·v/EA.
  const double stretch =
      m * kG * (1.0 + hoist.chain->damping() * v / EA) / hoist.chain->stiffness();
  // To 1e-3 of s: over a step k is that of L0 at its start (relative change v·Δt/L0 ≈ 1e-4).
  CHECK(std::abs(hoist.height() - (3.0 - hoist.chain->restLength() - stretch)) <= 1e-3 * stretch);
}

// A 100 kg mass hung on 2 m of chain (EA 1e6 N, ζ 0.5), hauled at 0.2 m/s to a 1 m stop with
// the last 0.1 m at 0.05 m/s; returns the length to be hauled.
constexpr double kHousedMass = 100.0, kHousingHaul = 0.2, kHousingSpeed = 0.05;
constexpr double kHousingLength = 0.1, kHousingStop = 1.0;
double hangForHousing(Hoist& hoist, double ramp) {
  const double EA = 1e6;
  ChainProperties p;
  p.axial_stiffness = EA;
  p.damping_ratio = 0.5;
  p.rest_length = 2.0 / (1.0 + kHousedMass * kG / EA);
  p.windlass = WindlassSettings{kHousingHaul, ramp, kHousingStop};
  p.windlass->housing_speed = kHousingSpeed;
  p.windlass->housing_length = kHousingLength;
  hang(hoist, kHousedMass, p);
  hoist.start();
  return *p.rest_length - kHousingStop;
}

// Housing: 1 m hauled with a = v/ramp = 0.4 m/s² — up to v in 0.5 s (0.05 m), down to u_h in
// (v − u_h)/a = 0.375 s ((v² − u_h²)/2a = 0.046875 m) so as to reach u_h where the housing stretch
// begins, u_h over it until the braking curve √(2·a·r) falls below u_h (r = u_h²/2a = 3.125 mm,
// 0.125 s to the stop): 0.5 + 0.803125/v + 0.375 + 0.096875/u_h + 0.125 = 6.953125 s. On the
// deceleration T = m(g − a), at the housing speed m·g.
TEST_CASE("housing: the windlass slows to its housing speed for the last stretch and brakes",
          "[chain]") {
  const double ramp = 0.5, a = kHousingHaul / ramp, v = kHousingHaul;
  const double housing_speed = kHousingSpeed, housing_length = kHousingLength;
  const double m = kHousedMass, stop = kHousingStop;
  Hoist hoist;
  const double hauled = hangForHousing(hoist, ramp);
  const double slowing_starts = ramp + (hauled - 0.5 * v * ramp - housing_length -
                                        (v * v - housing_speed * housing_speed) / (2 * a)) /
                                           v;
  const double housing_starts = slowing_starts + (v - housing_speed) / a;
  const double final_braking = housing_speed / a;
  const double braked_at =
      housing_starts + (housing_length - housing_speed * housing_speed / (2 * a)) / housing_speed +
      final_braking;
  double worst_slowing = 0.0, worst_housing = 0.0, braked = -1.0;
  while (hoist.integrator->state().t < braked_at + 0.5) {
    hoist.integrator->step();
    const double t = hoist.integrator->state().t, T = hoist.chain->tension();
    const double speed = hoist.chain->windlassSpeed();
    // Mid-deceleration, after the stretch's transient (ζω ≈ 35 s⁻¹) has died out.
    if (t > slowing_starts + 0.15 && t < housing_starts - 0.05)
      worst_slowing = std::max(worst_slowing, std::abs(T - m * (kG - a)));
    if (t > housing_starts + 0.2 && t < braked_at - final_braking) {
      CHECK(speed == Approx(housing_speed).epsilon(1e-9));
      worst_housing = std::max(worst_housing, std::abs(T - m * kG));
    }
    if (braked < 0.0 && hoist.chain->windlass()->braked()) braked = t;
  }
  CHECK(worst_slowing <= 1e-3 * m * kG);
  CHECK(worst_housing <= 1e-4 * m * kG);
  // One step of 1 ms per change of speed, at most.
  CHECK(std::abs(braked - braked_at) <= 4e-3);
  CHECK(hoist.chain->restLength() == Approx(stop).epsilon(1e-12));
}

// Without a ramp the windlass changes speed at once: v until the housing stretch, u_h over it,
// and the brake at (hauled − l_h)/v + l_h/u_h. A step holds the speed it began with, so the step
// entering the stretch may run up to v·h into it at full speed: the brake comes up to
// h·v/u_h = 4 ms early.
TEST_CASE("housing without a ramp: full speed, then the housing speed at once", "[chain]") {
  Hoist hoist;
  const double hauled = hangForHousing(hoist, 0.0);
  const double housing_starts = (hauled - kHousingLength) / kHousingHaul;
  const double braked_at = housing_starts + kHousingLength / kHousingSpeed;
  double braked = -1.0;
  while (hoist.integrator->state().t < braked_at + 0.1) {
    hoist.integrator->step();
    const double t = hoist.integrator->state().t;
    const double speed = hoist.chain->windlassSpeed();
    if (t < housing_starts - 2e-3) CHECK(speed == Approx(kHousingHaul).epsilon(1e-9));
    if (t > housing_starts + 2e-3 && t < braked_at - 5e-3)
      CHECK(speed == Approx(kHousingSpeed).epsilon(1e-9));
    if (braked < 0.0 && hoist.chain->windlass()->braked()) braked = t;
  }
  const double h = SolverSettings{}.time_step;  // the Hoist's step
  CHECK(braked <= braked_at + h);
  CHECK(braked >= braked_at - h * kHousingHaul / kHousingSpeed);
}

TEST_CASE("a snag stalls the windlass at the stall tension; it resumes once released", "[chain]") {
  const double m = 50.0, stall = 5000.0, v = 0.2;
  ChainProperties p;
  p.axial_stiffness = 2e6;
  p.damping_ratio = 0.3;
  p.windlass = WindlassSettings{v, 0.2, 1.0, stall, 0.1};
  Hoist hoist;
  hang(hoist, m, p);
  const int offset = hoist.system.coordinateOffset(hoist.load);
  hoist.system.addForceSource(std::make_shared<Snag>(offset, Vec3(0, 0, 1), 1e8, 1.5));
  hoist.start();

  double hauled_at_1 = 0.0, lowest = 0.0, highest = 0.0;
  while (hoist.integrator->state().t < 3.0 - 1e-9) {
    hoist.integrator->step();
    const double t = hoist.integrator->state().t, T = hoist.chain->tension();
    lowest = std::min(lowest, T);
    highest = std::max(highest, T);
    if (std::abs(t - 1.0) < 1e-9) hauled_at_1 = hoist.chain->hauledLength();
    if (std::abs(t - 1.49) < 1e-9) {
      // Stalled: T at the stall tension, the chain no longer coming in.
      CHECK(T == Approx(stall).epsilon(1e-3));
      CHECK(hoist.chain->hauledLength() - hauled_at_1 <= 1e-5);
      CHECK(hoist.chain->windlassSpeed() <= 1e-3 * v);
    }
  }
  CHECK(lowest >= 0.0);
  // The load's inertia on the snag's spring carries T a little past the stall as the windlass
  // stops.
  CHECK(highest <= 1.001 * stall);
  // Released at 1.5 s: back at full speed with the load hanging at T ≈ m·g.
  CHECK(hoist.chain->windlassSpeed() == Approx(v));
  CHECK(hoist.chain->tension() == Approx(m * kG).epsilon(1e-3));
  CHECK(hoist.height() > 1.2);
}

TEST_CASE("a slack chain pulls nothing: the load falls freely", "[chain]") {
  ChainProperties p;
  p.axial_stiffness = 1e6;
  p.damping_ratio = 0.2;
  p.rest_length = 3.0;  // 1 m of slack
  Hoist hoist;
  hang(hoist, 20.0, p);
  hoist.start();
  while (hoist.integrator->state().t < 0.4 - 1e-9) {
    hoist.integrator->step();
    const double t = hoist.integrator->state().t;
    CHECK(hoist.chain->tension() == 0.0);
    CHECK(hoist.chain->slack());
    // The trapezoidal rule integrates a constant acceleration exactly.
    CHECK(hoist.height() == Approx(1.0 - 0.5 * kG * t * t).epsilon(1e-9));
  }
  // It fetches up at ½gt² = 1 m (t = 0.45 s), is taut, and never pushes.
  double lowest = 0.0;
  bool taut = false;
  while (hoist.integrator->state().t < 1.5 - 1e-9) {
    hoist.integrator->step();
    lowest = std::min(lowest, hoist.chain->tension());
    taut = taut || !hoist.chain->slack();
  }
  CHECK(taut);
  CHECK(lowest >= 0.0);
}

// K + V + E + D − W_windlass − W_weight is constant (ChainEnergy), and the integrator's own
// balance, which sees the chain only through its forces' work, stays closed as well.
TEST_CASE("energy balance of a swinging, hauled chain with damping and weight", "[chain]") {
  const double m = 80.0;
  ChainProperties p;
  p.axial_stiffness = 5e5;
  p.damping_ratio = 0.2;
  p.mass_per_length = 3.0;
  p.windlass = WindlassSettings{0.3, 0.3, 1.2, 3000.0, 0.2};
  Hoist hoist;
  hoist.system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition load = ball("load", m, Vec3(0.6, 0, 1.2));
  load.linear_velocity = Vec3(0, 1.5, 0.5);  // swings, snatches the chain
  hoist.load = hoist.system.addBody(load);
  hoist.chain =
      addChainCable(hoist.system, kWorld, Vec3(0, 0, 3), hoist.load, Vec3(0.6, 0, 1.2), p);
  hoist.start();
  auto chainBalance = [&] {
    const EnergyReport e = hoist.integrator->energy();
    const ChainEnergy& c = hoist.chain->energy();
    return e.kinetic + e.gravity + c.elastic + c.dissipated - c.windlass_work - c.weight_work;
  };
  const double chain0 = chainBalance(), integrator0 = hoist.integrator->energy().balance();
  const double scale = m * kG * 1.0;
  double chain_drift = 0.0, integrator_drift = 0.0;
  while (hoist.integrator->state().t < 3.0 - 1e-9) {
    hoist.integrator->step();
    chain_drift = std::max(chain_drift, std::abs(chainBalance() - chain0));
    integrator_drift =
        std::max(integrator_drift, std::abs(hoist.integrator->energy().balance() - integrator0));
  }
  const ChainEnergy& c = hoist.chain->energy();
  CHECK(c.dissipated > 0.01 * scale);  // the damper did work
  CHECK(c.windlass_work > 0.5 * scale);
  CHECK(chain_drift <= 2e-3 * scale);
  CHECK(integrator_drift <= 2e-3 * scale);
}
