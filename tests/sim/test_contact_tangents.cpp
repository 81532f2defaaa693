// The contact force source's Newton tangents against central differences: K = −∂Q/∂q and
// C = −∂Q/∂q̇ within one step (geometry computed once at the step's first trial state, then
// linearised; contact_force_source.h), for every normal law and friction model, loading and
// unloading, with stick anchors from a committed step and with rolling resistance, slow and fast
// spin about the normal (friction against spin shares the friction law with the slip).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <utility>

#include "../tangent_check.h"
#include "contact/normal_force.h"
#include "contact_rig.h"
#include "geometry/primitives.h"
#include "geometry/thread_mesh.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

struct Setup {
  std::string name;
  ContactLaw law;
};

std::vector<Setup> setups() {
  std::vector<Setup> all;
  const NormalLaw laws[] = {HuntCrossleyLaw{1e7, 1.5, 0.5, 1e-2},
                            HertzHuntCrossleyLaw{1e10, 0.1, 0.2},
                            Modia3dLaw{1e9, 0.1, 0.7, 0.01, 2000.0, 1.0}};
  const FrictionModel frictions[] = {NoFriction{}, CoulombFriction{0.3, 0.01},
                                     StribeckFriction{0.4, 0.3, 1e-2},
                                     StickSlipFriction{0.4, 0.3, 1e-3, 0.0, 0.82}};
  const char* law_names[] = {"hunt-crossley", "hertz", "modia3d"};
  const char* friction_names[] = {"none", "coulomb", "stribeck", "stick-slip"};
  for (int l = 0; l < 3; ++l) {
    for (int f = 0; f < 4; ++f) {
      Setup s{std::string(law_names[l]) + " + " + friction_names[f], {}};
      s.law.normal = laws[l];
      s.law.friction = frictions[f];
      if (l == 2) {  // modia3d's rotational dissipation is its rolling resistance
        s.law.spread_damping = false;
        s.law.rolling = {0.01, 0.1, 1e-3};
      }
      all.push_back(s);
    }
  }
  return all;
}

}  // namespace

TEST_CASE("contact tangents match central differences for every law and friction model",
          "[contact][tangents]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const Setup& setup : setups()) {
    // A slow spin (its friction radius·ω_n well below the slip) and a fast one (above it).
    for (const auto& [approach, spin] : {std::pair{0.05, 0.2}, std::pair{-0.05, 0.2},
                                         std::pair{0.05, 12.0}, std::pair{-0.05, 12.0}}) {
      RigSpec spec;
      spec.ground = makePlate(1.0, 1.0, 0.02, 8);
      spec.body = makeIcosphere(0.1, 3);
      // As heavy as the law's elastic force at the start's 0.2 mm asks for the same acceleration
      // under every law (1 kg for the 1e7 N/m^1.5 law's 28 N). A 1 kg sphere 0.2 mm into the
      // stiffer laws is thrown out of the plate at metres per second in its first step, and its
      // contact — begun indented, with nothing absorbed — would then release what it never took:
      // the passivity checks refuse such a step, so Newton never works at that state.
      const double depth = 2e-4;
      const double load = evaluate(setup.law.normal, {depth, 0.0, 0.0}).value;
      spec.mass = solidSphere(load / (1e7 * std::pow(depth, 1.5)), 0.1);
      spec.gravity = Vec3::Zero();
      spec.pose.translation = Vec3(0.01, -0.02, 0.1 - depth);
      spec.velocity = Vec3(0.03, 0.01, -approach);
      spec.angular_velocity = Vec3(0.5, -0.3, spin);
      spec.law = setup.law;
      ContactRig rig(std::move(spec));
      INFO(setup.name << (approach > 0 ? ", loading" : ", unloading") << ", spin " << spin);
      // A committed step (stick anchors, δ̇₀, the passivity ledger), then one trial state of
      // the next step, where the geometry is computed and then held for the step.
      rig.step();
      REQUIRE(!rig.contacts().empty());
      const MultibodySystem& system = rig.integrator().system();
      const int n = system.coordinateCount();
      auto& source = const_cast<ContactForceSource&>(rig.source());
      const double t = rig.time() + 1e-4;
      Eigen::VectorXd q = rig.integrator().state().q, qdot = rig.integrator().state().qdot;
      for (int i = 0; i < n; ++i) {
        q[i] += 1e-7 * u(rng);
        qdot[i] += 1e-3 * u(rng);
      }
      const test::TangentComparison r = test::compareTangents(source, q, qdot, t);
      INFO("K scale " << r.k_scale << ", C scale " << r.c_scale);
      CHECK(r.k_error <= r.k_bound);
      CHECK(r.c_error <= r.c_bound);
      // Evaluated for Q and the powers alone (ForceValues::with_tangents false, as the
      // integrator's powers() does): the same Q bit for bit and the same fastest mode, no K or C.
      // Without the modes (ForceValues::with_modes false, as Newton's iterations): the same Q,
      // K and C bit for bit, no mode.
      ForceValues full, bare, modeless;
      bare.with_tangents = false;
      modeless.with_modes = false;
      for (ForceValues* v : {&full, &bare, &modeless}) {
        v->q_force.setZero(n);
        source.addForces(q, qdot, t, *v);
      }
      CHECK(bare.q_force == full.q_force);
      CHECK(bare.fastest_mode == full.fastest_mode);
      if (r.k_scale > 0.0) CHECK(full.fastest_mode > 0.0);  // a stiff contact rings
      CHECK(!full.stiffness.empty());
      CHECK(bare.stiffness.empty());
      CHECK(bare.damping.empty());
      CHECK(modeless.q_force == full.q_force);
      CHECK(modeless.fastest_mode == 0.0);
      CHECK(modeless.stiffness.size() == full.stiffness.size());
      CHECK(modeless.damping.size() == full.damping.size());
    }
  }
}

