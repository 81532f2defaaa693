#include "contact/interface_pressure.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace contactsim {

double interfacePressurePerForce(const PosedMesh& a, std::span<const VertexOverlap> overlaps_a,
                                 const PosedMesh& b, std::span<const VertexOverlap> overlaps_b,
                                 std::span<const InterfaceSample> samples, const Vec3& normal,
                                 double indentation) {
  // wᵢ per sample, 0 for one that does not press along the normal.
  std::vector<double> weights(samples.size(), 0.0);
  Vec3 resultant = Vec3::Zero();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const InterfaceSample& s = samples[i];
    const double c = s.normal.dot(normal);
    if (!(c > 0.0)) continue;
    const PosedMesh& m = s.side == 0 ? a : b;
    const std::span<const VertexOverlap> overlaps = s.side == 0 ? overlaps_a : overlaps_b;
    double thickness = 0.0;
    for (int k = 0; k < 3; ++k) {
      const double t = overlapCap(overlaps, m.mesh.triangles()[s.triangle][k]);
      thickness += std::isfinite(t) ? std::min(t, indentation) : indentation;
    }
    const double w = s.area * thickness / 3.0 * c;
    if (!(w > 0.0)) continue;
    weights[i] = w;
    resultant += w * s.normal;
  }
  const double along = resultant.norm();
  if (!(along > 0.0)) return 1.0;
  // Σwᵢ/|Σwᵢnᵢ| − 1 as Σwᵢ(1 − nᵢ·d)/Σwᵢnᵢ·d with 1 − nᵢ·d = |nᵢ − d|²/2 (unit vectors, d the
  // resultant's direction): parallel normals give exactly 1, not 1 + a few ulps — which a long
  // chaotic run (Euler's disk spinning down for 30 s) amplifies into another outcome.
  const Vec3 direction = resultant / along;
  double excess = 0.0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (weights[i] > 0.0)
      excess += weights[i] * 0.5 * (samples[i].normal - direction).squaredNorm();
  }
  return 1.0 + excess / along;
}

}  // namespace contactsim
