// Segments and rays against a mesh through its AABB tree (mesh frame): the traversal and the
// triangle test shared by the tunnelling check (sim/swept_check.h) and the inside test
// (contact/containment.h), and the signed crossing count that is a closed surface's winding number
// in O(log n) instead of a pass over every triangle.
#pragma once

#include <optional>
#include <vector>

#include "collision/aabb_tree.h"

namespace contactsim {

// Where the line p + t·d meets the plane of the triangle (a, b, c), in Möller & Trumbore's (1997)
// terms: p + t·d = a + u·(b − a) + v·(c − a), and their determinant det = (b − a)·(d × (c − a)) =
// −d·((b − a) × (c − a)), zero when d runs parallel to the plane (u, v, t are then not finite).
struct LineHit {
  double u = 0.0, v = 0.0, t = 0.0, det = 0.0;
};
LineHit lineMeetsTriangle(const Vec3& p, const Vec3& d, const Vec3& a, const Vec3& b,
                          const Vec3& c);

// Does p + t·d, 0 ≤ t ≤ t_max, meet the node's box grown by `pad`? (Slab test, Kay & Kajiya 1986.)
bool segmentMeetsBox(const Vec3& p, const Vec3& d, double t_max, const AabbTree::Node& node,
                     double pad = 0.0);

// Calls visit(triangle index) for every triangle whose tree boxes (grown by `pad`) the segment
// p + t·d, 0 ≤ t ≤ t_max (infinite: a ray), meets; a fixed depth-first order.
template <class Visit>
void forEachTriangleAlong(const AabbTree& tree, const Vec3& p, const Vec3& d, double t_max,
                          double pad, Visit&& visit) {
  if (tree.empty()) return;
  std::vector<AabbTree::Ref> stack = {tree.root()};
  while (!stack.empty()) {
    const AabbTree::Ref ref = stack.back();
    stack.pop_back();
    if (AabbTree::isTriangle(ref)) {
      visit(static_cast<std::size_t>(AabbTree::triangleOf(ref)));
      continue;
    }
    const AabbTree::Node& node = tree.node(ref);
    if (!segmentMeetsBox(p, d, t_max, node, pad)) continue;
    for (const AabbTree::Ref child : node.child) stack.push_back(child);
  }
}

// Sum over the triangles the ray origin + t·direction (t > 0, direction unit) passes through of +1
// where it leaves through the outward side (direction · normal > 0) and −1 where it enters: for a
// closed surface the origin's winding number (1 inside, 0 outside). Empty when this ray cannot
// decide: it passes within rounding of an edge, a vertex or the plane of a triangle it meets
// (one crossing could count twice or not at all), or the origin lies on the surface.
std::optional<int> signedCrossings(const AabbTree& tree, const Vec3& origin, const Vec3& direction);

}  // namespace contactsim
