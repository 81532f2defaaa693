#include "pressure_range.h"

#include <cmath>

namespace contactsim::render {

bool PressureRange::setFixed(double low, double high) {
  if (!std::isfinite(low) || !std::isfinite(high) || !(low >= 0.0) || !(low < high)) return false;
  fixed_ = std::make_pair(low, high);
  return true;
}

void PressureRange::observe(double peak) {
  if (std::isfinite(peak) && peak > run_maximum_) run_maximum_ = peak;
}

std::optional<std::pair<double, double>> PressureRange::range() const {
  if (fixed_) return fixed_;
  if (run_maximum_ > 0.0) return std::make_pair(0.0, run_maximum_);
  return std::nullopt;
}

}  // namespace contactsim::render
