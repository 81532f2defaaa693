#include "sim/impact_resolution.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace contactsim {

void ImpactResolution::add(const Simulation& simulation) {
  const ContactForceSource* source = simulation.contacts();
  if (!source || simulation.scene().solver.tolerance) return;
  std::set<std::pair<int, int>> touching;
  for (const ContactDiagnostics& c : source->contacts())
    touching.insert({std::min(c.body_a, c.body_b), std::max(c.body_a, c.body_b)});
  const double now = simulation.integrator().state().t;
  for (auto it = episodes_.begin(); it != episodes_.end();) {
    if (touching.count(it->first)) {
      ++it->second.steps;
      ++it;
      continue;
    }
    if (it->second.steps < kResolvedImpactSteps) note(it->first, it->second, simulation);
    it = episodes_.erase(it);
  }
  for (const std::pair<int, int>& pair : touching) episodes_.try_emplace(pair, Episode{now, 1});
}

void ImpactResolution::note(const std::pair<int, int>& pair, const Episode& episode,
                            const Simulation& simulation) {
  if (unresolved_.count++ > 0) return;
  const auto& bodies = simulation.scene().bodies;
  unresolved_.first_time = episode.begin;
  unresolved_.first_pair = "'" + bodies[pair.first].name + "'–'" + bodies[pair.second].name + "'";
}

std::string describe(const ImpactResolution::Unresolved& u) {
  if (u.count == 0) return {};
  char time[32];
  std::snprintf(time, sizeof time, "%.6g", u.first_time);
  return std::to_string(u.count) + " contact" + (u.count == 1 ? "" : "s") + " lasted fewer than " +
         std::to_string(kResolvedImpactSteps) + " steps (the first: " + u.first_pair +
         " at t = " + time +
         " s): fixed steps do not resolve these impacts, so their rebound is not the law's; set "
         "solver.tolerance (error control) or a smaller time_step";
}

}  // namespace contactsim
