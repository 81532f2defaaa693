#include "contact/curved_piece.h"

#include "contact/region_split.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <functional>
#include <numbers>
#include <vector>

namespace contactsim {
namespace {

void addElements(const PosedMesh& m, const PenetratedSide& side,
                 std::span<const std::int32_t> triangles, double sign, const Vec3& normal,
                 const std::function<InsidePart(std::int32_t)>& part,
                 std::vector<SurfaceElement>& out) {
  for (const std::int32_t t : triangles) {
    const Vec3 n = sign * m.normal(t);
    if (!(n.dot(normal) >= kFacingCos)) continue;
    const InsidePart inside = part(t);
    if (inside.at_corner) {
      // Its share of inside corners instead (docs/method.md, "Where a piece's force acts").
      int corners = 0;
      for (int k = 0; k < 3; ++k) corners += side.inside(m.mesh.triangles()[t][k]);
      const Vec3 p0 = m.corner(t, 0), p1 = m.corner(t, 1), p2 = m.corner(t, 2);
      const double area = 0.5 * (p1 - p0).cross(p2 - p0).norm() * corners / 3.0;
      if (area > 0.0) out.push_back({(p0 + p1 + p2) / 3, n, area});
      continue;
    }
    if (!(inside.area > 0.0)) continue;
    out.push_back({inside.centroid, n, inside.area});
  }
}

}  // namespace

std::vector<SurfaceElement> pressingElements(const PosedMesh& a, const PenetratedSide& side_a,
                                             std::span<const std::int32_t> triangles_a,
                                             const PosedMesh& b, const PenetratedSide& side_b,
                                             std::span<const std::int32_t> triangles_b,
                                             const RegionClip& clip, const Vec3& m) {
  std::vector<SurfaceElement> elements;
  addElements(
      a, side_a, triangles_a, 1.0, m, [&](std::int32_t t) { return clip.partOfA(t); }, elements);
  addElements(
      b, side_b, triangles_b, -1.0, m, [&](std::int32_t t) { return clip.partOfB(t); }, elements);
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
