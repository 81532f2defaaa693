// IFToMM multibody benchmark problems (assets/scenes/benchmarks/, written by
// scripts/gen_iftomm_scenes.py) against their minimal-coordinate motion (iftomm_reference.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "dynamics/ali3p_integrator.h"
#include "iftomm_reference.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;
constexpr double kSample = 0.01;  // s: every step size tested divides it

Scene benchmark(const std::string& file) {
  const auto path =
      std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/benchmarks" / file;
  return readScene(path, [](const std::filesystem::path&, LengthUnit, double) -> TriMesh {
    throw std::runtime_error("the benchmarks have no meshes");
  });
}

BodyIndex bodyNamed(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (scene.bodies[i].name == name) return static_cast<BodyIndex>(i);
  }
  throw std::invalid_argument("no body " + name);
}

struct RunResult {
  double max_error = 0.0;         // of the tracked coordinate against the reference, m
  double max_energy_drift = 0.0;  // |E(t) − E(0)|, J
  int max_newton_iterations = 0;
};

// Runs `scene` to its end at step `dt`, comparing x of the point `local` of `body` (body frame)
// with `reference` (sampled every kSample). Any failed step throws and fails the test.
RunResult run(const Scene& scene, const std::string& body, const Vec3& local,
              const std::vector<double>& reference, double dt) {
  const MultibodySystem system = buildSystem(scene);
  SolverSettings settings = scene.solver;
  settings.time_step = dt;
  Ali3pIntegrator integrator(system, settings);
  const BodyIndex tracked = bodyNamed(scene, body);
  const double e0 = integrator.energy().balance();
  const auto steps_per_sample = static_cast<int>(std::lround(kSample / dt));
  RunResult result;
  for (std::size_t sample = 1; sample < reference.size(); ++sample) {
    for (int i = 0; i < steps_per_sample; ++i) {
      const StepReport report = integrator.step();
      result.max_newton_iterations =
          std::max(result.max_newton_iterations, report.newton_iterations);
      result.max_energy_drift =
          std::max(result.max_energy_drift, std::abs(integrator.energy().balance() - e0));
    }
    const double x = system.bodyPose(tracked, integrator.state().q).apply(local).x();
    result.max_error = std::max(result.max_error, std::abs(x - reference[sample]));
  }
  return result;
}

}  // namespace

TEST_CASE("A01 simple pendulum: position error and energy drift fall at second order",
          "[dynamics][iftomm]") {
  const Scene scene = benchmark("a01_simple_pendulum.json");
  // A 1 kg bob 1 m from the pivot (its own inertia about the centre, I_zz, adds to m·L²),
  // released from the horizontal at rest: (m L² + I_zz) θ̈ = −m g L cos θ.
  const double izz = scene.bodies[0].mass.inertia(2, 2);
  std::vector<double> reference = test::integrateOneDof(
      [&](double theta, double) { return -kG * std::cos(theta) / (1.0 + izz); }, 0.0, 0.0,
      scene.end_time, kSample);
  for (double& theta : reference) theta = std::cos(theta);
  const Vec3 bob = scene.bodies[0].mass.center_of_mass;
  const RunResult coarse = run(scene, "bob", bob, reference, 0.002);
  const RunResult fine = run(scene, "bob", bob, reference, 0.001);
  WARN("A01: max |x − x_ref| " << coarse.max_error << " m at 2 ms, " << fine.max_error
                               << " m at 1 ms; energy drift " << coarse.max_energy_drift << ", "
                               << fine.max_energy_drift << " J");
  // Halving the step divides a second-order error by 4; allow for the error's own wobble.
  CHECK(fine.max_error < coarse.max_error / 3.0);
  CHECK(fine.max_energy_drift < coarse.max_energy_drift / 3.0);
  CHECK(fine.max_error < 1e-3);
}

TEST_CASE("A02 N-four-bar (N = 4) runs through its singular positions at every step size",
          "[dynamics][iftomm]") {
  const Scene scene = benchmark("a02_four_bar_n4.json");
  const std::vector<double> reference = test::fourBarTipX(4, kG, scene.end_time, kSample);
  // B0, the first crank's tip, is the first coupler's frame origin.
  std::vector<RunResult> results;
  for (const double dt : {0.005, 0.002, 0.001}) {
    INFO("dt = " << dt);
    RunResult r;
    REQUIRE_NOTHROW(r = run(scene, "coupler0", Vec3::Zero(), reference, dt));
    WARN("A02 N=4, dt " << dt << " s: max |x_B0 − ref| " << r.max_error << " m, energy drift "
                        << r.max_energy_drift << " J, max Newton iterations "
                        << r.max_newton_iterations);
    results.push_back(r);
  }
  CHECK(results[2].max_error < 1e-3);  // the benchmark's "high precision" bound
  // Second order from 5 ms to 2 ms (a factor 6.25 in the limit).
  CHECK(results[1].max_error < results[0].max_error / 4.0);
  CHECK(results[1].max_energy_drift < results[0].max_energy_drift / 4.0);
}

TEST_CASE("A02 N-four-bar at 0.1 ms and N = 40 at 1 ms run through", "[dynamics][iftomm][slow]") {
  const Scene four = benchmark("a02_four_bar_n4.json");
  const RunResult fine =
      run(four, "coupler0", Vec3::Zero(), test::fourBarTipX(4, kG, four.end_time, kSample), 0.0001);
  WARN("A02 N=4, dt 0.1 ms: max |x_B0 − ref| " << fine.max_error << " m");
  // The benchmark's low-precision bound. Known gap (README): at 0.1 ms the steps accepted at the
  // singular positions with a stalled violation leave more error than at 1 ms.
  CHECK(fine.max_error < 1e-1);
  const Scene forty = benchmark("a02_four_bar_n40.json");
  const RunResult many = run(forty, "coupler0", Vec3::Zero(),
                             test::fourBarTipX(40, kG, forty.end_time, kSample), 0.001);
  WARN("A02 N=40, dt 1 ms: max |x_B0 − ref| " << many.max_error << " m");
  CHECK(many.max_error < 1e-3);
}

TEST_CASE("a body's motion does not depend on where its mesh frame sits", "[dynamics]") {
  // The pendulum again, with its body frame moved 10 m away along x and y: the centre of mass
  // (and so the motion) is the same body point.
  Scene near = benchmark("a01_simple_pendulum.json");
  Scene far = near;
  const Vec3 shift(10.0, -10.0, 0.0);
  far.bodies[0].pose.translation -= shift;
  far.bodies[0].mass.center_of_mass += shift;
  near.end_time = far.end_time = 2.0;
  const MultibodySystem a = buildSystem(near), b = buildSystem(far);
  Ali3pIntegrator ia(a, near.solver), ib(b, far.solver);
  while (ia.state().t < 2.0 - 1e-9) {
    ia.step();
    ib.step();
  }
  const Vec3 bob_a = a.bodyPose(0, ia.state().q).apply(near.bodies[0].mass.center_of_mass);
  const Vec3 bob_b = b.bodyPose(0, ib.state().q).apply(far.bodies[0].mass.center_of_mass);
  CHECK((bob_a - bob_b).norm() < 1e-9);
  // The body frame's origin is reported where the user put it, rigidly attached to the bob.
  CHECK((b.bodyPose(0, ib.state().q).translation - bob_b).norm() ==
        Approx(far.bodies[0].mass.center_of_mass.norm()));
}
