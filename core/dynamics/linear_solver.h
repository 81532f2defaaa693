// Factorisation of the ALI3-P tangent: LU, dense for small systems and sparse for large ones, or
// sparse LDLᵀ with one refinement step when the tangent is symmetric positive definite.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <utility>
#include <vector>

#include "dynamics/pattern_ldlt.h"
#include "geometry/state_archive.h"

namespace contactsim {

enum class LinearSolverKind { Auto, Dense, Sparse };

// Auto picks dense LU up to this many coordinates (measured with bench_dynamics: see README).
inline constexpr int kDenseMaxCoordinates = 48;

class LinearSolver {
 public:
  explicit LinearSolver(LinearSolverKind kind = LinearSolverKind::Auto) : kind_(kind) {}
  // Factorises A (compressed) by LU. Returns false when A is numerically singular.
  bool factorize(const Eigen::SparseMatrix<double>& A);
  // Factorises a symmetric A from its lower triangle alone by LDLᵀ, when A is large enough for the
  // sparse path and every pivot of D is positive; false otherwise, and A must then go to
  // factorize() whole. Solves then take one step of iterative refinement against A's lower
  // triangle, which is kept.
  bool factorizeSymmetric(const Eigen::SparseMatrix<double>& A);
  // x ← A⁻¹x with the last successful factorisation (reused by the projections). `refine`: the
  // LDLᵀ path's refinement step, which a Newton update, corrected by the next iteration, skips.
  void solveInPlace(Eigen::VectorXd& x, bool refine = true) const;
  Eigen::VectorXd solve(const Eigen::VectorXd& b, bool refine = true) const;
  bool usesSparse() const { return use_sparse_; }
  bool usesLdlt() const { return use_ldlt_; }

 private:
  bool samePattern(const Eigen::SparseMatrix<double>& A) const;
  bool sparseFor(const Eigen::SparseMatrix<double>& A) const;

  LinearSolverKind kind_;
  bool use_sparse_ = false;
  Eigen::PartialPivLU<Eigen::MatrixXd> dense_;
  Eigen::SparseLU<Eigen::SparseMatrix<double>> sparse_;
  bool use_ldlt_ = false;
  PatternLdlt ldlt_;
  Eigen::SparseMatrix<double> matrix_;      // A of the LDLᵀ path (lower triangle), for refinement
  mutable Eigen::VectorXd rhs_, residual_;  // solveInPlace()'s buffers
  // Pattern of the last analysed matrix: symbolic analysis is redone only when it changes.
  std::vector<int> outer_, inner_;
  bool analysed_ = false;
};

// The ALI3-P tangent A = M + c·C + k·K + p·Φ_qᵀΦ_q and the Jacobian Φ_q, assembled into sparsity
// patterns kept from one call to the next: values are filled in place, with no allocation, as
// long as the triplets keep their positions (the Jacobian's list is the same every iteration) and
// every force-tangent entry falls in the pattern. A new entry (a contact coupling two bodies)
// widens the pattern, which then stays while it is not much larger than what the forces use:
// the LU's symbolic analysis is redone only then. In a flowing granular pile the couplings
// change all the time, and a pattern holding every pair that ever touched fills the LU with
// zeros (the hopper demo's first second took 440 s with the pruning below; without it, a run
// was still going after 35 min — another trajectory, the pile being chaotic, so an indication,
// not a ratio); so at a rebuild the positions no current force uses are dropped once they
// outnumber the used ones kMaxStalePatternRatio times (bounding the pattern, and the rebuilds,
// for contacts that come and go).
// Φ_qᵀΦ_q is accumulated row by row of Φ_q (a row couples few coordinates), each product
// J(r,i)·J(r,j) added to (i,j) and (j,i) in the order of the rows, so A stays exactly symmetric
// when C and K are. The products are grouped by the entry of A they go to (in that order), so
// each entry is summed in a register, and the upper triangle's products can be left out when only
// the lower triangle is read (LinearSolver::factorizeSymmetric).
class TangentAssembly {
 public:
  static constexpr std::size_t kMaxStalePatternRatio = 2;
  // Up to this many coordinates the force tangents' triplets (thousands per contact and Newton
  // iteration) find their entries of A in a dense n × n index (4 MB at most) rather than by a
  // binary search in their column.
  static constexpr int kMaxDenseIndex = 1024;
  using TripletList = std::vector<Eigen::Triplet<double>>;
  const Eigen::SparseMatrix<double>& jacobian(int rows, int cols, const TripletList& triplets);
  const Eigen::SparseMatrix<double>& lastJacobian() const { return J_; }
  // A from M, the damping and stiffness triplets and the last jacobian(); with `lower_only`, the
  // upper triangle holds M, c·C and k·K but not p·Φ_qᵀΦ_q until completeUpper().
  const Eigen::SparseMatrix<double>& tangent(const Eigen::SparseMatrix<double>& M,
                                             const TripletList& damping, double c,
                                             const TripletList& stiffness, double k, double p,
                                             bool lower_only = false);
  // Adds the upper triangle's p·Φ_qᵀΦ_q left out by tangent(…, lower_only): A is then the
  // tangent() without lower_only, bit for bit.
  const Eigen::SparseMatrix<double>& completeUpper();
  // The force-tangent positions the pattern holds, which depend on the run's history (contacts
  // that came and went); restored, the next tangent() rebuilds exactly that pattern. Throws
  // CheckpointError for a position outside an n × n matrix.
  void savePattern(StateWriter& out) const;
  void restorePattern(StateReader& in, int n);

