// Wall-clock seconds since a start, for the timings that contact queries and force sources
// report (ContactTimings, ContactQueryReport); never used for simulated time.
#pragma once

#include <chrono>

namespace contactsim {

using WallClock = std::chrono::steady_clock;

inline double secondsSince(WallClock::time_point start) {
  return std::chrono::duration<double>(WallClock::now() - start).count();
}

}  // namespace contactsim
