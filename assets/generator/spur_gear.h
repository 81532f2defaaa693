// Involute spur gears as closed triangle meshes (the everyday-contact corpus' gear pair).
//
// Tooth form: the ISO 53 basic rack profile (pressure angle α = 20° by default, addendum
// h_a = 1·m, dedendum h_f = 1.25·m), standard gears (no profile shift). With module m and tooth
// count z (Litvin & Fuentes, *Gear Geometry and Applied Theory*, 2nd ed. 2004, ch. 10; ISO 21771):
//
//   pitch radius   r   = m z / 2
//   base radius    r_b = r cos α                    (= m z cos α / 2)
//   tip radius     r_a = r + h_a = r + m
//   root radius    r_f = r − h_f = r − 1.25 m
//
// An involute of the base circle in polar form, with roll angle t ≥ 0:
//
//   radius  ρ(t) = r_b √(1 + t²),   polar angle  θ(t) = θ_0 + (t − atan t) = θ_0 + inv α_t,
//
// inv x = tan x − x the involute function and α_t = atan t the profile's pressure angle at that
// radius (cos α_t = r_b / ρ). The tooth thickness on the pitch circle is s = π m / 2 − thinning
// (`thinning` ≥ 0 makes backlash: two gears meshed at the standard centre distance
// a = m (z1 + z2) / 2 have a circumferential backlash j_t = thinning1 + thinning2 on the pitch
// circle, a normal backlash j_n = j_t cos α). The half-angle of the tooth at radius ρ ≥ r_b is
//
//   ψ(ρ) = s / (2 r) + inv α − inv α_ρ,            α_ρ = acos(r_b / ρ),
//
// so the flanks of tooth k (centred on the polar angle φ_k = 2πk/z) are θ = φ_k ± ψ(ρ).
// Below the base circle (r_f < r_b: z < 2·1.25 / (1 − cos α) ≈ 41.4 at 20°) the flank is the
// radial line θ = φ_k ± ψ(r_b) down to the root circle: a simplification of the generated
// trochoidal fillet, which a mating standard gear with z ≥ kMinTeeth never touches (its path of
// contact ends above the base circle). The root between two teeth and the tip are arcs of the
// root and tip circles. z is refused below the undercut limit z_min = 2 h_a / (m sin² α) (17.1 at
// 20°, so 18), where a generated tooth would be undercut and this outline would be wrong.
//
// Mesh: the outline is a polygon whose vertices lie exactly on the curves above: each involute
// flank has `flank_divisions` chords at evenly spaced roll angles t (the involute's normal turns
// by dt, so every chord's normal is within Δt/2 of the true normal anywhere along it, and a chord
// of curvature radius ρ = r_b t ≤ r_b t_a deviates from the curve by at most ρ (1 − cos(Δt/2))),
// the tip arc `tip_divisions`, the root arc between teeth `root_divisions`, the radial part one.
// The outline is extruded along z, centred on z = 0, with `width_divisions` rows; each face is
// capped by a fan of the root polygon about the axis plus, per tooth, a ladder of quads between the
// two flanks' vertices and a fan of the tip (the outline is star-shaped about the axis, but the
// radial flank lines pass through it, so a single central fan would leave degenerate triangles
// there).
#pragma once

#include <numbers>

#include "geometry/tri_mesh.h"

namespace contactsim::models {

struct SpurGearSpec {
  double module = 0.002;                                    // m (m)
  int teeth = 20;                                           // z
  double face_width = 0.01;                                 // along the axis z (m)
  double pressure_angle = 20.0 * std::numbers::pi / 180.0;  // α (rad), ISO 53: 20°
  double thinning = 0.0;     // reduction of the pitch-circle tooth thickness (arc, m)
  int flank_divisions = 16;  // chords along each involute flank
  int tip_divisions = 3;     // chords along the tip arc of a tooth
  int root_divisions = 4;    // chords along the root arc between two teeth
  int width_divisions = 1;   // rows along the axis
};

// Addendum and dedendum coefficients of the ISO 53 basic rack.
inline constexpr double kAddendumCoefficient = 1.0;
inline constexpr double kDedendumCoefficient = 1.25;

struct SpurGearDims {
  double pitch_radius = 0.0, base_radius = 0.0, tip_radius = 0.0, root_radius = 0.0;
  double half_tooth_angle_pitch = 0.0;  // ψ(r) = s / (2r)
  double half_tooth_angle_base = 0.0;   // ψ(r_b) = s / (2r) + inv α: also the radial flank's
  int min_teeth = 0;                    // the undercut limit ⌈2 h_a* / sin² α⌉
};

// The radii and angles above; throws std::invalid_argument naming the field for a bad spec:
// non-finite or non-positive module or face width, pressure angle outside (10°, 35°), teeth below
// the undercut limit, thinning negative or leaving no tooth at the tip, divisions < 1.
SpurGearDims spurGearDims(const SpurGearSpec& spec);

// The involute function inv x = tan x − x.
double involute(double x);

// Closed, watertight, outward-oriented mesh of the gear: axis z, centred on z = 0, tooth 0
// centred on the +x axis.
TriMesh makeSpurGear(const SpurGearSpec& spec);

}  // namespace contactsim::models
