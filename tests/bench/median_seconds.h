// Medians: of a sample, and the wall time of `repeats` runs of a callable — the figure every
// benchmark here prints.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace contactsim::bench {

// The middle value (the upper one of an even count); `values` must not be empty.
inline double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

template <class F>
double medianSeconds(int repeats, F&& run) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return median(std::move(times));
}

}  // namespace contactsim::bench
