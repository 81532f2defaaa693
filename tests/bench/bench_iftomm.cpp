// bench_iftomm: the IFToMM benchmark problems A01–A05 (assets/scenes/benchmarks/) at Δt = 5, 2,
// 1, 0.5 and 0.1 ms — the library's efficiency measure: the error of each problem's reference
// quantity against the wall time. Prints per run the error, the median wall time of three runs
// (integration only; the reference is computed once beforehand), Newton iterations per step (mean
// and the largest of one substep) and the substeps retried after a failed Newton iteration.
// A step size is skipped when the previous (larger) one's time scaled by the step ratio predicts
// more than 60 s per run. Usage: bench_iftomm [problem ...] (e.g. A03 A05; default all).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../dynamics/iftomm_reference.h"
#include "dynamics/ali3p_integrator.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"

using namespace contactsim;

namespace {

constexpr double kSample = 1e-4;  // s: the references' sampling; every Δt divides it
constexpr double kMaxSeconds = 60.0;

// Measures one problem's error over a run: `observe` is called after every step.
struct Observer {
  virtual ~Observer() = default;
  virtual void observe(const Ali3pIntegrator& integrator, int step) = 0;
  double error = 0.0;
};

struct Problem {
  std::string id, title, quantity;
  Scene scene;
  std::function<std::unique_ptr<Observer>(const MultibodySystem&, double dt)> observer;
};

// |value − reference| where the reference is sampled every kSample.
class ReferenceObserver : public Observer {
 public:
  using Value = std::function<double(const MultibodySystem&, const MultibodyState&)>;
  ReferenceObserver(const MultibodySystem& system, const std::vector<double>& reference, double dt,
                    Value value)
      : system_(system),
        reference_(reference),
        stride_(static_cast<int>(std::lround(dt / kSample))),
        value_(std::move(value)) {}
  void observe(const Ali3pIntegrator& integrator, int step) override {
    const double v = value_(system_, integrator.state());
    error = std::max(error, std::abs(v - reference_.at(static_cast<std::size_t>(step * stride_))));
  }

 private:
  const MultibodySystem& system_;
  const std::vector<double>& reference_;
  int stride_;
  Value value_;
};

// The crank angle about +z, unwrapped with the step's mean angular velocity.
class CrankAngle {
 public:
  CrankAngle(BodyIndex body, double start, double dt)
      : body_(body), angle_(start), start_(start), dt_(dt) {}
  double operator()(const MultibodySystem& system, const MultibodyState& s) {
    const Mat3 r = system.bodyPose(body_, s.q).rotation;
    const double omega = system.bodyAngularVelocity(body_, s.q, s.qdot).z();
    const double predicted = angle_ + 0.5 * (omega_ + omega) * dt_;
    const double wrapped = start_ + std::atan2(r(1, 0), r(0, 0));
    angle_ = wrapped + 2.0 * M_PI * std::round((predicted - wrapped) / (2.0 * M_PI));
    omega_ = omega;
    return angle_;
  }

 private:
  BodyIndex body_;
  double angle_, start_, dt_, omega_ = 0.0;
};

class EnergyObserver : public Observer {
 public:
  void observe(const Ali3pIntegrator& integrator, int) override {
    const double e = integrator.energy().balance();
    if (!e0_) e0_ = e;  // after the first step: the balance's works start at zero anyway
    error = std::max(error, std::abs(e - *e0_));
  }
  void start(double e0) { e0_ = e0; }

