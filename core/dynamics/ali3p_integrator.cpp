#include "dynamics/ali3p_integrator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "dynamics/ali3p_norms.h"
#include "dynamics/step_rejected.h"

namespace contactsim {
namespace {

using ali3p::formatReal;
using ali3p::maxNorm;

using SparseMatrix = Eigen::SparseMatrix<double>;

SparseMatrix fromTriplets(int rows, int cols, const Triplets& t) {
  SparseMatrix A(rows, cols);
  A.setFromTriplets(t.begin(), t.end());
  return A;
}

// Iterations a linear contraction ρ still needs until its estimated remaining error
// ρ/(1 − ρ)·‖Δq‖ is within the tolerance (Hairer & Wanner, II §IV.8); infinite unless 0 < ρ < 1.
double iterationsToConverge(double rate, double update, double tolerance) {
  if (!(rate > 0.0 && rate < 1.0)) return std::numeric_limits<double>::infinity();
  return std::log(tolerance * (1.0 - rate) / (rate * update)) / std::log(rate);
}

}  // namespace

Ali3pIntegrator::Ali3pIntegrator(const MultibodySystem& system, const SolverSettings& settings)
    : system_(system),
      settings_(settings),
      solver_(settings.linear_solver),
      inverse_scales_(system.coordinateScales().cwiseInverse()),
      inverse_row_scales_(system.constraintScales().cwiseInverse()),
      next_substep_(settings.time_step) {
  if (!(settings_.time_step > 0.0) || !std::isfinite(settings_.time_step)) {
    throw std::invalid_argument("time step must be positive");
  }
  const double h = settings_.time_step;
  step_forces_.with_modes = false;  // Newton's iterations; powers() reads the modes
  alpha_ = settings_.penalty ? *settings_.penalty
                             : kDefaultPenaltyRatio * system_.largestMassEntry() * 4.0 / (h * h);
  if (system_.coordinateCount() > 0 && !(alpha_ > 0.0)) {
    throw std::invalid_argument("penalty must be positive");
  }
  initialize();
}

Eigen::SparseMatrix<double> Ali3pIntegrator::jacobianMatrix(const ConstraintValues& values) const {
  return fromTriplets(system_.constraintCount(), system_.coordinateCount(), values.jacobian);
}

std::string Ali3pIntegrator::worstConstraint(const ConstraintValues& values) const {
  if (values.violation.size() == 0 || !values.violation.allFinite()) {
    // Non-finite values: name the first offending row.
    for (Eigen::Index i = 0; i < values.violation.size(); ++i) {
      if (!std::isfinite(values.violation[i])) {
        return system_.constraints().describeRow(static_cast<int>(i)) + " (not finite)";
      }
    }
    return "no constraint";
  }
  Eigen::Index row = 0;
  const double worst = values.violation.maxCoeff(&row);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, " violated by %.3g", worst);
  return system_.constraints().describeRow(static_cast<int>(row)) + buffer;
}

