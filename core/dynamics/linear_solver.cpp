#include "dynamics/linear_solver.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace contactsim {

bool LinearSolver::samePattern(const Eigen::SparseMatrix<double>& A) const {
  if (!analysed_ || static_cast<std::size_t>(A.outerSize() + 1) != outer_.size() ||
      static_cast<std::size_t>(A.nonZeros()) != inner_.size()) {
    return false;
  }
  return std::equal(outer_.begin(), outer_.end(), A.outerIndexPtr()) &&
         std::equal(inner_.begin(), inner_.end(), A.innerIndexPtr());
}

bool LinearSolver::sparseFor(const Eigen::SparseMatrix<double>& A) const {
  return kind_ == LinearSolverKind::Sparse ||
         (kind_ == LinearSolverKind::Auto && A.rows() > kDenseMaxCoordinates);
}

bool LinearSolver::factorizeSymmetric(const Eigen::SparseMatrix<double>& A) {
  use_sparse_ = sparseFor(A);
  use_ldlt_ = false;
  if (!use_sparse_) return false;
  if (!ldlt_.analysedFor(A)) {
    ldlt_.analyze(A);
    matrix_ = A;  // the analysed pattern, whose values are copied at each success
  }
  if (!ldlt_.factorize(A)) return false;
  const auto& d = ldlt_.vectorD();
  if (!d.allFinite() || !(d.minCoeff() > 1e-14 * d.maxCoeff())) return false;
  std::copy(A.valuePtr(), A.valuePtr() + A.nonZeros(), matrix_.valuePtr());
  use_ldlt_ = true;
  return true;
}

bool LinearSolver::factorize(const Eigen::SparseMatrix<double>& A) {
  use_sparse_ = sparseFor(A);
  use_ldlt_ = false;
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

void LinearSolver::solveInPlace(Eigen::VectorXd& x, bool refine) const {
  if (use_ldlt_) {
    if (!refine) {
      ldlt_.solveInPlace(x);
      return;
    }
    rhs_ = x;
    ldlt_.solveInPlace(x);
    residual_.noalias() = rhs_ - matrix_.selfadjointView<Eigen::Lower>() * x;
    ldlt_.solveInPlace(residual_);
    x += residual_;
    return;
  }
  rhs_ = x;
  if (use_sparse_) {
    x = sparse_.solve(rhs_);
  } else {
    x = dense_.solve(rhs_);
  }
}

Eigen::VectorXd LinearSolver::solve(const Eigen::VectorXd& b, bool refine) const {
  Eigen::VectorXd x = b;
  solveInPlace(x, refine);
  return x;
}

}  // namespace contactsim

