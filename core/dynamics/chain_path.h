// The path of a chain between its two end points: the straight segment, or — when the chain is
// led through a ring fixed to the ground (a fairlead, or a hawse pipe's mouth: the pipe's bore cut
// by the shell's plane) and the segment would miss the opening — the shortest path through it,
// two straight segments meeting on its rim (docs/chain.md, "A chain led through a ring").
#pragma once

#include <optional>

#include "geometry/types.h"

namespace contactsim {

// A ring in the world frame: the cylinder of `radius` about the line through `centre` along
// `axis`, cut by the plane through `centre` with normal `plane_normal` (the axis itself for a
// ring square to it; a hawse pipe's mouth lies in the shell's plane). The chain passes through
// the opening — the part of the plane inside the cylinder, an ellipse — whenever its two ends lie
// on opposite sides of that plane.
struct ChainGuide {
  Vec3 centre = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();         // unit
  double radius = 0.0;               // > 0
  std::optional<Vec3> plane_normal;  // unit; none: the axis
};

// ℓ(a, b) and its first and second derivatives with respect to the end points.
inline constexpr double kGuideMaxLean = 1.3962634015954636;  // 80°, in radians

struct ChainPath {
  double length = 0.0;
  // ∂ℓ/∂a and ∂ℓ/∂b: unit vectors from the path's point next to each end towards that end.
  Vec3 grad_a = Vec3::Zero(), grad_b = Vec3::Zero();
  // ∂²ℓ/∂a², ∂²ℓ/∂a∂b (its transpose is ∂²ℓ/∂b∂a), ∂²ℓ/∂b².
  Mat3 hess_aa = Mat3::Zero(), hess_ab = Mat3::Zero(), hess_bb = Mat3::Zero();
  // Where the chain bears on the rim, if it does.
  std::optional<Vec3> bend;
};

// Throws std::invalid_argument naming the field for a non-finite centre, a zero or non-finite
// axis or plane normal, a radius not > 0, or a plane leaning more than kGuideMaxLean from square
// to the axis.
void checkChainGuide(const ChainGuide& guide);

// The guide, if any, must have passed checkChainGuide. For coincident straight ends the
// derivatives are zero.
ChainPath chainPath(const Vec3& a, const Vec3& b, const std::optional<ChainGuide>& guide);

// The jump of ℓ when `moving` goes from `from` to `to` across the guide's plane beside the opening
// (outside the cylinder), `fixed` on the plane's other side at either end: the rim path's length
// less the straight one's at the crossing point — the rule switches there (docs/chain.md, "Which
// radius"). 0 when the motion does not cross the plane or crosses it within the opening.
double guideJump(const ChainGuide& guide, const Vec3& fixed, const Vec3& from, const Vec3& to);

}  // namespace contactsim
