// A nut resting on a vertical bolt under gravity (ISO M8×1, geometry/thread_mesh.h): below the
// self-locking friction it screws itself down, above it it stays put.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <numbers>

#include "contact_rig.h"
#include "geometry/mass_properties.h"
#include "geometry/thread_mesh.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kPi = std::numbers::pi, kG = 9.81, kSteel = 7850.0;
constexpr double kDrop = 10e-6, kStiffness = 1e6;

ThreadSpec boltSpec() {
  ThreadSpec s;
  s.nominal_diameter = 0.008;
  s.pitch = 0.001;
  s.length = 0.009;
  s.segments_per_turn = 96;
  s.flank_divisions = 2;
  s.radial_clearance = 0.05e-3;
  s.axial_clearance = 0.1e-3;
  return s;
}

struct Run {
  double turned = 0.0;   // rotation of the nut about the axis (rad, positive = screwing down)
  double dropped = 0.0;  // axial descent (m)
  double wall = 0.0;
  Vec3 force = Vec3::Zero();
  double weight = 0.0;
  double mass = 0.0, axial_inertia = 0.0;
};

// The nut (5 mm long, 102 segments a turn) on the bolt, of steel, and the height at which it rests
// on the flanks below it: centred two pitches up the bolt, then lowered by half the play.
struct NutOnBolt {
  RigSpec spec;
  MassProperties props;
  double resting_z = 0.0;
};

NutOnBolt nutOnBolt() {
  const ThreadSpec bolt = boltSpec();
  ThreadSpec nut = bolt;
  nut.length = 0.005;
  nut.segments_per_turn = 102;
  NutOnBolt out;
  out.spec.ground = makeBolt(bolt);
  out.spec.body = makeNut(nut, NutBody{0.013, 0.0});
  out.props = computeMassProperties(out.spec.body, kSteel);
  out.spec.mass.mass = out.props.mass;
  out.spec.mass.center_of_mass = out.props.centroid;
  out.spec.mass.inertia = out.props.inertia;
  out.resting_z = 0.002 - bolt.axial_clearance / 2;
  return out;
}

// The nut settled for `until` seconds with friction μ (static = dynamic), the normal law's
// restitution e and fixed steps Δt, dropped from kDrop above its rest.
Run settleNut(double mu, double until, double restitution = 0.3, double step = 2e-4) {
  NutOnBolt setup = nutOnBolt();
  const MassProperties& props = setup.props;
  const double start_z = setup.resting_z + kDrop;
  RigSpec spec = std::move(setup.spec);
  spec.pose.translation = Vec3(0, 0, start_z);
  ContactLaw law;
  law.normal = HuntCrossleyLaw{kStiffness, 1.5, restitution, 1e-2};
  StickSlipFriction friction;
  friction.static_coefficient = friction.dynamic_coefficient = mu;
  law.friction = friction;
  spec.law = law;
  spec.time_step = step;
  ContactRig rig(std::move(spec));
  const auto start = std::chrono::steady_clock::now();
  rig.runUntil(until);
  Run run;
  run.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const Pose p = rig.pose();
  // A right-hand thread descends turning clockwise seen from above: negative about +z.
  run.turned = -std::atan2(p.rotation(1, 0), p.rotation(0, 0));
  run.dropped = start_z - p.translation.z();
  run.force = rig.totalContactForce();
  run.weight = props.mass * kG;
  run.mass = props.mass;
  run.axial_inertia = props.inertia(2, 2);
  return run;
}

// The bolt's pitch diameter d2 = d − (3/4)·H, H = (√3/2)·P, where the lead angle is taken.
double pitchDiameter() {
  const ThreadSpec s = boltSpec();
  return s.nominal_diameter - 0.75 * std::sqrt(3.0) / 2 * s.pitch;
}

// tan λ = P/(π·d2).
double tanLead() { return boltSpec().pitch / (kPi * pitchDiameter()); }

