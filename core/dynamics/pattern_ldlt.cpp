#include "dynamics/pattern_ldlt.h"

#include <Eigen/SparseCholesky>
#include <algorithm>

namespace contactsim {

void PatternLdlt::analyze(const Eigen::SparseMatrix<double>& A) {
  using SparseMatrix = Eigen::SparseMatrix<double>;
  const int n = static_cast<int>(A.rows());
  outer_.assign(A.outerIndexPtr(), A.outerIndexPtr() + n + 1);
  inner_.assign(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros());

  // Eigen's own ordering (AMD of the symmetric pattern) and permuted upper triangle, built from
  // a copy of A whose values are their value indices + 1: the entries of each column of PAPᵀ come
  // in Eigen's order, which fixes the order of the floating-point updates below.
  Eigen::SimplicialLDLT<SparseMatrix> eigen;
  eigen.analyzePattern(A);
  const auto& P = eigen.permutationP().indices();
  perm_.assign(P.data(), P.data() + n);
  SparseMatrix index = A;
  for (Eigen::Index k = 0; k < index.nonZeros(); ++k) index.valuePtr()[k] = double(k + 1);
  SparseMatrix ap(n, n);
  ap.selfadjointView<Eigen::Upper>() =
      index.selfadjointView<Eigen::Lower>().twistedBy(eigen.permutationP());

  // Elimination tree and column counts of L (SimplicialCholeskyBase::analyzePattern_preordered).
  std::vector<int> parent(n, -1), tags(n), count(n, 0);
  for (int k = 0; k < n; ++k) {
    tags[k] = k;
    for (SparseMatrix::InnerIterator it(ap, k); it; ++it) {
      for (int i = static_cast<int>(it.index()); i < k && tags[i] != k; i = parent[i]) {
        if (parent[i] == -1) parent[i] = k;
        ++count[i];
        tags[i] = k;
      }
    }
  }
  lp_.assign(n + 1, 0);
  for (int k = 0; k < n; ++k) lp_[k + 1] = lp_[k] + count[k];
  li_.assign(lp_[n], 0);
  lx_.assign(lp_[n], 0.0);

  // The pattern of each row of L in the order SimplicialCholeskyBase::factorize_preordered finds
  // it: per entry A(i, k), i ≤ k, the path up the tree from i to the first node already
  // visited, each path pushed on a stack (so processed ancestors-last).
  scatter_start_.assign(1, 0);
  scatter_source_.clear();
  scatter_row_.clear();
  row_start_.assign(1, 0);
  row_column_.clear();
  row_position_.clear();
  std::fill(count.begin(), count.end(), 0);
  std::vector<int> path(n), stack(n);
  for (int k = 0; k < n; ++k) {
    int top = n;
    tags[k] = k;
    for (SparseMatrix::InnerIterator it(ap, k); it; ++it) {
      int i = static_cast<int>(it.index());
      if (i > k) continue;
      scatter_source_.push_back(static_cast<int>(it.value()) - 1);
      scatter_row_.push_back(i);
      int len = 0;
      for (; tags[i] != k; i = parent[i]) {
        path[len++] = i;
        tags[i] = k;
      }
      while (len > 0) stack[--top] = path[--len];
    }
    for (; top < n; ++top) {
      const int i = stack[top];
      const int position = lp_[i] + count[i]++;
      li_[position] = k;
      row_column_.push_back(i);
      row_position_.push_back(position);
    }
    scatter_start_.push_back(static_cast<int>(scatter_source_.size()));
    row_start_.push_back(static_cast<int>(row_column_.size()));
  }
  d_.setZero(n);
  inverse_d_.setZero(n);
  work_.setZero(n);
}

bool PatternLdlt::analysedFor(const Eigen::SparseMatrix<double>& A) const {
  return static_cast<std::size_t>(A.outerSize() + 1) == outer_.size() &&
         static_cast<std::size_t>(A.nonZeros()) == inner_.size() &&
         std::equal(outer_.begin(), outer_.end(), A.outerIndexPtr()) &&
         std::equal(inner_.begin(), inner_.end(), A.innerIndexPtr());
}

bool PatternLdlt::factorize(const Eigen::SparseMatrix<double>& A) {
  const int n = static_cast<int>(d_.size());
  const double* a = A.valuePtr();
  double* y = work_.data();
  for (int k = 0; k < n; ++k) {
    // Row k of L by a sparse triangular solve with the rows above (y is zero on entry and exit).
    for (int s = scatter_start_[k]; s < scatter_start_[k + 1]; ++s)
      y[scatter_row_[s]] += a[scatter_source_[s]];
    double d = y[k];
    y[k] = 0.0;
    for (int r = row_start_[k]; r < row_start_[k + 1]; ++r) {
      const int i = row_column_[r], position = row_position_[r];
      const double yi = y[i];
      y[i] = 0.0;
      const double l_ki = yi / d_[i];
      for (int p = lp_[i]; p < position; ++p) y[li_[p]] -= lx_[p] * yi;
      d -= l_ki * yi;
      lx_[position] = l_ki;
    }
    d_[k] = d;
    if (d == 0.0) return false;
  }
  inverse_d_ = d_.cwiseInverse();
  return true;
}

void PatternLdlt::solveInPlace(Eigen::VectorXd& x) const {
  const int n = static_cast<int>(d_.size());
  double* y = work_.data();
  for (int i = 0; i < n; ++i) y[perm_[i]] = x[i];
  for (int i = 0; i < n; ++i) {  // L y = P x
    const double t = y[i];
    if (t != 0.0) {
      for (int p = lp_[i]; p < lp_[i + 1]; ++p) y[li_[p]] -= t * lx_[p];
    }
  }
  for (int i = 0; i < n; ++i) y[i] = inverse_d_[i] * y[i];
  for (int i = n - 1; i >= 0; --i) {  // Lᵀ y = D⁻¹ y
    double t = y[i];
    for (int p = lp_[i]; p < lp_[i + 1]; ++p) t -= lx_[p] * y[li_[p]];
    y[i] = t;
  }
  for (int i = 0; i < n; ++i) {
    x[i] = y[perm_[i]];
    y[perm_[i]] = 0.0;
  }
}

}  // namespace contactsim
