// A recorded frame to continue a run from: `contactsim-cli run --resume` and the window's
// "Continue from here" (core/record/FORMAT.md, "Resuming").
#pragma once

#include <cstdint>
#include <vector>

#include "record/recording_reader.h"

namespace contactsim {

struct ResumePoint {
  std::int64_t frame = 0;
  SimulationFrame state;                 // the recorded frame: shown and written first
  std::vector<std::uint8_t> checkpoint;  // Simulation::restore's input
};

// The frame whose time is nearest t (the earlier of two equally near).
std::int64_t nearestFrame(const RecordingReader& reader, double t);

// Frame `frame` with its checkpoint. Throws RecordingError naming the file, the frame and its
// time when it has none (a recording of a scene with volumetric contact, or written before
// checkpoints existed).
ResumePoint resumePointAt(const RecordingReader& reader, std::int64_t frame);

}  // namespace contactsim