// On a V-thread the normal force is N = W/(cos 30°·cos λ) for an axial load W, so friction acts
// as μ' = μ/cos 30° on the plane of the helix; the nut slides down it iff μ' < tan λ.
double criticalFriction() { return tanLead() * std::cos(kPi / 6); }

// The turn from rest in `until` seconds of a nut screwing down with friction μ. Axial descent s
// and turn θ = 2π·s/P: the thread carries W = m(g − s̈) and turns the nut with the torque
// W·r·(tan λ − μ')/(1 + μ'·tan λ) (the lowering torque of a screw, r = d2/2, μ' = μ/cos 30°),
// so I·(2π/P)·s̈ = m(g − s̈)·r·f, f = (tan λ − μ')/(1 + μ'·tan λ): s̈ = m·g·r·f/(I·2π/P + m·r·f),
// θ = (2π/P)·s̈·t²/2.
double closedFormTurn(const Run& run, double mu, double until) {
  const double pitch = boltSpec().pitch, tan_lead = tanLead(), r = pitchDiameter() / 2;
  const double mu_v = mu / std::cos(kPi / 6);
  const double f = (tan_lead - mu_v) / (1 + mu_v * tan_lead);
  const double accel =
      run.mass * kG * r * f / (run.axial_inertia * 2 * kPi / pitch + run.mass * r * f);
  return 2 * kPi / pitch * accel * until * until / 2;
}

}  // namespace

TEST_CASE("a nut on a vertical bolt: self-locking iff μ/cos 30° ≥ tan λ", "[thread][slow]") {
  // Lead angle at the pitch diameter: tan λ = 0.0433 for M8×1, so the nut slides down iff
  // μ < 0.0375 (criticalFriction).
  const ThreadSpec s = boltSpec();
  REQUIRE(tanLead() == Approx(0.0433).epsilon(1e-3));
  const double critical = criticalFriction();
  const double until = 0.1;

  const double mu_loose = 0.2 * critical, mu_locked = 4 * critical;
  const Run loose = settleNut(mu_loose, until);
  const Run locked = settleNut(mu_locked, until);
  const double expected = closedFormTurn(loose, mu_loose, until);
  INFO("loose: turned " << loose.turned << " rad (closed form " << expected << "), dropped "
                        << loose.dropped << " m, wall " << loose.wall << " s");
  // The loose nut starts 10 µm above the flanks (1.4 ms of free fall) and its friction first holds
  // until the stiction spring gives: it turns as the closed form says to 10 %, never more than
  // without friction. Until 2026-12-02 it turned half to two thirds of it: a piece's damping of
  // rocking, taken as a flat disc's about its mean normal, braked the screw's turn (which tilts
  // about no axis of the flank's own) — the damping of the normal rates' spread
  // (curved_piece.h) leaves a motion that slides the flank over itself undamped.
  CHECK(loose.turned >= 0.9 * expected);
  CHECK(loose.turned <= closedFormTurn(loose, 0.0, until));
  // Down the helix: the descent beyond the drop and the settling is the turn's lead.
  CHECK(loose.dropped >= loose.turned * s.pitch / (2 * kPi));
  INFO("locked: turned " << locked.turned << " rad, dropped " << locked.dropped << " m, force "
                         << locked.force.transpose() << ", weight " << locked.weight << " N, wall "
                         << locked.wall << " s");
  // Locked: it turns less than 1/20 of what the loose one does and carries its weight. From
  // ledger inheritance (00cd8cc) on it crept ~0.013 rad in 0.1 s and this was reported only;
  // measured on 2026-11-30 it turns 5e-4, 0.004, 5e-4 and 1.5e-4 rad at 1.5, 2, 4 and 8 times the
  // critical μ (which later change removed the creep was not traced).
  CHECK(std::abs(locked.turned) <= 0.05 * expected);
  CHECK(locked.force.z() == Approx(locked.weight).epsilon(0.01));
  CHECK(locked.force.head<2>().norm() <= 0.01 * locked.weight);
}

