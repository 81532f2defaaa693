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

struct SignedPolygon {
  std::vector<Vec2> polygon;
  double sign;       // +1 or −1
  std::size_t loop;  // index into the loops it was projected from
};

// Each loop projected into the plane, with the sign that turns its walk into + for an outer
// boundary and − for a hole: holes are found by nesting (a loop inside an odd number of others),
// whatever the loops' walking direction. Loops of fewer than three points are dropped.
std::vector<SignedPolygon> signedPolygons(const ContactPlane& plane,
                                          std::span<const std::vector<Vec3>> loops) {
  std::vector<std::vector<Vec2>> polygons;
  for (const auto& loop : loops) polygons.push_back(project(plane, loop));
  std::vector<SignedPolygon> out;
  for (std::size_t i = 0; i < polygons.size(); ++i) {
    const auto& poly = polygons[i];
    if (poly.size() < 3) continue;
    double twice_area = 0.0;
    for (std::size_t k = 0; k < poly.size(); ++k) {
      const Vec2& a = poly[k];
      const Vec2& b = poly[(k + 1) % poly.size()];
      twice_area += a.x() * b.y() - b.x() * a.y();
    }
    int depth = 0;  // how many other loops enclose this one
    for (std::size_t j = 0; j < polygons.size(); ++j) {
      if (j != i && polygons[j].size() >= 3 && pointInPolygon(poly.front(), polygons[j])) ++depth;
    }
    const double sign = (twice_area < 0 ? -1.0 : 1.0) * (depth % 2 == 0 ? 1.0 : -1.0);
    out.push_back({poly, sign, i});
  }
  return out;
}

// ∫|x| dA over the triangle (0, a, b), signed by its orientation. In polar coordinates about the
// apex, with h the apex's distance from the line ab and s the signed position along it from the
// foot of the perpendicular, ∫∫ r·r dr dφ = (h³/3)∫sec³φ dφ = G(s_b) − G(s_a), where
// G(s) = (s·h·√(h² + s²) + h³·asinh(s/h))/6.
double apexDistanceIntegral(const Vec2& a, const Vec2& b) {
  const Vec2 edge = b - a;
  const double length = edge.norm();
  const double twice_area = a.x() * b.y() - b.x() * a.y();
  if (!(length > 0.0) || twice_area == 0.0) return 0.0;
  const Vec2 along = edge / length;
  const double h = std::abs(twice_area) / length;
  const auto G = [h](double s) {
    return (s * h * std::sqrt(h * h + s * s) + h * h * h * std::asinh(s / h)) / 6.0;
  };
  const double integral = G(b.dot(along)) - G(a.dot(along));
  return twice_area > 0.0 ? integral : -integral;
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
  double area = 0.0;
  Vec2 moment = Vec2::Zero();
  Eigen::Matrix2d second = Eigen::Matrix2d::Zero();  // ∫ p pᵀ dA about the plane's origin
  for (const auto& [poly, sign, loop] : signedPolygons(plane, loops)) {
    // Green's theorem over each edge (a, b) of the shoelace's fan, c = a × b: ∫ dA = Σ c/2,
    // ∫ p dA = Σ c(a + b)/6, ∫ p pᵀ dA = Σ c(2aaᵀ + 2bbᵀ + abᵀ + baᵀ)/24.
    double signed_area = 0.0;
    Vec2 signed_moment = Vec2::Zero();
    Eigen::Matrix2d signed_second = Eigen::Matrix2d::Zero();
    for (std::size_t k = 0; k < poly.size(); ++k) {
      const Vec2& a = poly[k];
      const Vec2& b = poly[(k + 1) % poly.size()];
      const double cross = a.x() * b.y() - b.x() * a.y();
      signed_area += cross / 2;
      signed_moment += cross * (a + b) / 6;
      signed_second +=
          cross *
          (2 * a * a.transpose() + 2 * b * b.transpose() + a * b.transpose() + b * a.transpose()) /
          24;
    }
    area += sign * signed_area;
    moment += sign * signed_moment;
    second += sign * signed_second;
  }
  ProjectedRegion region;
  region.area = std::max(area, 0.0);
  const Vec2 centre = area > 0.0 ? Vec2(moment / area) : Vec2::Zero();
  region.centroid = plane.origin + centre.x() * plane.axis_u + centre.y() * plane.axis_v;
  if (area > 0.0) {
    const Eigen::Matrix2d about_centre = second / area - centre * centre.transpose();
    Eigen::Matrix<double, 3, 2> axes;
    axes << plane.axis_u, plane.axis_v;
    region.second_moment = axes * about_centre * axes.transpose();
  }
  return region;
}

Vec3 vectorArea(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops) {
  Vec3 sum = Vec3::Zero();
  for (const SignedPolygon& p : signedPolygons(plane, loops)) {
    // ½∮x × dx about the plane's origin (any point gives the same for a closed loop; a near one
    // keeps the products' precision far from the world origin).
    const std::vector<Vec3>& loop = loops[p.loop];
    Vec3 twice = Vec3::Zero();
    for (std::size_t k = 0; k < loop.size(); ++k) {
      twice += (loop[k] - plane.origin).cross(loop[(k + 1) % loop.size()] - plane.origin);
    }
    // The sign turns the walk, whichever way it goes, into an outer boundary about +normal
    // (its projected area, twice·normal, positive) or a hole.
    sum += 0.5 * p.sign * twice;
  }
  return sum;
}

double meanDistance(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops) {
  // Fanned from the origin: the signed triangles (origin, a, b) of each loop sum to the region.
  double area = 0.0, distance = 0.0;
  for (const auto& [poly, sign, loop] : signedPolygons(plane, loops)) {
    for (std::size_t k = 0; k < poly.size(); ++k) {
      const Vec2& a = poly[k];
      const Vec2& b = poly[(k + 1) % poly.size()];
      area += sign * (a.x() * b.y() - b.x() * a.y()) / 2;
      distance += sign * apexDistanceIntegral(a, b);
    }
  }
  return area > 0.0 ? std::max(distance / area, 0.0) : 0.0;
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
