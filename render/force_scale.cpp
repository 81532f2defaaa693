#include "force_scale.h"

#include <algorithm>
#include <cmath>

namespace contactsim::render {

double ForceScale::length(double force) const {
  if (!(force > 0.0) || !(newtons_per_metre > 0.0)) return 0.0;
  double drawn = force / newtons_per_metre;
  if (logarithmic && log_knee_newtons > 0.0) {
    drawn = log_knee_newtons / newtons_per_metre * std::log1p(force / log_knee_newtons);
  }
  return std::min(drawn, std::max(max_length, 0.0));
}

}  // namespace contactsim::render