// The nut's turn is the helix against Coulomb's limit, not the contact's damping. Before
// 2026-11-30 it was not: 0.004 rad at restitution 0.1, 0.096 at 0.5, 0.166 at the 0.3 above. The
// stick–slip law's stiction damper was then 0.82·∂F_n/∂δ̇ (105 s/m·F_n for this Hunt–Crossley law)
// and was not held to μ_s·F_n with its spring, so below v_stick it alone held the nut creeping at
// a quarter of v_stick against a helix that μ_s = μ/5 cannot hold. Now spring and damper together
// stay within μ_s·F_n (the anchor slides on) and the damper is sized for the stick mode itself
// (contact/friction.h). A locked nut just above the critical friction holds at every restitution.
TEST_CASE("a loose nut turns down its bolt whatever the contact's restitution", "[thread][slow]") {
  const double mu = 0.2 * criticalFriction();
  double expected = 0.0;  // the closed form's turn: the same nut whatever the restitution
  for (const double restitution : {0.1, 0.5, 0.8}) {
    const Run loose = settleNut(mu, 0.1, restitution);
    expected = closedFormTurn(loose, mu, 0.1);
    INFO("e = " << restitution << ": turned " << loose.turned << " rad (closed form " << expected
                << ")");
    // 0.198–0.204 rad until 2026-12-03, when the pieces' wrench was 8 % short of the lead's
    // torque (test_guided_nut.cpp); with the wrench on the lead but each piece's force at its
    // parts' area centroid 0.188, 0.182 and 0.198 rad: a tilt moved no piece's force, so the
    // nut wobbled in its play (tilt up to 5 mrad, 4–39 patches); at its Winkler centre
    // (2026-12-04; tilt up to 2 mrad, 4 patches) 0.208,
    // 0.209 and 0.211 rad; with each piece's friction μ·∫p dA rather than μ·F_n 0.2072, 0.2082
    // and 0.2098. What remains beyond the closed form is the landing: slipping down the flanks'
    // slope as it lands and rings, the nut spends friction off the helix (docs/method.md,
    // "Friction on a curved piece").
    CHECK(loose.turned >= 0.9 * expected);
    CHECK(loose.turned <= closedFormTurn(loose, 0.0, 0.1));
  }
  // Just above the critical μ the nut creeps: 0.006–0.018 rad in 0.1 s over the steps 0.18, 0.2
  // and 0.22 ms (2026-12-01), against the 0.10 rad and more that a loose nut turns. A tenth of the
  // closed form's turn keeps the regimes apart; 5 % is the specification below, known to fail.
  for (const double restitution : {0.1, 0.8}) {
    const Run locked = settleNut(1.5 * criticalFriction(), 0.1, restitution);
    INFO("e = " << restitution << ", 1.5 × critical μ: turned " << locked.turned << " rad");
    CHECK(std::abs(locked.turned) <= 0.1 * expected);
  }
}

TEST_CASE("a loose nut turns down its bolt at the neighbouring steps 0.18 and 0.22 ms too",
          "[thread][slow]") {
  const double mu = 0.2 * criticalFriction();
  for (const double step : {1.8e-4, 2.2e-4}) {
    const Run loose = settleNut(mu, 0.1, 0.3, step);
    const double expected = closedFormTurn(loose, mu, 0.1);
    INFO("Δt = " << step << ": turned " << loose.turned << " rad (closed form " << expected << ")");
    CHECK(loose.turned >= 0.9 * expected);
    CHECK(loose.turned <= closedFormTurn(loose, 0.0, 0.1));
  }
}

