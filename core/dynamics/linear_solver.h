// LU factorisation of the ALI3-P tangent, dense for small systems and sparse for large ones.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <vector>

namespace contactsim {

enum class LinearSolverKind { Auto, Dense, Sparse };

// Auto picks dense LU up to this many coordinates (measured with bench_dynamics: see README).
inline constexpr int kDenseMaxCoordinates = 48;

class LinearSolver {
 public:
  explicit LinearSolver(LinearSolverKind kind = LinearSolverKind::Auto) : kind_(kind) {}
  // Factorises A (compressed). Returns false when A is numerically singular.
  bool factorize(const Eigen::SparseMatrix<double>& A);
  // Solves with the last successful factorisation (reused by the projections).
  Eigen::VectorXd solve(const Eigen::VectorXd& b) const;
  bool usesSparse() const { return use_sparse_; }

 private:
  bool samePattern(const Eigen::SparseMatrix<double>& A) const;

  LinearSolverKind kind_;
  bool use_sparse_ = false;
  Eigen::PartialPivLU<Eigen::MatrixXd> dense_;
  Eigen::SparseLU<Eigen::SparseMatrix<double>> sparse_;
  // Pattern of the last analysed matrix: symbolic analysis is redone only when it changes.
  std::vector<int> outer_, inner_;
  bool analysed_ = false;
};

}  // namespace contactsim