// A nut pressed onto its bolt's flanks (geometry/thread_mesh.h): the helical region is split
// into pieces (region_split.h), each with its pressure couple and the damping of its normal
// rates' spread (curved_piece.h) — a 6×6 damping of the relative twist whose force and cross
// blocks a flat patch does not have.
TEST_CASE("contact tangents on a thread's curved pieces match central differences",
          "[contact][tangents][thread]") {
  ThreadSpec bolt;
  bolt.nominal_diameter = 0.008, bolt.pitch = 0.001, bolt.length = 0.006;
  bolt.segments_per_turn = 48, bolt.flank_divisions = 2;
  bolt.radial_clearance = 0.05e-3, bolt.axial_clearance = 0.1e-3;
  ThreadSpec nut = bolt;
  nut.length = 0.003, nut.segments_per_turn = 54;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  RigSpec spec;
  spec.ground = makeBolt(bolt);
  spec.body = makeNut(nut, NutBody{0.013, 0.0});
  spec.mass = solidSphere(0.005, 0.006);
  spec.gravity = Vec3::Zero();
  // Two pitches up the bolt (settled as in test_thread_dynamics.cpp), lowered by half the play onto
  // the flanks, and moving into them: 5 µm deep after five steps, its contacts loaded through their
  // ledgers.
  spec.pose.translation = Vec3(0, 0, 0.002 - bolt.axial_clearance / 2);
  spec.velocity = Vec3(0.002, -0.001, -0.01);
  spec.angular_velocity = Vec3(0.3, -0.2, 2.0);
  spec.law.normal = HuntCrossleyLaw{1e6, 1.5, 0.3, 1e-2};
  spec.law.friction = StickSlipFriction{0.04, 0.03, 1e-3, 0.0, 0.82};
  ContactRig rig(std::move(spec));
  for (int i = 0; i < 5; ++i) rig.step();
  int curved = 0;
  // A piece whose normals vary: the force block of its S (a flat disc's S has none).
  for (const ContactDiagnostics& c : rig.contacts())
    curved += !c.patch.normal_rate_spread.topLeftCorner<3, 3>().isZero();
  REQUIRE(curved > 0);
  const int n = rig.integrator().system().coordinateCount();
  auto& source = const_cast<ContactForceSource&>(rig.source());
  // Loading, and unloading at the reversed velocities.
  for (const double sense : {1.0, -1.0}) {
    INFO((sense > 0 ? "loading" : "unloading"));
    Eigen::VectorXd q = rig.integrator().state().q, qdot = sense * rig.integrator().state().qdot;
    for (int i = 0; i < n; ++i) {
      q[i] += 1e-9 * u(rng);
      qdot[i] += 1e-4 * u(rng);
    }
    const test::TangentComparison r = test::compareTangents(source, q, qdot, rig.time() + 1e-4);
    INFO(curved << " curved pieces; K scale " << r.k_scale << ", C scale " << r.c_scale);
    CHECK(r.k_error <= r.k_bound);
    CHECK(r.c_error <= r.c_bound);
  }
}
