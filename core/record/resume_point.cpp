#include "record/resume_point.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace contactsim {

std::int64_t nearestFrame(const RecordingReader& reader, double t) {
  const std::int64_t count = reader.frameCount();
  if (count == 0) throw RecordingError(reader.path().string() + ": no frames");
  std::int64_t i = std::min(reader.firstFrameAtOrAfter(t), count - 1);
  if (i > 0 && t - reader.frameTime(i - 1) <= reader.frameTime(i) - t) --i;
  return i;
}

ResumePoint resumePointAt(const RecordingReader& reader, std::int64_t frame) {
  std::optional<std::vector<std::uint8_t>> checkpoint = reader.checkpoint(frame);
  if (!checkpoint) {
    char time[32];
    std::snprintf(time, sizeof time, "%.6g", reader.frameTime(frame));
    throw RecordingError(reader.path().string() + ": frame " + std::to_string(frame) +
                         " (t = " + time +
                         " s) has no checkpoint to continue from (a recording of a scene with "
                         "volumetric contact, or written before checkpoints)");
  }
  return {frame, reader.frame(frame), std::move(*checkpoint)};
}

}  // namespace contactsim
