#include "record/frame_sampler.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace contactsim {

FrameSampler::FrameSampler(const RecordingReader& reader, double from, double to, double step)
    : reader_(reader), from_(from), step_(step), tolerance_(0.5 * reader.header().time_step) {
  if (reader.frameCount() == 0) throw RecordingError(reader.path().string() + ": no frames");
  if (!(step > 0.0) || !(to >= from))
    throw std::invalid_argument("frame sampling: needs step > 0 and from <= to");
  // A time landing on `to` up to rounding still counts.
  count_ = static_cast<int>(std::floor((to - from) / step + 1e-9)) + 1;
}

bool FrameSampler::next(SimulationFrame& frame) {
  if (taken_ >= count_) return false;
  const double t = from_ + taken_ * step_;
  frame = reader_.frame(
      std::min(reader_.firstFrameAtOrAfter(t - tolerance_), reader_.frameCount() - 1));
  ++taken_;
  return true;
}

}  // namespace contactsim
