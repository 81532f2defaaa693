// Implementation of the medianSeconds template declared in mesh_pair_arguments.h.
#include <algorithm>
#include <chrono>
#include <vector>

namespace contactsim::cli {

template <class Query>
double medianSeconds(int repeat, Query&& query) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> times;
  for (int i = 0; i < std::max(repeat, 1); ++i) {
    const auto start = Clock::now();
    query();
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  const std::size_t n = times.size();
  return n % 2 == 1 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
}

}  // namespace contactsim::cli
