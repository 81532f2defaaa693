// Axis ticks people can read: positions at 1, 2 or 5 × 10^k, and labels in engineering notation
// (one exponent, a multiple of 3, for the whole axis, shown as an SI prefix on the unit) with
// as many decimals as the step needs, so neighbouring labels always differ. Pure logic, no Qt,
// so the plots and their tests share it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace contactsim::gui {

struct AxisTicks {
  // Ascending; the first ≤ the range's low end and the last ≥ its high end (to within 10⁻⁹ step).
  std::vector<double> values;
  double step = 1.0;                // 1, 2 or 5 × 10^k
  int exponent = 0;                 // engineering exponent of the labels, a multiple of 3
  int decimals = 0;                 // of every label's mantissa
  std::vector<std::string> labels;  // mantissas, value / 10^exponent; one per value
  std::string unit;                 // prefixed unit for the axis title: "mN", "µm", "×10¹⁵ J"
};

// Ticks covering [lo, hi] with at most `max_ticks` (≥ 3) positions. The ends may come in either
// order; a zero-width range is widened around its value; NaN or infinite ends are replaced (by
// the other end, or 0..1), so any input gives usable ticks.
AxisTicks niceTicks(double lo, double hi, std::string_view unit, int max_ticks = 6);

// A single value with `significant` digits and an SI prefix chosen from the value itself:
// formatEngineering(0.00123, "N") == "1.23 mN". Non-finite values print as "—".
std::string formatEngineering(double value, std::string_view unit, int significant = 3);

// The unit with the prefix of `exponent` (a multiple of 3): "k" + "N"; beyond the SI prefixes,
// or without a unit, "×10ⁿ" before the unit.
std::string prefixedUnit(int exponent, std::string_view unit);

}  // namespace contactsim::gui
