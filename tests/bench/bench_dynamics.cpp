// bench_dynamics: median wall time of one ALI3-P step for a hanging chain of N bodies linked by
// spherical joints (N = 10, 100, 1000), with dense and sparse LU. Dense is skipped when its
// matrix would exceed 200 MB (1000 bodies: 12000² doubles = 1.15 GB).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "dynamics/ali3p_integrator.h"

using namespace contactsim;

namespace {

MultibodySystem chain(int bodies) {
  MultibodySystem system;
  const double link = 0.1;
  BodyIndex previous = kWorld;
  for (int i = 0; i < bodies; ++i) {
    BodyDefinition body;
    body.name = "link" + std::to_string(i);
    body.mass = {1.0, Vec3(0.5 * link, 0, 0), Vec3(1e-4, 1e-3, 1e-3).asDiagonal()};
    body.pose.translation = Vec3(i * link, 0, 0);  // horizontal: it falls and swings
    const BodyIndex b = system.addBody(body);
    system.addSphericalJoint("j" + std::to_string(i), previous, b, Vec3(i * link, 0, 0));
    previous = b;
  }
  return system;
}

double medianStepSeconds(const MultibodySystem& system, LinearSolverKind kind, int steps,
                         double& iterations) {
  SolverSettings settings;
  settings.linear_solver = kind;
  Ali3pIntegrator integrator(system, settings);
  std::vector<double> times;
  long total = 0;
  for (int i = 0; i < steps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    total += integrator.step().newton_iterations;
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  iterations = static_cast<double>(total) / steps;
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return times[times.size() / 2];
}

}  // namespace

int main() {
  std::printf("%-8s %-12s %-8s %-16s %-16s %s\n", "bodies", "coordinates", "solver",
              "median step [ms]", "Newton its/step", "steps timed");
  for (int n : {10, 100, 1000}) {
    const MultibodySystem system = chain(n);
    const int coordinates = system.coordinateCount();
    const int steps = n >= 1000 ? 10 : 50;
    for (LinearSolverKind kind : {LinearSolverKind::Dense, LinearSolverKind::Sparse}) {
      const bool dense = kind == LinearSolverKind::Dense;
      if (dense && 8.0 * coordinates * coordinates > 200e6) {
        std::printf("%-8d %-12d %-8s %-16s %-16s %s\n", n, coordinates, "dense", "skipped", "-",
                    "matrix > 200 MB");
        continue;
      }
      double iterations = 0.0, seconds = 0.0;
      try {
        seconds = medianStepSeconds(system, kind, steps, iterations);
      } catch (const SimulationError& e) {
        std::printf("%-8d %-12d %-8s failed: %s\n", n, coordinates, dense ? "dense" : "sparse",
                    e.what());
        std::fflush(stdout);
        continue;
      }
      std::printf("%-8d %-12d %-8s %-16.4g %-16.3g %d\n", n, coordinates,
                  dense ? "dense" : "sparse", 1e3 * seconds, iterations, steps);
      std::fflush(stdout);
    }
  }
  return 0;
}
