// Writes a simulation to a recording file (SQLite, core/record/FORMAT.md) frame by frame, so
// that a run killed at any instant leaves a file readable up to its last complete frame.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "geometry/tri_mesh.h"
#include "sim/simulation_frame.h"

namespace contactsim {

// Every failure of the writer or the reader: what() is one line that starts with the file's
// path, e.g. "out.db: cannot create: unable to open database file".
class RecordingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RecordingBody {
  std::string name;
  bool fixed = false;
  double mass = 0.0;  // kg
  // Writer: the body's mesh in its body frame (null = no mesh); read at construction only.
  // Reader: always null (RecordingReader::mesh() decodes the stored mesh).
  const TriMesh* mesh = nullptr;
  // Reader: sizes of the stored mesh. Ignored by the writer (taken from `mesh`).
  std::int64_t vertex_count = 0, triangle_count = 0;
};

struct RecordingHeader {
  std::string scene_json;             // the scene file's text, verbatim
  std::string scene_path;             // where it was read from
  std::vector<RecordingBody> bodies;  // scene order (the order of SimulationFrame::bodies)
  std::vector<std::string> cables;    // names, scene order
  std::vector<std::string> drives;    // joints with a drive, scene order (none in version 1)
  double time_step = 0.0;             // s

  // Filled by the reader, ignored by the writer (it writes its own).
  int schema_version = 0;
  std::string created;          // ISO 8601 UTC, e.g. 2024-05-01T12:00:00Z
  std::string program_version;  // contactsim version that wrote the file
};

struct RecordingOptions {
  // Complete frames committed together: 1 (default) makes every frame durable against a killed
  // process as soon as append() returns; more trades the last few frames for fewer commits.
  int frames_per_transaction = 1;
};

class RecordingWriter {
 public:
  // Creates `path`, replacing an existing file, and writes the header. Throws RecordingError.
  RecordingWriter(const std::filesystem::path& path, const RecordingHeader& header,
                  RecordingOptions options = {});
  // Closes as close() does but never throws (an error is dropped; call close() to see it).
  ~RecordingWriter();
  RecordingWriter(const RecordingWriter&) = delete;
  RecordingWriter& operator=(const RecordingWriter&) = delete;

  // Appends one frame: bodies, cables and drives must match the header's counts, contact body
  // indices must be bodies, and time must not decrease. Throws RecordingError; the file then holds
  // the frames committed before (with frames_per_transaction > 1, the uncommitted ones are lost).
  // `checkpoint` (Simulation::checkpoint), when not empty, is stored with the frame, in its
  // transaction, so that a run can resume from it.
  void append(const SimulationFrame& frame, std::span<const std::uint8_t> checkpoint = {});
  // Commits what is pending and closes the file, leaving one self-contained file (no -wal).
  // Idempotent. Throws RecordingError.
  void close();

  std::int64_t frameCount() const;
  const std::filesystem::path& path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactsim
