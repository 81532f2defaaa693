// IFToMM A01 simple pendulum and the compound pendulum (docs/validation.md, "Multibody
// dynamics").
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/ali3p_integrator.h"

using namespace contactsim;

namespace {

constexpr double kG = 9.81;
constexpr double kEllipticK = 1.8540746773013719;  // K(1/√2): release from the horizontal

// A body whose frame origin sits on the pivot (world origin), centre of mass at distance
// `length` along x (horizontal), hinged about y. `inertia` is about the centre of mass.
MultibodySystem pendulum(double mass, double length, const Mat3& inertia) {
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition body;
  body.name = "bob";
  body.mass.mass = mass;
  body.mass.center_of_mass = Vec3(length, 0, 0);
  body.mass.inertia = inertia;
  const BodyIndex b = system.addBody(body);
  system.addRevoluteJoint("pivot", kWorld, b, Vec3::Zero(), Vec3::UnitY());
  return system;
}

struct PeriodRun {
  double period;
  int max_iterations;
  double mean_iterations;
  double energy_drift;  // max |E(t) − E(0)| (J)
};

// Period from the downward crossings of the vertical (x of the centre of mass changes sign),
// averaged over `periods` periods. Linear interpolation of the crossing is third order there
// because the horizontal acceleration vanishes at the bottom.
PeriodRun measurePeriod(const MultibodySystem& system, double dt, double com_x, int periods) {
  SolverSettings settings;
  settings.time_step = dt;
  Ali3pIntegrator integrator(system, settings);
  auto comX = [&] { return system.bodyPose(0, integrator.state().q).apply(Vec3(com_x, 0, 0)).x(); };
  const double e0 = integrator.energy().balance();
  std::vector<double> crossings;
  PeriodRun run{0.0, 0, 0.0, 0.0};
  long steps = 0, iterations = 0;
  double x_prev = comX();
  while (static_cast<int>(crossings.size()) < 2 * periods + 1) {
    const double t_prev = integrator.state().t;
    const StepReport r = integrator.step();
    ++steps;
    iterations += r.newton_iterations;
    run.max_iterations = std::max(run.max_iterations, r.newton_iterations);
    run.energy_drift = std::max(run.energy_drift, std::abs(integrator.energy().balance() - e0));
    const double x = comX();
    if ((x_prev > 0.0) != (x > 0.0)) {
      crossings.push_back(t_prev + dt * x_prev / (x_prev - x));
    }
    x_prev = x;
    REQUIRE(integrator.state().t < 100.0);
  }
  run.period = (crossings.back() - crossings.front()) / periods;
  run.mean_iterations = static_cast<double>(iterations) / steps;
  return run;
}

}  // namespace

TEST_CASE("simple pendulum (IFToMM A01): period and second-order convergence", "[dynamics]") {
  // A point mass needs some rotational inertia for a regular mass matrix; 1e-6 kg m² lengthens
  // the period by the factor √(1 + I/(mL²)) (equivalent length), 1.2e-6 s here.
  const double inertia = 1e-6;
  const MultibodySystem system = pendulum(1.0, 1.0, inertia * Mat3::Identity());
  const double reference = 4.0 * std::sqrt(1.0 / kG) * kEllipticK;
  REQUIRE(reference == Approx(2.367842).margin(1e-6));
  const double exact = reference * std::sqrt(1.0 + inertia);

  const PeriodRun coarse = measurePeriod(system, 1e-3, 1.0, 4);
  const PeriodRun fine = measurePeriod(system, 5e-4, 1.0, 4);
  const double error_coarse = std::abs(coarse.period - exact);
  const double error_fine = std::abs(fine.period - exact);
  WARN("period dt=1e-3: " << coarse.period << " error " << error_coarse
                          << "; dt=5e-4: " << fine.period << " error " << error_fine << "; ratio "
                          << error_coarse / error_fine << "; Newton mean/max "
                          << coarse.mean_iterations << "/" << coarse.max_iterations
                          << "; energy drift " << coarse.energy_drift << " / " << fine.energy_drift
                          << " J");
  CHECK(std::abs(coarse.period - 2.367842) < 1e-4);
  CHECK(error_coarse / error_fine == Approx(4.0).margin(0.6));
  CHECK(coarse.max_iterations <= 10);
  CHECK(coarse.energy_drift < 1e-3);
}

TEST_CASE("compound pendulum: small-amplitude period 2π√(2L/(3g))", "[dynamics]") {
  // Uniform rod of length L (thin: radius 1 cm) about one end, released at 2°.
  const double m = 2.0, L = 0.8, r = 0.01;
  Mat3 I = Mat3::Zero();
  I(0, 0) = 0.5 * m * r * r;                             // about the rod axis (x)
  I(1, 1) = I(2, 2) = m * (3.0 * r * r + L * L) / 12.0;  // transverse
  MultibodySystem system;
  system.setGravity(Vec3(0, 0, -kG));
  BodyDefinition body;
  body.name = "rod";
  body.mass = {m, Vec3(0.5 * L, 0, 0), I};
  const double theta0 = 2.0 * M_PI / 180.0;
  // Rod hanging down at theta0 from the vertical: rotate x (rod axis) to −z then by theta0.
  body.pose.rotation = Eigen::AngleAxisd(M_PI / 2 - theta0, Vec3::UnitY()).toRotationMatrix();
  const BodyIndex b = system.addBody(body);
  system.addRevoluteJoint("pivot", kWorld, b, Vec3::Zero(), Vec3::UnitY());

  const PeriodRun run = measurePeriod(system, 1e-3, 0.5 * L, 3);
  // Exact small-amplitude period with the rod's thickness, then the finite-amplitude factor
  // 2K(sin(θ0/2))/π ≈ 1 + θ0²/16.
  const double equivalent_length = (m * 0.25 * L * L + I(1, 1)) / (m * 0.5 * L);
  const double linear = 2.0 * M_PI * std::sqrt(equivalent_length / kG);
  const double expected = linear * (1.0 + theta0 * theta0 / 16.0);
  CHECK(linear == Approx(2.0 * M_PI * std::sqrt(2.0 * L / (3.0 * kG))).epsilon(1e-3));
  CHECK(run.period == Approx(expected).epsilon(2e-5));
}
