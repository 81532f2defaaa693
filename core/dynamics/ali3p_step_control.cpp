// The ALI3-P integrator's step control (docs/dynamics.md, "Fixed steps", "Variable step"): a
// step of time_step taken whole or split where Newton fails or energy appears, or in substeps
// chosen by error control, and the error and energy estimates those choices rest on.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "dynamics/ali3p_integrator.h"
#include "dynamics/ali3p_norms.h"

namespace contactsim {

using ali3p::formatReal;
using ali3p::maxNorm;

double Ali3pIntegrator::energyDrift(const MultibodyState& next, const Powers& now, double h) const {
  const EnergyReport works = worksOver(now, h);
  const EnergyReport before = stateEnergies(state_), after = stateEnergies(next);
  const double drift = (after.kinetic + after.gravity + after.springs) -
                       (before.kinetic + before.gravity + before.springs) + works.dissipated -
                       works.cable_work - works.drive_work - works.load_work - works.source_work;
  const double energy_scale =
      std::max({before.kinetic, after.kinetic, std::abs(works.source_work), energy_floor_});
  return drift / energy_scale;
}

// Fixed steps of h, split in two where Newton fails, where the step created energy (an impact
// the step does not resolve) or where it leaves a contact's mode unresolved
// (kFixedStepModeAngle): both halves land where the whole step would have. The substep a mode
// asked for is kept (next_substep_, unused by fixed steps otherwise, and checkpointed) and taken
// at once by the steps that follow, until twice it would keep the mode within 0.8 of the angle.
// Tried at the whole step each time instead, the substep switched between two sizes in step with
// the ring's phase (its stiffness grows with its depth), and a cube ringing on a plate at 1 ms
// decayed at 1.2 times the law's own rate; with a margin of ½ instead of 0.8 the anchor heave
// took 19 617 substeps against 14 506 (12 522 with no mode rule).
void Ali3pIntegrator::advance(double h, int depth, StepReport& report) {
  const bool may_split = depth < settings_.max_step_halvings;
  const auto split = [&] {
    advance(0.5 * h, depth + 1, report);
    advance(0.5 * h, depth + 1, report);
  };
  if (may_split && h > next_substep_ * (1.0 + 1e-9)) return split();
  MultibodyState next;
  std::string failure;
  const bool ok = attemptWithRetries(h, next, report, failure, !may_split);
  Powers now;
  if (ok) now = std::move(attempt_powers_);
  const bool gained = ok && energyDrift(next, now, h) > kFixedStepEnergyGainRatio;
  const bool unresolved = ok && now.fastest_mode * h > kFixedStepModeAngle;
  if (unresolved && may_split) next_substep_ = 0.5 * h;
  if (!ok || ((gained || unresolved) && may_split)) {
    if (!may_split) {
      throw SimulationError("step failed at t = " + formatReal(state_.t) + " s (step " +
                            formatReal(h) + " s after " + std::to_string(depth) +
                            " halvings): " + failure);
    }
    report.rejected_substeps += 1;
    return split();
  }
  commit(std::move(next), now, h, report);
  if (h >= next_substep_ * (1.0 - 1e-9) && now.fastest_mode * 2.0 * h <= 0.8 * kFixedStepModeAngle)
    next_substep_ = std::min(settings_.time_step, 2.0 * h);
}

// Local error of the trapezoidal rule (Newmark β = ¼, γ = ½) in positions,
// e ≈ (β − 1/6)·h²·(q̈_{n+1} − q̈_n) = h²/12·Δq̈ (Zienkiewicz & Xie, Earthquake Eng. Struct.
// Dyn. 20, 1991), measured in the scaled norm of the Newton test.
double Ali3pIntegrator::localError(const MultibodyState& next, double h) const {
  return h * h / 12.0 * maxNorm((next.qddot - state_.qddot).cwiseProduct(inverse_scales_));
}

// Substeps to t_end under error control: the error is O(h³), so the next try is
// h·0.9·(tol/e)^⅓, limited to [h/5, 2h] so one odd estimate cannot swing it, and never beyond
// time_step or below min_step. The last substep before t_end is stretched or split so no sliver
// is left, and t_end is hit exactly (frames stay evenly spaced).
void Ali3pIntegrator::advanceControlled(double t_end, StepReport& report) {
  const double tol = *settings_.tolerance;
  const double h_max = settings_.time_step;
  const double h_min =
      settings_.min_step > 0.0 ? settings_.min_step : kDefaultMinStepRatio * settings_.time_step;
  while (state_.t < t_end) {
    const double remaining = t_end - state_.t;
    double h = std::min(next_substep_, h_max);
    if (h >= remaining * (1.0 - 1e-9))
      h = remaining;
    else if (h > 0.5 * remaining)
      h = 0.5 * remaining;  // two even pieces instead of a sliver
    MultibodyState next;
    std::string failure;
    const bool at_floor = h <= h_min * (1.0 + 1e-9);
    const bool ok = attemptWithRetries(h, next, report, failure, at_floor);
    // Three error measures, each as a fraction of what it may be: the local position error
    // (localError) against the tolerance, and the step's energy-balance error against 100× the
    // tolerance of the energy in play. The second catches stiff impacts whose accelerations the
    // first under-rates (a flat face landing flat gained energy at 1e-6 while its position error
    // looked small): the balance is exact for the trapezoidal rule's own works, so what it loses
    // is the integration's. The third, the contacts' fastest mode against kResolvedModeAngle,
    // scaled as an O(h³) error, catches a contact ring too small in amplitude for the first
    // (a shaft resting in a pipe rang at 40 % of its load at 1e-6; docs/dynamics.md, "Contact
    // modes").
    Powers now;
    double error = std::numeric_limits<double>::infinity();
    if (ok) {
      now = std::move(attempt_powers_);
      error = std::max({localError(next, h),
                        std::abs(energyDrift(next, now, h)) / kEnergyToleranceRatio,
                        tol * std::pow(now.fastest_mode * h / kResolvedModeAngle, 3)});
    }
    if (!ok && at_floor) {
      throw SimulationError("step failed at t = " + formatReal(state_.t) + " s (smallest step " +
                            formatReal(h) + " s): " + failure);
    }
    const double factor = error > 0.0 ? std::clamp(0.9 * std::cbrt(tol / error), 0.2, 2.0) : 2.0;
    if (error > tol && !at_floor) {
      // Rejected: retry smaller; a failed Newton iteration quarters the step.
      report.rejected_substeps += 1;
      next_substep_ = std::max(h_min, ok ? h * factor : 0.25 * h);
      continue;
    }
    const bool clipped = h < std::min(next_substep_, h_max) * (1.0 - 1e-9);
    if (std::abs(next.t - t_end) <= 1e-9 * h_max) next.t = t_end;  // no drift from summing
    commit(std::move(next), now, h, report);
    // A substep clipped to land on t_end says nothing about the size error control would take.
    if (!clipped) next_substep_ = std::clamp(h * factor, h_min, h_max);
    // Nor longer than the contacts' ledgers pay for: such a step would be refused (docs/
    // dynamics.md, "The step the ledgers pay for").
    next_substep_ = std::max(h_min, std::min(next_substep_, system_.forces().passiveStep()));
  }
}

StepReport Ali3pIntegrator::step() {
  StepReport report;
  report.substeps = 0;
  if (system_.coordinateCount() == 0) {
    state_.t += settings_.time_step;
    report.substeps = 1;
    return report;
  }
  const double t_end = state_.t + settings_.time_step;
  if (settings_.tolerance) {
    advanceControlled(t_end, report);
  } else {
    advance(settings_.time_step, 0, report);
  }
  state_.t = t_end;  // no drift from summing halved substeps
  report.constraint_violation =
      state_violation_.t == state_.t ? state_violation_.value : constraintViolation();
  return report;
}

}  // namespace contactsim
