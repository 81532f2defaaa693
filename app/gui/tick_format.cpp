#include "tick_format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <utility>

namespace contactsim::gui {

namespace {

// Ranges and values beyond this are clamped so that spans and logarithms stay finite.
constexpr double kLargest = 1e300;
// Below this magnitude a range is treated as sitting at 0: steps would be subnormal.
constexpr double kSmallest = 1e-280;

// 10^n for |n| ≤ 22 is exact in double; dividing by it (rather than multiplying by 10^−n, which
// is not exact) keeps tick values such as 3 × 10⁻⁹ correctly rounded.
double scaleByPowerOfTen(double x, int n) {
  return n >= 0 ? x * std::pow(10.0, n) : x / std::pow(10.0, -n);
}

int engineeringExponent(double magnitude) {
  if (!(magnitude > 0.0)) return 0;
  return static_cast<int>(std::floor(std::log10(magnitude) / 3.0)) * 3;
}

std::string fixed(double x, int decimals) {
  std::array<char, 400> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%.*f", decimals, x);
  std::string text(buffer.data());
  // "-0.0" after rounding a tiny negative number reads as a different value from "0.0".
  if (text.find_first_not_of("-0.") == std::string::npos && text.front() == '-') text.erase(0, 1);
  return text;
}

std::string superscript(int n) {
  static constexpr std::array<const char*, 10> kDigits = {"⁰", "¹", "²", "³", "⁴",
                                                          "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string text = n < 0 ? "⁻" : "";
  for (char c : std::to_string(std::abs(n))) text += kDigits[static_cast<std::size_t>(c - '0')];
  return text;
}

// Finite, ordered, non-degenerate ends.
std::pair<double, double> usableRange(double lo, double hi) {
  if (!std::isfinite(lo) && !std::isfinite(hi)) return {0.0, 1.0};
  if (!std::isfinite(lo)) lo = hi;
  if (!std::isfinite(hi)) hi = lo;
  lo = std::clamp(lo, -kLargest, kLargest);
  hi = std::clamp(hi, -kLargest, kLargest);
  if (lo > hi) std::swap(lo, hi);
  const double magnitude = std::max(std::abs(lo), std::abs(hi));
  if (magnitude < kSmallest) return {-1.0, 1.0};
  const double centre = 0.5 * (lo + hi), span = hi - lo;
  // A constant shows as ±10 % around it; a span lost in rounding gets ten significant digits.
  if (span == 0.0) return {centre - 0.1 * magnitude, centre + 0.1 * magnitude};
  if (span < magnitude * 1e-9) return {centre - magnitude * 1e-9, centre + magnitude * 1e-9};
  return {lo, hi};
}

}  // namespace

std::string prefixedUnit(int exponent, std::string_view unit) {
  static constexpr std::array<const char*, 11> kPrefixes = {"f", "p", "n", "µ", "m", "",
                                                            "k", "M", "G", "T", "P"};
  if (exponent == 0) return std::string(unit);
  const int index = exponent / 3 + 5;
  if (!unit.empty() && exponent % 3 == 0 && index >= 0 && index < int(kPrefixes.size())) {
    return kPrefixes[static_cast<std::size_t>(index)] + std::string(unit);
  }
  std::string text = "×10" + superscript(exponent);
  if (!unit.empty()) text.append(" ").append(unit);
  return text;
}

AxisTicks niceTicks(double lo, double hi, std::string_view unit, int max_ticks) {
  max_ticks = std::max(max_ticks, 3);  // a range across zero needs −s, 0, s
  std::tie(lo, hi) = usableRange(lo, hi);
  AxisTicks ticks;
  const double raw_step = (hi - lo) / (max_ticks - 1);
  const int smallest_power = static_cast<int>(std::floor(std::log10(raw_step)));
  // Candidates 1, 2, 5, 10, 20, … × 10^k from the smallest that could fit: the first whose
  // rounded-out ticks number at most max_ticks (rounding out adds at most one tick, so the next
  // decade always fits).
  double first = 0.0, last = 0.0;
  int multiple = 1, power = smallest_power;
  for (int attempt = 0; attempt < 9; ++attempt) {
    multiple = std::array{1, 2, 5}[static_cast<std::size_t>(attempt % 3)];
    power = smallest_power + attempt / 3;
    const double step = scaleByPowerOfTen(multiple, power);
    // An end a rounding error past a multiple (1000 steps of 0.001 s) does not add a tick.
    first = std::floor(lo / step + 1e-9);
    last = std::ceil(hi / step - 1e-9);
    if (last - first + 1 <= max_ticks) break;
  }
  ticks.step = scaleByPowerOfTen(multiple, power);
  for (double i = first; i <= last; ++i) {
    const double value = scaleByPowerOfTen(i * multiple, power);
    ticks.values.push_back(value == 0.0 ? 0.0 : value);  // no −0
  }
  const double magnitude = std::max(std::abs(ticks.values.front()), std::abs(ticks.values.back()));
  ticks.exponent = engineeringExponent(magnitude);
  ticks.decimals = std::max(0, ticks.exponent - power);
  for (double value : ticks.values) {
    ticks.labels.push_back(fixed(scaleByPowerOfTen(value, -ticks.exponent), ticks.decimals));
  }
  ticks.unit = prefixedUnit(ticks.exponent, unit);
  return ticks;
}

std::string formatEngineering(double value, std::string_view unit, int significant) {
  if (!std::isfinite(value)) return "—";
  significant = std::clamp(significant, 1, 17);
  int exponent = engineeringExponent(std::abs(value));
  std::string mantissa;
  for (int pass = 0; pass < 2; ++pass) {
    const double scaled = scaleByPowerOfTen(value, -exponent);
    // At least one: after a carry the mantissa is 0.9996…, printed as 1.00.
    const int integer_digits =
        scaled == 0.0 ? 1 : std::max(1, int(std::floor(std::log10(std::abs(scaled)))) + 1);
    mantissa = fixed(scaled, std::max(0, significant - integer_digits));
    // 999.96 rounds to "1000": say 1.00 of the next prefix instead.
    if (std::abs(std::strtod(mantissa.c_str(), nullptr)) < 1000.0) break;
    exponent += 3;
  }
  const std::string suffix = prefixedUnit(exponent, unit);
  return suffix.empty() ? mantissa : mantissa + " " + suffix;
}

}  // namespace contactsim::gui
