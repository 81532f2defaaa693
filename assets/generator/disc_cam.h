// Disc cams for a flat-faced translating follower (the cam-and-follower demo, issue 20).
//
// Lift law (displacement diagram): over one turn of the cam, θ ∈ [0, 2π), a low dwell (s = 0), a
// cycloidal rise of height h over β_r starting at θ_r, a high dwell (s = h), a cycloidal return
// over β_f, and the low dwell again (R. L. Norton, *Cam Design and Manufacturing Handbook*, 2nd
// ed., Industrial Press 2009, ch. 3, "cycloidal displacement"; H. A. Rothbart, *Cam Design
// Handbook*, McGraw-Hill 2004, ch. 2). With x = (θ − θ_start)/β ∈ [0, 1]:
//
//   rise    s = h (x − sin(2πx)/(2π)),  s′ = (h/β)(1 − cos 2πx),  s″ = (2πh/β²) sin 2πx
//   return  s = h (1 − x + sin(2πx)/(2π)), s′ and s″ the negatives of the rise's,
//
// derivatives with respect to the cam angle θ (m/rad, m/rad²): s, s′, s″ are continuous, so a cam
// turning at constant ω gives the follower a finite, continuous acceleration ω²s″.
//
// Profile (Norton 2009, ch. 7, "flat-faced follower"): the follower face is the line at distance
// r_b + s(θ) from the cam axis, perpendicular to u(θ), the unit vector from the axis towards the
// follower in the cam frame. The cam is the envelope of those lines; the point of contact is
//
//   p(θ) = (r_b + s) u(θ) + s′ u′(θ),     u′ = du/dθ,
//
// so it lies s′ off the follower's axis along its face, and the profile's radius of curvature
// there is ρ(θ) = r_b + s + s″. The profile is a convex curve only when ρ > 0 everywhere (else it
// has a cusp and the follower face would not touch the cam at all angles: undercutting); the
// spec is refused otherwise. Its support function along u(θ) is r_b + s(θ): the follower's lift
// at cam angle θ is exactly s(θ) whatever the profile's shape in between.
//
// Conventions of the mesh: the cam frame has its axis along z and turns about +z by θ; the
// follower lies on the +y axis of the world frame the cam starts in, so in the cam frame
// u(θ) = (sin θ, cos θ, 0) and u′(θ) = (cos θ, −sin θ, 0). At θ = 0 the follower touches the
// profile point (0, r_b + s(0), 0).
//
// Mesh: `profile_points` vertices p(θ_i), θ_i = 2πi/N (one at θ = 0), exactly on the profile.
// The normal of the profile at p(θ) is u(θ), so between two vertices the tangent turns by
// exactly Δθ = 2π/N, and a chord of a convex arc whose tangent turns by Δθ and whose radius of
// curvature is at most ρ_max lies within ρ_max (1 − cos(Δθ/2)) of the arc (the chordal error,
// camChordalError). The polygon's support along any u(θ) is then between r_b + s(θ) − that error
// and r_b + s(θ). The polygon is extruded along z over the width, centred on z = 0, and capped at
// both ends by a fan around the vertices' centroid (inside the convex profile).
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim::models {

// Angles in radians (m for the lift). The low dwell is what the others leave of the turn.
struct CamLaw {
  double lift = 0.01;       // h (m)
  double rise_start = 0.0;  // θ_r: the rise begins here (low dwell before it)
  double rise = 2.0;        // β_r
  double high_dwell = 1.0;  // after the rise
  double fall = 2.0;        // β_f: the return, after the high dwell
};

struct CamMotion {
  double s = 0.0;    // lift (m)
  double ds = 0.0;   // s′ = ds/dθ (m/rad)
  double dds = 0.0;  // s″ = d²s/dθ² (m/rad²)
};

struct DiscCamSpec {
  CamLaw law;
  double base_radius = 0.03;  // r_b (m): the profile's radius in the low dwell
  double width = 0.01;        // along the axis z (m)
  int profile_points = 720;   // N vertices around the profile
  int width_divisions = 1;    // rows along z
};

// s, s′, s″ at cam angle θ (any real; taken modulo 2π). Does not check the law.
CamMotion camMotion(const CamLaw& law, double theta);
// p(θ) in the cam frame (z = 0) and ρ(θ) = r_b + s + s″.
Vec3 camProfilePoint(const DiscCamSpec& spec, double theta);
double camCurvatureRadius(const DiscCamSpec& spec, double theta);
// The follower direction u(θ) = (sin θ, cos θ, 0) in the cam frame.
Vec3 camFollowerDirection(double theta);
// min and an upper bound of ρ over the turn: the minimum from a sampling 64 times finer than the
// vertices (ρ is smooth; checked > 0 and refined by golden-section search near the smallest
// sample); the bound ρ ≤ r_b + h + 2πh / min(β_r, β_f)² from |sin| ≤ 1, s ≤ h.
double camMinCurvatureRadius(const DiscCamSpec& spec);
double camMaxCurvatureRadiusBound(const DiscCamSpec& spec);
// ρ_max (1 − cos(π/N)) with ρ_max the bound above: how far any chord of the mesh's profile lies
// inside the exact profile, and so by how much the mesh's support along u(θ) may fall short of
// r_b + s(θ).
double camChordalError(const DiscCamSpec& spec);

// Checks the spec; throws std::invalid_argument naming the field: lift, angles or radius not
// finite or not positive (rise_start, high_dwell ≥ 0), the phases longer than a turn, width ≤ 0,
// profile_points < 16, width_divisions < 1, and `base_radius` too small for a convex profile
// (min ρ ≤ 0: the message gives min ρ and where).
void checkDiscCamSpec(const DiscCamSpec& spec);

// Closed, watertight, outward-oriented mesh of the cam (conventions above).
TriMesh makeDiscCam(const DiscCamSpec& spec);

// The demo's cam (assets/models/cam_cycloidal.stl, assets/scenes/cam_follower.json): r_b = 30 mm,
// h = 10 mm, low dwell to 45°, rise over 120°, high dwell 45°, return over 120°, low dwell 30°;
// 12 mm wide; 3600 vertices around (chordal error about 21 nm, below the contact's µm
// indentation).
DiscCamSpec camFollowerDemoCam();
// Its flat-faced follower (assets/models/follower_flat.stl): a block centred on its origin,
// half extents (20, 10, 12) mm in (x: along the face, across the cam; y: along the cam's axis;
// z: the lift direction), so its face is 40 mm long, wider than 2 max|s′| = 4h/β (19 mm), and
// overhangs the 12 mm cam on both sides.
Vec3 camFollowerDemoFollowerHalfExtents();

}  // namespace contactsim::models