 private:
  // Products p·J(r,i)·J(r,j) summed into one entry of A: value indices a, b into J.
  struct Product {
    int a, b;
  };
  // Entries of A (value indices) with the products summed into each, starts[e] … starts[e+1].
  struct ProductGroups {
    std::vector<int> target, start;
    std::vector<Product> products;
    void add(double p, const double* jacobian, double* values) const;
  };
  void rebuildJacobian(int rows, int cols, const TripletList& triplets);
  // J's values from the triplets; false if a triplet is not where it was.
  bool fillJacobian(int rows, int cols, const TripletList& triplets);
  void rebuildTangent(const Eigen::SparseMatrix<double>& M);
  // Before a rebuild: the force positions kept in the pattern, deduplicated, and reduced to the
  // ones the current triplets use once the kept ones outnumber those kMaxStalePatternRatio times.
  void pruneForcePositions(const TripletList& damping, const TripletList& stiffness);
  // A triplet list's value indices in a compressed matrix (J or A), with the positions they were
  // found for: a list that repeats those positions reuses the indices.
  struct TripletMap {
    std::vector<int> index;
    std::vector<std::pair<int, int>> positions;
    bool valid = false;  // every position found in the matrix as it is now
    bool matches(const TripletList& triplets) const;
  };
  // Value indices of the triplets in A; false (the missing positions kept) if one is not there.
  // Newton's iterations within a step repeat the same positions (the contact geometry is the
  // step's), so a map still valid for them is compared, not searched again.
  bool mapForces(const TripletList& triplets, TripletMap& map);
  // Value index of A(row, col), or −1: from dense_index_ when A is small enough to have one.
  int indexInTangent(int row, int col) const;

  Eigen::SparseMatrix<double> J_, A_;
  TripletMap jacobian_map_;
  std::vector<int> mass_map_;
  TripletMap damping_map_, stiffness_map_;
  // Value index of A(i,j) at j·n + i (−1 off the pattern) for n ≤ kMaxDenseIndex, else empty.
  std::vector<int> dense_index_;
  ProductGroups lower_, upper_;             // A(i,j) with i ≥ j, with i < j
  double upper_p_ = 0.0;                    // p of a tangent(…, lower_only) to complete
  std::vector<std::pair<int, int>> extra_;  // force-tangent positions seen so far
  bool tangent_stale_ = true;
};

}  // namespace contactsim
