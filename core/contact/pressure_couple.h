// The couple a curved piece's pressure adds to its resultant (docs/method.md, "Curved pieces are
// not a gradient").
#pragma once

#include <cstdint>
#include <span>

#include "contact/local_overlap.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// A patch applies its normal force F_n at one point along one normal m. Pressure on a curved
// surface pushes along the surface's own normals, whose moments a single force along their mean
// misses: on a thread's flank piece, which spans tens of degrees of azimuth, the point force's
// moment about the axis — the torque that screws the nut — is (sin β/β)² of the flank's, β the
// piece's half span, and the force no longer follows the helix: it does work along the screw
// motion and is not a gradient. Returns κ, the moment per unit normal force of the pressing
// triangles' normals about their own weighted centroid x̄:
//   κ = Σ wᵢ (xᵢ − x̄) × (nᵢ − n̄) / Σ wᵢ nᵢ·m,   n̄ = Σ wᵢ nᵢ / Σ wᵢ,
// over A's penetrated triangles (outward normals) and B's (inward) whose normals lie within 45° of
// m — the surface the piece presses on, not the overlap's sides — each weighted by its area times
// its share of inside corners, at its centroid xᵢ. κ is zero on a flat patch (every nᵢ = n̄) and
// on any cap of a cylinder or a sphere (normals through one axis or centre, xᵢ = o + ρnᵢ); on a
// helicoid every normal's moment about the axis per unit of axial force is the lead, so F_n·(m, κ)
// screws as the flank's pressure does. The couple acts on B as F_n·κ (−F_n·κ on A); zero without
// a positive Σ wᵢ nᵢ·m.
Vec3 pressureCouple(const PosedMesh& a, const PenetratedSide& side_a,
                    std::span<const std::int32_t> triangles_a, const PosedMesh& b,
                    const PenetratedSide& side_b, std::span<const std::int32_t> triangles_b,
                    const Vec3& m);

}  // namespace contactsim