 private:
  std::optional<double> e0_;
};

struct Run {
  double error = 0.0, seconds = 0.0, iterations_per_step = 0.0;
  int max_iterations = 0;
  int rejected = 0;  // substeps split: by the fixed-step energy rule or after a Newton failure
  int failed = 0;    // of those, after a Newton failure
};

Run runOnce(const Problem& problem, const MultibodySystem& system, double dt) {
  SolverSettings settings = problem.scene.solver;
  settings.time_step = dt;
  const auto start = std::chrono::steady_clock::now();
  Ali3pIntegrator integrator(system, settings);
  std::unique_ptr<Observer> observer = problem.observer(system, dt);
  if (auto* energy = dynamic_cast<EnergyObserver*>(observer.get())) {
    energy->start(integrator.energy().balance());
  }
  const auto steps = static_cast<int>(std::lround(problem.scene.end_time / dt));
  long iterations = 0;
  Run run;
  for (int n = 1; n <= steps; ++n) {
    const StepReport report = integrator.step();
    iterations += report.newton_iterations;
    run.max_iterations = std::max(run.max_iterations, report.max_newton_iterations);
    run.rejected += report.rejected_substeps;
    run.failed += report.failed_substeps;
    observer->observe(integrator, n);
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.error = observer->error;
  run.iterations_per_step = static_cast<double>(iterations) / steps;
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  std::set<std::string> wanted(argv + 1, argv + argc);
  auto want = [&](const std::string& id) { return wanted.empty() || wanted.count(id) > 0; };
  std::vector<Problem> problems;
  // References are computed once and kept alive for the observers.
  static std::vector<std::vector<double>> references;
  references.reserve(8);
  constexpr double kG = 9.81;

  if (want("A01")) {
    Scene scene = test::readBenchmarkScene("a01_simple_pendulum.json");
    const double izz = scene.bodies[0].mass.inertia(2, 2);
    std::vector<double> x = test::integrateOneDof(
        [&](double theta, double) { return -kG * std::cos(theta) / (1.0 + izz); }, 0.0, 0.0,
        scene.end_time, kSample);
    for (double& v : x) v = std::cos(v);
    references.push_back(std::move(x));
    const std::vector<double>& ref = references.back();
    const Vec3 bob = scene.bodies[0].mass.center_of_mass;
    problems.push_back({"A01", "simple pendulum", "max |x_bob - ref| (m)", std::move(scene),
                        [&ref, bob](const MultibodySystem& system, double dt) {
                          return std::make_unique<ReferenceObserver>(
                              system, ref, dt,
                              [bob](const MultibodySystem& sys, const MultibodyState& s) {
                                return sys.bodyPose(0, s.q).apply(bob).x();
                              });
                        }});
  }
  if (want("A02")) {
    Scene scene = test::readBenchmarkScene("a02_four_bar_n4.json");
    references.push_back(test::fourBarTipX(scene, 4, kG, kSample));
    const std::vector<double>& ref = references.back();
    const BodyIndex coupler = test::benchmarkBody(scene, "coupler0");
    problems.push_back({"A02", "N-four-bar, N = 4", "max |x_B0 - ref| (m)", std::move(scene),
                        [&ref, coupler](const MultibodySystem& system, double dt) {
                          return std::make_unique<ReferenceObserver>(
                              system, ref, dt,
                              [coupler](const MultibodySystem& sys, const MultibodyState& s) {
                                return sys.bodyPose(coupler, s.q).translation.x();
                              });
                        }});
  }
  if (want("A03")) {
    Scene scene = test::readBenchmarkScene("a03_andrews.json");
    references.push_back(test::andrewsBeta(scene.end_time, kSample, 100));
    const std::vector<double>& ref = references.back();
    const BodyIndex crank = test::benchmarkBody(scene, "body1");
    problems.push_back({"A03", "Andrews' mechanism", "max |beta - ref| (rad)", std::move(scene),
                        [&ref, crank](const MultibodySystem& system, double dt) {
                          return std::make_unique<ReferenceObserver>(
                              system, ref, dt, CrankAngle(crank, ref.front(), dt));
                        }});
  }
  if (want("A04")) {
    Scene scene = test::readBenchmarkScene("a04_bricard.json");
    problems.push_back(
        {"A04", "Bricard's mechanism", "max |E - E0| (J)", std::move(scene),
         [](const MultibodySystem&, double) { return std::make_unique<EnergyObserver>(); }});
  }
  if (want("A05")) {
    Scene scene = test::readBenchmarkScene("a05_flyball_governor.json");
    references.push_back(test::governorSleeve(-scene.gravity.z(), scene.end_time, kSample));
    const std::vector<double>& ref = references.back();
    const BodyIndex sleeve = test::benchmarkBody(scene, "sleeve");
    const Vec3 centre = scene.bodies[sleeve].mass.center_of_mass;
    problems.push_back(
        {"A05", "flyball governor", "max |s - ref| (m)", std::move(scene),
         [&ref, sleeve, centre](const MultibodySystem& system, double dt) {
           return std::make_unique<ReferenceObserver>(
               system, ref, dt,
               [sleeve, centre](const MultibodySystem& sys, const MultibodyState& s) {
                 return sys.bodyPose(sleeve, s.q).apply(centre).z();
               });
         }});
  }

  std::printf("%-4s %-20s %-8s %-10s %-26s %-14s %-18s %s\n", "id", "problem", "dt [ms]", "end [s]",
              "error", "wall [s] (med 3)", "Newton/step (max)", "split (Newton failed)");
  for (const Problem& problem : problems) {
    const MultibodySystem system = buildSystem(problem.scene);
    double previous_seconds = 0.0, previous_dt = 0.0;
    for (const double dt : {5e-3, 2e-3, 1e-3, 5e-4, 1e-4}) {
      if (previous_seconds > 0.0 && previous_seconds * previous_dt / dt > kMaxSeconds) {
        std::printf("%-4s %-20s %-8g skipped: predicted %.0f s per run > %.0f s\n",
                    problem.id.c_str(), problem.title.c_str(), 1e3 * dt,
                    previous_seconds * previous_dt / dt, kMaxSeconds);
        continue;
      }
      std::vector<Run> runs;
      try {
        for (int i = 0; i < 3; ++i) runs.push_back(runOnce(problem, system, dt));
      } catch (const SimulationError& e) {
        std::printf("%-4s %-20s %-8g FAILED: %s\n", problem.id.c_str(), problem.title.c_str(),
                    1e3 * dt, e.what());
        std::fflush(stdout);
        break;
      }
      std::sort(runs.begin(), runs.end(),
                [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
      const Run& median = runs[1];
      char error[96], iterations[32];
      std::snprintf(iterations, sizeof iterations, "%.2f (%d)", median.iterations_per_step,
                    median.max_iterations);
      std::snprintf(error, sizeof error, "%.3g %s", median.error, problem.quantity.c_str());
      std::printf("%-4s %-20s %-8g %-10g %-26s %-14.3g %-18s %d (%d)\n", problem.id.c_str(),
                  problem.title.c_str(), 1e3 * dt, problem.scene.end_time, error, median.seconds,
                  iterations, median.rejected, median.failed);
      std::fflush(stdout);
      previous_seconds = median.seconds;
      previous_dt = dt;
    }
  }
  return 0;
}
