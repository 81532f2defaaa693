#include "dynamics/joint_coordinate.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactsim {

JointCoordinate::JointCoordinate(JointAxes axes) : axes_(std::move(axes)) {
  for (const AffineVec3* x : {&axes_.e1, &axes_.e2, &axes_.b, &axes_.d, &axes_.s}) {
    for (const AffineVec3::Term& term : x->terms) offsets_.push_back(term.offset);
  }
  std::sort(offsets_.begin(), offsets_.end());
  offsets_.erase(std::unique(offsets_.begin(), offsets_.end()), offsets_.end());
}

int JointCoordinate::localBlock(int offset) const {
  return static_cast<int>(std::lower_bound(offsets_.begin(), offsets_.end(), offset) -
                          offsets_.begin());
}

JointCoordinate::Dot JointCoordinate::dot(const AffineVec3& a, const AffineVec3& b,
                                          const Eigen::VectorXd& q) const {
  const int n = 3 * static_cast<int>(offsets_.size());
  Dot out{0.0, Eigen::VectorXd::Zero(n), Eigen::MatrixXd::Zero(n, n)};
  const Vec3 va = a.value(q), vb = b.value(q);
  out.value = va.dot(vb);
  // ∂(a·b)/∂q = a_qᵀ b + b_qᵀ a; ∂²(a·b)/∂q² = a_qᵀ b_q + b_qᵀ a_q (a_q = Σ coeff·I3 per block).
  for (const AffineVec3::Term& t : a.terms)
    out.gradient.segment<3>(3 * localBlock(t.offset)) += t.coeff * vb;
  for (const AffineVec3::Term& t : b.terms)
    out.gradient.segment<3>(3 * localBlock(t.offset)) += t.coeff * va;
  for (const AffineVec3::Term& ta : a.terms) {
    for (const AffineVec3::Term& tb : b.terms) {
      const int i = 3 * localBlock(ta.offset), j = 3 * localBlock(tb.offset);
      const double c = ta.coeff * tb.coeff;
      out.hessian.block<3, 3>(i, j).diagonal().array() += c;
      out.hessian.block<3, 3>(j, i).diagonal().array() += c;
    }
  }
  return out;
}

JointCoordinate::Evaluation JointCoordinate::evaluate(const Eigen::VectorXd& q,
                                                      const Eigen::VectorXd& qdot,
                                                      double reference) const {
  Evaluation e;
  if (axes_.revolute) {
    // φ = atan2(P, C), ρ = C² + P²: ∇φ = (C∇P − P∇C)/ρ and
    // ∇²φ = (∇P∇Cᵀ − ∇C∇Pᵀ + C∇²P − P∇²C)/ρ − ∇φ(∇ρ)ᵀ/ρ (symmetric: the skew parts cancel).
    const Dot C = dot(axes_.e1, axes_.b, q), P = dot(axes_.e2, axes_.b, q);
    const double rho = C.value * C.value + P.value * P.value;
    const double raw = std::atan2(P.value, C.value);
    const double turn = 2.0 * std::numbers::pi;
    e.value = raw + turn * std::round((reference - raw) / turn);
    e.gradient = (C.value * P.gradient - P.value * C.gradient) / rho;
    const Eigen::VectorXd rho_gradient = 2.0 * (C.value * C.gradient + P.value * P.gradient);
    e.hessian = (P.gradient * C.gradient.transpose() - C.gradient * P.gradient.transpose() +
                 C.value * P.hessian - P.value * C.hessian) /
                    rho -
                e.gradient * rho_gradient.transpose() / rho;
  } else {
    Dot x = dot(axes_.d, axes_.s, q);
    e.value = x.value;
    e.gradient = std::move(x.gradient);
    e.hessian = std::move(x.hessian);
  }
  for (std::size_t k = 0; k < offsets_.size(); ++k) {
    e.rate += e.gradient.segment<3>(3 * k).dot(qdot.segment<3>(offsets_[k]));
  }
  return e;
}

double JointCoordinate::value(const Eigen::VectorXd& q, double reference) const {
  if (!axes_.revolute) return axes_.d.value(q).dot(axes_.s.value(q));
  const Vec3 b = axes_.b.value(q);
  const double raw = std::atan2(axes_.e2.value(q).dot(b), axes_.e1.value(q).dot(b));
  const double turn = 2.0 * std::numbers::pi;
  return raw + turn * std::round((reference - raw) / turn);
}

}  // namespace contactsim
