// A recording seen at evenly spaced simulated times — what a video of it shows, one frame per
// video frame, whatever the recording's own output interval.
#pragma once

#include <cstdint>

#include "record/recording_reader.h"

namespace contactsim {

class FrameSampler {
 public:
  // Times from, from + step, … up to `to` (inclusive up to rounding). Throws RecordingError when
  // the recording has no frame, std::invalid_argument when step ≤ 0 or to < from.
  FrameSampler(const RecordingReader& reader, double from, double to, double step);

  // floor((to − from) / step) + 1.
  int count() const { return count_; }
  // The next time's frame: the first recorded at or after it, allowing half a time step of
  // rounding (recorded times are sums of steps), the last one past the end. False when done.
  bool next(SimulationFrame& frame);

 private:
  const RecordingReader& reader_;
  double from_, step_, tolerance_;
  int count_ = 0, taken_ = 0;
};

}  // namespace contactsim
