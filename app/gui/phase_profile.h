// Where a run's wall time goes, per phase, for the live profiler panel: the contact sources'
// own timers (broad phase, collision or volumetric geometry, contact regions, force laws), the
// rest of each step (the integrator: Newton iterations, tangent assembly, LU), and the worker's
// output per step (frame, plot sample, recording).
#pragma once

namespace contactsim {
class Simulation;
}

namespace contactsim::gui {

// Totals since the simulation was built (s); steps counts accepted steps.
struct PhaseTotals {
  double broad_phase = 0.0;
  double collision = 0.0;  // patch pairs: tree queries and tunnelling sweeps; volumetric geometry
  double regions = 0.0;    // contours, planes, patches (patch pairs only)
  double forces = 0.0;     // contact laws and their tangents
  double step = 0.0;       // whole steps, the four above included
  double output = 0.0;     // frames, plot samples and recording after each step
  long steps = 0;
};

// The contact phases of `simulation` plus the worker's own step and output totals.
PhaseTotals phaseTotals(const Simulation& simulation, double step_seconds, double output_seconds,
                        long steps);

// Mean wall time per step (s) between two totals of the same run.
struct PhaseProfile {
  double broad_phase = 0.0;
  double collision = 0.0;
  double regions = 0.0;
  double forces = 0.0;
  double integrator = 0.0;  // the step less the contact phases
  double output = 0.0;
  double total = 0.0;  // step + output
  long steps = 0;
};

// Zero per-step times when no step was taken in between.
PhaseProfile profileBetween(const PhaseTotals& before, const PhaseTotals& after);

}  // namespace contactsim::gui
