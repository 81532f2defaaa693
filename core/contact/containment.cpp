#include "contact/containment.h"

#include <cmath>
#include <numbers>

namespace contactsim {

const char* toString(Containment containment) {
  switch (containment) {
    case Containment::None:
      return "none";
    case Containment::AInsideB:
      return "a_inside_b";
    case Containment::BInsideA:
      return "b_inside_a";
  }
  return "none";
}

double windingNumber(const PosedMesh& surface, const Vec3& point) {
  // Solid angle of each triangle seen from the point (Van Oosterom & Strackee 1983):
  // tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| + (b·c)|a| + (c·a)|b|).
  double total = 0.0;
  for (std::size_t t = 0; t < surface.mesh.triangleCount(); ++t) {
    const auto i = static_cast<std::int32_t>(t);
    const Vec3 a = surface.corner(i, 0) - point, b = surface.corner(i, 1) - point,
               c = surface.corner(i, 2) - point;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    const double numerator = a.dot(b.cross(c));
    const double denominator = la * lb * lc + a.dot(b) * lc + b.dot(c) * la + c.dot(a) * lb;
    total += 2.0 * std::atan2(numerator, denominator);
  }
  return total / (4.0 * std::numbers::pi);
}

Containment findContainment(const PosedMesh& a, const PosedMesh& b) {
  if (a.mesh.empty() || b.mesh.empty()) return Containment::None;
  // Without intersecting triangles either every point of A is inside B or none is: one vertex
  // decides. Disjoint boxes rule containment out without touching a triangle.
  // A vertex outside the other's box is outside the other: the winding number (a pass over
  // every triangle) runs only when the box test cannot decide.
  const Box3 box_a = a.boundsInQuery(), box_b = b.boundsInQuery();
  if (!box_a.intersects(box_b)) return Containment::None;
  const Vec3 vertex_a = a.vertex(0), vertex_b = b.vertex(0);
  if (box_b.contains(vertex_a) && windingNumber(b, vertex_a) > 0.5) return Containment::AInsideB;
  if (box_a.contains(vertex_b) && windingNumber(a, vertex_b) > 0.5) return Containment::BInsideA;
  return Containment::None;
}

}  // namespace contactsim
