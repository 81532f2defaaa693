// What a run says about its chains beyond their forces: a guide ring too small for where a chain's
// end passes (ChainCable::guideJumps; docs/chain.md, "Which radius"). One line per chain, the same
// for the CLI's warning and the window's status bar.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "dynamics/chain_cable.h"

namespace contactsim {

class Simulation;

// The scene's chains in scene order, with their names.
std::vector<std::pair<std::string, const ChainCable*>> namedChains(const Simulation& simulation);

// "chain 'NAME': an end crossed its guide ring's plane beside the opening …", or empty for none.
std::string describeGuideJumps(const std::string& name, const ChainCable::GuideJumps& jumps);

// describeGuideJumps for every chain that has any.
std::vector<std::string> guideJumpWarnings(const Simulation& simulation);

}  // namespace contactsim
