#include "dynamics/constraint_set.h"

#include <cmath>
#include <stdexcept>

namespace contactsim {

int ConstraintSet::addGroup(std::string description) {
  groups_.push_back(std::move(description));
  return static_cast<int>(groups_.size()) - 1;
}

void ConstraintSet::addVectorEquality(int group, AffineVec3 a, RowUnit unit) {
  vector_equalities_.push_back({rows_, group, std::move(a)});
  row_group_.insert(row_group_.end(), 3, group);
  row_unit_.insert(row_unit_.end(), 3, unit);
  rows_ += 3;
}

void ConstraintSet::addDotProduct(int group, AffineVec3 a, AffineVec3 b, double value,
                                  RowUnit unit) {
  dot_products_.push_back(
      {rows_, group, std::move(a), std::move(b), value, std::nullopt, std::nullopt});
  row_group_.push_back(group);
  row_unit_.push_back(unit);
  rows_ += 1;
}

int ConstraintSet::addCable(int group, AffineVec3 d, CableLength length) {
  const int row = rows_;
  AffineVec3 copy = d;
  dot_products_.push_back(
      {row, group, std::move(d), std::move(copy), 0.0, std::move(length), std::nullopt});
  row_group_.push_back(group);
  row_unit_.push_back(RowUnit::Length);
  rows_ += 1;
  return row;
}

int ConstraintSet::addDisplacementDrive(int group, AffineVec3 d, AffineVec3 s, MotionProfile x) {
  const int row = rows_;
  dot_products_.push_back(
      {row, group, std::move(d), std::move(s), 0.0, std::nullopt, std::move(x)});
  row_group_.push_back(group);
  row_unit_.push_back(RowUnit::Length);
  rows_ += 1;
  return row;
}

int ConstraintSet::addAngleDrive(int group, AffineVec3 e1, AffineVec3 e2, AffineVec3 b,
                                 MotionProfile theta) {
  const int row = rows_;
  angle_drives_.push_back(
      {row, group, std::move(e1), std::move(e2), std::move(b), std::move(theta)});
  row_group_.push_back(group);
  row_unit_.push_back(RowUnit::Angle);
  rows_ += 1;
  return row;
}

const std::string& ConstraintSet::describeRow(int row) const {
  return groups_.at(row_group_.at(row));
}

void ConstraintSet::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                             bool with_jacobian, ConstraintValues& out) const {
  out.phi.setZero(rows_);
  out.phi_t.setZero(rows_);
  out.gamma.setZero(rows_);
  out.violation.setZero(rows_);
  out.jacobian.clear();
  for (const VectorEquality& e : vector_equalities_) {
    // Linear in q: Φ_q constant, Φ̇_q = 0 and Φ_t = 0, so γ = 0.
    out.phi.segment<3>(e.row) = e.a.value(q);
    out.violation.segment<3>(e.row) = out.phi.segment<3>(e.row).cwiseAbs();
    if (with_jacobian) e.a.addJacobian(e.row, out.jacobian);
  }
  for (const DotProduct& e : dot_products_) {
    const Vec3 a = e.a.value(q), b = e.b.value(q);
    const Vec3 ad = e.a.rate(qdot), bd = e.b.rate(qdot);
    double c = e.value, cd = 0.0, cdd = 0.0, scale = 1.0;
    if (e.length) {
      const CableLength::Value L = e.length->at(t);
      if (!(L.length > 0.0)) {
        throw std::runtime_error(groups_[e.group] + ": prescribed length " +
                                 std::to_string(L.length) +
                                 " m is not positive at t = " + std::to_string(t) + " s");
      }
      c = L.length * L.length;
      cd = 2.0 * L.length * L.rate;
      cdd = 2.0 * (L.rate * L.rate + L.length * L.acceleration);
      scale = 2.0 * L.length;
    } else if (e.drive) {
      const MotionProfile::Value x = e.drive->at(t);
      c = x.position;
      cd = x.rate;
      cdd = x.acceleration;
    }
    // Φ = a·b − c(t): Φ_q = bᵀ a_q + aᵀ b_q, Φ_t = −ċ, γ = Φ̈ − Φ_q q̈ = 2 ȧ·ḃ − c̈.
    out.phi[e.row] = a.dot(b) - c;
    out.phi_t[e.row] = -cd;
    out.gamma[e.row] = 2.0 * ad.dot(bd) - cdd;
    out.violation[e.row] = std::abs(out.phi[e.row]) / scale;
    if (with_jacobian) {
      e.a.addRowTimes(e.row, b, out.jacobian);
      e.b.addRowTimes(e.row, a, out.jacobian);
    }
  }
  for (const AngleDrive& e : angle_drives_) {
    // Φ = cθ·P − sθ·C with P = e2·b = sin φ, C = e1·b = cos φ (docs/dynamics.md, "Joint drives").
    const MotionProfile::Value th = e.theta.at(t);
    const double c = std::cos(th.position), s = std::sin(th.position);
    const double w = th.rate, wd = th.acceleration;
    const Vec3 e1 = e.e1.value(q), e2 = e.e2.value(q), b = e.b.value(q);
    const Vec3 e1d = e.e1.rate(qdot), e2d = e.e2.rate(qdot), bd = e.b.rate(qdot);
    const double P = e2.dot(b), C = e1.dot(b);
    const double Pd = e2d.dot(b) + e2.dot(bd), Cd = e1d.dot(b) + e1.dot(bd);
    out.phi[e.row] = c * P - s * C;
    // Φ_t = θ̇·∂Φ/∂θ = −θ̇(sθ·P + cθ·C).
    out.phi_t[e.row] = -w * (s * P + c * C);
    // Φ̈ = cθ·P̈ − sθ·C̈ − 2θ̇(sθ·Ṗ + cθ·Ċ) − θ̈(sθ·P + cθ·C) − θ̇²(cθ·P − sθ·C), and
    // P̈ = P_q q̈ + 2 ė2·ḃ (C likewise), so γ = Φ̈ − Φ_q q̈ is all but the P_q q̈, C_q q̈ terms.
    out.gamma[e.row] = 2.0 * (c * e2d.dot(bd) - s * e1d.dot(bd)) - 2.0 * w * (s * Pd + c * Cd) -
                       wd * (s * P + c * C) - w * w * (c * P - s * C);
    out.violation[e.row] = std::abs(out.phi[e.row]);
    if (with_jacobian) {
      e.e2.addRowTimes(e.row, c * b, out.jacobian);
      e.e1.addRowTimes(e.row, -s * b, out.jacobian);
      e.b.addRowTimes(e.row, c * e2 - s * e1, out.jacobian);
    }
  }
}

void ConstraintSet::addHessian(const Eigen::VectorXd& mu, double t, Triplets& out) const {
  // ∂²(a·b)/∂q² = a_qᵀ b_q + b_qᵀ a_q; vector equalities are affine and have none.
  const auto addDot = [&out](const AffineVec3& a, const AffineVec3& b, double weight) {
    if (weight == 0.0) return;
    const Mat3 W = weight * Mat3::Identity();
    addBlocks(a, b, W, out);
    addBlocks(b, a, W, out);
  };
  for (const DotProduct& e : dot_products_) addDot(e.a, e.b, mu[e.row]);
  for (const AngleDrive& e : angle_drives_) {
    const double theta = e.theta.at(t).position;
    addDot(e.e2, e.b, std::cos(theta) * mu[e.row]);
    addDot(e.e1, e.b, -std::sin(theta) * mu[e.row]);
  }
}

}  // namespace contactsim
