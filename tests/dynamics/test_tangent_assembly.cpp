// TangentAssembly against a dense assembly of the ALI3-P tangent A = M + c·C + k·K + p·Φ_qᵀΦ_q,
// while the force tangents' couplings come and go as contacts do in a flowing pile: every call
// must give the dense matrix, and the kept sparsity pattern must stay bounded by what the forces
// use (a pattern holding every pair that ever touched would approach the full n × n).
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "dynamics/linear_solver.h"

using namespace contactsim;

namespace {

using TripletList = TangentAssembly::TripletList;

constexpr int kBodies = 20;
constexpr int kBlock = 3;  // coordinates per body
constexpr int kCoordinates = kBodies * kBlock;
// Enough bodies for a tangent above TangentAssembly::kMaxDenseIndex coordinates, which looks its
// entries up by binary search instead of in a dense index.
constexpr int kManyBodies = 360;

Eigen::MatrixXd dense(int rows, int cols, const TripletList& t) {
  Eigen::SparseMatrix<double> m(rows, cols);
  m.setFromTriplets(t.begin(), t.end());
  return Eigen::MatrixXd(m);
}

// A block-diagonal mass matrix, symmetric positive definite.
Eigen::SparseMatrix<double> massMatrix(std::mt19937& rng, int bodies = kBodies) {
  std::uniform_real_distribution<double> u(0.1, 1.0);
  TripletList t;
  for (int b = 0; b < bodies; ++b) {
    for (int i = 0; i < kBlock; ++i) {
      t.emplace_back(b * kBlock + i, b * kBlock + i, 2.0 + u(rng));
      for (int j = 0; j < i; ++j) {
        const double v = 0.1 * u(rng);
        t.emplace_back(b * kBlock + i, b * kBlock + j, v);
        t.emplace_back(b * kBlock + j, b * kBlock + i, v);
      }
    }
  }
  return dense(bodies * kBlock, bodies * kBlock, t).sparseView();
}

// A few joints: rows coupling body b with body b + 1.
TripletList jacobianTriplets(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  TripletList t;
  for (int r = 0; r < 4; ++r) {
    for (int i = 0; i < 2 * kBlock; ++i) t.emplace_back(r, 3 * r * kBlock + i, u(rng));
  }
  return t;
}

// The triplets of `pairs` body couplings drawn afresh: for each pair (a, b) the blocks (a,a),
// (a,b), (b,a), (b,b), as a contact between two bodies gives; duplicates included, as force
// sources emit them.
TripletList couplings(std::mt19937& rng, int pairs, int bodies = kBodies) {
  std::uniform_int_distribution<int> body(0, bodies - 1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  TripletList t;
  for (int n = 0; n < pairs; ++n) {
    const int a = body(rng);
    int b = body(rng);
    if (b == a) b = (a + 1) % bodies;
    for (int x : {a, b}) {
      for (int y : {a, b}) {
        for (int i = 0; i < kBlock; ++i) {
          for (int j = 0; j < kBlock; ++j) t.emplace_back(x * kBlock + i, y * kBlock + j, u(rng));
        }
      }
    }
  }
  return t;
}

std::size_t distinctPositions(const TripletList& a, const TripletList& b) {
  std::set<std::pair<int, int>> positions;
  for (const TripletList* list : {&a, &b}) {
    for (const auto& t : *list) positions.emplace(t.row(), t.col());
  }
  return positions.size();
}

}  // namespace

TEST_CASE(
    "the assembled tangent equals the dense M + cC + kK + pJᵀJ while couplings come and go, "
    "and its pattern stays bounded by what the forces use",
    "[dynamics][tangent]") {
  // Small systems look the entries up in a dense index, large ones by binary search.
  const auto [bodies, calls] = GENERATE(std::pair{kBodies, 80}, std::pair{kManyBodies, 12});
  const int n = bodies * kBlock;
  INFO(n << " coordinates");
  REQUIRE((n > TangentAssembly::kMaxDenseIndex) == (bodies == kManyBodies));
  std::mt19937 rng(7);
  const Eigen::SparseMatrix<double> M = massMatrix(rng, bodies);
  const TripletList jacobian = jacobianTriplets(rng);
  const Eigen::MatrixXd J = dense(4, n, jacobian);
  const double c = 0.37, k = 2.5e3, p = 1.7e4;

  // Pattern of M + JᵀJ alone: what the assembly holds whatever the forces.
  const Eigen::MatrixXd base = Eigen::MatrixXd(M) + J.transpose() * J;
  const auto base_nonzeros = (base.array() != 0.0).count();

  TangentAssembly assembly;
  std::size_t most_used = 0;
  std::set<std::pair<int, int>> ever_used;
  for (int call = 0; call < calls; ++call) {
    // Each call a different set of contacts.
    const TripletList damping = couplings(rng, 2, bodies);
    const TripletList stiffness = couplings(rng, 2, bodies);
    most_used = std::max(most_used, distinctPositions(damping, stiffness));
    for (const TripletList* list : {&damping, &stiffness}) {
      for (const auto& t : *list) ever_used.emplace(t.row(), t.col());
    }

    assembly.jacobian(4, n, jacobian);
    const Eigen::SparseMatrix<double>& A = assembly.tangent(M, damping, c, stiffness, k, p);
    const Eigen::MatrixXd expected = Eigen::MatrixXd(M) + c * dense(n, n, damping) +
                                     k * dense(n, n, stiffness) + p * J.transpose() * J;
    INFO("call " << call);
    REQUIRE((Eigen::MatrixXd(A) - expected).cwiseAbs().maxCoeff() <=
            1e-12 * expected.cwiseAbs().maxCoeff());

    // Force positions outside M + JᵀJ are kept only up to kMaxStalePatternRatio times what the
    // forces used at the last rebuild.
    REQUIRE(static_cast<std::size_t>(A.nonZeros()) <=
            static_cast<std::size_t>(base_nonzeros) +
                TangentAssembly::kMaxStalePatternRatio * most_used);
  }
  // The bound above is not vacuous: the couplings seen over all calls would fill far more.
  CHECK(ever_used.size() > 4 * TangentAssembly::kMaxStalePatternRatio * most_used);
}

TEST_CASE("the tangent pattern is reused, values refilled, while the couplings stay within it",
          "[dynamics][tangent]") {
  std::mt19937 rng(11);
  const Eigen::SparseMatrix<double> M = massMatrix(rng);
  const TripletList jacobian = jacobianTriplets(rng);
  const TripletList damping = couplings(rng, 3);
  TripletList stiffness = damping;
  TangentAssembly assembly;
  assembly.jacobian(4, kCoordinates, jacobian);
  const Eigen::SparseMatrix<double>& first = assembly.tangent(M, damping, 1.0, stiffness, 1.0, 1.0);
  const auto nonzeros = first.nonZeros();
  const double* values = first.valuePtr();
  // The same positions with other values, and a subset of them: no new pattern.
  for (auto& t : stiffness) t = {t.row(), t.col(), 2.0 * t.value()};
  stiffness.resize(stiffness.size() / 2);
  assembly.jacobian(4, kCoordinates, jacobian);
  const Eigen::SparseMatrix<double>& second =
      assembly.tangent(M, damping, 1.0, stiffness, 3.0, 1.0);
  CHECK(second.nonZeros() == nonzeros);
  CHECK(second.valuePtr() == values);
  const Eigen::MatrixXd J = dense(4, kCoordinates, jacobian);
  const Eigen::MatrixXd expected = Eigen::MatrixXd(M) + dense(kCoordinates, kCoordinates, damping) +
                                   3.0 * dense(kCoordinates, kCoordinates, stiffness) +
                                   J.transpose() * J;
  CHECK((Eigen::MatrixXd(second) - expected).cwiseAbs().maxCoeff() <=
        1e-12 * expected.cwiseAbs().maxCoeff());
}