namespace contactsim {
namespace {

// Value index of S(row, col) in compressed S, or −1.
int valueIndex(const Eigen::SparseMatrix<double>& S, int row, int col) {
  const int* begin = S.innerIndexPtr() + S.outerIndexPtr()[col];
  const int* end = S.innerIndexPtr() + S.outerIndexPtr()[col + 1];
  const int* it = std::lower_bound(begin, end, row);
  return it != end && *it == row ? static_cast<int>(it - S.innerIndexPtr()) : -1;
}

}  // namespace

bool TangentAssembly::TripletMap::matches(const TripletList& triplets) const {
  const auto same_position = [](const Eigen::Triplet<double>& t, const std::pair<int, int>& p) {
    return t.row() == p.first && t.col() == p.second;
  };
  return valid && positions.size() == triplets.size() &&
         std::equal(triplets.begin(), triplets.end(), positions.begin(), same_position);
}

void TangentAssembly::rebuildJacobian(int rows, int cols, const TripletList& triplets) {
  J_.resize(rows, cols);
  J_.setFromTriplets(triplets.begin(), triplets.end());
  J_.makeCompressed();
  jacobian_map_.positions.resize(triplets.size());
  jacobian_map_.index.resize(triplets.size());
  for (std::size_t k = 0; k < triplets.size(); ++k) {
    jacobian_map_.positions[k] = {triplets[k].row(), triplets[k].col()};
    jacobian_map_.index[k] = valueIndex(J_, triplets[k].row(), triplets[k].col());
  }
  jacobian_map_.valid = true;
  tangent_stale_ = true;
}

bool TangentAssembly::fillJacobian(int rows, int cols, const TripletList& triplets) {
  if (J_.rows() != rows || J_.cols() != cols || !jacobian_map_.matches(triplets)) return false;
  double* values = J_.valuePtr();
  std::fill(values, values + J_.nonZeros(), 0.0);
  // Duplicates summed in triplet order, as setFromTriplets does.
  for (std::size_t k = 0; k < triplets.size(); ++k)
    values[jacobian_map_.index[k]] += triplets[k].value();
  return true;
}

const Eigen::SparseMatrix<double>& TangentAssembly::jacobian(int rows, int cols,
                                                             const TripletList& triplets) {
  if (!fillJacobian(rows, cols, triplets)) {
    rebuildJacobian(rows, cols, triplets);
    fillJacobian(rows, cols, triplets);
  }
  return J_;
}

void TangentAssembly::rebuildTangent(const Eigen::SparseMatrix<double>& M) {
  const int n = static_cast<int>(M.rows());
  // Φ_q row by row: (column, value index) of each entry.
  std::vector<std::vector<std::pair<int, int>>> rows(J_.rows());
  for (int col = 0; col < J_.outerSize(); ++col) {
    for (int k = J_.outerIndexPtr()[col]; k < J_.outerIndexPtr()[col + 1]; ++k) {
      rows[J_.innerIndexPtr()[k]].emplace_back(col, k);
    }
  }
  TripletList pattern;
  for (int col = 0; col < M.outerSize(); ++col) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(M, col); it; ++it) {
      pattern.emplace_back(static_cast<int>(it.row()), col, 0.0);
    }
  }
  for (const auto& [row, col] : extra_) pattern.emplace_back(row, col, 0.0);
  for (const auto& entries : rows) {
    for (const auto& [i, a] : entries) {
      for (const auto& [j, b] : entries) pattern.emplace_back(i, j, 0.0);
    }
  }
  A_.resize(n, n);
  A_.setFromTriplets(pattern.begin(), pattern.end());
  A_.makeCompressed();
  damping_map_.valid = stiffness_map_.valid = false;  // A's value indices change
  dense_index_.clear();
  if (n <= kMaxDenseIndex) {
    dense_index_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), -1);
    for (int col = 0; col < n; ++col) {
      for (int k = A_.outerIndexPtr()[col]; k < A_.outerIndexPtr()[col + 1]; ++k)
        dense_index_[static_cast<std::size_t>(col) * n + A_.innerIndexPtr()[k]] = k;
    }
  }
  mass_map_.clear();
  for (int col = 0; col < M.outerSize(); ++col) {
    for (int k = M.outerIndexPtr()[col]; k < M.outerIndexPtr()[col + 1]; ++k) {
      mass_map_.push_back(indexInTangent(M.innerIndexPtr()[k], col));
    }
  }
  // Each product goes to A(i,j) and, off the diagonal, to A(j,i); grouped by entry with a stable
  // sort, so every entry receives its products in the order of the rows of Φ_q, as when they
  // were added pair by pair.
  struct Pair {
    int lower, upper;  // value indices of A(max(i,j), min(i,j)) and of its mirror (−1: diagonal)
    Product product;
  };
  std::vector<Pair> pairs;
  for (const auto& entries : rows) {
    for (std::size_t x = 0; x < entries.size(); ++x) {
      for (std::size_t y = x; y < entries.size(); ++y) {
        const auto [i, a] = entries[x];
        const auto [j, b] = entries[y];
        pairs.push_back({indexInTangent(std::max(i, j), std::min(i, j)),
                         i == j ? -1 : indexInTangent(std::min(i, j), std::max(i, j)),
                         {a, b}});
      }
    }
  }
  const auto group = [&pairs](int Pair::*target, ProductGroups& groups) {
    std::vector<Pair> sorted;
    std::copy_if(pairs.begin(), pairs.end(), std::back_inserter(sorted),
                 [target](const Pair& pair) { return pair.*target >= 0; });
    std::stable_sort(sorted.begin(), sorted.end(),
                     [target](const Pair& x, const Pair& y) { return x.*target < y.*target; });
    groups.target.clear();
    groups.start.clear();
    groups.products.clear();
    for (const Pair& pair : sorted) {
      if (groups.target.empty() || groups.target.back() != pair.*target) {
        groups.target.push_back(pair.*target);
        groups.start.push_back(static_cast<int>(groups.products.size()));
      }
      groups.products.push_back(pair.product);
    }
    groups.start.push_back(static_cast<int>(groups.products.size()));
  };
  group(&Pair::lower, lower_);
  group(&Pair::upper, upper_);
  tangent_stale_ = false;
}

void TangentAssembly::ProductGroups::add(double p, const double* jacobian, double* values) const {
  for (std::size_t e = 0; e < target.size(); ++e) {
    double sum = values[target[e]];
    for (int k = start[e]; k < start[e + 1]; ++k) {
      sum += p * (jacobian[products[k].a] * jacobian[products[k].b]);
    }
    values[target[e]] = sum;
  }
}

