#include "contact/pressure_centre.h"

#include <array>

namespace contactsim {
namespace {

struct DepthPoint {
  Vec3 x;
  double d;
};

// ∫_T f dA and ∫_T f·x dA for f linear on the triangle: A/3·Σf and A/12·(Σ f_i x_i + Σf·Σx).
void addTriangle(const DepthPoint& p0, const DepthPoint& p1, const DepthPoint& p2, double& weight,
                 Vec3& first_moment) {
  const double area = 0.5 * (p1.x - p0.x).cross(p2.x - p0.x).norm();
  const double sum_d = p0.d + p1.d + p2.d;
  weight += area / 3.0 * sum_d;
  first_moment +=
      area / 12.0 * (p0.d * p0.x + p1.d * p1.x + p2.d * p2.x + sum_d * (p0.x + p1.x + p2.x));
}

// The part of a triangle with d ≥ 0 (Sutherland–Hodgman against one plane: at most four
// corners), fanned.
void addClipped(const std::array<DepthPoint, 3>& corners, double& weight, Vec3& first_moment) {
  std::array<DepthPoint, 4> kept;
  int count = 0;
  for (int k = 0; k < 3; ++k) {
    const DepthPoint& p = corners[k];
    const DepthPoint& q = corners[(k + 1) % 3];
    if (p.d >= 0.0) kept[count++] = p;
    if ((p.d >= 0.0) != (q.d >= 0.0)) {
      const double s = p.d / (p.d - q.d);
      kept[count++] = {p.x + s * (q.x - p.x), 0.0};
    }
  }
  for (int k = 1; k + 1 < count; ++k)
    addTriangle(kept[0], kept[k], kept[k + 1], weight, first_moment);
}

}  // namespace

PenetratedSurface& PenetratedSurface::operator+=(const PenetratedSurface& o) {
  weight += o.weight;
  first_moment += o.first_moment;
  if (o.deepest_depth > deepest_depth) {
    deepest_depth = o.deepest_depth;
    deepest_point = o.deepest_point;
  }
  return *this;
}

PenetratedSurface integratePenetratedSurface(const PosedMesh& mesh,
                                             std::span<const std::int32_t> inside_vertices,
                                             std::span<const std::int32_t> touching_triangles,
                                             const ContactPlane& plane, const Vec3& direction) {
  // The depth is affine in the body-frame position y, d = m·y + offset, so the integral runs on
  // the mesh's own vertices and only its two results are moved into the plane's frame.
  const Vec3 m = mesh.pose.rotation.transpose() * direction;
  const double offset = direction.dot(mesh.pose.translation - plane.origin);
  const auto& vertices = mesh.mesh.vertices();
  const auto& triangles = mesh.mesh.triangles();
  std::int32_t deepest_vertex = -1;
  double deepest_depth = 0.0;
  for (const std::int32_t v : inside_vertices) {
    if (const double d = m.dot(vertices[v]) + offset; d > deepest_depth) {
      deepest_depth = d;
      deepest_vertex = v;
    }
  }
  double weight = 0.0;
  Vec3 moment = Vec3::Zero();  // ∫ d·y dA
  for (const std::int32_t t : touching_triangles) {
    std::array<DepthPoint, 3> points;
    bool whole = true;
    for (int k = 0; k < 3; ++k) {
      const Vec3& y = vertices[triangles[t][k]];
      points[k] = {y, m.dot(y) + offset};
      whole = whole && points[k].d >= 0.0;
    }
    if (whole)
      addTriangle(points[0], points[1], points[2], weight, moment);
    else
      addClipped(points, weight, moment);
  }
  PenetratedSurface out;
  out.weight = weight;
  out.first_moment = mesh.pose.rotation * moment + weight * mesh.pose.translation;
  if (deepest_vertex >= 0) {
    out.deepest_depth = deepest_depth;
    out.deepest_point = mesh.vertex(deepest_vertex);
  }
  return out;
}

Vec3 pressureCentre(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                    const ContactPlane& plane, const Vec3& contour_centroid, double area,
                    double indentation) {
  const double contour_weight = 0.1 * area * indentation;
  const double total = side_a.weight + side_b.weight + contour_weight;
  if (!(total > 0.0)) return contour_centroid;
  const Vec3 point =
      (side_a.first_moment + side_b.first_moment + contour_weight * contour_centroid) / total;
  return point - (point - plane.origin).dot(plane.normal) * plane.normal;
}

}  // namespace contactsim
