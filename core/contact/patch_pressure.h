// The contact pressure on the penetrated triangles of a patch: its elastic-foundation (Winkler)
// depth field (ContactPatch::depth_field_a/b) scaled so that it integrates to the normal force.
// For display: the force laws never read it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact/contact_patch.h"

namespace contactsim {

struct TrianglePressure {
  std::int32_t triangle = -1;
  double pressure = 0.0;  // Pa, ≥ 0: the mean over the triangle's pressing part
  double area = 0.0;      // m², of that part (TriangleDepth::area)
};

struct PatchPressure {
  std::vector<TrianglePressure> a, b;  // on body A's and body B's penetrated triangles
  double peak = 0.0;                   // the largest of them (Pa); 0 when there are none
};

// Each body's surface carries the whole normal force F_n, so each side's field is scaled on its
// own: p_i = F_n · d_i / Σ_j d_j A_j, with d_i = (∫ d dA)_i / A_i the triangle's mean depth over
// its pressing part A_i, so that Σ p_i A_i = F_n. A side holding under a thousandth of both
// sides' ∫ d dA lies in the contact plane (a flat under a convex cap, the ground under a block):
// its depths are rounding, not a pressure's shape, and it gets no pressures; the other side shows
// the field. None at all for F_n ≤ 0 or not finite, or a field without finite positive entries.
PatchPressure patchPressure(const ContactPatch& patch, double normal_force);

}  // namespace contactsim
