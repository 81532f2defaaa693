// A chain led through a ring fixed to the ground (chain_path.h; docs/chain.md, "A chain led
// through a ring"): the shortest path's length and derivatives, and a load swinging about the
// ring as a pendulum hung from it.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/chain_cable.h"
#include "dynamics/chain_path.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;

double lengthOf(const Vec3& a, const Vec3& b, const ChainGuide& ring) {
  return chainPath(a, b, ring).length;
}

// ∂ℓ/∂(a, b) and ∂²ℓ/∂(a, b)² by central differences of the length and of the gradient.
void checkDerivatives(const Vec3& a, const Vec3& b, const ChainGuide& ring) {
  const ChainPath path = chainPath(a, b, ring);
  const double h = 1e-6;
  for (int i = 0; i < 3; ++i) {
    const Vec3 e = h * Vec3::Unit(i);
    CHECK((lengthOf(a + e, b, ring) - lengthOf(a - e, b, ring)) / (2 * h) ==
          Approx(path.grad_a[i]).margin(1e-7));
    CHECK((lengthOf(a, b + e, ring) - lengthOf(a, b - e, ring)) / (2 * h) ==
          Approx(path.grad_b[i]).margin(1e-7));
    const ChainPath ap = chainPath(a + e, b, ring), am = chainPath(a - e, b, ring);
    const ChainPath bp = chainPath(a, b + e, ring), bm = chainPath(a, b - e, ring);
    // Column i of ∂²ℓ/∂a² is ∂(∂ℓ/∂a)/∂a_i; of ∂²ℓ/∂a∂b (rows a, columns b) it is ∂(∂ℓ/∂a)/∂b_i.
    const Vec3 aa = (ap.grad_a - am.grad_a) / (2 * h), ab = (bp.grad_a - bm.grad_a) / (2 * h);
    const Vec3 bb = (bp.grad_b - bm.grad_b) / (2 * h);
    CHECK((aa - path.hess_aa.col(i)).norm() <= 1e-6 * std::max(1.0, aa.norm()));
    CHECK((ab - path.hess_ab.col(i)).norm() <= 1e-6 * std::max(1.0, ab.norm()));
    CHECK((bb - path.hess_bb.col(i)).norm() <= 1e-6 * std::max(1.0, bb.norm()));
  }
}

// checkDerivatives at 40 random pairs of ends, a at heights [above, above + 2] over the ring's
// centre and b at [below − 2, below], both within ±2 across; returns how many bent on the rim.
int checkRandomEnds(const ChainGuide& ring, unsigned seed, double above, double below) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  int bent = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Vec3 a = ring.centre + Vec3(u(rng), u(rng), above + std::abs(u(rng)));
    const Vec3 b = ring.centre + Vec3(u(rng), u(rng), below - std::abs(u(rng)));
    bent += chainPath(a, b, ring).bend.has_value();
    checkDerivatives(a, b, ring);
  }
  return bent;
}

}  // namespace