// Consistent initial conditions (docs/dynamics.md, "The step", 4). All three stages use the
// scaled penalty β = α·Δt²/4 with augmented-Lagrangian multiplier updates, so they converge to
// the exact projections rather than to penalty approximations.
void Ali3pIntegrator::initialize() {
  const int n = system_.coordinateCount();
  const int m = system_.constraintCount();
  const SparseMatrix& M = system_.massMatrix();
  const double h = settings_.time_step;
  const double beta = alpha_ * h * h / 4.0;
  // Projections converge to the constraint tolerance, in the same scaled norms as a step.
  const double tol = settings_.constraint_tolerance;
  const auto scaled = [&](const Eigen::VectorXd& dq) {
    return maxNorm(dq.cwiseProduct(inverse_scales_));
  };
  const int max_iterations = std::max(50, settings_.max_newton_iterations);

  state_.t = 0.0;
  state_.q = system_.initialCoordinates();
  state_.qdot = system_.initialVelocities();
  state_.qddot = Eigen::VectorXd::Zero(n);
  state_.lambda = Eigen::VectorXd::Zero(m);
  state_.multipliers = state_.lambda;
  if (n == 0) return;

  ConstraintValues cv;
  const auto scaledViolation = [&] {
    return maxNorm(cv.violation.cwiseProduct(inverse_row_scales_));
  };
  auto factor = [&](const SparseMatrix& Jq) {
    const SparseMatrix A = M + beta * SparseMatrix(Jq.transpose() * Jq);
    if (!solver_.factorize(A)) throw SimulationError("initial state: singular system matrix");
  };
  auto fail = [&](const char* what) {
    throw SimulationError(std::string("initial state: ") + what +
                          " did not converge; worst: " + worstConstraint(cv));
  };

  // Positions: min ½(q − q0)ᵀM(q − q0) subject to Φ(q) = 0.
  const Eigen::VectorXd q0 = state_.q;
  Eigen::VectorXd mu = Eigen::VectorXd::Zero(m);
  bool converged = false;
  for (int it = 0; it < max_iterations && !converged; ++it) {
    system_.constraints().evaluate(state_.q, state_.qdot, 0.0, true, cv);
    const SparseMatrix Jq = jacobianMatrix(cv);
    factor(Jq);
    const Eigen::VectorXd rhs = -(M * (state_.q - q0) + Jq.transpose() * (beta * cv.phi + mu));
    const Eigen::VectorXd dq = solver_.solve(rhs);
    if (!dq.allFinite()) fail("position projection");
    state_.q += dq;
    system_.constraints().evaluate(state_.q, state_.qdot, 0.0, false, cv);
    mu += beta * cv.phi;
    converged = scaled(dq) <= tol && scaledViolation() <= tol;
  }
  if (!converged) fail("position projection");

  // Velocities: min ½(q̇ − q̇0)ᵀM(q̇ − q̇0) subject to Φ_q q̇ + Φ_t = 0.
  system_.constraints().evaluate(state_.q, state_.qdot, 0.0, true, cv);
  const SparseMatrix Jq = jacobianMatrix(cv);
  factor(Jq);
  const Eigen::VectorXd qd0 = state_.qdot;
  const Eigen::VectorXd phi_t = cv.phi_t;
  mu.setZero();
  converged = false;
  double last_change = INFINITY;
  for (int it = 0; it < max_iterations && !converged; ++it) {
    const Eigen::VectorXd qd = solver_.solve(M * qd0 - Jq.transpose() * (beta * phi_t + mu));
    const Eigen::VectorXd rate = Jq * qd + phi_t;
    mu += beta * rate;
    // Each iterate solves (M + βΦ_qᵀΦ_q) q̇ = M q̇0 − Φ_qᵀ(βΦ_t + μ) exactly, so once Φ_q q̇ + Φ_t
    // vanishes, M(q̇ − q̇0) = −Φ_qᵀμ: q̇ is the projection and μ its multiplier. Converged when the
    // change between iterates and the residual are both within the tolerance (relative to the
    // largest scaled velocity; at rest to 1 s⁻¹), or when the residual is and the change has
    // stalled (stopped halving: the round-off of an ill-conditioned solve, above the tolerance).
    const double speed = std::max(1.0, scaled(qd));
    const double change = scaled(qd - state_.qdot);
    const bool residual_ok = maxNorm(rate.cwiseProduct(inverse_row_scales_)) <= tol * speed;
    converged = residual_ok && (change <= tol * speed || change > 0.5 * last_change);
    last_change = change;
    state_.qdot = qd;
    if (!state_.qdot.allFinite()) fail("velocity projection");
  }
  if (!converged) fail("velocity projection");

  // Accelerations and λ*: (M + βΦ_qᵀΦ_q) q̈ = Q − Φ_qᵀ(λ* + βγ), λ* += β(Φ_q q̈ + γ).
  system_.constraints().evaluate(state_.q, state_.qdot, 0.0, false, cv);
  ForceValues fv;
  system_.forces().evaluate(state_.q, state_.qdot, 0.0, fv);
  converged = false;
  last_change = INFINITY;
  for (int it = 0; it < max_iterations && !converged; ++it) {
    const Eigen::VectorXd qdd =
        solver_.solve(fv.q_force - Jq.transpose() * (state_.lambda + beta * cv.gamma));
    const Eigen::VectorXd residual = Jq * qdd + cv.gamma;
    state_.lambda += beta * residual;
    // As for the velocities: once Φ_q q̈ + γ vanishes, M q̈ = Q − Φ_qᵀλ* exactly. The stall
    // happens: on a converted TIAGo Pro (48 bodies, 16 g to 3.2 kg) the residual reached 1e-14
    // in three iterations while the change hovered at 1e-7 of q̈ for fifty.
    const double scale = std::max(1.0, scaled(qdd));
    const double change = scaled(qdd - state_.qddot);
    const bool residual_ok = maxNorm(residual.cwiseProduct(inverse_row_scales_)) <= tol * scale;
    converged = change <= tol * scale || (residual_ok && change > 0.5 * last_change);
    last_change = change;
    state_.qddot = qdd;
    if (!state_.qddot.allFinite()) fail("acceleration computation");
  }
  if (!converged) fail("acceleration computation");
  state_.multipliers = state_.lambda;
  last_powers_ = powers(state_);
  double moving_mass = 0.0;
  for (const BodyDefinition& body : system_.bodies())
    if (!body.fixed) moving_mass += body.mass.mass;
  energy_floor_ =
      std::max(moving_mass * system_.forces().gravity().norm() * system_.lengthScale(), 1e-12);
}

