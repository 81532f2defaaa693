// bench_a02_step: what one ALI3-P Newton iteration of IFToMM A02 (N = 4, 108 coordinates) costs
// against the bare factorisations of its tangent A = M + (h²/4)αΦ_qᵀΦ_q (sparse LU, Eigen's
// Cholesky and LDLᵀ, the integrator's PatternLdlt, dense LU), and the wall
// time of the whole 10 s run at Δt = 1 ms (median of 5 runs each).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include <Eigen/OrderingMethods>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/pattern_ldlt.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"

using namespace contactsim;

namespace {

using Clock = std::chrono::steady_clock;
using SparseMatrix = Eigen::SparseMatrix<double>;

template <typename F>
double medianSeconds(int repeats, int inner, F&& f) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const auto start = Clock::now();
    for (int i = 0; i < inner; ++i) f();
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count() / inner);
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return times[times.size() / 2];
}

template <typename Ordering>
void timeSparseLu(const char* name, const SparseMatrix& A) {
  Eigen::SparseLU<SparseMatrix, Ordering> lu;
  lu.analyzePattern(A);
  lu.factorize(A);
  const double factor = medianSeconds(7, 2000, [&] { lu.factorize(A); });
  const Eigen::VectorXd b = Eigen::VectorXd::Ones(A.rows());
  Eigen::VectorXd x(A.rows());
  const double solve = medianSeconds(7, 2000, [&] { x = lu.solve(b); });
  std::printf("SparseLU %-8s factorize %7.2f us  solve %6.2f us  nnz(L+U) %ld  residual %.1e\n",
              name, 1e6 * factor, 1e6 * solve, static_cast<long>(lu.nnzL() + lu.nnzU()),
              (A * x - b).norm() / b.norm());
}

template <typename Solver>
void timeCholesky(const char* name, const SparseMatrix& A) {
  Solver llt;
  llt.analyzePattern(A);
  llt.factorize(A);
  const double factor = medianSeconds(7, 2000, [&] { llt.factorize(A); });
  const Eigen::VectorXd b = Eigen::VectorXd::Ones(A.rows());
  Eigen::VectorXd x(A.rows());
  const double solve = medianSeconds(7, 2000, [&] { x = llt.solve(b); });
  std::printf("%-17s factorize %7.2f us  solve %6.2f us  residual %.1e\n", name, 1e6 * factor,
              1e6 * solve, (A * x - b).norm() / b.norm());
}

}  // namespace

int main() {
  const auto path = std::filesystem::path(CONTACTSIM_SOURCE_DIR) /
                    "assets/scenes/benchmarks/a02_four_bar_n4.json";
  const Scene scene = readScene(path, [](const SceneMesh&) -> TriMesh {
    throw std::runtime_error("the benchmarks have no meshes");
  });
  const MultibodySystem system = buildSystem(scene);
  SolverSettings settings = scene.solver;
  settings.time_step = 1e-3;
  const int n = system.coordinateCount(), m = system.constraintCount();

  // The tangent at the initial state, as the integrator's first iteration sees it.
  ConstraintValues cv;
  system.constraints().evaluate(system.initialCoordinates(), system.initialVelocities(), 0.0, true,
                                cv);
  SparseMatrix Jq(m, n);
  Jq.setFromTriplets(cv.jacobian.begin(), cv.jacobian.end());
  const double h = settings.time_step;
  const double alpha = kDefaultPenaltyRatio * system.largestMassEntry() * 4.0 / (h * h);
  const SparseMatrix A =
      system.massMatrix() + (h * h / 4.0 * alpha) * SparseMatrix(Jq.transpose() * Jq);
  std::printf("A02 N = 4: %d coordinates, %d constraints, nnz(A) = %ld, nnz(Jq) = %ld\n", n, m,
              static_cast<long>(A.nonZeros()), static_cast<long>(Jq.nonZeros()));
  timeSparseLu<Eigen::COLAMDOrdering<int>>("COLAMD", A);
  timeSparseLu<Eigen::AMDOrdering<int>>("AMD", A);
  timeSparseLu<Eigen::NaturalOrdering<int>>("natural", A);
  timeCholesky<Eigen::SimplicialLLT<SparseMatrix>>("SimplicialLLT", A);
  timeCholesky<Eigen::SimplicialLDLT<SparseMatrix>>("SimplicialLDLT", A);
  timeCholesky<Eigen::SimplicialLLT<SparseMatrix, Eigen::Lower, Eigen::NaturalOrdering<int>>>(
      "LLT natural", A);
  {
    PatternLdlt ldlt;
    ldlt.analyze(A);
    ldlt.factorize(A);
    const double factor = medianSeconds(7, 2000, [&] { ldlt.factorize(A); });
    const Eigen::VectorXd b = Eigen::VectorXd::Ones(n);
    Eigen::VectorXd x(n);
    const double solve = medianSeconds(7, 2000, [&] {
      x = b;
      ldlt.solveInPlace(x);
    });
    std::printf("PatternLdlt       factorize %7.2f us  solve %6.2f us  residual %.1e\n",
                1e6 * factor, 1e6 * solve, (A * x - b).norm() / b.norm());
  }
  Eigen::PartialPivLU<Eigen::MatrixXd> dense(n);
  const Eigen::MatrixXd Ad(A);
  const double dense_time = medianSeconds(7, 500, [&] { dense.compute(Ad); });
  std::printf("dense PartialPivLU  factorize %7.2f us\n", 1e6 * dense_time);

  // The whole run.
  const double run = medianSeconds(5, 1, [&] {
    Ali3pIntegrator integrator(system, settings);
    while (integrator.state().t < 10.0 - 0.5 * h) integrator.step();
  });
  long iterations = 0;
  {
    Ali3pIntegrator integrator(system, settings);
    while (integrator.state().t < 10.0 - 0.5 * h) iterations += integrator.step().newton_iterations;
  }
  std::printf("10 s at 1 ms: %.3f s wall, %ld Newton iterations, %.1f us per iteration\n", run,
              iterations, 1e6 * run / iterations);
  return 0;
}
