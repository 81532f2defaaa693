#include "contact/normal_force.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace contactsim {
namespace {

// F = P(δ)·(1 + c·δ̇) with its derivatives, from the elastic part P and its slope P', clamped so
// that it never pulls (then F = 0 and so are its derivatives: the contact is opening faster than
// the material recovers).
NormalForce damped(double elastic, double slope, double c, const NormalLawInput& in) {
  const double factor = 1.0 + c * in.rate;
  if (factor <= 0.0) return {};
  return {elastic * factor, slope * factor, elastic * c, slope * c};
}

NormalForce dampedPower(double coefficient, double exponent, double c, const NormalLawInput& in) {
  if (!(in.indentation > 0.0)) return {};
  const double elastic = coefficient * std::pow(in.indentation, exponent);
  return damped(elastic, exponent * elastic / in.indentation, c, in);
}

// P = k·δ_c^e behind a support of compliance s: δ = δ_c + s·k·δ_c^e. h(δ_c) = δ_c + s·k·δ_c^e − δ
// is increasing and convex on [0, δ], and ≥ 0 at both upper bounds δ and (δ/(s·k))^(1/e), so
// Newton from the smaller of them falls monotonically onto the root; it stops when a step no
// longer lowers the iterate. P' = dP/dδ = 1/(s + 1/(k·e·δ_c^(e−1))) by the chain rule.
NormalForce dampedSeriesPower(double k, double e, double s, double c, const NormalLawInput& in) {
  const double delta = in.indentation;
  if (!(delta > 0.0)) return {};
  double contact = std::min(delta, std::pow(delta / (s * k), 1.0 / e));
  // A support so soft that δ/(s·k) underflows carries the whole δ: P = δ/s.
  if (!(contact > 0.0)) return damped(delta / s, 1.0 / s, c, in);
  for (int i = 0; i < 100; ++i) {
    const double power = k * std::pow(contact, e);
    const double next = contact - (contact + s * power - delta) / (1.0 + s * e * power / contact);
    if (!(next < contact)) break;
    contact = next;
  }
  const double elastic = k * std::pow(contact, e);
  const double contact_slope = e * elastic / contact;  // dP/dδ_c
  return damped(elastic, contact_slope / (1.0 + s * contact_slope), c, in);
}

NormalForce evaluateLaw(const HuntCrossleyLaw& law, const NormalLawInput& in) {
  const double impact = std::max(in.initial_rate, law.min_impact_velocity);
  const double x = law.damping == HuntCrossleyLaw::Damping::ExactRestitution
                       ? exactRestitutionDamping(law.restitution)
                       : 1.5 * (1.0 - law.restitution);
  if (law.support_compliance > 0.0)
    return dampedSeriesPower(law.stiffness, law.exponent, law.support_compliance, x / impact, in);
  return dampedPower(law.stiffness, law.exponent, x / impact, in);
}

NormalForce evaluateLaw(const Modia3dLaw& law, const NormalLawInput& in) {
  const double impact = std::abs(in.initial_rate);
  const double cor = impact > law.v_small ? law.restitution : 0.0;  // rest comes to rest
  const double d = cor > 0.0 ? std::min(law.max_damping, 8.0 * (1.0 - cor) / (5.0 * cor * impact))
                             : law.max_damping;
  const double c_geo = 4.0 / 3.0 * std::sqrt(law.geometry_radius);
  return dampedPower(law.reduction * law.effective_modulus * c_geo, 1.5, d, in);
}

NormalForce evaluateLaw(const HertzHuntCrossleyLaw& law, const NormalLawInput& in) {
  const double hertz = 4.0 / 3.0 * law.effective_modulus * std::sqrt(law.effective_radius);
  return dampedPower(hertz, 1.5, 1.5 * law.dissipation, in);
}

NormalForce evaluateLaw(const ConformingHertzLaw& law, const NormalLawInput& in) {
  const double stiffness = 4.0 / 3.0 * law.effective_modulus * std::sqrt(law.effectiveRadius());
  const double impact = std::max(in.initial_rate, law.min_impact_velocity);
  const double e = law.restitution;
  return dampedPower(stiffness, 1.5, 3.0 * (1.0 - e * e) / (4.0 * impact), in);
}

}  // namespace

NormalForce evaluate(const NormalLaw& law, const NormalLawInput& input) {
  return std::visit([&](const auto& l) { return evaluateLaw(l, input); }, law);
}

double exactRestitutionDamping(double restitution) {
  // A law's ε changes between scenes, not between calls: the last root is kept per thread.
  thread_local double last_restitution = 1.0, last_root = 0.0;
  const double e = std::max(restitution, kSmallestExactRestitution);
  if (e >= 1.0) return 0.0;
  if (e == last_restitution) return last_root;
  // g(x) = [x − ln(1 + x)] − [−e·x − ln(1 − e·x)] ≈ (1 − e²)·x²/2 > 0 near 0 and → −∞ as
  // x → 1/e; it has one root there. Bisection to the last bit (log1p keeps both brackets exact
  // for small x).
  const auto g = [e](double x) { return x - std::log1p(x) + e * x + std::log1p(-e * x); };
  double lo = 0.0, hi = 1.0 / e;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (g(mid) > 0.0 ? lo : hi) = mid;
  }
  last_restitution = e;
  last_root = 0.5 * (lo + hi);
  return last_root;
}

double storedEnergy(const NormalLaw& law, double indentation) {
  if (!(indentation > 0.0)) return 0.0;
  // x = δ·u² takes the power laws' P ∝ x^e (and the support's series form, which behaves so
  // near 0) to a smooth integrand in u, 2δ·u·P(δu²), which an 8-point Gauss–Legendre rule on
  // [0, 1] integrates exactly for e = 1.5 (a polynomial of degree 4) and to rounding otherwise.
  static constexpr std::array<double, 4> kNodes = {0.1834346424956498, 0.5255324099163290,
                                                   0.7966664774136267, 0.9602898564975363};
  static constexpr std::array<double, 4> kWeights = {0.3626837833783620, 0.3137066458778873,
                                                     0.2223810344533745, 0.1012285362903763};
  double sum = 0.0;
  for (std::size_t i = 0; i < kNodes.size(); ++i) {
    for (const double sign : {-1.0, 1.0}) {
      const double u = 0.5 * (1.0 + sign * kNodes[i]);
      sum += kWeights[i] * u * evaluate(law, {indentation * u * u, 0.0, 0.0}).value;
    }
  }
  // ∫₀¹ f du = ½·Σ wᵢ f(uᵢ) over the nodes mapped from [−1, 1]; the integrand is 2δ·u·P.
  return indentation * sum;
}

double effectiveModulus(double young_a, double poisson_a, double young_b, double poisson_b) {
  return 1.0 / ((1.0 - poisson_a * poisson_a) / young_a + (1.0 - poisson_b * poisson_b) / young_b);
}

}  // namespace contactsim