TEST_CASE("a chain through a ring: straight through the opening, around the rim otherwise",
          "[chain][guide]") {
  const ChainGuide ring{Vec3(1.0, 2.0, 3.0), Vec3(0, 0, 1), 0.25, std::nullopt};

  SECTION("the segment passes through the opening: the straight path, no bend") {
    const Vec3 a(1.1, 2.0, 5.0), b(0.9, 2.1, 1.0);
    const ChainPath path = chainPath(a, b, ring);
    CHECK_FALSE(path.bend);
    CHECK(path.length == Approx((b - a).norm()).epsilon(1e-15));
  }
  SECTION("both ends on one side of the ring's plane: straight, whatever the offset") {
    const Vec3 a(5.0, 2.0, 5.0), b(-3.0, 2.0, 3.5);
    CHECK_FALSE(chainPath(a, b, ring).bend);
  }
  SECTION("a vertical segment at x = X beside the ring bends over the rim at (r, 0)") {
    // a and b at height ±H above the ring's plane, a distance X > r from its axis in one plane
    // through the axis: by symmetry the path touches the rim at the point nearest the segment,
    // ℓ = 2·√((X − r)² + H²).
    for (const double X : {0.3, 1.0, 4.0}) {
      for (const double H : {0.1, 2.0}) {
        const Vec3 off(X, 0, 0);
        const ChainPath path =
            chainPath(ring.centre + off + Vec3(0, 0, H), ring.centre + off - Vec3(0, 0, H), ring);
        REQUIRE(path.bend);
        CHECK((*path.bend - (ring.centre + Vec3(ring.radius, 0, 0))).norm() <= 1e-12);
        CHECK(path.length == Approx(2 * std::hypot(X - ring.radius, H)).epsilon(1e-14));
      }
    }
  }
  SECTION("gradient and second derivatives match central differences, bent or straight") {
    CHECK(checkRandomEnds(ring, 7, 1.5, -0.2) >= 20);
  }
  SECTION("length and gradient are continuous where the segment starts to touch the rim") {
    // b slides across so that the segment's crossing passes the rim at x = r.
    const Vec3 a = ring.centre + Vec3(ring.radius, 0, 1.0);
    const double eps = 1e-9;
    const ChainPath inside = chainPath(a, ring.centre + Vec3(ring.radius - eps, 0, -1.0), ring);
    const ChainPath outside = chainPath(a, ring.centre + Vec3(ring.radius + eps, 0, -1.0), ring);
    CHECK_FALSE(inside.bend);
    CHECK(outside.bend);
    CHECK(std::abs(inside.length - outside.length) <= 1e-8);
    CHECK((inside.grad_b - outside.grad_b).norm() <= 1e-8);
  }
  SECTION("an opening in a plane leaning α from square: the rim point is lifted by r·tan α") {
    // The plane's normal (sin α, 0, cos α): the rim point at +x lies at z = −r·tan α, and a and
    // b in the x–z plane bend there by symmetry.
    for (const double alpha : {0.3, 1.0}) {
      ChainGuide mouth = ring;
      mouth.plane_normal = Vec3(std::sin(alpha), 0, std::cos(alpha));
      const Vec3 a = ring.centre + Vec3(0, 0, 3.0), b = ring.centre + Vec3(2.0, 0, -4.0);
      const Vec3 rim = ring.centre + Vec3(ring.radius, 0, -ring.radius * std::tan(alpha));
      const ChainPath path = chainPath(a, b, mouth);
      REQUIRE(path.bend);
      CHECK((*path.bend - rim).norm() <= 1e-12);
      CHECK(path.length == Approx((a - rim).norm() + (b - rim).norm()).epsilon(1e-14));
    }
  }
  SECTION("derivatives through an oblique opening match central differences") {
    ChainGuide mouth = ring;
    mouth.plane_normal = Vec3(0.5, -0.3, 0.8).normalized();
    CHECK(checkRandomEnds(mouth, 11, 2.5, -1.5) >= 20);
  }
  SECTION("a bad ring is refused with the field named") {
    CHECK_THROWS_WITH(checkChainGuide({Vec3::Zero(), Vec3::UnitZ(), 1.0, Vec3::UnitX()}),
                      Catch::Contains("plane_normal"));
    CHECK_THROWS_WITH(checkChainGuide({Vec3::Zero(), Vec3::UnitZ(), 0.0, std::nullopt}),
                      Catch::Contains("radius"));
    CHECK_THROWS_WITH(checkChainGuide({Vec3::Zero(), Vec3::Zero(), 1.0, std::nullopt}),
                      Catch::Contains("axis"));
    CHECK_THROWS_WITH(checkChainGuide({Vec3(NAN, 0, 0), Vec3::UnitZ(), 1.0, std::nullopt}),
                      Catch::Contains("centre"));
  }
}

