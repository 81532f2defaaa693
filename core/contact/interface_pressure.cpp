#include "contact/interface_pressure.h"

#include <algorithm>
#include <cmath>

namespace contactsim {

double interfacePressurePerForce(const PosedMesh& a, std::span<const VertexOverlap> overlaps_a,
                                 const PosedMesh& b, std::span<const VertexOverlap> overlaps_b,
                                 std::span<const InterfaceSample> samples, const Vec3& normal,
                                 double indentation) {
  double total = 0.0;
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
    total += w;
    resultant += w * s.normal;
  }
  const double along = resultant.norm();
  return along > 0.0 ? std::max(1.0, total / along) : 1.0;
}

}  // namespace contactsim
