// Independent references for the IFToMM benchmark problems: each mechanism's motion in its one
// minimal coordinate, integrated with classical RK4 at a step small enough that its error
// (O(h⁴)) is far below any tolerance the tests use.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "scene/scene.h"

namespace contactsim::test {

// assets/scenes/benchmarks/<file> of the source tree (the benchmarks have no meshes).
Scene readBenchmarkScene(const std::string& file);
// Index of a benchmark's body; throws for a name the scene lacks (a mistake in the caller: the
// scenes come from scripts/gen_iftomm_scenes.py).
int benchmarkBody(const Scene& scene, const std::string& name);

// θ̈ = acceleration(θ, θ̇) from (θ0, θ̇0), sampled every `sample` seconds up to `end`.
std::vector<double> integrateOneDof(const std::function<double(double, double)>& acceleration,
                                    double theta0, double rate0, double end, double sample);

// A02 N-four-bar with 1 m, 1 kg links, gravity g along −y, cranks starting vertical with their
// tips moving at 1 m/s along +x. With θ the cranks' angle from +x, every coupler translates with
// the crank tips, so with I the cranks' inertia about their centre (normal to the plane),
// T = ½[(N+1)(I + 1/4) + N]θ̇² and V = g[(N+1)/2 + N] sin θ:
//   [(N+1)(I + 1/4) + N] θ̈ = −g[(N+1)/2 + N] cos θ,  θ(0) = π/2, θ̇(0) = −1 rad/s.
// The benchmark's slender rods have I = 1/12; the scenes' rods are 5 mm cylinders, I = 1/12 +
// r²/4, and that 6.25e-6 kg m² alone moves B0 by 1.1e-4 m over 10 s (N = 4): pass the scene's I.
// Returns x of the first crank's tip B0 = cos θ, every `sample` seconds.
std::vector<double> fourBarTipX(int n, double g, double crank_inertia, double end, double sample);
// The same for an A02 scene: its crank0's I_zz, its end time.
std::vector<double> fourBarTipX(const Scene& scene, int n, double g, double sample);

}  // namespace contactsim::test

namespace contactsim::test {

// A03 Andrews' squeezing mechanism (Hairer & Wanner, Solving ODEs II, §VII.7) in its seven
// angles q = (β, Θ, γ, Φ, δ, Ω, ε) with the six loop-closure equations g(q) = 0 (the joint E
// reached through bodies 2, 3, 4+5 and 6+7). Written here from the mechanism's geometry: every
// centre of mass and joint point is a fixed point plus arms ℓ·(cos ψ, sin ψ) with ψ = cᵀq + ψ0,
// so M = Σ m JᵀJ + I ccᵀ and the velocity terms follow from J̇q̇ = −Σ ℓ (cos ψ, sin ψ)(cᵀq̇)².
// The index-1 form [M Gᵀ; G 0][q̈; λ] = [f − Σ m Jᵀ J̇q̇; −Ġq̇] is integrated with RK4 at
// `steps_per_sample` steps per sample. Returns β every `sample` seconds up to `end`.
std::vector<double> andrewsBeta(double end, double sample, int steps_per_sample);

// A05 stiff flyball governor, from the library's data (bars 1 × 0.01 × 0.01 m and a 0.1 m cube
// sleeve at 3000 kg/m³, 5 kg balls at the arms' ends, spring–dampers k = 8e5 N/m, c = 4e4 N s/m,
// ℓ0 = 0.5 m from the sleeve's sides to the arms' midpoints, pivots 0.05 m off the spindle at
// height 1 m, arms at 30° below the horizontal, sleeve at s = 0.5 m, 2π rad/s about the vertical
// spindle, gravity g along −z). The two arms stay mirror images, so the motion has three
// coordinates: the spindle angle φ (cyclic: its momentum J(θ)φ̇ is conserved), the arms' angle
// θ from the downward vertical and the sleeve height s. Lagrange's equations are integrated with
// RK4 at 1e-5 s (the stiff spring–damper mode has |λ| ≈ 1.3e4 s⁻¹, inside RK4's stability
// interval 2.78/h). Returns s every `sample` seconds up to `end`.
std::vector<double> governorSleeve(double g, double end, double sample);

}  // namespace contactsim::test
