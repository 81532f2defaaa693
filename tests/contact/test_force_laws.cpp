#include <catch2/catch.hpp>
#include <cmath>

#include "../damped_impact.h"
#include "contact/friction.h"
#include "contact/normal_force.h"

using namespace contactsim;
using contactsim::test::dampedImpactRestitution;

namespace {
const double kSteelE = 2.1e11, kSteelNu = 0.3;

// Static indentation under load F: bisection on the law at zero rate.
double staticIndentation(const NormalLaw& law, double load) {
  double lo = 0.0, hi = 1e-3;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (evaluate(law, {mid, 0.0, 1.0}).value < load ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// A 1 kg mass dropped onto the law at v0: the rebound speed over v0, by RK4 with small steps.
double reboundRatio(const NormalLaw& law, double v0, double dt) {
  double x = 0.0, v = v0;  // x = δ, v = δ̇
  auto accel = [&](double xi, double vi) { return -evaluate(law, {xi, vi, v0}).value; };
  for (int step = 0; step < 10'000'000; ++step) {
    const double k1x = v, k1v = accel(x, v);
    const double k2x = v + dt / 2 * k1v, k2v = accel(x + dt / 2 * k1x, v + dt / 2 * k1v);
    const double k3x = v + dt / 2 * k2v, k3v = accel(x + dt / 2 * k2x, v + dt / 2 * k2v);
    const double k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v);
    x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (x < 0.0) return -v / v0;
  }
  return NAN;
}

template <class F>
Vec3 numericalColumn(F f, const Vec3& at, int axis, double h) {
  Vec3 plus = at, minus = at;
  plus[axis] += h;
  minus[axis] -= h;
  return (f(plus) - f(minus)) / (2 * h);
}
}  // namespace

TEST_CASE("Hertz static indentation of a steel sphere matches the closed form", "[laws]") {
  // docs/validation.md, "Contact laws alone": R = 10 mm, F = 100 N: δ = 2.1941 µm on a rigid
  // flat, 3.4829 µm on steel.
  const double rigid = kSteelE / (1 - kSteelNu * kSteelNu);
  const double steel = effectiveModulus(kSteelE, kSteelNu, kSteelE, kSteelNu);
  CHECK(steel == Approx(rigid / 2));
  for (const auto& [modulus, expected] :
       {std::pair{rigid, 2.1941e-6}, std::pair{steel, 3.4829e-6}}) {
    const HertzHuntCrossleyLaw drake{modulus, 0.01, 0.2};
    const Modia3dLaw modia{.effective_modulus = modulus, .geometry_radius = 0.01};
    const HuntCrossleyLaw hunt{.stiffness = 4.0 / 3.0 * modulus * std::sqrt(0.01), .exponent = 1.5};
    for (const NormalLaw& law : {NormalLaw(drake), NormalLaw(modia), NormalLaw(hunt)}) {
      CHECK(staticIndentation(law, 100.0) == Approx(expected).epsilon(1e-4));
    }
  }
}

TEST_CASE("conforming Hertz: a ball in a socket is stiffer than on a flat, by √(R*/r)",
          "[laws][conforming]") {
  // Hertz for two spheres with 1/R = 1/r₁ + 1/r₂; a concave socket of radius r + c has
  // curvature −1/(r + c). Static δ = (9F²/(16·E*²·R))^(1/3) then depends on R only.
  const double modulus = effectiveModulus(kSteelE, kSteelNu, kSteelE, kSteelNu);
  const double r = 0.01, load = 100.0;
  for (const double c : {1e-5, 1e-4, 1e-3, 1e-2}) {
    const double conforming_radius = 1.0 / (1.0 / r - 1.0 / (r + c));
    ConformingHertzLaw law;
    law.effective_modulus = modulus;
    law.radius = r;
    law.clearance = c;
    CHECK(law.effectiveRadius() == Approx(conforming_radius).epsilon(1e-12));
    const double expected =
        std::cbrt(9.0 * load * load / (16.0 * modulus * modulus * conforming_radius));
    CHECK(staticIndentation(law, load) == Approx(expected).epsilon(1e-4));
  }
  // As the clearance grows the socket flattens: the ball on a flat (docs/validation.md: 3.4829 µm).
  const ConformingHertzLaw wide{.effective_modulus = modulus, .radius = r, .clearance = 1e6};
  CHECK(staticIndentation(wide, load) == Approx(3.4829e-6).epsilon(1e-4));
}

TEST_CASE("conforming Hertz: Lankarani–Nikravesh damping rebounds at the restitution for e → 1",
          "[laws][conforming][impact]") {
  // The hysteresis factor 3(1 − e²)/4 is derived for small losses (Lankarani & Nikravesh 1990):
  // the rebound ratio tends to e as e → 1, and never exceeds 1.
  for (const double e : {0.95, 0.9}) {
    const ConformingHertzLaw law{
        .effective_modulus = 1e9, .radius = 0.01, .clearance = 1e-3, .restitution = e};
    const double ratio = reboundRatio(law, 1.0, 2e-7);
    INFO("e = " << e << ": rebound " << ratio);
    CHECK(ratio == Approx(e).epsilon(2 * (1 - e) * (1 - e)));
  }
}

TEST_CASE("normal laws: analytic derivatives agree with finite differences", "[laws]") {
  const std::vector<NormalLaw> laws = {
      HuntCrossleyLaw{},
      HuntCrossleyLaw{.restitution = 0.3, .damping = HuntCrossleyLaw::Damping::ExactRestitution},
      // A support spring that carries as much as the contact near δ = 3e-5 m.
      HuntCrossleyLaw{.support_compliance = 1e-5 / (1e8 * std::pow(3e-5, 1.5))}, Modia3dLaw{},
      HertzHuntCrossleyLaw{}, ConformingHertzLaw{}};
  for (const NormalLaw& law : laws) {
    for (const double delta : {1e-6, 3e-5, 2e-4}) {
      for (const double rate : {-0.05, 0.0, 0.3}) {
        const NormalLawInput in{delta, rate, 0.5};
        const NormalForce f = evaluate(law, in);
        if (f.value == 0.0) continue;
        const double hd = 1e-6 * delta, hr = 1e-6;
        const double dd = (evaluate(law, {delta + hd, rate, 0.5}).value -
                           evaluate(law, {delta - hd, rate, 0.5}).value) /
                          (2 * hd);
        const double dr = (evaluate(law, {delta, rate + hr, 0.5}).value -
                           evaluate(law, {delta, rate - hr, 0.5}).value) /
                          (2 * hr);
        CHECK(f.d_indentation == Approx(dd).epsilon(1e-5));
        CHECK(f.d_rate == Approx(dr).epsilon(1e-5).margin(1e-9 * f.value));
        // The damping's own slope in δ (the spread damping's stiffness, contact_force_source.cpp).
        const double ddr = (evaluate(law, {delta + hd, rate, 0.5}).d_rate -
                            evaluate(law, {delta - hd, rate, 0.5}).d_rate) /
                           (2 * hd);
        CHECK(f.d_rate_d_indentation == Approx(ddr).epsilon(1e-5).margin(1e-9 * f.d_rate / delta));
      }
    }
  }
}

// The energy a law stores at δ, ∫₀^δ P dx (what a contact present at a run's start holds): in
// closed form for a power law, k·δ^(e+1)/(e+1), and behind a support of compliance s, where
// P = k·δ_c^e with δ = δ_c + s·P, the contact's k·δ_c^(e+1)/(e+1) plus the support spring's s·P²/2.
TEST_CASE("normal laws: the stored energy is the force's integral", "[laws]") {
  for (const double e : {1.0, 1.5, 2.2}) {
    HuntCrossleyLaw law;
    law.stiffness = 2e9;
    law.exponent = e;
    for (const double delta : {1e-9, 1e-6, 3e-4}) {
      INFO("e = " << e << ", δ = " << delta);
      const double expected = law.stiffness * std::pow(delta, e + 1.0) / (e + 1.0);
      CHECK(storedEnergy(law, delta) == Approx(expected).epsilon(e == 2.2 ? 1e-6 : 1e-12));
      law.support_compliance = 1e-9;  // m/N: the support takes part of δ
      double contact = delta, low = 0.0;
      for (int i = 0; i < 200; ++i) {  // δ_c by bisection on δ_c + s·k·δ_c^e = δ
        const double mid = 0.5 * (low + contact);
        (mid + law.support_compliance * law.stiffness * std::pow(mid, e) < delta ? low : contact) =
            mid;
      }
      const double load = law.stiffness * std::pow(contact, e);
      const double series = law.stiffness * std::pow(contact, e + 1.0) / (e + 1.0) +
                            0.5 * law.support_compliance * load * load;
      CHECK(storedEnergy(law, delta) == Approx(series).epsilon(1e-6));
      law.support_compliance = 0.0;
    }
  }
  CHECK(storedEnergy(HuntCrossleyLaw{}, 0.0) == 0.0);
  CHECK(storedEnergy(HuntCrossleyLaw{}, -1e-3) == 0.0);
  CHECK(storedEnergy(HuntCrossleyLaw{}, std::nan("")) == 0.0);
}

TEST_CASE("normal laws never pull and vanish continuously as contact ends", "[laws]") {
  const std::vector<NormalLaw> laws = {HuntCrossleyLaw{}, Modia3dLaw{}, HertzHuntCrossleyLaw{},
                                       ConformingHertzLaw{}};
  for (const NormalLaw& law : laws) {
    for (const double rate : {-1e3, -10.0, -1.0, 0.0, 1.0}) {
      for (const double delta : {-1e-3, 0.0, 1e-12, 1e-5}) {
        CHECK(evaluate(law, {delta, rate, 1.0}).value >= 0.0);
      }
      CHECK(evaluate(law, {1e-15, rate, 1.0}).value < 1e-6);
    }
  }
}

TEST_CASE("rebound ratios do not depend on stiffness or step once resolved", "[laws][impact]") {
  for (const double restitution : {0.9, 0.5}) {
    const double soft = reboundRatio(HuntCrossleyLaw{1e6, 1.5, restitution, 1e-2}, 1.0, 2e-6);
    const double stiff = reboundRatio(HuntCrossleyLaw{1e8, 1.5, restitution, 1e-2}, 1.0, 4e-7);
    const double finer = reboundRatio(HuntCrossleyLaw{1e8, 1.5, restitution, 1e-2}, 1.0, 2e-7);
    CHECK(soft == Approx(stiff).epsilon(1e-4));
    CHECK(finer == Approx(stiff).epsilon(1e-6));
    CHECK(stiff < 1.0);  // energy never increases across an impact
    // The law's own rebound, c·v₀ = 3(1 − ε)/2 (damped_impact.h): 0.909 for ε = 0.9, 0.663 for
    // 0.5. The RK4 above at these steps agrees with itself at half the step to 1e-6.
    CHECK(stiff == Approx(dampedImpactRestitution(1.5 * (1.0 - restitution))).epsilon(1e-6));
  }
  // Flores' damping (Modia3D), c·v₀ = 8(1 − cor)/(5·cor), reproduces the requested restitution
  // closely when it is high and under-shoots when it is low: 0.683 for 0.7, 0.947 for 0.95,
  // 0.256 for 0.3 (damped_impact.h).
  for (const double cor : {0.7, 0.95, 0.3}) {
    const double ratio = reboundRatio(
        Modia3dLaw{.effective_modulus = 1e9, .geometry_radius = 0.01, .restitution = cor}, 1.0,
        1e-7);
    CHECK(ratio == Approx(dampedImpactRestitution(8.0 * (1.0 - cor) / (5.0 * cor))).epsilon(1e-6));
  }
  // An impact slower than v_small gets cor = 0, i.e. the maximum damping: instead of bouncing
  // back at 0.9 it keeps about a tenth of its speed (d_max = 2000 s/m, 5 mm/s).
  CHECK(reboundRatio(
            Modia3dLaw{.effective_modulus = 1e9, .geometry_radius = 0.01, .restitution = 0.9},
            0.005, 1e-6) < 0.15);
}

TEST_CASE("hunt-crossley-exact rebounds at its restitution, at any impact speed",
          "[laws][impact]") {
  using Damping = HuntCrossleyLaw::Damping;
  // The damping is the inverse of the closed-form rebound (damped_impact.h), over the whole range
  // of ε, not only near 1 where Hunt and Crossley's 3(1 − ε)/2 agrees with it.
  for (const double e : {0.01, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 0.999}) {
    INFO("ε = " << e);
    CHECK(dampedImpactRestitution(exactRestitutionDamping(e)) == Approx(e).epsilon(1e-9));
  }
  CHECK(exactRestitutionDamping(1.0) == 0.0);
  // ε = 0 would need infinite damping: the smallest ε it takes instead.
  CHECK(exactRestitutionDamping(0.0) == exactRestitutionDamping(kSmallestExactRestitution));
  // Simulated impacts (RK4, independent of the closed form): the rebound is ε at 0.1, 1 and
  // 10 m/s, for a soft and a stiff law, where hunt-crossley's rebounds at its own higher value.
  for (const double e : {0.2, 0.4, 0.8}) {
    for (const double v0 : {0.1, 1.0, 10.0}) {
      for (const double k : {1e6, 1e8}) {
        // Hertz's exponent and a linear spring: the closed form holds for any P(δ).
        for (const double exponent : {1.5, 1.0}) {
          const HuntCrossleyLaw exact{k, exponent, e, 1e-2, Damping::ExactRestitution};
          // RK4's steps: over a thousand per impact, whose duration scales as
          // (1/(k²·v₀))^(1/5) for Hertz and as 1/√k for the linear spring (unit mass).
          const double dt =
              exponent == 1.0 ? 2e-3 / std::sqrt(k) : 2e-3 * std::pow(k * k * v0, -0.2);
          INFO("ε = " << e << ", v₀ = " << v0 << " m/s, k = " << k << ", exponent " << exponent);
          CHECK(reboundRatio(exact, v0, dt) == Approx(e).epsilon(1e-4));
        }
      }
    }
    const double estimate = reboundRatio(HuntCrossleyLaw{1e8, 1.5, e, 1e-2}, 1.0, 4e-7);
    CHECK(estimate > e + 0.01);  // 0.547, 0.620 and 0.833
  }
}

TEST_CASE("a support compliance in series: δ = s·P + (P/k)^(1/e), and the rebound is unchanged",
          "[laws][impact]") {
  // The closed form read backwards: for a force P the indentation is the support's deflection
  // s·P plus the contact's own (P/k)^(1/e); the law must return P for that δ, from forces where
  // the contact dominates to forces where the support does, for Hertz's exponent and a linear
  // spring, on a steel sphere's stiffness (R = 50 mm) behind 20 mm plating between 0.6 m frames.
  const double k = 4.0 / 3.0 * 1.154e11 * std::sqrt(0.05), s = 1.0 / 7.6e7;
  for (const double exponent : {1.5, 1.0}) {
    const double stiffness = exponent == 1.0 ? 1e9 : k;
    const HuntCrossleyLaw law{
        .stiffness = stiffness, .exponent = exponent, .support_compliance = s};
    for (const double force : {1.0, 1e3, 6.3e4, 1e6, 1e8}) {
      const double delta = s * force + std::pow(force / stiffness, 1.0 / exponent);
      INFO("exponent " << exponent << ", P = " << force << " N, δ = " << delta << " m");
      CHECK(evaluate(law, {delta, 0.0, 1.0}).value == Approx(force).epsilon(1e-12));
    }
    // Far too soft a support (s·k overflows) carries the whole indentation: P = δ/s.
    const HuntCrossleyLaw limp{
        .stiffness = stiffness, .exponent = exponent, .support_compliance = 1e300};
    CHECK(evaluate(limp, {1e-3, 0.0, 1.0}).value == Approx(1e-303).epsilon(1e-9));
  }
  // F = P(δ)·(1 + c·δ̇) whatever P: the exact damping still rebounds at ε (damped_impact.h).
  for (const double e : {0.2, 0.6}) {
    const HuntCrossleyLaw exact{.stiffness = 1e8,
                                .restitution = e,
                                .damping = HuntCrossleyLaw::Damping::ExactRestitution,
                                .support_compliance = 1e-6};
    CHECK(reboundRatio(exact, 1.0, 2e-7) == Approx(e).epsilon(1e-4));
  }
}

TEST_CASE("friction derivatives agree with finite differences", "[laws][friction]") {
  const std::vector<FrictionModel> models = {StickSlipFriction{.viscous = 2.0}, StribeckFriction{},
                                             CoulombFriction{}, NoFriction{}};
  FrictionInput in;
  in.normal_force = 500.0;
  in.normal_stiffness = 2e7;
  in.tangential_inverse_mass = 0.1;  // c_t = 2√(k_t·10 kg) ≈ 2.6e4 N·s/m
  // Offsets: the spring well inside μ_s·F_n = 150 N (33 N), near it (147 N) so that the damper
  // pushes the stiction force over the limit (the anchor slides on), beyond it (the spring alone
  // slides the anchor), and a slip whose damper alone exceeds the limit (164 N).
  for (const FrictionModel& model : models) {
    for (const auto& [v, offset] : {std::pair{Vec3(3e-4, 1e-4, 0), Vec3(2e-6, -1e-6, 0)},
                                    std::pair{Vec3(3e-4, 1e-4, 0), Vec3(8.5e-6, 2.8e-6, 0)},
                                    std::pair{Vec3(-3e-4, 2e-4, 0), Vec3(8.5e-6, 2.8e-6, 0)},
                                    std::pair{Vec3(3e-4, 1e-4, 0), Vec3(2e-5, 1e-5, 0)},
                                    std::pair{Vec3(5e-3, 4e-3, 0), Vec3(2e-6, -1e-6, 0)},
                                    std::pair{Vec3(0.02, -0.01, 0), Vec3(2e-6, -1e-6, 0)},
                                    std::pair{Vec3(-0.4, 0.3, 0), Vec3(2e-6, -1e-6, 0)}}) {
      in.slip_velocity = v;
      in.stick_offset = offset;
      const FrictionForce f = evaluate(model, in);
      auto force_of_v = [&](const Vec3& x) {
        FrictionInput i = in;
        i.slip_velocity = x;
        return evaluate(model, i).force;
      };
      auto force_of_s = [&](const Vec3& x) {
        FrictionInput i = in;
        i.stick_offset = x;
        return evaluate(model, i).force;
      };
      for (int axis = 0; axis < 3; ++axis) {
        const Vec3 dv = numericalColumn(force_of_v, v, axis, 1e-4 * v.norm());
        const Vec3 ds = numericalColumn(force_of_s, in.stick_offset, axis, 1e-9);
        CHECK((f.d_velocity.col(axis) - dv).norm() <=
              1e-4 * (dv.norm() + f.d_velocity.norm()) + 1e-9);
        CHECK((f.d_offset.col(axis) - ds).norm() <= 1e-4 * (ds.norm() + f.d_offset.norm()) + 1e-6);
      }
    }
  }
}

TEST_CASE("stick-slip holds below the limit without creep and slides beyond it",
          "[laws][friction]") {
  const StickSlipFriction model{
      .static_coefficient = 0.3, .dynamic_coefficient = 0.25, .stick_velocity = 1e-3};
  FrictionInput in{.slip_velocity = Vec3::Zero(), .normal_force = 100.0, .normal_stiffness = 1e7};
  const double k = 0.82 * 1e7;
  in.stick_offset = Vec3(1e-6, 0, 0);  // spring force 8.2 N < μ_s F_n = 30 N
  FrictionForce held = evaluate(model, in);
  CHECK(held.sticking);
  CHECK((held.force - Vec3(-k * 1e-6, 0, 0)).norm() < 1e-9);
  CHECK(held.stick_offset == in.stick_offset);  // the anchor stays: no creep

  in.stick_offset = Vec3(0, 1e-4, 0);  // would be 820 N: the anchor slides to the limit
  const FrictionForce slid = evaluate(model, in);
  CHECK(slid.force.norm() == Approx(30.0));
  CHECK(slid.stick_offset.y() == Approx(30.0 / k));
  CHECK_FALSE(slid.sticking);

  in.slip_velocity = Vec3(0.1, 0, 0);  // 100 v_stick: pure Coulomb sliding
  CHECK((evaluate(model, in).force - Vec3(-25.0, 0, 0)).norm() < 1e-9);
}

TEST_CASE("stiction is a critically damped spring that never exceeds Coulomb's limit",
          "[laws][friction]") {
  const StickSlipFriction model{
      .static_coefficient = 0.3, .dynamic_coefficient = 0.25, .stick_velocity = 1e-3};
  const double k_t = 0.82 * 1e7, mass = 4.0, limit = 30.0;
  FrictionInput in{.normal_force = 100.0, .normal_stiffness = 1e7};
  // At the anchor and at rest the law is the linear m·ẍ = −k_t·x − c_t·ẋ of the stick mode:
  // critically damped (ζ_t = 1) when c_t = 2√(k_t·m).
  in.tangential_inverse_mass = 1.0 / mass;
  const FrictionForce at_rest = evaluate(model, in);
  CHECK(-at_rest.d_velocity(0, 0) == Approx(2.0 * std::sqrt(k_t * mass)));
  CHECK(-at_rest.d_offset(1, 1) == Approx(k_t));
  // However heavy the bodies (so large the damper), spring and damper together stay within
  // μ_s·F_n below v_stick, and the sliding force within μ_d·F_n above it: nothing holds a load
  // beyond Coulomb's limit, as a nut on a bolt or a block on a ramp would otherwise creep.
  for (const double m : {1.0, 1e3, 1e6, 1e9}) {
    in.tangential_inverse_mass = 1.0 / m;
    for (const double speed : {1e-5, 3e-4, 1e-3, 3e-3}) {
      for (const Vec3& offset : {Vec3(0, 0, 0), Vec3(2e-6, 1e-6, 0), Vec3(-1e-5, 2e-5, 0)}) {
        in.slip_velocity = Vec3(speed, 0.0, 0.0);
        in.stick_offset = offset;
        CHECK(evaluate(model, in).force.norm() <= limit * (1.0 + 1e-12));
      }
    }
  }
  // Without a moving mass (both bodies fixed) there is no stick mode to damp.
  in.tangential_inverse_mass = 0.0;
  in.slip_velocity = Vec3(1e-4, 0, 0);
  in.stick_offset = Vec3::Zero();
  const double kappa = std::exp(-0.01);  // (v/v_stick)² = 0.01
  CHECK((evaluate(model, in).force - Vec3(-(1.0 - kappa) * 25.0, 0, 0)).norm() < 1e-9);
}

TEST_CASE("Stribeck and regularised Coulomb curves", "[laws][friction]") {
  const StribeckFriction stribeck{
      .static_coefficient = 0.5, .dynamic_coefficient = 0.3, .stiction_tolerance = 1e-3};
  auto mu = [&](double speed) {
    return evaluate(stribeck, {.slip_velocity = Vec3(speed, 0, 0), .normal_force = 10.0})
               .force.norm() /
           10.0;
  };
  CHECK(mu(0.0) == 0.0);  // no force without slip: the model creeps under load
  CHECK(mu(1e-3) == Approx(0.5));
  CHECK(mu(2e-3) == Approx(0.4));
  CHECK(mu(3e-3) == Approx(0.3));
  CHECK(mu(1.0) == Approx(0.3));

  const CoulombFriction coulomb{.coefficient = 0.4, .v_small = 0.01};
  auto force = [&](double speed) {
    return evaluate(coulomb, {.slip_velocity = Vec3(speed, 0, 0), .normal_force = 10.0}).force.x();
  };
  CHECK(force(0.0) == 0.0);
  CHECK(force(0.01) == Approx(-4.0));
  CHECK(force(0.01 * (1 - 1e-9)) == Approx(-4.0).epsilon(1e-6));  // continuous at v_small
  CHECK(force(5.0) == Approx(-4.0));
  CHECK(regularisedSpeed(0.0, 0.03).first == Approx(0.01));
}

// Coulomb's tangent is the law's own derivative at every slip, in the band and beyond it (the
// slip limiter, not the tangent, keeps Newton's steps from jumping across the stop:
// sim/slip_limiter.h); checked against central differences in every direction.
TEST_CASE("Coulomb's Newton tangent is the law's derivative in the band and beyond",
          "[laws][friction]") {
  const CoulombFriction coulomb{.coefficient = 0.4, .v_small = 0.01};
  const double normal_force = 10.0;
  const auto force = [&](const Vec3& slip) {
    return evaluate(coulomb, {.slip_velocity = slip, .normal_force = normal_force});
  };
  const Vec3 along(0.6, 0.8, 0.0);
  for (const double speed : {0.002, 0.005, 0.0095, 0.0105, 0.03, 1.0}) {
    INFO("slip " << speed << " m/s");
    const Vec3 v = speed * along;
    const double h = 1e-6 * speed;
    Mat3 differences;
    for (int j = 0; j < 3; ++j) {
      const Vec3 step = h * Vec3::Unit(j);
      differences.col(j) = (force(v + step).force - force(v - step).force) / (2.0 * h);
    }
    const double scale = 0.4 * normal_force / std::min(speed, coulomb.v_small);
    CHECK((force(v).d_velocity - differences).norm() <= 1e-6 * scale);
  }
}
