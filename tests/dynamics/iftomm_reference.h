// Independent references for the IFToMM benchmark problems: each mechanism's motion in its one
// minimal coordinate, integrated with classical RK4 at a step small enough that its error
// (O(h⁴)) is far below any tolerance the tests use.
#pragma once

#include <functional>
#include <vector>

namespace contactsim::test {

// θ̈ = acceleration(θ, θ̇) from (θ0, θ̇0), sampled every `sample` seconds up to `end`.
std::vector<double> integrateOneDof(const std::function<double(double, double)>& acceleration,
                                    double theta0, double rate0, double end, double sample);

// A02 N-four-bar with 1 m, 1 kg slender links, gravity g along −y, cranks starting vertical
// with their tips moving at 1 m/s along +x. With θ the cranks' angle from +x, every coupler
// translates with the crank tips, so T = ½[(N+1)/3 + N]θ̇² and V = g[(N+1)/2 + N] sin θ:
//   [(N+1)/3 + N] θ̈ = −g[(N+1)/2 + N] cos θ,  θ(0) = π/2, θ̇(0) = −1 rad/s.
// Returns x of the first crank's tip B0 = cos θ, every `sample` seconds.
std::vector<double> fourBarTipX(int n, double g, double end, double sample);

}  // namespace contactsim::test
