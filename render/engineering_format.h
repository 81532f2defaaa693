// Numbers for people: SI prefixes so that the digits stay in [1, 1000), three significant
// digits, and tick values on 1–2–5 steps.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace contactsim::render {

struct SiPrefix {
  double factor = 1.0;    // value / factor is what is written
  std::string_view name;  // "", "k", "M", "G", "m", "µ"
};

// The prefix that writes `magnitude` (its absolute value) with one to three digits before the
// point; none for 0 and for non-finite values.
SiPrefix siPrefixFor(double magnitude);

// "117 N", "1.25 kN", "3.4 MPa", "0 N"; "—" for non-finite values.
std::string formatQuantity(double value, std::string_view unit);

// Tick values between low and high (inclusive) on a 1, 2 or 5 × 10^k step, at most `max_ticks`
// of them (and at least two while low < high); empty for a bad range.
std::vector<double> niceTicks(double low, double high, int max_ticks);

}  // namespace contactsim::render
