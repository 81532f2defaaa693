// Median wall time of `repeats` runs of a callable: the figure every benchmark here prints.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace contactsim::bench {

template <class F>
double medianSeconds(int repeats, F&& run) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace contactsim::bench
