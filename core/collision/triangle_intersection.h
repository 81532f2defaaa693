// Triangle–triangle intersection in double precision, returning the intersection segment
// (Dopico et al. §IV.B.2: "the new algorithm includes also the calculation of the extreme points of
// the segment").
#pragma once

#include <array>

#include "geometry/types.h"

namespace contactsim {

using Triangle = std::array<Vec3, 3>;

enum class TriangleContact {
  None,      // disjoint (or one triangle has no area)
  Segment,   // crossing or touching: the closed triangles share the segment [p0, p1]
  Coplanar,  // both in one plane and overlapping (or touching) in it: an area, no segment
};

struct TriangleIntersection {
  TriangleContact contact = TriangleContact::None;
  // Valid for Segment only. A touching point (vertex on face, crossing edges) gives p0 == p1.
  Vec3 p0 = Vec3::Zero();
  Vec3 p1 = Vec3::Zero();
};

// Distances below this fraction of the longer triangle's longest edge count as zero: a vertex
// that close to the other plane is on it, boxes and intervals that close are touching. Scale-free,
// so a 1 mm part and a 1 km part are judged alike.
inline constexpr double kTriangleRelativeTolerance = 1e-10;

// The closed triangles are intersected as point sets. The answer does not depend on the order of
// the arguments (the pair is put in a canonical order first, so even rounding is identical) and
// is the same, up to rounding, after one rigid motion of both. Triangles whose area is negligible
// against their longest edge squared (the TriMesh criterion) never intersect anything.
TriangleIntersection intersectTriangles(const Triangle& p, const Triangle& q);

}  // namespace contactsim
