// Closed forms for the pressure of a conforming contact: a ball or a pin whose centre sits e from
// its socket's or bore's (clearance c < e, both small against the radius). The overlap across the
// inner body's surface at angle θ from the line of centres is t(θ) ≈ e·cos θ − c, up to
// β = acos(c/e); an elastic foundation presses there along the surface's normal with p ∝ t.
#pragma once

#include <cmath>

namespace contactsim::test {

// ∫p dA / |∫p·n dA| over a pin's lune: ∫t dθ / ∫t·cos θ dθ
//   = (e·sin β − c·β) / (e·(β + sin β·cos β)/2 − c·sin β).
inline double lunePressurePerForce(double e, double c) {
  const double beta = std::acos(c / e);
  return (e * std::sin(beta) - c * beta) /
         (0.5 * e * (beta + std::sin(beta) * std::cos(beta)) - c * std::sin(beta));
}

// The same over a ball's cap, dA ∝ sin θ dθ: with u = cos θ and k = c/e,
// ∫(u − k) du / ∫(u − k)·u du over [k, 1] = ((1 − k)²/2) / ((1 − k)²(2 + k)/6) = 3/(2 + k).
inline double capPressurePerForce(double e, double c) { return 3.0 / (2.0 + c / e); }

}  // namespace contactsim::test