Ali3pIntegrator::Powers Ali3pIntegrator::powers(const MultibodyState& s) const {
  Powers p;
  if (system_.coordinateCount() == 0) return p;
  ForceValues fv;
  fv.with_tangents = false;
  system_.forces().evaluate(s.q, s.qdot, s.t, fv);
  p.load = fv.load_power;
  p.source_force = fv.source_force;
  p.qdot = s.qdot;
  p.dissipation = fv.dissipation_power;
  p.fastest_mode = fv.fastest_mode;
  for (const CableInfo& cable : system_.cables()) {
    const CableLength::Value L = cable.length.at(s.t);
    // Constraint force −Φ_qᵀλ has power −λΦ_q q̇ = λΦ_t = −2Lλ·L̇ = −T·L̇.
    p.cable -= 2.0 * L.length * s.multipliers[cable.row] * L.rate;
  }
  for (const DriveInfo& drive : system_.drives()) {
    // Likewise λΦ_t: Φ_t = −ẋ(t)·∂Φ/∂x with ∂Φ/∂x = 1 on the solution, so the power is f·ẋ.
    p.drive -= s.multipliers[drive.row] * drive.motion.at(s.t).rate;
  }
  return p;
}

Ali3pIntegrator::Trapezoidal Ali3pIntegrator::startStep(double h, MultibodyState& next) const {
  const MultibodyState& s = state_;
  Trapezoidal step;
  step.h = h;
  step.t1 = s.t + h;
  step.h2 = h * h / 4.0;
  // α is defined at the nominal step: keep α·h²/4 (the penalty relative to M) unchanged.
  step.alpha = alpha_ * std::pow(settings_.time_step / h, 2);
  // Trapezoidal rule: q̇ = (2/h) q + q̂̇, q̈ = (4/h²) q + q̂̈ (docs/dynamics.md, "The step").
  step.qd_hat = -((2.0 / h) * s.q + s.qdot);
  step.qdd_hat = -((4.0 / (h * h)) * s.q + (4.0 / h) * s.qdot + s.qddot);
  next.t = step.t1;
  next.q = s.q + h * s.qdot + (0.5 * h * h) * s.qddot;  // predictor
  next.lambda = s.lambda;
  step.updateRates(next);
  return step;
}

void Ali3pIntegrator::Trapezoidal::updateRates(MultibodyState& next) const {
  next.qdot = (2.0 / h) * next.q + qd_hat;
  next.qddot = (4.0 / (h * h)) * next.q + qdd_hat;
}

bool Ali3pIntegrator::attempt(double h, MultibodyState& next, int& iterations, std::string& failure,
                              NewtonMode mode) {
  const Trapezoidal step = startStep(h, next);
  double alpha_k = 0.0;
  if (!iterate(step, mode, next, iterations, alpha_k, failure)) return false;
  next.lambda += alpha_k * step_constraints_.phi;
  attempt_penalty_carry_ = std::max(1.0, alpha_k / step.alpha / kPenaltyCarryDecay);
  return project(step, alpha_k, next, failure);
}

