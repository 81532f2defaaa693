#include "contact/patch_geometry.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace contactsim {
namespace {

using Vec2 = Eigen::Vector2d;

std::vector<Vec2> project(const ContactPlane& plane, const std::vector<Vec3>& loop) {
  std::vector<Vec2> polygon;
  polygon.reserve(loop.size());
  for (const Vec3& p : loop) {
    const Vec3 d = p - plane.origin;
    polygon.emplace_back(d.dot(plane.axis_u), d.dot(plane.axis_v));
  }
  return polygon;
}

}  // namespace

ContactPlane planeFromNormal(const Vec3& origin, const Vec3& unit_normal) {
  ContactPlane plane;
  plane.origin = origin;
  plane.normal = unit_normal;
  // Any in-plane axis: start from the world axis least aligned with the normal.
  Eigen::Index least = 0;
  unit_normal.cwiseAbs().minCoeff(&least);
  plane.axis_u = unit_normal.cross(Vec3::Unit(least)).normalized();
  plane.axis_v = unit_normal.cross(plane.axis_u);
  return plane;
}

std::optional<ContactPlane> fitContactPlane(std::span<const std::vector<Vec3>> loops) {
  // For a segment x(s) = p + s (q − p), s ∈ [0, 1], of length L:
  //   ∫x dl = L (p + q)/2,  ∫x xᵀ dl = L [ppᵀ/3 + qqᵀ/3 + (pqᵀ + qpᵀ)/6].
  // Moments are taken about the first point so that far-from-origin contours keep precision.
  double length = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
  if (loops.empty() || loops.front().empty()) return std::nullopt;
  const Vec3 reference = loops.front().front();
  for (const auto& loop : loops) {
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const Vec3 p = loop[i] - reference;
      const Vec3 q = loop[(i + 1) % loop.size()] - reference;
      const double l = (q - p).norm();
      length += l;
      first += l * (p + q) / 2;
      second += l * (p * p.transpose() / 3 + q * q.transpose() / 3 +
                     (p * q.transpose() + q * p.transpose()) / 6);
    }
  }
  if (!(length > 0.0)) return std::nullopt;
  const Vec3 mean = first / length;
  const Mat3 covariance = second / length - mean * mean.transpose();
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(covariance);  // ascending eigenvalues
  const Vec3 lambda = eigen.eigenvalues();
  // A contour spread in only one direction (a line) or none (a point) defines no plane.
  if (!(lambda(1) > 1e-10 * lambda(2))) return std::nullopt;
  ContactPlane plane = planeFromNormal(reference + mean, eigen.eigenvectors().col(0));
  plane.thickness_ratio = std::sqrt(std::max(lambda(0), 0.0) / lambda(1));
  return plane;
}

ProjectedRegion projectRegion(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops) {
  std::vector<std::vector<Vec2>> polygons;
  for (const auto& loop : loops) polygons.push_back(project(plane, loop));
  double area = 0.0;
  Vec2 moment = Vec2::Zero();
  for (std::size_t i = 0; i < polygons.size(); ++i) {
    const auto& poly = polygons[i];
    if (poly.size() < 3) continue;
    double signed_area = 0.0;
    Vec2 signed_moment = Vec2::Zero();
    for (std::size_t k = 0; k < poly.size(); ++k) {
      const Vec2& a = poly[k];
      const Vec2& b = poly[(k + 1) % poly.size()];
      const double cross = a.x() * b.y() - b.x() * a.y();
      signed_area += cross / 2;
      signed_moment += cross * (a + b) / 6;
    }
    int depth = 0;  // how many other loops enclose this one
    for (std::size_t j = 0; j < polygons.size(); ++j) {
      if (j != i && polygons[j].size() >= 3 && pointInPolygon(poly.front(), polygons[j])) ++depth;
    }
    // |A| with the sign of the walk removed, then + for outer boundaries, − for holes.
    const double sign = (signed_area < 0 ? -1.0 : 1.0) * (depth % 2 == 0 ? 1.0 : -1.0);
    area += sign * signed_area;
    moment += sign * signed_moment;
  }
  ProjectedRegion region;
  region.area = std::max(area, 0.0);
  const Vec2 centre = area > 0.0 ? Vec2(moment / area) : Vec2::Zero();
  region.centroid = plane.origin + centre.x() * plane.axis_u + centre.y() * plane.axis_v;
  return region;
}

bool pointInPolygon(const Eigen::Vector2d& point, std::span<const Eigen::Vector2d> polygon) {
  bool inside = false;
  for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const Vec2& a = polygon[i];
    const Vec2& b = polygon[j];
    if ((a.y() > point.y()) != (b.y() > point.y())) {
      const double x = a.x() + (point.y() - a.y()) * (b.x() - a.x()) / (b.y() - a.y());
      if (point.x() < x) inside = !inside;
    }
  }
  return inside;
}

}  // namespace contactsim
