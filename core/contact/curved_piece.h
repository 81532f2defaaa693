// What a patch's pressure does beyond one force along one normal at one point: a curved piece's
// couple, and the damping of the normal rates over a curved piece or a flat region (docs/method.md,
// "Curved pieces are not a gradient", "Damping a curved piece" and "Damping a flat region").
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "contact/local_overlap.h"
#include "contact/overlap_volume.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// A pressing triangle of a piece: the centroid of its part inside the other body, its normal
// from A into B, and its weight (the pressure on that part: pressingElements).
struct SurfaceElement {
  Vec3 x, n;
  double w = 0.0;
};

struct CurvedPieceTerms {
  // κ: the moment per unit normal force that the pressure adds about the piece's centre (the
  // torque on B is F_n·κ). A patch applies F_n at one point along one normal m; pressure on a
  // curved surface pushes along the surface's own normals, whose moments a single force along
  // their mean misses. On a thread's flank piece spanning ±β of azimuth the point force's moment
  // about the axis — the torque that screws the nut — is (sin β/β)² of the flank's, and the force
  // does work along the screw motion: it is not a gradient.
  //   κ = Σ wᵢ (xᵢ − x̄) × (nᵢ − n̄) / Σ wᵢ nᵢ·m,   x̄, n̄ the weighted means,
  // zero on a flat patch (every nᵢ = n̄) and on any cap of a cylinder or a sphere (xᵢ = o + ρnᵢ);
  // on a helicoid every normal's moment about the axis per unit of axial force is the lead, so
  // F_n·(m, κ) screws as the flank's pressure does.
  Vec3 pressure_couple = Vec3::Zero();
  // S: the weighted covariance over the elements of gᵢ = (nᵢ, (xᵢ − c) × nᵢ), c the piece's
  // centre. A twist (v, ω) of B relative to A at c moves B's surface at xᵢ along nᵢ at gᵢ·(v, ω),
  // so (v, ω)ᵀ S (v, ω) is the variance of that normal rate over the piece. The law's damping acts
  // on the mean rate; spread over the piece it also resists the rates' variation, with the wrench
  // −∂F_n/∂δ̇·S·(v, ω) on B. On a flat disc S is ρ²(I − mmᵀ) in its rotation block and zero
  // elsewhere, ρ² = ∫y²dA/A (what flatNormalRateSpread gives a disc); a motion that slides the
  // surface over itself — a screw along a helicoid, a turn about a cylinder's axis or a sphere's
  // centre — moves every element at the same normal rate and meets no damping.
  Mat6 normal_rate_spread = Mat6::Zero();
  // The pressure's integral per unit normal force, ∫p dA / F_n = Σ wᵢ / Σ wᵢ nᵢ·m ≥ 1: the
  // normals of a curved surface partly cancel in their resultant, so the surface presses with
  // more than F_n in total. Coulomb friction resists a slide with μ·∫p dA, not μ·F_n: on a
  // thread's flank piece spanning ±45° of azimuth the resultant is 2.4 % short of the integral,
  // and so was the friction that brakes the nut (docs/method.md, "Friction on a curved piece").
  // 1 on a flat patch.
  double pressure_per_force = 1.0;
};

// Where and along what a piece's normal force acts: the elements' centroid x̄ = Σ wᵢxᵢ/Σ wᵢ
// and mean normal n̂ = Σ wᵢnᵢ/|Σ wᵢnᵢ|, weighted by the pressure on them (pressingElements: the
// centre of the piece's Winkler pressure on its surface). With the couple κ taken about x̄ along n̂,
// the piece's wrench F_n·(n̂, x̄ × n̂ + κ) is F_n/Σ wᵢnᵢ·n̂ times Σ wᵢ(nᵢ, xᵢ × nᵢ), a positive sum of
// the pressing surface's own normal wrenches: on a helicoid its moment about the axis is the lead
// times its axial force, so a frictionless thread does no work along the screw (docs/method.md,
// "Threads"). The piece's plane normal and the centre of pressure found in its plane depart
// from them: a thread's flank piece has a plane centre up to 0.7 mm from x̄ and a normal
// 0.5° off n̂, which over a 4 mm radius against a 0.16 mm lead per radian took 5 % of gravity's
// work from a frictionless nut screwing down. None without elements or with Σ wᵢnᵢ = 0.
struct PieceAction {
  Vec3 centre, normal;
};
std::optional<PieceAction> pieceAction(std::span<const SurfaceElement> elements);

// Both terms from a piece's elements; zero without a positive Σ wᵢ nᵢ·m.
CurvedPieceTerms curvedPieceTerms(std::span<const SurfaceElement> elements, const Vec3& m,
                                  const Vec3& centre);

// S of a flat region with normal m, `area` and in-plane second moment J = ∫ r rᵀ dA / area about
// its centre (ProjectedRegion::second_moment): a rotation ω moves the point at r along m at
// (ω × r)·m = ω·(r × m), so S's rotation block is Σₖ jₖ (m × uₖ)(m × uₖ)ᵀ over J's in-plane
// principal axes uₖ and values jₖ, and its other blocks are zero. Each jₖ is taken at least a
// disc's ρ² = area/(4π) (docs/method.md, "Damping a flat region"): a strip w × L keeps L²/12
// about the axis across it, which a shaft pressed along a pipe's bottom line needs to stop
// pitching, and the disc's wL/(4π) about its own line instead of w²/12, without which an edge a
// block rocks on chatters. A disc gets ρ²(I − mmᵀ); J = 0 (a piece with fewer than two pressing
// elements) gets the disc. Zero without a positive area.
Mat6 flatNormalRateSpread(double area, const Mat3& second_moment, const Vec3& m);

// The elements of a piece: the parts inside the other body (RegionClip) of A's penetrated
// triangles (outward normals) and B's (inward) whose normals lie within 45° of m — the surface
// the piece presses on, not the overlap's sides — each at its part's centroid, weighted by the
// Winkler pressure on it: its part's area times the local overlap there (the mean of its inside
// corners' overlaps from `overlaps_a`/`overlaps_b`, overlapCap). A triangle the curve leaves
// through a corner (InsidePart::at_corner) sits at its own centroid with its area times its share
// of inside corners. Where a pressing triangle has an inside corner without a measured overlap, or
// no element has a positive overlap, the weights are the parts' areas alone (a uniform pressure).
std::vector<SurfaceElement> pressingElements(const PosedMesh& a, const PenetratedSide& side_a,
                                             std::span<const std::int32_t> triangles_a,
                                             std::span<const VertexOverlap> overlaps_a,
                                             const PosedMesh& b, const PenetratedSide& side_b,
                                             std::span<const std::int32_t> triangles_b,
                                             std::span<const VertexOverlap> overlaps_b,
                                             const RegionClip& clip, const Vec3& m);

}  // namespace contactsim
