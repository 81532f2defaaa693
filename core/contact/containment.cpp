#include "contact/containment.h"

#include <cmath>
#include <numbers>
#include <optional>

#include "collision/segment_query.h"

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

bool insideSurface(const AabbTree& surface, const Pose& surface_in_query, const Vec3& point) {
  // Two fixed directions far from the axes and from each other (generic for CAD meshes, whose
  // faces and edges tend to be axis-aligned); fixed so that results never vary between runs.
  static const Vec3 kDirections[2] = {Vec3(0.5773, 0.6411, 0.5057).normalized(),
                                      Vec3(-0.7189, 0.3152, 0.6196).normalized()};
  const Pose into_mesh = surface_in_query.inverse();
  const Vec3 origin = into_mesh.apply(point);
  std::optional<int> winding;
  for (const Vec3& direction : kDirections) {
    const std::optional<int> count =
        signedCrossings(surface, origin, into_mesh.rotation * direction);
    if (!count || (*count != 0 && *count != 1) || (winding && *winding != *count)) {
      return windingNumber(PosedMesh{surface.mesh(), surface_in_query}, point) > 0.5;
    }
    winding = count;
  }
  return *winding == 1;
}

Containment findContainment(const AabbTree& a, const Pose& a_in_query, const AabbTree& b,
                            const Pose& b_in_query) {
  if (a.empty() || b.empty()) return Containment::None;
  const PosedMesh posed_a{a.mesh(), a_in_query}, posed_b{b.mesh(), b_in_query};
  // Without intersecting triangles either every point of A is inside B or none is: one vertex
  // decides. Disjoint boxes rule containment out without touching a triangle, and a vertex
  // outside the other's box is outside the other.
  const Box3 box_a = posed_a.boundsInQuery(), box_b = posed_b.boundsInQuery();
  if (!box_a.intersects(box_b)) return Containment::None;
  const Vec3 vertex_a = posed_a.vertex(0), vertex_b = posed_b.vertex(0);
  if (box_b.contains(vertex_a) && insideSurface(b, b_in_query, vertex_a))
    return Containment::AInsideB;
  if (box_a.contains(vertex_b) && insideSurface(a, a_in_query, vertex_b))
    return Containment::BInsideA;
  return Containment::None;
}

}  // namespace contactsim