// The iterate q_k is accepted when Newton's estimated remaining error η·‖Δq‖ (Hairer & Wanner,
// Solving ODEs II, §IV.8: η = ρ/(1 − ρ), ρ the observed contraction) is a small fraction of the
// step's own motion, and the constraints hold (docs/dynamics.md, "Newton convergence"). Relative
// to the motion because an error e in q becomes 2e/h in q̇ and 4e/h² in q̈, which the trapezoidal
// rule never damps: an absolute tolerance fine at 1 ms ruins a run at 0.1 ms.
//
// Near a singular position of a mechanism two things happen. The λ* update converges only
// linearly, at the rate 1/(1 + α·σ) of the smallest singular value σ of Φ_q M⁻¹ Φ_qᵀ (h²/4 folded
// in), which tends to 1 as σ → 0: while Φ still falls, α is raised for the rest of the step (the
// method of multipliers' penalty update, Bertsekas 1982, §2.2), and the step's λ* and projections
// use the raised α consistently. And a violation outside the range of Φ_q cannot be removed by
// any first-order correction: when Φ and Δq both stop falling with Φ within 100× the tolerance,
// the step is accepted — λ* carries the rest into the next step.
//
// In the Bracketed mode (the last resort at the smallest substep), iterates that cycle at a kink
// of a force law are bracketed and bisected (NewtonBracket); then the rate-based estimate does not
// apply (the rate of a bisection says nothing about Newton's contraction): the full update itself
// must be small.
bool Ali3pIntegrator::iterate(const Trapezoidal& step, NewtonMode mode, MultibodyState& next,
                              int& iterations, double& alpha_k, std::string& failure) {
  const MultibodyState& s = state_;
  ConstraintValues& cv = step_constraints_;
  const double rest_motion = step.h * 1.0;  // the model moving its own length per second
  const double constraint_tolerance = settings_.constraint_tolerance;
  alpha_k = step.alpha * (mode == NewtonMode::Retry ? 1.0 : penalty_carry_);
  double dq_norm = std::numeric_limits<double>::infinity();
  double rate = 1.0, violation = 0.0;
  bool cut = false;  // the last update was cut short by the forces' admissibleUpdate
  iterations = 0;
  bracket_.reset();
  stalled_across_cap_ = accepted_by_stall_ = refused_cycle_ = false;
  int caps = -1, caps_before = -1;  // ledger caps at the last two force evaluations
  if (mode == NewtonMode::Retry) {
    reaction_stiffness_.clear();
    system_.constraints().addHessian(retry_multipliers_, step.t1, reaction_stiffness_);
  }
  int iteration_limit = settings_.max_newton_iterations;
  for (int it = 0;; ++it) {
    system_.constraints().evaluate(next.q, next.qdot, step.t1, true, cv);
    const double previous_violation = violation;
    violation = maxNorm(cv.violation.cwiseProduct(inverse_row_scales_));
    if (it > 0) {
      const double motion =
          std::max(maxNorm((next.q - s.q).cwiseProduct(inverse_scales_)), rest_motion);
      const double tolerance = settings_.newton_tolerance * motion;
      // The first update has no observed rate: it must be small by itself.
      const bool small_update =
          dq_norm <= tolerance || (it > 1 && !bracket_.active() && rate < 1.0 &&
                                   rate / (1.0 - rate) * dq_norm <= tolerance);
      const bool newton_converged = small_update && violation <= constraint_tolerance;
      const bool violation_stalled = violation > 0.99 * previous_violation;
      // Stalled at a singular position or at round-off (long chains), or cycling (below).
      const bool stalled = it > 1 && !cut && rate > 0.9 && violation_stalled &&
                           violation <= 100.0 * constraint_tolerance;
      // A stall that moves the iterate by more than kStallUpdateRatio of the step's motion is
      // not a singular position's creep but iterates cycling between the branches of a force
      // that jumps; accepted, its state carries the jump unbalanced (docs/dynamics.md, "Stalls
      // that are cycles"). It is refused, so the step is split, unless it can be split no more
      // or the cycle is across a ledger cap's jump: that is left to the bracket of
      // attemptWithRetries, since in the anchor's seating such cycles persist at every step
      // size, and splitting them made its heave 2 to 5 times as slow for nothing.
      if (stalled && !newton_converged && refuse_cycling_stalls_ && caps == caps_before &&
          dq_norm > kStallUpdateRatio * motion) {
        failure = "Newton's iterates cycle (update " + formatReal(dq_norm / motion, 3) +
                  " of the step's motion); worst: " + worstConstraint(cv);
        refused_cycle_ = true;
        return false;
      }
      const bool converged = newton_converged || stalled;
      if (converged && cv.phi.allFinite()) {
        accepted_by_stall_ = !newton_converged;
        // The residual of the iterate the accepted update came from (the forces of the
        // accepted state itself are evaluated only for its works).
        stall_residual_ = accepted_by_stall_ ? maxNorm(residual_) / step.h2 : 0.0;
        stalled_across_cap_ = accepted_by_stall_ && caps != caps_before;
        return true;
      }
      // A linear contraction with the constraints already holding (the multipliers' transient at
      // a singular position) may finish if its predicted iterations fit in one more budget.
      if (!converged && it == settings_.max_newton_iterations &&
          violation <= constraint_tolerance && !bracket_.active() &&
          iterationsToConverge(rate, dq_norm, tolerance) <= settings_.max_newton_iterations)
        iteration_limit += settings_.max_newton_iterations;
      if (converged || it == iteration_limit) break;
      if (it > 1 && !cut && rate > 0.5 && !violation_stalled &&
          alpha_k < kMaxPenaltyGrowth * step.alpha)
        alpha_k *= 10.0;
      // λ*_{i+1} = λ*_i + αΦ(q_{i+1}), after each update of q.
      next.lambda += alpha_k * cv.phi;
    }
    ++iterations;
    if (!solveUpdate(step, mode, alpha_k, next, failure)) return false;
    caps_before = std::exchange(caps, step_forces_.ledger_caps);
    const Eigen::VectorXd& dq = dq_;
    double fraction = 1.0;
    if (mode == NewtonMode::Bracketed) {
      bracket_.move(next.q, dq, inverse_scales_, step_);
      next.q += step_;
    } else {
      // q̇ = (2/h)q + q̂̇: the update moves the velocities by (2/h)Δq.
      qdot_update_ = (2.0 / step.h) * dq;
      fraction = system_.forces().admissibleUpdate(qdot_update_);
      next.q += fraction * dq;
    }
    step.updateRates(next);
    const double norm = maxNorm(dq.cwiseProduct(inverse_scales_));
    // A cut update says nothing of Newton's contraction (ρ unknown, taken as 1), and its full
    // length is what stays to be done.
    cut = fraction < 1.0;
    rate = cut ? 1.0 : norm / dq_norm;  // ρ; 0 after the first update
    dq_norm = norm;
  }
  failure = "Newton did not converge in " + std::to_string(iteration_limit) +
            " iterations; worst: " + worstConstraint(cv);
  return false;
}

