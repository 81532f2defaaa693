#include "scene_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "history.h"
#include "mesh_cache.h"
#include "parallel/parallel_pair_loop.h"
#include "record/run_outputs.h"
#include "scene/scene_reader.h"
#include "volumetric/volumetric_force_source.h"

namespace contactsim::python {

SceneRun::SceneRun(std::string scene_json, const std::filesystem::path& file, int threads)
    : scene_json_(std::move(scene_json)) {
  if (threads < 1) throw std::invalid_argument("threads: expected a count >= 1");
  Scene scene = parseScene(scene_json_, file, loadCachedMesh);
  ContactOptions options;
  options.pair_loop = parallelPairLoop(threads);
  // Pairs in volumetric contact geometry (contact.geometry) run in contactsim_volumetric.
  simulation_ = std::make_unique<Simulation>(std::move(scene), options, nullptr,
                                             volumetric::volumetricSourceFactory());
  columns_ = historyColumns(*simulation_);
}

std::unique_ptr<SceneRun> SceneRun::fromFile(const std::filesystem::path& file, int threads) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    readScene(file, loadCachedMesh);  // throws the reader's "cannot open" line
    throw SceneError(file.string() + ": cannot read the scene file");
  }
  std::string text{std::istreambuf_iterator<char>(in), {}};
  return std::make_unique<SceneRun>(std::move(text), file, threads);
}

SceneRun::~SceneRun() = default;

std::vector<double> SceneRun::currentRow() const {
  std::vector<double> row;
  appendHistoryRow(*simulation_, simulation_->frame(), row);
  return row;
}

std::vector<double> SceneRun::run(const RunRequest& request,
                                  const std::function<bool()>& interrupted) {
  const double h = simulation_->scene().solver.time_step;
  if (!(request.until >= 0.0) || !std::isfinite(request.until))
    throw std::invalid_argument("until: expected a time >= 0 s");
  const double output_every = request.output_every.value_or(h);
  if (!(output_every > 0.0) || !std::isfinite(output_every))
    throw std::invalid_argument("output_every: expected a positive number of seconds");
  if (request.sample_every < 1) throw std::invalid_argument("sample_every: expected >= 1");
  if (!(request.max_wall_seconds >= 0.0))
    throw std::invalid_argument("max_wall_seconds: expected a number of seconds >= 0");
  const auto start = std::chrono::steady_clock::now();
  // Counted from t = 0 exactly as `contactsim-cli run` counts, so the same `until` gives the
  // same steps and the same CSV whether a run is made in one call or several.
  const long target = static_cast<long>(std::ceil(request.until / h - 1e-9));
  const long output_stride = std::max(1L, static_cast<long>(std::lround(output_every / h)));

  RunOutputs outputs(simulation_->scene(), scene_json_,
                     {request.csv, request.contacts_csv, request.record}, {"csv", "contacts_csv"});
  std::vector<double> history;
  SimulationFrame frame = simulation_->frame();
  if (outputs.any()) outputs.write(frame);
  appendHistoryRow(*simulation_, frame, history);
  try {
    for (long k = steps_ + 1; k <= target; ++k) {
      simulation_->step();
      steps_ = k;
      const bool output = outputs.any() && (k % output_stride == 0 || k == target);
      const bool sample = k % request.sample_every == 0 || k == target;
      if (output || sample) frame = simulation_->frame();
      if (output) outputs.write(frame);
      if (sample) appendHistoryRow(*simulation_, frame, history);
      if (request.max_wall_seconds > 0.0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
              request.max_wall_seconds) {
        char message[160];
        std::snprintf(message, sizeof message,
                      "wall-time limit of %g s reached at t = %.6g s of %.6g s",
                      request.max_wall_seconds, simulation_->time(), request.until);
        throw WallTimeExceeded(message);
      }
      // Asking costs a GIL round trip in the binding: every 64 steps is ≪ 1 % of a step's time.
      if (k % 64 == 0 && interrupted && interrupted()) {
        outputs.flush();
        throw RunInterrupted{};
      }
    }
  } catch (const RunInterrupted&) {
    throw;
  } catch (...) {
    outputs.flush();  // rows and frames up to the failure stay readable, as with the CLI
    throw;
  }
  outputs.close();
  return history;
}

}  // namespace contactsim::python
