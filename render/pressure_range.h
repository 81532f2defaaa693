// The range of contact pressures the colour map spans: fixed by the user, or the run's maximum so
// far. Never rescaled per frame, so that colours can be compared over time (issue 18: per-frame
// rescaling is what makes other viewers' pressure pictures incomparable).
#pragma once

#include <optional>
#include <utility>

namespace contactsim::render {

class PressureRange {
 public:
  // [0, the largest pressure seen since the last reset]: grows, never shrinks (the default).
  void useRunMaximum() { fixed_.reset(); }
  // A fixed [low, high] (Pa). Returns false and changes nothing unless 0 ≤ low < high, finite.
  bool setFixed(double low, double high);
  bool isFixed() const { return fixed_.has_value(); }
  // A new run or scene: the run's maximum starts again from nothing.
  void reset() { run_maximum_ = 0.0; }
  // A frame's largest pressure (Pa); only finite positive values count. Tracked in fixed mode
  // too, so that going back to the run maximum shows the whole run's.
  void observe(double peak);
  double runMaximum() const { return run_maximum_; }
  // [low, high] (Pa) the colours span; nullopt while a run maximum has seen no pressure.
  std::optional<std::pair<double, double>> range() const;

 private:
  std::optional<std::pair<double, double>> fixed_;
  double run_maximum_ = 0.0;
};

}  // namespace contactsim::render