// f = (h²/4)[M q̈ + Φ_qᵀ(αΦ + λ*) − Q];  f_q ≈ M + (h/2)C + (h²/4)(αΦ_qᵀΦ_q + K), and
// dq_ = −f_q⁻¹f. The forces and the tangent's factors stay for the projections.
bool Ali3pIntegrator::solveUpdate(const Trapezoidal& step, NewtonMode mode, double alpha_k,
                                  const MultibodyState& next, std::string& failure) {
  const SparseMatrix& M = system_.massMatrix();
  const ConstraintValues& cv = step_constraints_;
  ForceValues& fv = step_forces_;
  system_.forces().evaluate(next.q, next.qdot, step.t1, fv);
  const SparseMatrix& Jq =
      assembly_.jacobian(system_.constraintCount(), system_.coordinateCount(), cv.jacobian);
  multipliers_ = alpha_k * cv.phi + next.lambda;
  residual_.noalias() = M * next.qddot;
  residual_.noalias() += Jq.transpose() * multipliers_;
  residual_ = step.h2 * (residual_ - fv.q_force);
  if (mode == NewtonMode::Retry)
    fv.stiffness.insert(fv.stiffness.end(), reaction_stiffness_.begin(), reaction_stiffness_.end());
  // Without force tangents A = M + (h²/4)αΦ_qᵀΦ_q is symmetric positive definite: LDLᵀ of its
  // lower triangle (a third of SparseLU's time for A02), the upper one completed only for LU if
  // LDLᵀ is refused. The projections' solves are refined once against A, since α may be raised
  // ×1e4; a Newton update is corrected by the next iteration.
  const bool symmetric = fv.damping.empty() && fv.stiffness.empty();
  const SparseMatrix& A = assembly_.tangent(M, fv.damping, 0.5 * step.h, fv.stiffness, step.h2,
                                            step.h2 * alpha_k, symmetric);
  if (!residual_.allFinite() || !((symmetric && solver_.factorizeSymmetric(A)) ||
                                  solver_.factorize(symmetric ? assembly_.completeUpper() : A))) {
    failure = "singular or non-finite tangent; worst: " + worstConstraint(cv);
    return false;
  }
  dq_ = -residual_;
  solver_.solveInPlace(dq_, false);
  if (!dq_.allFinite()) {
    failure = "non-finite Newton update; worst: " + worstConstraint(cv);
    return false;
  }
  return true;
}

