// Normal contact force laws (docs/scene-format.md, "Contact laws"): force from indentation δ and
// its rate δ̇, with the derivatives the ALI3-P tangent matrix needs (docs/dynamics.md, "Forces").
#pragma once

#include <variant>

namespace contactsim {

struct NormalLawInput {
  double indentation = 0.0;   // δ (m); no force for δ ≤ 0
  double rate = 0.0;          // δ̇ (m/s), positive while penetrating further
  double initial_rate = 0.0;  // δ̇ when this contact began (tracked), ≥ 0 on impact
};

struct NormalForce {
  double value = 0.0;                 // ≥ 0 always: contact never pulls
  double d_indentation = 0.0;         // ∂F/∂δ
  double d_rate = 0.0;                // ∂F/∂δ̇
  double d_rate_d_indentation = 0.0;  // ∂²F/∂δ∂δ̇: how the damping stiffens with depth

  // The force and its derivatives times `factor`: a load proportional to this one.
  NormalForce scaled(double factor) const {
    return {factor * value, factor * d_indentation, factor * d_rate, factor * d_rate_d_indentation};
  }
};

// Hunt and Crossley's law as Dopico et al. write it, eq. (1): F = k·δ^e·(1 + x·δ̇/δ̇₀) with
// x = 3(1−ε)/2, or with the x whose impact rebounds at exactly ε (Damping::ExactRestitution).
struct HuntCrossleyLaw {
  // Hunt and Crossley's x = 3(1 − ε)/2 is their estimate for ε near 1: a 1-DOF impact on this
  // law rebounds at 0.663 for ε = 0.5 and 0.62 for ε = 0.4 (docs/method.md, "Restitution").
  // ExactRestitution takes the x that rebounds at ε (exactRestitutionDamping).
  enum class Damping { HuntCrossley, ExactRestitution };

  double stiffness = 1e8;    // k (N/m^e)
  double exponent = 1.5;     // e
  double restitution = 0.5;  // ε
  // δ̇₀ below this (a contact that began at rest) is replaced by it, so that the damping stays
  // finite; then the law damps like an impact at this speed.
  double min_impact_velocity = 1e-2;
  Damping damping = Damping::HuntCrossley;
  // s (m/N): a linear spring in series with the contact, the compliance of what carries it (a
  // ship's plating between its frames): P solves δ = s·P + (P/k)^(1/e), so the contact is the
  // law as written while P·s is small and the support's spring 1/s once it dominates. 0: a rigid
  // support.
  double support_compliance = 0.0;
};

// The damping x = c·δ̇₀ with which an impact on F = P(δ)·(1 + c·δ̇) rebounds at exactly
// `restitution` ε, for any P, mass and impact speed: the root in (0, 1/ε) of
//   x − ln(1 + x) = −ε·x − ln(1 − ε·x)
// (the 1-DOF impact integrated in closed form; Carvalho & Martins, Mech. Mach. Theory 139, 2019;
// docs/method.md, "Restitution"). 0 for ε ≥ 1; ε below kSmallestExactRestitution is raised to
// it, since a plastic impact (ε = 0) needs x = ∞.
inline constexpr double kSmallestExactRestitution = 1e-3;
double exactRestitutionDamping(double restitution);

// Modia3D (Modia3D.jl docs, "Contact Force Law"): F = k_red·max(0, c_res·c_geo·δ^1.5·(1 + d·δ̇)),
// c_geo = 4/3·√r_geo, d = min(d_max, 8(1 − cor)/(5·cor·δ̇⁻)), cor = 0 when the impact is slower than
// v_small.
struct Modia3dLaw {
  double effective_modulus = 1.15e11;  // c_res = 1/(1/c₁ + 1/c₂), c_i = E_i/(1 − ν_i²) (Pa)
  double geometry_radius = 0.01;       // r_geo = μ_r,geo from the contact-sphere radii (m)
  double restitution = 0.7;            // cor
  double v_small = 0.01;               // m/s
  double max_damping = 2000.0;         // d_max (s/m)
  double reduction = 1.0;              // k_red
};

// Drake's compliant law ("The Details of Computing Contact Forces"): F = H(x)·(1 + 3/2·d·ẋ),
// H = 4/3·E*·√R·x^1.5.
struct HertzHuntCrossleyLaw {
  double effective_modulus = 1.15e11;  // E*: 1/E* = (1−ν₁²)/E₁ + (1−ν₂²)/E₂ (Pa)
  double effective_radius = 0.01;      // R (m)
  double dissipation = 0.2;            // d (s/m); steel 0.08–0.32 [Hunt 1975]
};

// Conforming (clearance) contact, Lankarani & Nikravesh (1990) with the clearance's radius:
// F = K·δ^1.5·(1 + 3(1 − e²)/4 · δ̇/δ̇⁻), K = 4/3·E*·√R*, 1/R* = 1/r − 1/(r + c) for an inner
// surface of radius r in an outer one of radius r + c (docs/method.md, "Conforming laws"). Hertz's
// solution for a ball in a spherical socket; for a pin in a bore the usual clearance-joint model.
struct ConformingHertzLaw {
  double effective_modulus = 1.15e11;  // E* (Pa)
  double radius = 0.01;                // r: the ball's or pin's radius (m)
  double clearance = 1e-4;             // c: radial clearance, outer radius − r (m)
  double restitution = 0.7;            // e
  // δ̇⁻ below this (a contact that began at rest) is replaced by it: the damping stays finite.
  double min_impact_velocity = 1e-2;

  // R* = r(r + c)/c: much larger than r when the clearance is small, so the contact is stiffer
  // than a ball on a flat of radius r.
  double effectiveRadius() const { return radius * (radius + clearance) / clearance; }
};

using NormalLaw =
    std::variant<HuntCrossleyLaw, Modia3dLaw, HertzHuntCrossleyLaw, ConformingHertzLaw>;

NormalForce evaluate(const NormalLaw& law, const NormalLawInput& input);

// The elastic energy the law stores at indentation δ: ∫₀^δ P(x) dx, P its force at zero rate (J;
// 0 for δ ≤ 0). What a contact present where a run starts holds, and may give back as it unloads
// (docs/dynamics.md, "Passivity of contact").
double storedEnergy(const NormalLaw& law, double indentation);

// c = E/(1 − ν²) per body, combined in series: the E* of Hertz theory.
double effectiveModulus(double young_a, double poisson_a, double young_b, double poisson_b);

}  // namespace contactsim
