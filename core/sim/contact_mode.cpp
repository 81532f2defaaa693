#include "sim/contact_mode.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <optional>
#include <variant>

namespace contactsim {
namespace {

// A moving body as a force's point sees it: the coefficients of pointOn's terms in a
// separation (sign ±1 on x, +1 for B and −1 for A; r the point's offset from the centre of mass
// in the body's axes, carrying that sign), R = [u v w] from q, and the body's inverse inertia in
// its axes. Empty for a fixed body (no coordinates), which adds nothing.
struct BodyAtPoint {
  double sign = 0.0;
  Vec3 r = Vec3::Zero();
  Mat3 rotation;
  double mass = 0.0;
  Mat3 inverse_inertia;
};

std::optional<BodyAtPoint> bodyAtPoint(const MultibodySystem& system, BodyIndex body,
                                       const AffineVec3& point, const Eigen::VectorXd& q) {
  const int o = system.coordinateOffset(body);
  if (o < 0) return std::nullopt;
  BodyAtPoint out;
  for (const AffineVec3::Term& term : point.terms) {
    if (term.offset == o) out.sign = term.coeff;
    if (term.offset >= o + 3 && term.offset < o + 12) out.r[(term.offset - o) / 3 - 1] = term.coeff;
  }
  out.rotation << q.segment<3>(o + 3), q.segment<3>(o + 6), q.segment<3>(o + 9);
  const MassInertia& mi = system.bodies()[body].mass;
  out.mass = mi.mass;
  out.inverse_inertia = mi.inertia.ldlt().solve(Mat3::Identity());
  return out;
}

// How the moving bodies yield at a force's point: a unit force along any world direction t moves
// the point by tᵀ(I/m + W)t per unit impulse, W = Σ R·(−[r]ₓ I⁻¹ [r]ₓ)·Rᵀ ((r × t)ᵀ I⁻¹ (r × t)
// as a quadratic form, which r's sign does not change).
struct PointMobility {
  double inverse_mass = 0.0;       // Σ 1/m
  Mat3 rotational = Mat3::Zero();  // W
};

PointMobility pointMobility(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                            const AffineVec3& point, const Eigen::VectorXd& q) {
  PointMobility out;
  for (const BodyIndex body : {a, b}) {
    const std::optional<BodyAtPoint> at = bodyAtPoint(system, body, point, q);
    if (!at) continue;
    const Vec3& r = at->r;
    Mat3 cross;
    cross << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    out.inverse_mass += 1.0 / at->mass;
    out.rotational -= at->rotation * cross * at->inverse_inertia * cross * at->rotation.transpose();
  }
  return out;
}

}  // namespace

void PairModes::add(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                    const AffineVec3& separation, const Vec3& normal, double stiffness,
                    const Eigen::VectorXd& q) {
  if (!(stiffness > 0.0)) return;
  Eigen::Matrix<double, 12, 1> j = Eigen::Matrix<double, 12, 1>::Zero();
  int slot = 0;
  for (const BodyIndex body : {a, b}) {
    if (const std::optional<BodyAtPoint> at = bodyAtPoint(system, body, separation, q)) {
      // The point's offset from the centre of mass in the world (r carries the sign).
      const Vec3 offset = at->sign * (at->rotation * at->r);
      const Mat3 inverse_inertia = at->rotation * at->inverse_inertia * at->rotation.transpose();
      const Mat3 root = inverse_inertia.llt().matrixL();
      // J = sign·[n; offset × n] for (v, ω) of the body; ĵ = Lᵀ J with L = diag(I/√m, root).
      j.segment<3>(slot) = at->sign * normal / std::sqrt(at->mass);
      j.segment<3>(slot + 3) = at->sign * (root.transpose() * offset.cross(normal));
    }
    slot = 6;
  }
  sum_.noalias() += stiffness * j * j.transpose();
  empty_ = false;
}

double PairModes::frequency() const {
  if (empty_) return 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 12, 12>> solver(sum_,
                                                                            Eigen::EigenvaluesOnly);
  return std::sqrt(std::max(0.0, solver.eigenvalues().maxCoeff()));
}

double tangentialInverseMass(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                             const AffineVec3& separation, const Vec3& normal,
                             const Eigen::VectorXd& q) {
  // Σ over an orthonormal t₁, t₂ ⊥ n of tᵀWt is tr(W) − nᵀWn, whatever the pair chosen.
  const PointMobility m = pointMobility(system, a, b, separation, q);
  return m.inverse_mass + 0.5 * (m.rotational.trace() - normal.dot(m.rotational * normal));
}

double frictionInverseMass(const FrictionModel& law, const MultibodySystem& system, BodyIndex a,
                           BodyIndex b, const AffineVec3& separation, const Vec3& normal,
                           std::size_t contacts, const Eigen::VectorXd& q) {
  if (!std::holds_alternative<StickSlipFriction>(law)) return 0.0;
  return static_cast<double>(contacts) * tangentialInverseMass(system, a, b, separation, normal, q);
}

}  // namespace contactsim
