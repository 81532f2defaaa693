#include "contact/pressure_centre.h"

#include <array>
#include <vector>

namespace contactsim {
namespace {

struct DepthPoint {
  Vec3 x;
  double d;
};

// ∫_T f dA and ∫_T f·x dA for f linear on the triangle: A/3·Σf and A/12·(Σ f_i x_i + Σf·Σx).
void addTriangle(const DepthPoint& p0, const DepthPoint& p1, const DepthPoint& p2,
                 PressureMoments& out) {
  const double area = 0.5 * (p1.x - p0.x).cross(p2.x - p0.x).norm();
  const double sum_d = p0.d + p1.d + p2.d;
  out.weight += area / 3.0 * sum_d;
  out.first_moment +=
      area / 12.0 * (p0.d * p0.x + p1.d * p1.x + p2.d * p2.x + sum_d * (p0.x + p1.x + p2.x));
}

// The part of a triangle with d ≥ 0 (Sutherland–Hodgman against one plane), fanned.
void addClipped(const std::array<DepthPoint, 3>& corners, PressureMoments& out) {
  std::vector<DepthPoint> kept;
  for (int k = 0; k < 3; ++k) {
    const DepthPoint& p = corners[k];
    const DepthPoint& q = corners[(k + 1) % 3];
    if (p.d >= 0.0) kept.push_back(p);
    if ((p.d >= 0.0) != (q.d >= 0.0)) {
      const double s = p.d / (p.d - q.d);
      kept.push_back({p.x + s * (q.x - p.x), 0.0});
    }
  }
  for (std::size_t k = 1; k + 1 < kept.size(); ++k) addTriangle(kept[0], kept[k], kept[k + 1], out);
}

}  // namespace

PressureMoments pressureMoments(const PosedMesh& mesh,
                                std::span<const std::int32_t> inside_vertices,
                                std::span<const std::int32_t> component_of_vertex,
                                std::int32_t component, const ContactPlane& plane,
                                const Vec3& direction) {
  PressureMoments out;
  for (const std::int32_t v : inside_vertices) {
    for (const std::int32_t t : mesh.mesh.trianglesAround(v)) {
      // Each triangle once: from its first inside corner.
      const TriangleIndices& corners = mesh.mesh.triangles()[t];
      int first = 0;
      while (component_of_vertex[corners[first]] != component) ++first;
      if (corners[first] != v) continue;
      std::array<DepthPoint, 3> points;
      for (int k = 0; k < 3; ++k) {
        const Vec3 x = mesh.vertex(corners[k]);
        points[k] = {x, (x - plane.origin).dot(direction)};
      }
      addClipped(points, out);
    }
  }
  return out;
}

Vec3 pressureCentre(const PressureMoments& moments, const ContactPlane& plane,
                    const Vec3& contour_centroid, double area, double indentation) {
  const double contour_weight = 0.1 * area * indentation;
  const double total = moments.weight + contour_weight;
  if (!(total > 0.0)) return contour_centroid;
  const Vec3 point = (moments.first_moment + contour_weight * contour_centroid) / total;
  return point - (point - plane.origin).dot(plane.normal) * plane.normal;
}

}  // namespace contactsim
