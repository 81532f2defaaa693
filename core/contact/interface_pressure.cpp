#include "contact/interface_pressure.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace contactsim {

double interfacePressurePerForce(const PosedMesh& a, std::span<const VertexOverlap> overlaps_a,
                                 const PosedMesh& b, std::span<const VertexOverlap> overlaps_b,
                                 std::span<const InterfaceSample> samples, const Vec3& normal,
                                 double indentation) {
  std::vector<std::pair<double, Vec3>> weighted;  // wᵢ, nᵢ
  Vec3 resultant = Vec3::Zero();
  for (const InterfaceSample& s : samples) {
    const double c = s.normal.dot(normal);
    if (!(c > 0.0)) continue;
    const PosedMesh& m = s.side == 0 ? a : b;
    const std::span<const VertexOverlap> overlaps = s.side == 0 ? overlaps_a : overlaps_b;
    double thickness = 0.0;
    for (int k = 0; k < 3; ++k) {
      const double t = overlapCap(overlaps, m.mesh.triangles()[s.triangle][k]);
      thickness += std::isfinite(t) ? std::min(t, indentation) : indentation;
    }
    const Vec3 p0 = m.corner(s.triangle, 0);
    const double area =
        0.5 * (m.corner(s.triangle, 1) - p0).cross(m.corner(s.triangle, 2) - p0).norm();
    const double w = area * thickness / 3.0 * c;
    if (!(w > 0.0)) continue;
    weighted.emplace_back(w, s.normal);
    resultant += w * s.normal;
  }
  const double along = resultant.norm();
  if (!(along > 0.0)) return 1.0;
  // Σwᵢ/|Σwᵢnᵢ| − 1 as Σwᵢ(1 − nᵢ·d)/Σwᵢnᵢ·d with 1 − nᵢ·d = |nᵢ − d|²/2 (unit vectors, d the
  // resultant's direction): parallel normals give exactly 1, not 1 + a few ulps — which a long
  // chaotic run (Euler's disk spinning down for 30 s) amplifies into another outcome.
  const Vec3 direction = resultant / along;
  double excess = 0.0;
  for (const auto& [w, n] : weighted) excess += w * 0.5 * (n - direction).squaredNorm();
  return 1.0 + excess / along;
}

}  // namespace contactsim
