// Impacts the steps do not resolve, for `contactsim-cli run`'s summary and the window's status
// bar. The trapezoidal rule applies a damped
// law's dissipation only if it follows the contact through several substeps; an impact shorter
// than that (a stiff law, a fast approach, fixed steps longer than the contact lasts) is carried
// by the passivity ledger instead, which lets the bodies have back what the contact absorbed but
// knows nothing of the law's damping: the rebound is then nearly elastic whatever the law says
// (README, "Fast impacts": a steel ball at 10 m/s rebounds at 0.97 of its speed with fixed 1 ms
// steps against the law's 0.66). Error control resolves such impacts; this names them when it is
// off, so that a user who reads a rebound knows whether to trust it.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "sim/simulation.h"

namespace contactsim {

// With fixed steps, a contact episode (a body pair from its first patch to its last) seen at
// fewer accepted steps than this is not resolved. The halvings a step may take at the impact do
// not resolve it: a 0.1 m steel ball at 10 m/s with 1 ms steps is seen in contact at 2 steps, the
// impact's step split in 4, and rebounds at 0.97 of its speed against the law's 0.66; with 0.1 ms
// steps it is seen at 6 and rebounds at 0.705. Error control resolves impacts by its own measure.
inline constexpr long kResolvedImpactSteps = 3;

class ImpactResolution {
 public:
  struct Unresolved {
    long count = 0;
    double first_time = 0.0;  // s, when the first such episode began
    std::string first_pair;   // "a"–"b", scene body names
  };

  // After each accepted step: which pairs have patches now. Nothing under error control.
  void add(const Simulation& simulation);

  const Unresolved& unresolved() const { return unresolved_; }

 private:
  struct Episode {
    double begin = 0.0;  // s, the first accepted step with a patch
    long steps = 0;      // accepted steps at which the pair had patches
  };

  void note(const std::pair<int, int>& pair, const Episode& episode, const Simulation& simulation);

  std::map<std::pair<int, int>, Episode> episodes_;
  Unresolved unresolved_;
};

// "3 contacts lasted fewer than 3 steps (the first: 'a'–'b' at t = 0.012 s): fixed steps do not
// resolve these impacts, …" — one line for a warning; empty when there were none.
std::string describe(const ImpactResolution::Unresolved& unresolved);

}  // namespace contactsim
