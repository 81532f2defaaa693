#include "phase_profile.h"

#include <algorithm>

#include "sim/simulation.h"
#include "volumetric/volumetric_force_source.h"

namespace contactsim::gui {

PhaseTotals phaseTotals(const Simulation& simulation, double step_seconds, double output_seconds,
                        long steps) {
  PhaseTotals totals;
  totals.step = step_seconds;
  totals.output = output_seconds;
  totals.steps = steps;
  if (const ContactForceSource* patches = simulation.contacts()) {
    const ContactTimings& t = patches->timings();
    totals.broad_phase += t.broad_phase;
    totals.collision += t.collision + t.sweeps;
    totals.regions += t.regions;
    totals.forces += t.forces;
  }
  if (const auto* volumetric =
          dynamic_cast<const volumetric::VolumetricForceSource*>(simulation.volumetricContacts())) {
    const volumetric::VolumetricStatistics& s = volumetric->statistics();
    totals.broad_phase += s.broad_phase_seconds;
    totals.collision += s.geometry_seconds;
    totals.forces += s.force_seconds;
  }
  return totals;
}

PhaseProfile profileBetween(const PhaseTotals& before, const PhaseTotals& after) {
  PhaseProfile p;
  p.steps = after.steps - before.steps;
  if (p.steps <= 0) return p;
  const double n = static_cast<double>(p.steps);
  p.broad_phase = (after.broad_phase - before.broad_phase) / n;
  p.collision = (after.collision - before.collision) / n;
  p.regions = (after.regions - before.regions) / n;
  p.forces = (after.forces - before.forces) / n;
  const double step = (after.step - before.step) / n;
  // The contact timers run inside the step; the clocks' granularity can make their sum exceed
  // it by a hair, which must not show as negative integrator time.
  p.integrator = std::max(0.0, step - (p.broad_phase + p.collision + p.regions + p.forces));
  p.output = (after.output - before.output) / n;
  p.total = step + p.output;
  return p;
}

}  // namespace contactsim::gui
