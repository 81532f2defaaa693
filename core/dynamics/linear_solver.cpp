#include "dynamics/linear_solver.h"

#include <algorithm>
#include <cmath>

namespace contactsim {

bool LinearSolver::samePattern(const Eigen::SparseMatrix<double>& A) const {
  if (!analysed_ || static_cast<std::size_t>(A.outerSize() + 1) != outer_.size() ||
      static_cast<std::size_t>(A.nonZeros()) != inner_.size()) {
    return false;
  }
  return std::equal(outer_.begin(), outer_.end(), A.outerIndexPtr()) &&
         std::equal(inner_.begin(), inner_.end(), A.innerIndexPtr());
}

bool LinearSolver::factorize(const Eigen::SparseMatrix<double>& A) {
  use_sparse_ = kind_ == LinearSolverKind::Sparse ||
                (kind_ == LinearSolverKind::Auto && A.rows() > kDenseMaxCoordinates);
  if (!use_sparse_) {
    dense_.compute(Eigen::MatrixXd(A));
    // Partial pivoting does not report singularity: a zero or non-finite pivot does.
    const Eigen::VectorXd pivots = dense_.matrixLU().diagonal().cwiseAbs();
    return pivots.allFinite() && pivots.minCoeff() > 1e-14 * pivots.maxCoeff();
  }
  if (!samePattern(A)) {
    sparse_.analyzePattern(A);
    outer_.assign(A.outerIndexPtr(), A.outerIndexPtr() + A.outerSize() + 1);
    inner_.assign(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros());
    analysed_ = true;
  }
  sparse_.factorize(A);
  return sparse_.info() == Eigen::Success;
}

Eigen::VectorXd LinearSolver::solve(const Eigen::VectorXd& b) const {
  if (use_sparse_) return sparse_.solve(b);
  return dense_.solve(b);
}

}  // namespace contactsim
