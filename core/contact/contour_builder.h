// Dopico et al. §IV.C: chains unordered intersection segments into ordered contours (joined by
// coincident end points rather than the paper's mesh neighbours; docs/method.md, step 3).
#pragma once

#include <span>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

struct ContourSegment {
  Vec3 p0, p1;
  std::int32_t pair = -1;  // index of the triangle pair that produced it
};

struct ContourLoop {
  std::vector<Vec3> points;         // ordered; for a closed loop the first point is not repeated
  std::vector<std::int32_t> pairs;  // pair of each segment walked (points.size() or one less)
  bool closed = false;
};

// Endpoints closer than `merge_tolerance` are one contour vertex; segments shorter than it and
// duplicates are dropped. Chains that end (a mesh boundary) come back with closed == false.
// Where more than two segments meet (touching loops, a figure-eight), the walk splits them into
// simple loops, each starting at a vertex no other loop passes through where it has one (for
// projectRegion's nesting test); a loop met along an open chain is cut off from it likewise.
std::vector<ContourLoop> buildContours(std::span<const ContourSegment> segments,
                                       double merge_tolerance);

}  // namespace contactsim
