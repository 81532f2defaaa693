// How a run's contacts began, counted as they are first seen: made (the pair had no contact
// there the step before: the surfaces met) or split off or re-identified beside a contact that
// went on (ContactPatch::continues). For the CLI's run summary and the flagship's test.
#pragma once

#include <set>
#include <tuple>
#include <vector>

#include "sim/contact_diagnostics.h"

namespace contactsim {

class ContactBeginnings {
 public:
  // The contacts live after a step (or a frame, under error control): those not seen before
  // are counted. A contact made and lost between two calls is not seen.
  void add(const std::vector<ContactDiagnostics>& contacts);

  long made() const { return made_; }
  long split() const { return split_; }
  long total() const { return made_ + split_; }  // tracked ids born

 private:
  std::set<std::tuple<int, int, int>> seen_;  // (body A, body B, id): ids are never reused
  long made_ = 0, split_ = 0;
};

}  // namespace contactsim
