#include "sim/contact_mode.h"

#include <cmath>

namespace contactsim {
namespace {

// 1/m + (r × n)ᵀ I⁻¹ (r × n) of one body, in its own axes: r is the point's offset from the
// centre of mass there (the coefficients of u, v, w in pointOn's terms, negated in the
// separation for A, which the quadratic form does not see) and n is brought in by Rᵀ,
// R = [u v w] from q. A fixed body (no coordinates) adds nothing.
double inverseEffectiveMass(const MultibodySystem& system, BodyIndex body, const AffineVec3& point,
                            const Vec3& normal, const Eigen::VectorXd& q) {
  const int o = system.coordinateOffset(body);
  if (o < 0) return 0.0;
  Vec3 r = Vec3::Zero();
  for (const AffineVec3::Term& term : point.terms)
    if (term.offset >= o + 3 && term.offset < o + 12) r[(term.offset - o) / 3 - 1] = term.coeff;
  Mat3 rotation;
  rotation << q.segment<3>(o + 3), q.segment<3>(o + 6), q.segment<3>(o + 9);
  const Vec3 moment_arm = r.cross(rotation.transpose() * normal);
  const MassInertia& mi = system.bodies()[body].mass;
  return 1.0 / mi.mass + moment_arm.dot(mi.inertia.ldlt().solve(moment_arm));
}

}  // namespace

double contactModeFrequency(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                            const AffineVec3& separation, const Vec3& normal, double stiffness,
                            const Eigen::VectorXd& q) {
  if (!(stiffness > 0.0)) return 0.0;
  const double w = inverseEffectiveMass(system, a, separation, normal, q) +
                   inverseEffectiveMass(system, b, separation, normal, q);
  return std::sqrt(stiffness * w);
}

}  // namespace contactsim
