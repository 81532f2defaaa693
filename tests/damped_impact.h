// The exact rebound of a 1-DOF impact on a damped normal law F = P(δ)·(1 + c·δ̇), P(0) = 0 and
// P ≥ 0: the form of every law in core/contact/normal_force.h. The reference the bounce tests
// compare the laws and the simulation with, instead of a rebound measured from either.
#pragma once

#include <cmath>

namespace contactsim::test {

// Derivation (mass m, met at δ̇ = v₀, leaving at δ̇ = −v_r): with v = δ̇,
//   m·v·dv/dδ = −P(δ)·(1 + c·v)   ⇒   m·v/(1 + c·v)·dv = −P(δ)·dδ.
// δ runs from 0 to its largest value and back to 0, so the right side integrates to zero for any
// P; with ∫ v/(1 + c·v) dv = v/c − ln(1 + c·v)/c², the rebound y = c·v_r of an impact x = c·v₀
// solves
//   x − ln(1 + x) = −y − ln(1 − y),   0 ≤ y < 1,
// whatever the stiffness, exponent and mass. 1 + c·v ≥ 1 − y > 0 throughout, so the laws' clamp
// at F = 0 never acts. For small x, e = y/x ≈ 1 − (2/3)·x (Hunt & Crossley 1975's linear estimate).
// Returns the coefficient of restitution e = v_r/v₀ = y/x for x = c·v₀ ≥ 0.
inline double dampedImpactRestitution(double x) {
  if (!(x > 0.0)) return 1.0;
  const double target = x - std::log1p(x);
  // −y − ln(1 − y) rises from 0 to ∞ over [0, 1): bisection to the last bit.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200 && lo < hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    (-mid - std::log1p(-mid) < target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi) / x;
}

}  // namespace contactsim::test
