#include "sim/chain_report.h"

#include <cstdio>

#include "scene/scene_system.h"
#include "sim/simulation.h"

namespace contactsim {

std::vector<std::pair<std::string, const ChainCable*>> namedChains(const Simulation& simulation) {
  std::vector<std::pair<std::string, const ChainCable*>> named;
  const auto chains = chainCables(simulation.system());
  std::size_t k = 0;
  for (const SceneCable& cable : simulation.scene().cables)
    if (cable.chain) named.emplace_back(cable.name, chains.at(k++).get());
  return named;
}

std::string describeGuideJumps(const std::string& name, const ChainCable::GuideJumps& jumps) {
  if (jumps.count == 0) return {};
  const std::string times = jumps.count == 1 ? "once" : std::to_string(jumps.count) + " times";
  char line[400];
  std::snprintf(line, sizeof line,
                "chain '%s': an end crossed its guide ring's plane beside the opening %s (first at "
                "t = %.6g s), where the chain cannot pass; its length jumped by up to %.3g m. "
                "Make guide.radius at least the end's distance from the axis where it passes",
                name.c_str(), times.c_str(), jumps.first_time, jumps.largest);
  return line;
}

std::vector<std::string> guideJumpWarnings(const Simulation& simulation) {
  std::vector<std::string> lines;
  for (const auto& [name, chain] : namedChains(simulation))
    if (std::string line = describeGuideJumps(name, chain->guideJumps()); !line.empty())
      lines.push_back(std::move(line));
  return lines;
}

}  // namespace contactsim
