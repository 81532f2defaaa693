// How much a whole region presses in total per unit of its normal force: Coulomb friction on a
// surface that slides along itself (a pin turning in its bore, a shaft sliding along a pipe) is
// μ·∫p dA, and on a curved contact surface ∫p dA exceeds the resultant F_n along the normal
// (docs/method.md, "Friction over a whole region").
#pragma once

#include <span>
#include <vector>

#include "contact/local_overlap.h"
#include "contact/posed_mesh.h"
#include "contact/region_split.h"

namespace contactsim {

// ∫p dA / |∫p·n dA| ≥ 1 over the region's interface samples (splitRegion's facing pairs). An
// elastic foundation presses along the interface's normal nᵢ with p ∝ the overlap's thickness
// across it, which is tᵢ·cᵢ for a thin overlap of thickness tᵢ along the region's normal N
// (cᵢ = nᵢ·N); the sample's triangle has area Sᵢ and tᵢ the mean of its corners' local overlaps
// (overlapCap; 0 at a corner outside, δ where a ray found no exit). With wᵢ = Sᵢ·tᵢ·cᵢ:
//   pressure_per_force = Σ wᵢ / |Σ wᵢ nᵢ|,
// the spread of the interface's normals alone: the law's F_n is the resultant's share along N,
// and a normal N that leans off the samples (a contour's vector area over a small region, its
// only facing pair 55° away) is no spread of the pressure. For a pin pressed into its bore that is
// the lune's ∫(e cos θ − c) dθ / ∫(e cos θ − c) cos θ dθ (1.028 at ±30°, 1.063 at ±45°); for two
// equal convex bodies, whose interface is nearly flat, 1 + O(δ/R); 1 for a flat face or a single
// sample. Both sides' samples count, each sampling the same interface. 1 without samples pressing
// along N.
double interfacePressurePerForce(const PosedMesh& a, std::span<const VertexOverlap> overlaps_a,
                                 const PosedMesh& b, std::span<const VertexOverlap> overlaps_b,
                                 std::span<const InterfaceSample> samples, const Vec3& normal,
                                 double indentation);

}  // namespace contactsim