// Projections with W = M + (h/2)C + (h²/4)K and A = W + (h²/4)Φ_qᵀαΦ_q, reusing the last
// factorisation of A (docs/dynamics.md, "The step", 3). The Φ_t and γ terms carry the prescribed
// cable motion.
bool Ali3pIntegrator::project(const Trapezoidal& step, double alpha_k, MultibodyState& next,
                              std::string& failure) {
  const SparseMatrix& M = system_.massMatrix();
  ConstraintValues& cv = step_constraints_;
  const ForceValues& fv = step_forces_;
  const double h2 = step.h2;
  // x ← W x − (h²/4)αΦ_qᵀ rates, W x = M x + (h/2)C x + (h²/4)K x from the last iteration's
  // force tangents: the right-hand side of a projection, x being Newton's q̇* or q̈*.
  const SparseMatrix& Jq = assembly_.lastJacobian();  // of the last factorised tangent
  const auto projectionRhs = [&](Eigen::VectorXd& x, const Eigen::VectorXd& rates) {
    w_.noalias() = M * x;
    for (const auto& e : fv.damping) w_[e.row()] += 0.5 * step.h * e.value() * x[e.col()];
    for (const auto& e : fv.stiffness) w_[e.row()] += h2 * e.value() * x[e.col()];
    x.noalias() = w_ - (h2 * alpha_k) * (Jq.transpose() * rates);
  };
  projectionRhs(next.qdot, cv.phi_t);
  solver_.solveInPlace(next.qdot);
  system_.constraints().evaluate(next.q, next.qdot, step.t1, false, cv);
  attempt_violation_ = {step.t1, maxNorm(cv.violation)};
  projectionRhs(next.qddot, cv.gamma);
  solver_.solveInPlace(next.qddot);
  // The projection solved M(q̈ − q̈*) + Φ_qᵀ(h²/4)α(Φ_q q̈ + γ) = 0 (C, K aside) while
  // M q̈* + Φ_qᵀλ* = Q, so M q̈ + Φ_qᵀ[λ* + (h²/4)α(Φ_q q̈ + γ)] = Q.
  next.multipliers = next.lambda + (h2 * alpha_k) * (Jq * next.qddot + cv.gamma);
  if (!next.qdot.allFinite() || !next.qddot.allFinite() || !next.multipliers.allFinite()) {
    failure = "non-finite projection; worst: " + worstConstraint(cv);
    return false;
  }
  return true;
}

