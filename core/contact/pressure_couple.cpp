#include "contact/pressure_couple.h"

#include <cmath>
#include <numbers>
#include <vector>

namespace contactsim {
namespace {

// Within 45° of the piece's normal: the facing test of region_split.h.
const double kPressingCos = std::cos(std::numbers::pi / 4);

struct Element {
  Vec3 x, n;
  double w;
};

// Each pressing triangle's centroid, its normal from A into B (`sign`), and its area times its
// share of inside corners.
void addElements(const PosedMesh& m, const PenetratedSide& side,
                 std::span<const std::int32_t> triangles, double sign, const Vec3& normal,
                 std::vector<Element>& out) {
  for (const std::int32_t t : triangles) {
    const Vec3 n = sign * m.normal(t);
    if (!(n.dot(normal) >= kPressingCos)) continue;
    int inside = 0;
    for (const std::int32_t v : m.mesh.triangles()[t]) inside += side.inside(v);
    if (inside == 0) continue;
    const Vec3 p0 = m.corner(t, 0), p1 = m.corner(t, 1), p2 = m.corner(t, 2);
    const double area = 0.5 * (p1 - p0).cross(p2 - p0).norm();
    out.push_back({(p0 + p1 + p2) / 3, n, area * inside / 3.0});
  }
}

}  // namespace

Vec3 pressureCouple(const PosedMesh& a, const PenetratedSide& side_a,
                    std::span<const std::int32_t> triangles_a, const PosedMesh& b,
                    const PenetratedSide& side_b, std::span<const std::int32_t> triangles_b,
                    const Vec3& m) {
  std::vector<Element> elements;
  addElements(a, side_a, triangles_a, 1.0, m, elements);
  addElements(b, side_b, triangles_b, -1.0, m, elements);
  double total = 0.0, along = 0.0;
  Vec3 centroid = Vec3::Zero(), mean = Vec3::Zero();
  for (const Element& e : elements) {
    total += e.w;
    along += e.w * e.n.dot(m);
    centroid += e.w * e.x;
    mean += e.w * e.n;
  }
  if (!(total > 0.0) || !(along > 0.0)) return Vec3::Zero();
  centroid /= total;
  mean /= total;
  Vec3 couple = Vec3::Zero();
  for (const Element& e : elements) couple += e.w * (e.x - centroid).cross(e.n - mean);
  return couple / along;
}

}  // namespace contactsim
