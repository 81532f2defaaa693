// Rounded-rectangle cross-sections for lofts: the section loop as eight sides (four flats, four
// quarter-circle corners) and the point of each side, plus the radial distance to the outline.
#pragma once

#include <vector>

#include "generator/loft.h"

namespace contactsim::models {

// Sides, counter-clockwise seen from +s in local (u, v) section coordinates:
// 0 bottom flat (v = -hv), 1 corner, 2 right flat (u = +hu), 3 corner, 4 top flat (v = +hv),
// 5 corner, 6 left flat (u = -hu), 7 corner. Flats have p in [-1, 1] running along the loop,
// corners an angle in radians.
enum RoundedRectSide { kBottomFlat = 0, kRightFlat = 2, kTopFlat = 4, kLeftFlat = 6 };

struct RoundedRect {
  double hu = 1.0, hv = 1.0, radius = 0.1;  // half sizes and corner radius (< both half sizes)
  Eigen::Vector2d point(int side, double p) const;
  // Distance from the centre to the outline along direction angle theta (from +u towards +v).
  double radial(double theta) const;
};

// The loop's nodes: `nu` cells on the bottom and top flats, `nv` on the left and right flats and
// `nc` on each corner.
std::vector<AroundNode> roundedRectAround(int nu, int nv, int nc);

}  // namespace contactsim::models