EnergyReport Ali3pIntegrator::worksOver(const Powers& now, double h) const {
  EnergyReport step;
  // Trapezoidal accumulation of the works, the same rule as the integrator's.
  step.load_work = 0.5 * h * (last_powers_.load + now.load);
  // The sources' (contact's) work as the trapezoidal rule itself does it: the step moves q by
  // (h/2)(q̇_n + q̇_{n+1}) under the mean force, so ΔT = ¼h(Q_n + Q_{n+1})·(q̇_n + q̇_{n+1}) exactly
  // for these forces; the mean of the end powers misses ¼h·ΔQ·Δq̇, large across a stiff impact.
  if (now.source_force.size() > 0 && last_powers_.source_force.size() > 0) {
    step.source_work =
        0.25 * h * (last_powers_.source_force + now.source_force).dot(last_powers_.qdot + now.qdot);
  }
  step.dissipated = 0.5 * h * (last_powers_.dissipation + now.dissipation);
  step.cable_work = 0.5 * h * (last_powers_.cable + now.cable);
  step.drive_work = 0.5 * h * (last_powers_.drive + now.drive);
  return step;
}

EnergyReport Ali3pIntegrator::stateEnergies(const MultibodyState& s) const {
  EnergyReport e;
  e.kinetic = 0.5 * s.qdot.dot(system_.massMatrix() * s.qdot);
  const Potentials p = system_.forces().potentials(s.q);
  e.gravity = p.gravity;
  e.springs = p.springs;
  return e;
}

// The forces at `next` are evaluated before the sources see the step accepted: they are the ones
// the Newton iteration balanced (a contact's history changes on acceptance).
void Ali3pIntegrator::commit(MultibodyState&& next, const Powers& now, double h,
                             StepReport& report) {
  const EnergyReport step = worksOver(now, h);
  work_.load_work += step.load_work;
  work_.source_work += step.source_work;
  work_.dissipated += step.dissipated;
  work_.cable_work += step.cable_work;
  work_.drive_work += step.drive_work;
  last_powers_ = now;
  state_ = std::move(next);
  state_violation_ = attempt_violation_;
  penalty_carry_ = attempt_penalty_carry_;
  for (const auto& source : system_.forces().sources()) {
    source->acceptStep(state_.q, state_.qdot, state_.t);
  }
  report.substeps += 1;
  if (accepted_by_stall_) {
    report.stalled_substeps += 1;
    report.largest_stall_residual = std::max(report.largest_stall_residual, stall_residual_);
  }
  report.smallest_substep =
      report.smallest_substep > 0.0 ? std::min(report.smallest_substep, h) : h;
}

Ali3pIntegrator::AttemptResult Ali3pIntegrator::attemptCounted(double h, MultibodyState& next,
                                                               StepReport& report,
                                                               std::string& failure,
                                                               NewtonMode mode) {
  int iterations = 0;
  AttemptResult result = AttemptResult::NewtonFailed;
  try {
    if (attempt(h, next, iterations, failure, mode)) {
      // The forces at the state the step arrives at, for its works; evaluated here because a
      // source may still refuse that state (a contact releasing more than it absorbed).
      attempt_powers_ = powers(next);
      result = AttemptResult::Converged;
    }
  } catch (const StepRejected& e) {
    failure = e.what();  // a force source rejected the trial state: retry smaller
    result = AttemptResult::Refused;
  } catch (const std::runtime_error& e) {
    // A prescribed motion that cannot be followed (cable length ≤ 0): smaller steps won't help.
    throw SimulationError("at t = " + formatReal(state_.t + h) + " s: " + e.what());
  }
  report.newton_iterations += iterations;
  report.max_newton_iterations = std::max(report.max_newton_iterations, iterations);
  return result;
}

// A step whose plain iteration failed is tried once more at the same size before it is split
// (docs/dynamics.md, "Newton convergence", the retry), with what the two failures measured lacked:
// - the nominal penalty: one raised at a singular passage and carried into this step
//   (kPenaltyCarryDecay) can be too high for it, and the multiplier update then creeps at
//   0.93–0.95 per iteration with the constraints already holding (A02 with N = 40 at 1 ms, ten
//   steps in 10 s); from α the same steps converge in at most 17 iterations;
// - the reactions' geometric stiffness (h²/4)·Σ μ_i ∂²Φ_i/∂q² in the tangent, μ the multipliers
//   of the step's start (ConstraintSet::addHessian), which the plain tangent leaves out: where
//   the reactions are large against M·4/h² (A03's preloaded spring, a crank turning 2.6 rad per
//   step) its absence makes Newton linear, at a rate growing as h² (0.014, 0.055 and 0.34 at 0.5,
//   1 and 2.5 ms), and divergent beyond.
// When that fails too, the start's reactions were no estimate of the step's own: the half step h/2
// is solved (not committed) and the step retried with the multipliers of its middle. Where the
// reactions change much within a step (Andrews' crank turning 2.6 rad in a 5 ms step) this
// converges where the start's and the end's (of two half steps) both diverge.
// A force source's refusal is not retried at the same size: it would meet the same state. Nor is
// a cycle the stall rule refused (refused_cycle_): its iterates alternate at a force law's kink
// (saturated friction stopping within the step), which neither the penalty nor the reactions'
// stiffness moves; retried, each such step of the hopper demo cost three more attempts before
// its split (docs/dynamics.md, "Stalls that are cycles").
bool Ali3pIntegrator::attemptWithRetries(double h, MultibodyState& next, StepReport& report,
                                         std::string& failure, bool last_resort) {
  refuse_cycling_stalls_ = !last_resort;
  NewtonMode mode = NewtonMode::Plain;
  AttemptResult result = attemptCounted(h, next, report, failure, mode);
  const bool retry = result == AttemptResult::NewtonFailed && !refused_cycle_;
  if (retry) {
    retry_multipliers_ = state_.multipliers;
    mode = NewtonMode::Retry;
    result = attemptCounted(h, next, report, failure, mode);
  }
  if (retry && result == AttemptResult::NewtonFailed) {
    MultibodyState middle;
    std::string middle_failure;
    if (attemptCounted(0.5 * h, middle, report, middle_failure, NewtonMode::Retry) ==
        AttemptResult::Converged) {
      retry_multipliers_ = std::move(middle.multipliers);
      result = attemptCounted(h, next, report, failure, mode);
    }
  }
  if (result == AttemptResult::NewtonFailed && last_resort) {
    mode = NewtonMode::Bracketed;
    result = attemptCounted(h, next, report, failure, mode);
  }
  if (result == AttemptResult::Converged && stalled_across_cap_ && mode != NewtonMode::Bracketed) {
    // Accepted by the stall rule between iterates on either side of a ledger cap's jump, the
    // state carries the unbalanced force of one side (docs/dynamics.md, "Iterates that cycle
    // across a jump"). The bracket finds where the contact holds between the two; where it does
    // not converge, the accepting attempt is made again, so the step arrives where it did.
    MultibodyState bracketed;
    std::string bracket_failure;
    if (attemptCounted(h, bracketed, report, bracket_failure, NewtonMode::Bracketed) ==
            AttemptResult::Converged &&
        !accepted_by_stall_)
      next = std::move(bracketed);
    else
      result = attemptCounted(h, next, report, failure, mode);
  }
  if (result != AttemptResult::Converged) report.failed_substeps += 1;
  if (result == AttemptResult::Refused) report.refused_substeps += 1;
  return result == AttemptResult::Converged;
}

double Ali3pIntegrator::constraintViolation() const {
  if (system_.constraintCount() == 0) return 0.0;
  ConstraintValues cv;
  system_.constraints().evaluate(state_.q, state_.qdot, state_.t, false, cv);
  return maxNorm(cv.violation);
}

double Ali3pIntegrator::cableLength(int cable) const {
  const CableInfo& info = system_.cables().at(cable);
  return info.length.at(state_.t).length;
}

double Ali3pIntegrator::cableTension(int cable) const {
  const CableInfo& info = system_.cables().at(cable);
  return 2.0 * info.length.at(state_.t).length * state_.multipliers[info.row];
}

double Ali3pIntegrator::driveEffort(int drive) const {
  return -state_.multipliers[system_.drives().at(drive).row];
}

EnergyReport Ali3pIntegrator::energy() const {
  EnergyReport e = work_;
  if (system_.coordinateCount() == 0) return e;
  const EnergyReport state = stateEnergies(state_);
  e.kinetic = state.kinetic;
  e.gravity = state.gravity;
  e.springs = state.springs;
  return e;
}

}  // namespace contactsim