int TangentAssembly::indexInTangent(int row, int col) const {
  if (dense_index_.empty()) return valueIndex(A_, row, col);
  return dense_index_[static_cast<std::size_t>(col) * static_cast<std::size_t>(A_.rows()) + row];
}

bool TangentAssembly::mapForces(const TripletList& triplets, TripletMap& map) {
  if (map.matches(triplets)) return true;
  map.index.resize(triplets.size());
  map.positions.resize(triplets.size());
  bool complete = true;
  for (std::size_t k = 0; k < triplets.size(); ++k) {
    map.positions[k] = {triplets[k].row(), triplets[k].col()};
    map.index[k] = indexInTangent(triplets[k].row(), triplets[k].col());
    if (map.index[k] < 0) {
      extra_.emplace_back(triplets[k].row(), triplets[k].col());
      complete = false;
    }
  }
  map.valid = complete;
  return complete;
}

void TangentAssembly::pruneForcePositions(const TripletList& damping,
                                          const TripletList& stiffness) {
  std::vector<std::pair<int, int>> used;
  used.reserve(damping.size() + stiffness.size());
  for (const TripletList* list : {&damping, &stiffness}) {
    for (const auto& t : *list) used.emplace_back(t.row(), t.col());
  }
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  std::sort(extra_.begin(), extra_.end());
  extra_.erase(std::unique(extra_.begin(), extra_.end()), extra_.end());
  if (extra_.size() > kMaxStalePatternRatio * used.size()) extra_ = std::move(used);
}

const Eigen::SparseMatrix<double>& TangentAssembly::tangent(const Eigen::SparseMatrix<double>& M,
                                                            const TripletList& damping, double c,
                                                            const TripletList& stiffness, double k,
                                                            double p, bool lower_only) {
  if (tangent_stale_ || A_.rows() != M.rows() ||
      mass_map_.size() != static_cast<std::size_t>(M.nonZeros())) {
    rebuildTangent(M);
  }
  const bool damping_mapped = mapForces(damping, damping_map_);
  const bool stiffness_mapped = mapForces(stiffness, stiffness_map_);
  if (!damping_mapped || !stiffness_mapped) {
    pruneForcePositions(damping, stiffness);
    rebuildTangent(M);
    mapForces(damping, damping_map_);
    mapForces(stiffness, stiffness_map_);
  }
  double* values = A_.valuePtr();
  std::fill(values, values + A_.nonZeros(), 0.0);
  const double* mass = M.valuePtr();
  for (std::size_t e = 0; e < mass_map_.size(); ++e) values[mass_map_[e]] += mass[e];
  for (std::size_t e = 0; e < damping.size(); ++e)
    values[damping_map_.index[e]] += c * damping[e].value();
  for (std::size_t e = 0; e < stiffness.size(); ++e) {
    values[stiffness_map_.index[e]] += k * stiffness[e].value();
  }
  lower_.add(p, J_.valuePtr(), values);
  if (lower_only) {
    upper_p_ = p;
  } else {
    upper_.add(p, J_.valuePtr(), values);
  }
  return A_;
}

const Eigen::SparseMatrix<double>& TangentAssembly::completeUpper() {
  upper_.add(upper_p_, J_.valuePtr(), A_.valuePtr());
  return A_;
}

void TangentAssembly::savePattern(StateWriter& out) const {
  // As linear indices, sorted: the pattern is a set (setFromTriplets ignores order and repeats).
  const auto n = static_cast<std::uint64_t>(A_.rows());
  std::vector<std::uint64_t> entries;
  entries.reserve(extra_.size());
  for (const auto& [row, col] : extra_)
    entries.push_back(static_cast<std::uint64_t>(col) * n + static_cast<std::uint64_t>(row));
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  out.integer(static_cast<std::int64_t>(n));
  out.ascending(entries);
}

void TangentAssembly::restorePattern(StateReader& in, int n) {
  const std::int64_t size = in.integer();
  // 0 when saved before any tangent was assembled: nothing to keep then.
  if (size != n && !(size == 0 && n >= 0))
    in.fail("a tangent of another size than the coordinates");
  const auto rows = static_cast<std::uint64_t>(size);
  std::vector<std::pair<int, int>> extra;
  for (std::uint64_t e : in.ascending(rows * rows))
    extra.emplace_back(static_cast<int>(e % rows), static_cast<int>(e / rows));
  extra_ = std::move(extra);
  tangent_stale_ = true;
}

}  // namespace contactsim