// A nut just above the critical friction (1.5×) turns by less than 5 % of the loose nut's
// closed-form turn, at 0.2 ms and the neighbouring steps 0.18 and 0.22 ms a user may pick as well.
// Failed until 2026-12-02 (0.0088, 0.0120 and 0.0076 rad at e = 0.8 against the bound 0.0102):
// the nut's crest corners, cutting the bolt's flanks without a vertex inside, were paired with
// the bolt's crests half a millimetre away across the overlap, and the pieces they made pushed
// the nut sideways with a radial force its ledger cut on and off, which kept it rocking and
// ratcheting its flank contacts down (docs/method.md, "Why the free nut creeps"). With the
// crossed triangles among the facing candidates (region_split.h) it turned 0.0007 rad at
// e = 0.1 and 0.003 rad at e = 0.8, at each step; with the pieces' pressure couple
// (curved_piece.h), which gives the helix its full moment, 0.001 and 0.0044 rad.
TEST_CASE("a nut just above the critical friction holds at three steps", "[thread][slow]") {
  const double critical = criticalFriction();
  for (const double step : {1.8e-4, 2e-4, 2.2e-4}) {
    for (const double restitution : {0.1, 0.8}) {
      const Run locked = settleNut(1.5 * critical, 0.1, restitution, step);
      // The same nut's closed-form turn when loose, the scale the creep is measured in.
      const double expected = closedFormTurn(locked, 0.2 * critical, 0.1);
      INFO("Δt = " << step << ", e = " << restitution << ": locked turned " << locked.turned
                   << " rad (5 % of the closed form's loose turn: " << 0.05 * expected << ")");
      CHECK(std::abs(locked.turned) <= 0.05 * expected);
    }
  }
}

// Coulomb friction on a screwing nut: each flank piece slides along the helix, so friction's
// moment about the axis is μ·∫p dA·r = μ/cos 30°·W·r for an axial load W (the screw's friction
// torque, at the pitch radius r = d2/2; λ's cosine is 0.999). A piece's resultant F_n is 2.4 %
// short of its ∫p dA (docs/method.md, "Friction on a curved piece"), and so was this torque
// before each piece's friction took the integral (measured 0.976 of it). Checked to 1 %, the
// closed form's own uncertainty in where across the flank the pressure acts.
TEST_CASE("a nut screwing down its bolt meets the screw's friction torque", "[thread]") {
  const ThreadSpec bolt = boltSpec();
  NutOnBolt setup = nutOnBolt();
  RigSpec& spec = setup.spec;
  spec.mass.mass = 1e6;  // heavy, so that one short step leaves the pose as set
  spec.mass.inertia = setup.props.inertia * (1e6 / setup.props.mass);
  spec.gravity = Vec3::Zero();
  // Pressed 3 µm onto the flanks below it, screwing down at 1 and 10 rad/s (slips of ~3.7 and
  // ~37 mm/s, beyond the law's 1 mm/s band).
  spec.pose.translation = Vec3(0, 0, setup.resting_z - 3e-6);
  // About +z: a right-hand thread screws down turning clockwise.
  for (const double omega : {-1.0, -10.0}) {
    spec.angular_velocity = Vec3(0, 0, omega);
    spec.velocity = Vec3(0, 0, omega / (2 * kPi) * bolt.pitch);
    const double mu = 0.1;
    spec.law.normal = HuntCrossleyLaw{kStiffness, 1.5, 0.3, 1e-2};
    spec.law.friction = CoulombFriction{mu, 1e-3};
    spec.time_step = 1e-7;
    ContactRig rig(spec);
    rig.runUntil(1e-7);
    double torque = 0.0, axial = 0.0;
    for (const ContactDiagnostics& c : rig.contacts()) {
      torque +=
          c.patch.forcePoint().cross(c.friction_force).z() + c.spin_torque * c.patch.normal.z();
      axial += c.normal_force * c.patch.normal.z();
    }
    const double expected = mu / std::cos(kPi / 6) * axial * pitchDiameter() / 2;
    INFO(omega << " rad/s: " << rig.contacts().size() << " patches, axial load " << axial
               << " N, friction torque " << torque << " N·m, closed form " << expected << " N·m");
    REQUIRE(axial > 0.0);
    // Turning clockwise seen from above, friction turns it back: +z.
    CHECK(torque == Approx(expected).epsilon(0.01));
  }
}
