#include "engineering_format.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace contactsim::render {

SiPrefix siPrefixFor(double magnitude) {
  static constexpr std::array<SiPrefix, 6> kPrefixes{
      {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1.0, ""}, {1e-3, "m"}, {1e-6, "µ"}}};
  const double m = std::abs(magnitude);
  if (!std::isfinite(m) || m == 0.0) return {};
  for (const SiPrefix& p : kPrefixes) {
    // 999.6 rounds to "1e+03" at three digits: the next prefix writes it as 1.00.
    if (m >= 0.9995 * p.factor) return p;
  }
  return kPrefixes.back();
}

std::string formatQuantity(double value, std::string_view unit) {
  if (!std::isfinite(value)) return "—";
  const SiPrefix prefix = siPrefixFor(value);
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.3g", value / prefix.factor);
  return std::string(digits) + " " + std::string(prefix.name) + std::string(unit);
}

std::vector<double> niceTicks(double low, double high, int max_ticks) {
  std::vector<double> ticks;
  if (!std::isfinite(low) || !std::isfinite(high) || !(low < high) || max_ticks < 2) return ticks;
  const double rough = (high - low) / (max_ticks - 1);
  const double decade = std::pow(10.0, std::floor(std::log10(rough)));
  double step = 10.0 * decade;
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * decade >= rough) {
      step = m * decade;
      break;
    }
  }
  const double first = std::ceil(low / step - 1e-9) * step;
  for (double t = first; t <= high + 1e-9 * step; t += step) {
    ticks.push_back(std::abs(t) < 1e-9 * step ? 0.0 : t);  // no "-0" from rounding
  }
  if (ticks.size() < 2) ticks = {low, high};
  return ticks;
}

}  // namespace contactsim::render
