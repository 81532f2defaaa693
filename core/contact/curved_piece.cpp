#include "contact/curved_piece.h"

#include "contact/region_split.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <vector>

namespace contactsim {
namespace {

// A pressing element and the mean local overlap over its part (NaN: a corner unmeasured).
struct WeightedElement {
  SurfaceElement element;
  double overlap;
};

// The local overlap over a triangle's part inside the other body: the mean of its inside
// corners' overlaps. Where the intersection curve crosses the triangle the overlap may run on at
// full thickness (the part cut by the other body's end face: a shaft through a bore's end) or
// thin to nothing (the tip of a lune); the corners' mean is right for the first and overstates
// the second's few straddling triangles (docs/method.md, "Where a piece's force acts"). A
// triangle with no inside corner (an edge of the other body through it) has none: 0.
double meanPartOverlap(const PosedMesh& m, const PenetratedSide& side, std::int32_t t,
                       std::span<const VertexOverlap> overlaps) {
  double sum = 0.0;
  int inside = 0;
  for (const std::int32_t v : m.mesh.triangles()[t]) {
    if (!side.inside(v)) continue;
    ++inside;
    sum += overlapCap(overlaps, v);
  }
  if (inside == 0) return 0.0;
  if (!std::isfinite(sum)) return std::numeric_limits<double>::quiet_NaN();
  return sum / inside;
}

void addElements(const PosedMesh& m, const PenetratedSide& side,
                 std::span<const std::int32_t> triangles, std::span<const VertexOverlap> overlaps,
                 double sign, const Vec3& normal,
                 const std::function<InsidePart(std::int32_t)>& part,
                 std::vector<WeightedElement>& out) {
  for (const std::int32_t t : triangles) {
    const Vec3 n = sign * m.normal(t);
    if (!(n.dot(normal) >= kFacingCos)) continue;
    const InsidePart inside = part(t);
    SurfaceElement element{inside.centroid, n, inside.area};
    if (inside.at_corner) {
      // Its share of inside corners instead (docs/method.md, "Where a piece's force acts").
      int corners = 0;
      for (int k = 0; k < 3; ++k) corners += side.inside(m.mesh.triangles()[t][k]);
      const Vec3 p0 = m.corner(t, 0), p1 = m.corner(t, 1), p2 = m.corner(t, 2);
      element.x = (p0 + p1 + p2) / 3;
      element.w = 0.5 * (p1 - p0).cross(p2 - p0).norm() * corners / 3.0;
    }
    if (!(element.w > 0.0)) continue;
    out.push_back({element, meanPartOverlap(m, side, t, overlaps)});
  }
}

}  // namespace

std::vector<SurfaceElement> pressingElements(const PosedMesh& a, const PenetratedSide& side_a,
                                             std::span<const std::int32_t> triangles_a,
                                             std::span<const VertexOverlap> overlaps_a,
                                             const PosedMesh& b, const PenetratedSide& side_b,
                                             std::span<const std::int32_t> triangles_b,
                                             std::span<const VertexOverlap> overlaps_b,
                                             const RegionClip& clip, const Vec3& m) {
  std::vector<WeightedElement> weighted;
  addElements(
      a, side_a, triangles_a, overlaps_a, 1.0, m, [&](std::int32_t t) { return clip.partOfA(t); },
      weighted);
  addElements(
      b, side_b, triangles_b, overlaps_b, -1.0, m, [&](std::int32_t t) { return clip.partOfB(t); },
      weighted);
  // Winkler: the pressure on each part is proportional to the overlap there (docs/method.md,
  // "Where a piece's force acts"), unless an overlap is unknown or none is positive.
  const bool winkler =
      std::all_of(weighted.begin(), weighted.end(),
                  [](const WeightedElement& e) { return std::isfinite(e.overlap); }) &&
      std::any_of(weighted.begin(), weighted.end(),
                  [](const WeightedElement& e) { return e.overlap > 0.0; });
  std::vector<SurfaceElement> elements;
  elements.reserve(weighted.size());
  for (const WeightedElement& e : weighted) {
    SurfaceElement element = e.element;
    if (winkler) element.w *= e.overlap;
    if (element.w > 0.0) elements.push_back(element);
  }
  return elements;
}

std::optional<PieceAction> pieceAction(std::span<const SurfaceElement> elements) {
  double total = 0.0;
  Vec3 centroid = Vec3::Zero(), normal = Vec3::Zero();
  for (const SurfaceElement& e : elements) {
    total += e.w;
    centroid += e.w * e.x;
    normal += e.w * e.n;
  }
  if (!(total > 0.0) || !(normal.norm() > 0.0)) return std::nullopt;
  return PieceAction{centroid / total, normal.normalized()};
}

CurvedPieceTerms curvedPieceTerms(std::span<const SurfaceElement> elements, const Vec3& m,
                                  const Vec3& centre) {
  using Vec6 = Eigen::Matrix<double, 6, 1>;
  const auto rates = [&](const SurfaceElement& e) {
    Vec6 g;
    g << e.n, (e.x - centre).cross(e.n);
    return g;
  };
  double total = 0.0, along = 0.0;
  Vec3 centroid = Vec3::Zero();
  Vec6 mean = Vec6::Zero();  // ḡ, whose first half is n̄
  for (const SurfaceElement& e : elements) {
    total += e.w;
    along += e.w * e.n.dot(m);
    centroid += e.w * e.x;
    mean += e.w * rates(e);
  }
  CurvedPieceTerms out;
  if (!(total > 0.0) || !(along > 0.0)) return out;
  centroid /= total;
  mean /= total;
  for (const SurfaceElement& e : elements) {
    out.pressure_couple += e.w * (e.x - centroid).cross(e.n - mean.head<3>());
    const Vec6 deviation = rates(e) - mean;
    out.normal_rate_spread.noalias() += e.w * deviation * deviation.transpose();
  }
  out.pressure_couple /= along;
  out.normal_rate_spread /= total;
  out.pressure_per_force = std::max(1.0, total / along);
  return out;
}

Mat6 flatNormalRateSpread(double area, const Mat3& second_moment, const Vec3& m) {
  Mat6 spread = Mat6::Zero();
  if (!(area > 0.0)) return spread;
  const double disc = area / (4.0 * std::numbers::pi);
  const Vec3 e1 = m.unitOrthogonal(), e2 = m.cross(e1);
  Eigen::Matrix<double, 3, 2> axes;
  axes << e1, e2;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> principal(axes.transpose() * second_moment *
                                                                 axes);
  for (int k = 0; k < 2; ++k) {
    const Vec3 across = m.cross(axes * principal.eigenvectors().col(k));
    spread.bottomRightCorner<3, 3>() +=
        std::max(principal.eigenvalues()[k], disc) * across * across.transpose();
  }
  return spread;
}

}  // namespace contactsim