// A load hung 10 m below a world point through a ring of radius r 1 m above the load swings about
// the ring's rim, not as the 11 m pendulum the straight chain would make (period × 3.3). With x
// the load's offset from the axis it bends over the rim at x = ±r, so it swings harmonically
// (ω = √(g/l), l = 1 m; the chain's force acts through the load's centre of mass, so its spin does
// not couple) about x = r with amplitude A = l·sin θ0 − r and crosses |x| < r at about ω·A: period
// 2π/ω·(1 + (A/l)²/16) + 4r/(ω·A), 7 % above the plain pendulum's for r = 1 cm. The ring is
// frictionless: kinetic + potential + elastic energy plus what the damper took stays constant.
TEST_CASE("a load swings about the ring its chain runs through", "[chain][guide]") {
  // Release angles and ring radii: r/A from 2 % to 25 %.
  const auto [theta0, r] =
      GENERATE(table<double, double>({{0.1, 0.01}, {0.1, 0.002}, {0.2, 0.01}, {0.05, 0.01}}));
  INFO("θ0 " << theta0 << " rad, ring radius " << r << " m");
  const double m = 100.0, l = 1.0, EA = 1e9;
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition load;
  load.name = "load";
  load.mass = {m, Vec3::Zero(), 0.4 * m * 0.05 * 0.05 * Mat3::Identity()};
  load.pose.translation = Vec3(l * std::sin(theta0), 0, -l * std::cos(theta0));
  const BodyIndex body = system.addBody(load);
  ChainProperties p;
  p.axial_stiffness = EA;
  p.damping_ratio = 0.3;
  p.guide = ChainGuide{Vec3::Zero(), Vec3::UnitZ(), r, std::nullopt};
  const Vec3 top(0, 0, 10.0);
  const double path = chainPath(top, load.pose.translation, p.guide).length;
  p.rest_length = path / (1.0 + m * kG * std::cos(theta0) / EA);  // T = m·g·cos θ0 at release
  auto chain = addChainCable(system, kWorld, top, body, load.pose.translation, p);
  Ali3pIntegrator integrator(system, SolverSettings{});
  chain->acceptStep(integrator.state().q, integrator.state().qdot, 0.0);
  const auto balance = [&] {
    const EnergyReport e = integrator.energy();
    const ChainEnergy& c = chain->energy();
    return e.kinetic + e.gravity + c.elastic + c.dissipated;
  };
  const double energy0 = balance();
  const double omega = std::sqrt(kG / l), amplitude = l * std::sin(theta0) - r;
  const double expected =
      2 * M_PI / omega * (1 + std::pow(amplitude / l, 2) / 16) + 4 * r / (omega * amplitude);
  std::vector<double> crossings;  // x of the load through 0, downwards
  double x_before = load.pose.translation.x(), t_before = 0.0, drift = 0.0, x_max = 0.0;
  while (integrator.state().t < 5.5 * expected) {
    integrator.step();
    const double t = integrator.state().t;
    const double x = system.bodyPose(body, integrator.state().q).translation.x();
    if (x_before > 0.0 && x <= 0.0)
      crossings.push_back(t_before + (t - t_before) * x_before / (x_before - x));
    if (t > 4.5 * expected) x_max = std::max(x_max, x);
    x_before = x;
    t_before = t;
    drift = std::max(drift, std::abs(balance() - energy0));
  }
  REQUIRE(crossings.size() >= 5);
  const double period = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  CHECK(period == Approx(expected).epsilon(2e-3));
  CHECK(x_max == Approx(l * std::sin(theta0)).epsilon(2e-3));  // no amplitude gained or lost
  CHECK(drift <= 1e-4 * m * kG * l);
}

