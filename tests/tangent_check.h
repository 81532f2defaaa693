// A force source's Newton tangents, K = −∂Q/∂q and C = −∂Q/∂q̇, against central differences of
// its generalized force at one state: the check the patch and volumetric contact tests share.
#pragma once

#include <Eigen/Core>

#include "dynamics/force_set.h"

namespace contactsim::test {

struct TangentComparison {
  double k_error = 0.0, c_error = 0.0;  // largest |entry| of K − K_fd and C − C_fd
  double k_bound = 0.0, c_bound = 0.0;  // what those may be
  double k_scale = 0.0, c_scale = 0.0;  // largest |entry| of K_fd and C_fd
};

inline Eigen::MatrixXd denseMatrix(const Triplets& triplets, int n) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(n, n);
  for (const auto& e : triplets) m(e.row(), e.col()) += e.value();
  return m;
}

// Steps of 1e-9 in q and 1e-7 in q̇ lie far below a contact's indentation (tenths of a
// millimetre) and its speeds, so the differences' O(ε²) error is below 1e-6 of the entries; the
// bound adds their rounding, ~ε·|Q|/step per entry (1e3 ε for the sums inside Q).
inline TangentComparison compareTangents(GeneralizedForceSource& source, const Eigen::VectorXd& q,
                                         const Eigen::VectorXd& qdot, double t) {
  const auto n = static_cast<int>(q.size());
  const auto force = [&](const Eigen::VectorXd& qq, const Eigen::VectorXd& vv,
                         ForceValues* keep = nullptr) {
    ForceValues values;
    values.q_force = Eigen::VectorXd::Zero(n);
    source.addForces(qq, vv, t, values);
    if (keep) *keep = values;
    return Eigen::VectorXd(values.q_force);
  };
  ForceValues at;
  force(q, qdot, &at);
  const double eq = 1e-9, ev = 1e-7;
  Eigen::MatrixXd K_fd(n, n), C_fd(n, n);
  for (int j = 0; j < n; ++j) {
    Eigen::VectorXd qp = q, qm = q, vp = qdot, vm = qdot;
    qp[j] += eq;
    qm[j] -= eq;
    vp[j] += ev;
    vm[j] -= ev;
    K_fd.col(j) = -(force(qp, qdot) - force(qm, qdot)) / (2 * eq);
    C_fd.col(j) = -(force(q, vp) - force(q, vm)) / (2 * ev);
  }
  TangentComparison r;
  r.k_scale = K_fd.cwiseAbs().maxCoeff();
  r.c_scale = C_fd.cwiseAbs().maxCoeff();
  r.k_error = (denseMatrix(at.stiffness, n) - K_fd).cwiseAbs().maxCoeff();
  r.c_error = (denseMatrix(at.damping, n) - C_fd).cwiseAbs().maxCoeff();
  const double q_max = at.q_force.cwiseAbs().maxCoeff(), eps = 1e3 * 2.2e-16;
  r.k_bound = 1e-5 * r.k_scale + eps * q_max / eq;
  r.c_bound = 1e-5 * r.c_scale + eps * q_max / ev;
  return r;
}

}  // namespace contactsim::test
