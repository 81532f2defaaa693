// Reads a recording file (core/record/FORMAT.md): the header, any frame, the bodies' meshes,
// and summary statistics computed inside SQLite.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "record/recording_writer.h"  // RecordingError, RecordingHeader

namespace contactsim {

// Aggregates over every complete frame (RecordingReader::summary()).
struct RecordingSummary {
  std::int64_t frames = 0;
  double time_start = 0.0, time_end = 0.0;  // 0 when there are no frames
  std::int64_t contacts_total = 0;          // contact rows over all frames
  std::int64_t contacts_per_frame_min = 0, contacts_per_frame_max = 0;
  double contacts_per_frame_mean = 0.0;
  struct MaxNormalForce {
    double value = 0.0;
    std::int64_t frame = 0;
    double time = 0.0;
    int body_a = -1, body_b = -1, id = -1;
  };
  std::optional<MaxNormalForce> max_normal_force;  // none without contacts
  struct CableRange {
    double tension_min = 0.0, tension_max = 0.0, length_min = 0.0, length_max = 0.0;
  };
  std::vector<CableRange> cables;  // header order; zeros without frames
  // Energy balance (EnergyReport::balance) at the first and last frame, and the largest
  // |balance − balance at the first frame| over all frames.
  double balance_start = 0.0, balance_end = 0.0, balance_max_drift = 0.0;
  std::uintmax_t file_bytes = 0;  // the database file (plus its -wal file, if one is left)
};

// Not thread-safe (one SQLite connection, prepared statements reused).
class RecordingReader {
 public:
  // Opens read-only and validates: a SQLite file, format "contactsim-recording", a schema
  // version this program reads, intact size, header tables consistent. Throws RecordingError
  // (what() starts with the path) for a missing, empty, truncated, corrupt or foreign file.
  // A recording whose writer was killed reads up to its last committed frame.
  explicit RecordingReader(const std::filesystem::path& path);
  ~RecordingReader();
  RecordingReader(const RecordingReader&) = delete;
  RecordingReader& operator=(const RecordingReader&) = delete;

  // Bodies have mesh == nullptr and vertex/triangle counts set; meta fields filled.
  const RecordingHeader& header() const;
  const std::filesystem::path& path() const;

  std::int64_t frameCount() const;
  // 0 <= i < frameCount(), else RecordingError.
  double frameTime(std::int64_t i) const;
  // The whole frame, contacts with loops and triangle lists. Throws RecordingError if the
  // frame's rows are inconsistent or the file turns out to be corrupt.
  SimulationFrame frame(std::int64_t i) const;
  // The checkpoint stored with frame i (Simulation::restore), or none: a recording of a scene
  // with volumetric contact, or written before checkpoints existed.
  std::optional<std::vector<std::uint8_t>> checkpoint(std::int64_t i) const;
  // First frame with time >= t (frameCount() if none).
  std::int64_t firstFrameAtOrAfter(double t) const;

  // The stored mesh of `body` (empty for a body without one). Throws RecordingError.
  TriMesh mesh(int body) const;

  RecordingSummary summary() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactsim
