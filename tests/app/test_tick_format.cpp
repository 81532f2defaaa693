// The plots' axis ticks (app/gui/tick_format): nice positions covering the range, engineering
// labels that differ from their neighbours and read back as the tick they label.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "tick_format.h"

using namespace contactsim::gui;

namespace {

// The label's mantissa is value / 10^exponent printed with `decimals` decimals.
double parsed(const AxisTicks& ticks, std::size_t i) {
  return std::stod(ticks.labels[i]) * std::pow(10.0, ticks.exponent);
}

// Every property a reader relies on, for one range.
void checkTicks(double lo, double hi, int max_ticks = 6) {
  CAPTURE(lo, hi, max_ticks);
  const AxisTicks ticks = niceTicks(lo, hi, "N", max_ticks);
  REQUIRE(ticks.values.size() >= 2);
  REQUIRE(static_cast<int>(ticks.values.size()) <= max_ticks);
  REQUIRE(ticks.labels.size() == ticks.values.size());
  // Covers the range (an end a rounding error past a tick counts as on it).
  const double slack = 1e-9 * ticks.step;
  CHECK(ticks.values.front() <= std::min(lo, hi) + slack);
  CHECK(ticks.values.back() >= std::max(lo, hi) - slack);
  // The step is 1, 2 or 5 × 10^k and the ticks are its multiples, evenly spaced.
  const double power = std::pow(10.0, std::floor(std::log10(ticks.step) + 1e-9));
  const double multiple = ticks.step / power;
  CHECK((multiple == Approx(1.0) || multiple == Approx(2.0) || multiple == Approx(5.0)));
  for (std::size_t i = 0; i < ticks.values.size(); ++i) {
    const double k = ticks.values[i] / ticks.step;
    CHECK(k == Approx(std::round(k)).margin(1e-6));
    if (i > 0) CHECK(ticks.values[i] - ticks.values[i - 1] == Approx(ticks.step).epsilon(1e-9));
  }
  // Engineering exponent, and a mantissa below 1000 at the ends.
  CHECK(ticks.exponent % 3 == 0);
  const double largest = std::max(std::abs(ticks.values.front()), std::abs(ticks.values.back()));
  CHECK(largest / std::pow(10.0, ticks.exponent) < 1000.0);
  CHECK(largest / std::pow(10.0, ticks.exponent) >= 1.0);
  // Labels are distinct and read back as their tick within half a unit of the last digit.
  const std::set<std::string> distinct(ticks.labels.begin(), ticks.labels.end());
  CHECK(distinct.size() == ticks.labels.size());
  const double half_digit = 0.5 * std::pow(10.0, ticks.exponent - ticks.decimals);
  for (std::size_t i = 0; i < ticks.values.size(); ++i) {
    CAPTURE(ticks.labels[i], ticks.values[i]);
    CHECK(std::abs(parsed(ticks, i) - ticks.values[i]) <= half_digit * (1 + 1e-9));
    CHECK(ticks.labels[i].find('e') == std::string::npos);  // never "3.33e-07"
    CHECK(ticks.labels[i] != "-0");
  }
}

}  // namespace

TEST_CASE("tick positions are nice, cover the range and label distinctly", "[tick-format]") {
  checkTicks(0.0, 1.0);
  checkTicks(0.0, 912.0);
  checkTicks(-912.0, 0.0);
  checkTicks(-3.0, 7.0);
  checkTicks(-1234.5, -1000.1);
  checkTicks(0.0, 3.33e-7);
  checkTicks(1e-9, 4e-9);
  checkTicks(-2e-9, 1e-9);
  checkTicks(0.0, 1e9);
  checkTicks(-7e9, 3e9);
  checkTicks(1000.001, 1000.002);  // a narrow range far from zero needs many decimals
  checkTicks(0.1, 0.3, 3);
  checkTicks(5.0, 1.0);  // ends swapped
  // 1000 steps of 1 ms end a little past 1 s: the axis still ends at 1 s, not 2 s.
  double t = 0.0;
  for (int i = 0; i < 1000; ++i) t += 0.001;
  checkTicks(0.0, t, 3);
  CHECK(niceTicks(0.0, t, "s", 3).values.back() == 1.0);
  for (int max_ticks = 3; max_ticks <= 10; ++max_ticks) checkTicks(-0.37, 12.9, max_ticks);
}

TEST_CASE("ticks for a range of 0..3.33e-7 read in engineering units", "[tick-format]") {
  const AxisTicks ticks = niceTicks(0.0, 3.33e-7, "m");
  CHECK(ticks.unit == "nm");
  CHECK(ticks.labels.front() == "0");
  CHECK(ticks.labels.back() == "400");
  CHECK(ticks.step == Approx(1e-7));
}

TEST_CASE("a range crossing zero has a tick at exactly zero labelled 0", "[tick-format]") {
  const AxisTicks ticks = niceTicks(-0.25, 0.8, "J");
  bool has_zero = false;
  for (std::size_t i = 0; i < ticks.values.size(); ++i) {
    if (ticks.values[i] == 0.0) {
      has_zero = true;
      CHECK(ticks.labels[i].find_first_not_of("0.") == std::string::npos);
    }
  }
  CHECK(has_zero);
  CHECK(ticks.labels.front().front() == '-');
}

TEST_CASE("a zero-width range is widened around its value", "[tick-format]") {
  checkTicks(5.0, 5.0);
  checkTicks(-2e-9, -2e-9);
  checkTicks(0.0, 0.0);
  const AxisTicks ticks = niceTicks(5.0, 5.0, "N");
  CHECK(ticks.values.front() < 5.0);
  CHECK(ticks.values.back() > 5.0);
}

TEST_CASE("NaN and infinite ends give usable ticks", "[tick-format]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (auto [lo, hi] : {std::pair{nan, nan}, std::pair{nan, 3.0}, std::pair{-inf, inf},
                        std::pair{2.0, inf}, std::pair{-1e308, 1e308}, std::pair{0.0, 1e-320}}) {
    CAPTURE(lo, hi);
    const AxisTicks ticks = niceTicks(lo, hi, "N");
    REQUIRE(ticks.values.size() >= 2);
    REQUIRE(ticks.values.size() <= 6);
    for (double v : ticks.values) CHECK(std::isfinite(v));
    // Ends beyond ±1e300 are clamped there.
    if (std::isfinite(lo) && std::abs(lo) < 1e300) CHECK(ticks.values.front() <= lo);
    if (std::isfinite(hi) && std::abs(hi) < 1e300) CHECK(ticks.values.back() >= hi);
  }
}

TEST_CASE("single values in engineering notation with SI prefixes", "[tick-format]") {
  CHECK(formatEngineering(0.00123, "N") == "1.23 mN");
  CHECK(formatEngineering(-912.0, "N") == "-912 N");
  CHECK(formatEngineering(3.33e-7, "m") == "333 nm");
  CHECK(formatEngineering(12345.0, "J") == "12.3 kJ");
  CHECK(formatEngineering(999.96, "N") == "1.00 kN");  // rounding carries into the next prefix
  CHECK(formatEngineering(0.0, "N") == "0.00 N");
  CHECK(formatEngineering(2.5e-5, "m/s", 2) == "25 µm/s");
  CHECK(formatEngineering(1.5e21, "J") == "1.50 ×10²¹ J");  // beyond the SI prefixes used here
  CHECK(formatEngineering(4.2e3, "") == "4.20 ×10³");
  CHECK(formatEngineering(std::numeric_limits<double>::quiet_NaN(), "N") == "—");
  CHECK(formatEngineering(-std::numeric_limits<double>::infinity(), "N") == "—");
  // Round trip: the printed value is the value to the printed precision.
  for (double v : {1.0, -0.5, 7.77e-9, 4.2e9, 123456.0}) {
    const std::string text = formatEngineering(v, "");
    const auto x = text.find(" ×10");
    double back = std::stod(text);
    if (x != std::string::npos) {
      int exponent = 0;
      for (const char* p : {"³", "⁶", "⁹"}) {
        exponent += 3;
        if (text.find(p, x) != std::string::npos) break;
      }
      if (text.find("⁻") != std::string::npos) exponent = -exponent;
      back *= std::pow(10.0, exponent);
    }
    CAPTURE(v, text);
    CHECK(back == Approx(v).epsilon(0.005));
  }
}

TEST_CASE("prefixed units", "[tick-format]") {
  CHECK(prefixedUnit(0, "N") == "N");
  CHECK(prefixedUnit(-6, "m") == "µm");
  CHECK(prefixedUnit(3, "J") == "kJ");
  CHECK(prefixedUnit(18, "J") == "×10¹⁸ J");
  CHECK(prefixedUnit(-3, "") == "×10⁻³");
}
