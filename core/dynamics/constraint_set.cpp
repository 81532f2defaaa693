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
  dot_products_.push_back({rows_, group, std::move(a), std::move(b), value, std::nullopt});
  row_group_.push_back(group);
  row_unit_.push_back(unit);
  rows_ += 1;
}

int ConstraintSet::addCable(int group, AffineVec3 d, CableLength length) {
  const int row = rows_;
  AffineVec3 copy = d;
  dot_products_.push_back({row, group, std::move(d), std::move(copy), 0.0, std::move(length)});
  row_group_.push_back(group);
  row_unit_.push_back(RowUnit::Length);
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
}

}  // namespace contactsim
