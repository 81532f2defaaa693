// Sparse LDLᵀ for a symmetric matrix whose sparsity pattern is fixed from one factorisation to
// the next (the ALI3-P tangent of a system without contact changes).
#pragma once

#include <Eigen/SparseCore>
#include <vector>

namespace contactsim {

// The numerical part of Eigen's SimplicialLDLT (AMD ordering, up-looking factorisation, Davis,
// Direct Methods for Sparse Linear Systems, 2006, §4.7) with everything that depends only on the
// pattern done once in analyze(): the permutation of A into PAPᵀ, the pattern of each row of L
// (Eigen walks the elimination tree for it at every factorisation) and where each entry of L is
// stored. factorize() then reads A's values through a fixed map and runs the same floating-point
// operations in the same order as SimplicialLDLT, so results are bit for bit Eigen's: for A02's
// tangent (108 coordinates) it takes 60 % of SimplicialLDLT::factorize's time (bench_a02_step).
class PatternLdlt {
 public:
  // Symbolic analysis of the lower triangle of A (compressed); any previous analysis is dropped.
  void analyze(const Eigen::SparseMatrix<double>& A);
  // Whether A has the pattern of the last analyze().
  bool analysedFor(const Eigen::SparseMatrix<double>& A) const;
  // Numerical factorisation of the lower triangle of A, which must have the analysed pattern.
  // False when a pivot of D is zero (the factors are then unusable).
  bool factorize(const Eigen::SparseMatrix<double>& A);
  // x ← A⁻¹x with the last successful factorisation.
  void solveInPlace(Eigen::VectorXd& x) const;
  const Eigen::VectorXd& vectorD() const { return d_; }

 private:
  std::vector<int> outer_, inner_;  // the analysed pattern of A
  std::vector<int> perm_;           // row i of A is row perm_[i] of PAPᵀ
  // L, strictly lower, by columns; rows of each column ascending.
  std::vector<int> lp_, li_;
  std::vector<double> lx_;
  // Row k of the factorisation: the entries of A (value index, permuted row ≤ k) scattered into
  // the work vector, then the columns i of L(k, :) in elimination-tree order with the position
  // of L(k, i) in li_/lx_.
  std::vector<int> scatter_start_, scatter_source_, scatter_row_;
  std::vector<int> row_start_, row_column_, row_position_;
  Eigen::VectorXd d_, inverse_d_;
  mutable Eigen::VectorXd work_;  // zero between calls
};

}  // namespace contactsim
