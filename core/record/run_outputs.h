// Everything a run writes per output frame — the state CSV, the contacts CSV and the recording —
// opened before the first step so that a bad path fails at once. One class for `contactsim-cli
// run` and the Python module's run(), so that both write byte-identical files.
#pragma once

#include <fstream>
#include <optional>
#include <span>
#include <string>

#include "record/frame_csv.h"
#include "record/recording_writer.h"
#include "scene/scene.h"
#include "sim/simulation_frame.h"

namespace contactsim {

// Empty: not written.
struct RunOutputPaths {
  std::string csv, contacts_csv, record;
};

// What the caller calls each path in its error messages (a CLI option, a Python argument).
struct RunOutputNames {
  std::string csv, contacts_csv;
};

class RunOutputs {
 public:
  // `scene_json` is the scene's text as the recording keeps it.
  RunOutputs(const Scene& scene, const std::string& scene_json, const RunOutputPaths& paths,
             const RunOutputNames& names);

  bool any() const { return csv_ || contacts_ || recording_; }
  // `checkpoint` goes into the recording with the frame (RecordingWriter::append).
  void write(const SimulationFrame& frame, std::span<const std::uint8_t> checkpoint = {});
  bool recording() const { return recording_.has_value(); }
  // After a failure: what was written stays readable (the recording commits every frame).
  void flush();
  void close();

 private:
  std::ofstream csv_file_, contacts_file_;
  std::optional<StateCsvWriter> csv_;
  std::optional<ContactsCsvWriter> contacts_;
  std::optional<RecordingWriter> recording_;
};

}  // namespace contactsim
