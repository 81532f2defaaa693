// A force source that finds a trial state it cannot act on — a body that passed into or through
// another within the step — throws StepRejected: the integrator treats it like a failed Newton
// iteration and retries the step smaller; when even the smallest step is rejected the run stops
// with the one-line error of a failed step, carrying this message.
#pragma once

#include <stdexcept>

namespace contactsim {

class StepRejected : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace contactsim