// Where an end crosses the ring's plane beside the opening the path's rule switches between the
// straight segment (both ends on one side) and the rim path, and ℓ jumps: a ring too small for
// where the end passes (docs/chain.md, "Which radius"). With a = c + (X, 0, H) above a square ring
// of radius r and b crossing at c + (X, 0, 0), X > r, the rim path is √((X − r)² + H²) + (X − r)
// and the straight one H.
TEST_CASE("an end crossing the ring's plane beside the opening: the jump, measured and counted",
          "[chain][guide]") {
  const ChainGuide ring{Vec3(1.0, 2.0, 3.0), Vec3(0, 0, 1), 0.25, std::nullopt};
  const double X = 0.4, H = 1.5, eps = 1e-7;
  const Vec3 a = ring.centre + Vec3(X, 0, H);
  const Vec3 above = ring.centre + Vec3(X, 0, eps), below = ring.centre + Vec3(X, 0, -eps);
  const double expected = std::hypot(X - ring.radius, H) + (X - ring.radius) - H;
  CHECK(guideJump(ring, a, above, below) == Approx(expected).epsilon(1e-12));
  CHECK(guideJump(ring, a, below, above) == Approx(expected).epsilon(1e-12));
  CHECK(chainPath(a, below, ring).length - chainPath(a, above, ring).length ==
        Approx(expected).epsilon(1e-6));
  // Other offsets and heights, and the end crossing off the ring's symmetry plane or through an
  // oblique opening: the measured jump is the step of ℓ across the plane.
  ChainGuide oblique = ring;
  oblique.plane_normal = Vec3(0.5, -0.3, 0.8).normalized();
  for (const ChainGuide& guide : {ring, oblique}) {
    for (const double x : {0.3, 0.6, 2.0}) {
      for (const double h : {0.4, 1.5, 6.0}) {
        const Vec3 fixed = guide.centre + Vec3(0.1, 0.05, h);
        const Vec3 at = guide.centre + Vec3(x, 0.2, 0.0);
        const Vec3 n = guide.plane_normal.value_or(guide.axis);
        const Vec3 at_plane = at - (at - guide.centre).dot(n) / n.dot(n) * n;
        const Vec3 up = at_plane + eps * n, down = at_plane - eps * n;
        INFO("x " << x << ", h " << h << (guide.plane_normal ? ", oblique" : ""));
        const double step =
            chainPath(fixed, down, guide).length - chainPath(fixed, up, guide).length;
        CHECK(step > 0.0);
        CHECK(guideJump(guide, fixed, up, down) == Approx(step).margin(4 * eps));
      }
    }
  }
  // Through the opening, or not across the plane: no jump.
  CHECK(guideJump(ring, a, ring.centre + Vec3(0.2, 0, 0.1), ring.centre + Vec3(0.2, 0, -0.1)) ==
        0.0);
  CHECK(guideJump(ring, a, ring.centre + Vec3(X, 0, 0.2), ring.centre + Vec3(X, 0, 0.1)) == 0.0);

  // A ball on a chain from the world point a, moved across the plane at accepted steps: beside
  // the opening once (counted, with its jump), then back through the opening (not counted).
  MultibodySystem system;
  const Vec3 start = ring.centre + Vec3(X, 0, 0.3);
  BodyDefinition ball;
  ball.name = "ball";
  ball.mass = {1.0, Vec3::Zero(), 0.01 * Mat3::Identity()};
  ball.pose.translation = start;
  const BodyIndex body = system.addBody(ball);
  ChainProperties properties;
  properties.axial_stiffness = 1e6;
  properties.guide = ring;
  const auto chain = addChainCable(system, kWorld, a, body, start, properties);
  const Eigen::VectorXd q0 = system.initialCoordinates(), v = Eigen::VectorXd::Zero(q0.size());
  const auto at = [&](const Vec3& p) {
    Eigen::VectorXd q = q0;
    q.segment<3>(0) = p;  // r0, the body's origin: the chain's end
    return q;
  };
  chain->acceptStep(q0, v, 0.0);
  chain->acceptStep(at(below), v, 0.1);
  chain->acceptStep(at(ring.centre + Vec3(X, 0, -0.3)), v, 0.2);
  chain->acceptStep(at(ring.centre + Vec3(0.0, 0, 0.3)), v, 0.3);  // crosses at x = 0.2 < r
  CHECK(chain->guideJumps().count == 1);
  CHECK(chain->guideJumps().first_time == 0.1);
  CHECK(chain->guideJumps().largest == Approx(expected).epsilon(1e-6));

  // Restored from a checkpoint taken below the plane, the chain counts from there: the first
  // accepted step after it is not compared with where the end was before the restore (above the
  // plane beside the opening, which would count a crossing).
  chain->acceptStep(at(ring.centre + Vec3(0.0, 0, -0.3)), v, 0.35);  // down through the opening
  chain->acceptStep(at(below), v, 0.4);
  REQUIRE(chain->guideJumps().count == 1);
  StateWriter out;
  chain->saveState(out);
  chain->acceptStep(at(ring.centre + Vec3(X, 0, 0.3)), v, 0.5);  // back up beside the opening
  REQUIRE(chain->guideJumps().count == 2);
  StateReader in(out.bytes(), "checkpoint");
  chain->restoreState(in);
  CHECK(chain->guideJumps().count == 0);
  chain->acceptStep(at(below), v, 0.4);
  CHECK(chain->guideJumps().count == 0);
  chain->acceptStep(at(ring.centre + Vec3(X, 0, 0.3)), v, 0.5);
  CHECK(chain->guideJumps().count == 1);
}
