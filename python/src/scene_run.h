// A scene read from JSON text and advanced to given times, writing the CLI's outputs (state CSV,
// contacts CSV, recording) and sampling a history (history.h). Free of Python so that the
// binding only converts types and handles the GIL.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/simulation.h"

namespace contactsim::python {

struct RunRequest {
  double until = 0.0;  // s; the run stops at the first whole step at or after it, as `run --until`
  std::string csv, contacts_csv, record;  // empty: not written
  std::optional<double> output_every;     // s between output frames; default every step
  long sample_every = 1;                  // steps between history rows (the last step always)
  // Wall-time budget in seconds (0: none): a study's run that crawls through an impact in
  // microsecond substeps must not hold a worker for ever.
  double max_wall_seconds = 0.0;
};

// Thrown out of run() when max_wall_seconds is spent; what() says so and names the time.
class WallTimeExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown out of run() when `interrupted` says so (Ctrl+C in Python); the state is the last step.
struct RunInterrupted {};

class SceneRun {
 public:
  // `file` names the scene in errors and locates relative mesh paths; `threads` ≥ 1 evaluates
  // the contact pairs on that many threads (results are bit-identical for any count). Throws
  // SceneError or SimulationError with the CLI's one-line messages.
  SceneRun(std::string scene_json, const std::filesystem::path& file, int threads);
  // Reads `file` itself; a file that cannot be read gives readScene's error, as in the CLI.
  static std::unique_ptr<SceneRun> fromFile(const std::filesystem::path& file, int threads);
  ~SceneRun();

  const Simulation& simulation() const { return *simulation_; }
  const std::string& sceneJson() const { return scene_json_; }
  long stepsTaken() const { return steps_; }
  const std::vector<std::string>& columns() const { return columns_; }
  // The history row of the current state.
  std::vector<double> currentRow() const;

  // Steps until request.until and returns the history rows (row-major, columns() wide), the
  // current state first. `interrupted` is asked every few steps. Throws SimulationError (state =
  // last good step; outputs flushed up to it), std::runtime_error for unwritable outputs,
  // RecordingError, RunInterrupted, WallTimeExceeded (state = the last step taken).
  std::vector<double> run(const RunRequest& request, const std::function<bool()>& interrupted);

 private:
  std::string scene_json_;
  std::unique_ptr<Simulation> simulation_;
  std::vector<std::string> columns_;
  long steps_ = 0;
};

}  // namespace contactsim::python
