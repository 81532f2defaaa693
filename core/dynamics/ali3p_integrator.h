// Index-3 augmented Lagrangian with projections (ALI3-P) and the implicit trapezoidal rule
// (Bayo & Ledesma 1996; Cuadrado, Cardenal, Bayo 1997; Cuadrado et al. 2001, 2004), as written
// up, with this implementation's choices, in docs/dynamics.md.
#pragma once

#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "dynamics/linear_solver.h"
#include "dynamics/multibody_system.h"
#include "dynamics/newton_bracket.h"

namespace contactsim {

// Default α: α·Δt²/4 = kDefaultPenaltyRatio × the largest diagonal entry of M (docs/dynamics.md,
// "The step", the penalty: 1e2–1e4 works; too small diverges, too large loses digits in the LU).
inline constexpr double kDefaultPenaltyRatio = 1e3;

// How far the penalty may be raised within one step when the multiplier iteration stalls (a
// mechanism near a singular position), relative to the nominal α.
inline constexpr double kMaxPenaltyGrowth = 1e4;
// A step that raised α to g·α lets the next one start from (g / kPenaltyCarryDecay)·α, not from α
// (docs/dynamics.md, "Singular positions"): the steps of a singular passage then climb one decade
// instead of all of them, and the raise decays a decade per step once it is no longer needed.
inline constexpr double kPenaltyCarryDecay = 10.0;

struct SolverSettings {
  double time_step = 1e-3;
  std::optional<double> penalty;  // α at time_step; nullopt = the default rule above
  // Newton stops when the estimated distance to the step's solution is below this fraction of
  // the step's own motion (or of h·1 s⁻¹ when at rest), both in the scaled norm
  // max_i |Δq_i|/s_i (s_i: the model's length scale for base points, 1 for unit vectors), and
  // the constraints hold to constraint_tolerance (docs/dynamics.md, "Newton convergence").
  double newton_tolerance = 1e-8;
  // Constraint violation allowed at a converged step: relative to the model's length scale for
  // distances, in radians for angles.
  double constraint_tolerance = 1e-10;
  int max_newton_iterations = 30;
  int max_step_halvings = 6;  // a failed step is retried as 2, 4, … 2^6 substeps
  LinearSolverKind linear_solver = LinearSolverKind::Auto;
  // Error control (docs/dynamics.md, "Variable step"): when set, each step() still advances by
  // time_step — frames stay evenly spaced — but through substeps whose estimated local position
  // error, in the scaled norm above, stays below this; they grow in free flight up to time_step
  // and shrink into impacts down to min_step. Unset: fixed steps of time_step.
  std::optional<double> tolerance;
  double min_step = 0.0;  // 0: time_step × kDefaultMinStepRatio
};

// The smallest substep of error control relative to time_step when min_step is not given.
inline constexpr double kDefaultMinStepRatio = 1e-4;
// Newton's stall rule (Ali3pIntegrator::iterate) accepts a step whose update stopped shrinking
// only while the update is within this fraction of the step's motion (or of h·1 m/s at rest): a
// singular position's multipliers creep by less (≤ 1.2e-5 over the IFToMM problems), iterates
// cycling between the branches of a force that jumps by far more (1e-3 to 0.7 in a stack of
// steel cubes at 1 ms), and a state accepted between them carries the jump unbalanced
// (docs/dynamics.md, "Stalls that are cycles").
inline constexpr double kStallUpdateRatio = 1e-4;
// Error control's energy-balance error per substep may be this multiple of the tolerance, relative
// to the energy in play (docs/dynamics.md, "Variable step").
inline constexpr double kEnergyToleranceRatio = 100.0;
// Error control resolves the contacts' normal modes: a substep may be at most this many radians
// of the fastest one, ω·h ≤ kResolvedModeAngle (ForceValues::fastest_mode). The trapezoidal rule
// keeps 1/(1 + (ωh/2)²) of a mode's damping, here at least 80 %, and its period to within 8 %
// (docs/dynamics.md, "Contact modes").
inline constexpr double kResolvedModeAngle = 1.0;
// Fixed steps: a step whose energy balance shows a gain of more than this fraction of the energy
// in play is split in two (up to max_step_halvings), so that an under-resolved impact cannot
// create energy (docs/dynamics.md, "Fixed steps"). Losses are left to the laws' dissipation.
inline constexpr double kFixedStepEnergyGainRatio = 1e-3;
// Fixed steps: a step that leaves a contact mode unresolved, ω·h above this (ForceValues::
// fastest_mode at the state it arrives at), is split in two as well (up to max_step_halvings;
// at the last halving it is accepted). At ω·h = 2 the trapezoidal rule keeps half of the mode's
// damping and 79 % of its period; beyond it the damping left, 1/(1 + (ωh/2)²), falls to nothing
// and a stiff contact rings undamped (a shaft in a pipe at 1 ms, ωh = 7.4: 7 % of the law's
// damping, its normal force 171 N off a 19 N weight). Looser than error control's
// kResolvedModeAngle because the user chose the step: at 1 rad the anchor heave at its 2 ms took
// 2.4 times as long (docs/dynamics.md, "Fixed steps").
inline constexpr double kFixedStepModeAngle = 2.0;

struct MultibodyState {
  double t = 0.0;
  Eigen::VectorXd q, qdot, qddot;
  Eigen::VectorXd lambda;  // λ*: the multiplier estimates carried from step to step
  // Multipliers consistent with the projected accelerations, M q̈ + Φ_qᵀλ = Q: λ* plus the
  // acceleration projection's own correction. λ* alone is only first-order accurate after the
  // projections (its q̈* comes from the trapezoidal recurrence); reactions and cable tensions
  // are reported from these.
  Eigen::VectorXd multipliers;
};

struct StepReport {
  int newton_iterations = 0;      // summed over substeps
  int max_newton_iterations = 0;  // of the substeps
  int substeps = 1;
  int rejected_substeps = 0;  // by error control or a failed Newton iteration
  // Of those, the ones whose Newton iteration failed or whose state a force source refused (the
  // rest are refinements chosen by error control or the fixed-step energy and mode rules).
  int failed_substeps = 0;
  // Of the failed ones, those a force source refused (StepRejected: a contact that would release
  // more than it absorbed, a body that passed into another); the rest are Newton's failures.
  int refused_substeps = 0;
  double smallest_substep = 0.0;      // s
  double constraint_violation = 0.0;  // max |Φ| (m or rad) after the step
  // Substeps the stall rule accepted (Newton's update and the violation had stopped falling short
  // of the tolerance: docs/dynamics.md, "Iterates that cycle across a jump"), and the largest
  // residual M·q̈ + Φ_qᵀλ − Q any of them carried, max over the coordinates (N on positions,
  // N·m on the unit vectors of natural coordinates): the force such a state leaves unbalanced.
  int stalled_substeps = 0;
  double largest_stall_residual = 0.0;
};

// Energies and works since t = 0 (J). balance() stays constant in a correct integration.
struct EnergyReport {
  double kinetic = 0.0;
  double gravity = 0.0;     // potential, −Σ m g·r_G
  double springs = 0.0;     // potential
  double cable_work = 0.0;  // done on the system by cables of prescribed length: ∫ −T·L̇ dt
  double drive_work = 0.0;  // done by prescribed joint motions: ∫ f·ẋ dt (f the driving effort)
  double load_work = 0.0;   // done by constant forces and torques
  double source_work = 0.0;  // done by force sources (contact)
  double dissipated = 0.0;   // by spring dampers
  double balance() const {
    return kinetic + gravity + springs + dissipated - cable_work - drive_work - load_work -
           source_work;
  }
};

// The run cannot continue: what() names the time and the worst constraint.
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Ali3pIntegrator {
 public:
  // Makes the initial state consistent: positions and velocities projected onto the
  // constraints, accelerations and λ* from the equations of motion (docs/dynamics.md,
  // "The step", 4).
  // Throws SimulationError if that fails. `system` must outlive the integrator.
  Ali3pIntegrator(const MultibodySystem& system, const SolverSettings& settings);

  // Advances by settings.time_step: in one trapezoidal step, or in substeps chosen by error
  // control when settings.tolerance is set. A step whose Newton iteration fails is retried with
  // halved substeps. Throws SimulationError when even the smallest substep fails. The state is
  // never left with non-finite values.
  StepReport step();
  // The substep error control will try next (settings.time_step without error control).
  double nextSubstep() const { return next_substep_; }

  const MultibodyState& state() const { return state_; }
  const MultibodySystem& system() const { return system_; }
  double penalty() const { return alpha_; }
  // The growth of α the next step starts from (1 away from singular positions; see
  // kPenaltyCarryDecay).
  double penaltyCarry() const { return penalty_carry_; }
  double constraintViolation() const;
  double cableLength(int cable) const;
  // 2·L·λ (MultibodyState::multipliers), positive when pulling.
  double cableTension(int cable) const;
  // A prescribed joint motion's driving torque (N·m) or force (N) on the joint's body B along
  // +axis: −λ of its row (MultibodySystem::DriveInfo), consistent with the projected q̈.
  double driveEffort(int drive) const;
  EnergyReport energy() const;

  // The state carried from step to step — MultibodyState, the works, error control's next
  // substep, the tangent's sparsity pattern (its fill-reducing ordering fixes the round-off) —
  // for a checkpoint a run resumes from bit for bit (Simulation::checkpoint). Not the force
  // sources', which save their own.
  void saveState(StateWriter& out) const;
  // Into an integrator of a system with the same coordinates and constraints; CheckpointError
  // otherwise.
  void restoreState(StateReader& in);

 private:
  struct Powers {
    double load = 0.0, dissipation = 0.0, cable = 0.0, drive = 0.0;
    double fastest_mode = 0.0;           // ForceValues::fastest_mode at the state (rad/s)
    Eigen::VectorXd source_force, qdot;  // for the sources' discrete work (commit())
  };
  // How a step's Newton iteration starts and moves (docs/dynamics.md, "Newton convergence").
  enum class NewtonMode {
    Plain,     // from the penalty carried by the last step (kPenaltyCarryDecay)
    Retry,     // a failed step again at its size: from the nominal penalty, with the reactions'
               // geometric stiffness in the tangent (attemptWithRetries)
    Bracketed  // cycling iterates bracketed (NewtonBracket): the last resort at the smallest
               // substep
  };
  enum class AttemptResult { Converged, NewtonFailed, Refused };
  // One trapezoidal step of size h from state_ into `next`: startStep, iterate, project. False
  // (with `failure` set) when Newton does not converge. A force source refusing a trial state
  // throws StepRejected.
  bool attempt(double h, MultibodyState& next, int& iterations, std::string& failure,
               NewtonMode mode);
  // A step of size h from state_: its rates as affine functions of q_{n+1} and its penalty.
  struct Trapezoidal {
    double h = 0.0, t1 = 0.0, h2 = 0.0;  // h2 = h²/4
    double alpha = 0.0;                  // α at h (α·h²/4 as at the nominal step)
    Eigen::VectorXd qd_hat, qdd_hat;     // q̇ = (2/h) q + q̂̇, q̈ = (4/h²) q + q̂̈
    void updateRates(MultibodyState& next) const;
  };
  // The step's rule and `next` at its predictor.
  Trapezoidal startStep(double h, MultibodyState& next) const;
  // Newton's iteration for q_{n+1} with the λ* updates; true when it converged, with `alpha_k`
  // the penalty it ended at and step_constraints_ evaluated at the accepted iterate.
  bool iterate(const Trapezoidal& step, NewtonMode mode, MultibodyState& next, int& iterations,
               double& alpha_k, std::string& failure);
  // The residual and tangent at `next`, factorised, and the update dq_ = −A⁻¹f.
  bool solveUpdate(const Trapezoidal& step, NewtonMode mode, double alpha_k,
                   const MultibodyState& next, std::string& failure);
  // The velocity and acceleration projections onto the constraints, and the multipliers.
  bool project(const Trapezoidal& step, double alpha_k, MultibodyState& next, std::string& failure);
  // attempt() with its Newton iterations counted in `report`, and the powers at the state it
  // arrives at (attempt_powers_); a force source's StepRejected, during the iteration or at that
  // state, is Refused (retried smaller), any other runtime error ends the run as
  // SimulationError.
  AttemptResult attemptCounted(double h, MultibodyState& next, StepReport& report,
                               std::string& failure, NewtonMode mode);
  // The plain attempt, then the retries at the same size: Retry with the reactions of the step's
  // start, Retry with those of a half step solved for the purpose, and Bracketed at the smallest
  // substep (`last_resort`). A step the stall rule accepted across a ledger cap's jump
  // (stalled_across_cap_) is solved once more Bracketed, whose state is taken only where it truly
  // converged. True if one converged; StepReport::failed_substeps counts the substeps where none
  // did.
  bool attemptWithRetries(double h, MultibodyState& next, StepReport& report, std::string& failure,
                          bool last_resort);
  void advance(double h, int depth, StepReport& report);
  void advanceControlled(double t_end, StepReport& report);
  // Makes `next` the state and accumulates the works over the substep h, `now` being the powers
  // at `next`.
  void commit(MultibodyState&& next, const Powers& now, double h, StepReport& report);
  // The works of a substep h from state_ to a state with powers `now`.
  EnergyReport worksOver(const Powers& now, double h) const;
  // Kinetic energy and the potentials (gravity, springs) of a state; works left at zero.
  EnergyReport stateEnergies(const MultibodyState& s) const;
  // Estimated local position error of the step state_ → next (scaled norm).
  double localError(const MultibodyState& next, double h) const;
  // Energy the step state_ → next (powers `now`) created, beyond what the works account for
  // (positive: a gain), as a fraction of the energy in play.
  double energyDrift(const MultibodyState& next, const Powers& now, double h) const;
  void initialize();
  Powers powers(const MultibodyState& s) const;
  std::string worstConstraint(const ConstraintValues& values) const;
  Eigen::SparseMatrix<double> jacobianMatrix(const ConstraintValues& values) const;

  const MultibodySystem& system_;
  SolverSettings settings_;
  double alpha_ = 0.0;  // α at settings_.time_step; substeps of size h use α·(Δt/h)²
  MultibodyState state_;
  LinearSolver solver_;
  // The Newton tangent in a fixed pattern, and buffers reused from step to step.
  TangentAssembly assembly_;
  ConstraintValues step_constraints_;
  ForceValues step_forces_;
  Eigen::VectorXd residual_, multipliers_, dq_, step_, w_, qdot_update_;
  NewtonBracket bracket_;  // against cycling iterates
  // The last iterate() was accepted by the stall rule while its last two force evaluations held
  // different sets of contact forces at their ledgers' caps: iterates cycling across the jump of
  // a cap, not a singular position's creep (attemptWithRetries brackets them).
  bool stalled_across_cap_ = false;
  bool accepted_by_stall_ = false;  // the last iterate() was accepted by the stall rule
  // Its residual (StepReport::largest_stall_residual) when it was; commit() reports it.
  double stall_residual_ = 0.0;
  // The stall rule refuses cycles (kStallUpdateRatio): false in a step's last resort, which can
  // be split no more (attemptWithRetries).
  bool refuse_cycling_stalls_ = false;
  // The last iterate() failed because the stall rule refused a cycle: iterates alternating at a
  // force law's kink, which the retries at the same size (built for the multipliers' creep and
  // the reactions' stiffness) do not change; attemptWithRetries splits such a step at once.
  bool refused_cycle_ = false;
  // The retry's Σ μ_i ∂²Φ_i/∂q² (NewtonMode::Retry), μ = retry_multipliers_: those of the step's
  // start, or of the middle of the step (attemptWithRetries).
  Triplets reaction_stiffness_;
  Eigen::VectorXd retry_multipliers_;
  // The convergence norms' 1/s_i (SolverSettings::newton_tolerance), for q and for Φ's rows.
  Eigen::VectorXd inverse_scales_, inverse_row_scales_;
  // max |Φ| at the last attempt's state and at state_ (constraintViolation()), with the time Φ was
  // evaluated at: step() reports it without evaluating Φ again when that time is state_.t.
  struct Violation {
    double t = std::numeric_limits<double>::quiet_NaN(), value = 0.0;
  };
  Violation attempt_violation_, state_violation_;
  // α's growth factor (≥ 1) the next step starts from, and the one the last attempt leaves.
  double penalty_carry_ = 1.0, attempt_penalty_carry_ = 1.0;
  double next_substep_ = 0.0;  // error control's proposal for the next substep
  // Error control's smallest energy scale: the energy to lift every moving body by the model's
  // length scale (1 J·1e-12 without gravity), so a body at rest is not held to zero.
  double energy_floor_ = 0.0;
  EnergyReport work_;      // accumulated works and dissipation
  Powers last_powers_;     // at state_, for trapezoidal accumulation of the works
  Powers attempt_powers_;  // at the last converged attempt's state (attemptCounted)
};

}  // namespace contactsim
