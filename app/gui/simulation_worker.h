// The simulation's own thread: a worker object owning the Simulation, stepping it from its thread's
// event loop in slices of a few milliseconds (so commands such as pause are handled between
// slices), paced to real time, slow motion or as fast as possible, recording each step when asked.
// After each slice the latest frame goes to the FrameMailbox; the GUI is notified only when it has
// taken the previous one, so a slow display never holds the simulation back (drake#19494).
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "collision/aabb_tree.h"
#include "frame_mailbox.h"
#include "record/recording_writer.h"
#include "record/resume_point.h"
#include "scene/scene.h"
#include "sim/start_check.h"

class QTimer;

namespace contactsim {
class MouseSpring;
class Simulation;
}  // namespace contactsim

namespace contactsim::gui {

// Body-frame AABB trees by scene body; null for a body the run built no tree for.
using BodyTreeList = std::vector<std::shared_ptr<const AabbTree>>;

class SimulationWorker : public QObject {
  Q_OBJECT

 public:
  explicit SimulationWorker(FrameMailbox& mailbox);
  ~SimulationWorker() override;

  // Everything below runs in the worker's thread (call through SimulationThread).
  // Builds a new Simulation from `scene` (paused at t = 0); `scene_text` is stored in recordings.
  // A new run of `scene`, from t = 0 or, with `resume`, from a recorded frame's checkpoint (the
  // scene may have edited laws). A checkpoint that does not fit the scene fails the load: the
  // run is then the scene's from t = 0, and failed() says why.
  void load(std::shared_ptr<const Scene> scene, std::string scene_text, int generation,
            std::shared_ptr<const ResumePoint> resume = nullptr);
  void play();
  void pause();
  void stepOnce();
  // Simulated seconds per wall second; 0 = as fast as possible.
  void setSpeed(double speed);
  // Runs as fast as possible up to time t, then pauses and emits reachedTime.
  void runUntil(double t);
  void startRecording(const QString& path);
  void stopRecording();
  // The mouse spring (core/dynamics/mouse_spring.h): grabs scene body `body` at `point_on_body`
  // (body frame) towards `target_world`; moves the target; lets go. The spring changes only here,
  // between steps. A fixed body is not grabbed: grabRefused is emitted instead.
  void grab(int body, const Vec3& point_on_body, const Vec3& target_world);
  void moveGrab(const Vec3& target_world);
  void release();

  // Thread-safe.
  double time() const { return time_.load(); }
  bool running() const { return running_.load(); }

 signals:
  void frameAvailable();  // the mailbox has a frame (emitted once until the GUI takes it)
  void runningChanged(bool running);
  void loaded(bool ok);
  // After a successful load, before its first frame: the trees of the run's contact pairs
  // (immutable, so the GUI thread may draw them while the run queries them).
  void treesBuilt(int generation, const contactsim::gui::BodyTreeList& trees);
  void failed(const QString& message);  // the run is paused at its last good state
  // Before the run of a load: the contact pairs interpenetrating at t = 0 (empty when none) and
  // the summary of the smaller overlaps (core/sim/start_check.h). A body inside another is not
  // this but `failed`.
  void startChecked(int generation, const std::vector<contactsim::StartOverlap>& overlaps,
                    const QString& small_overlaps);
  void reachedTime(double time);
  void recordingChanged(bool recording, const QString& path);
  void grabRefused(int body);  // a fixed body: it cannot be dragged

 private:
  void tick();
  BodyTreeList contactTrees() const;
  bool advance(std::vector<PlotSample>& samples);  // one step; false (and paused) on failure
  // Every recorded frame carries its checkpoint (core/record/FORMAT.md, "Resuming").
  void record(const SimulationFrame& frame);
  void publish(std::vector<PlotSample>&& samples, bool reset = false);
  void setRunning(bool running);
  RunStats stats();
  // Shows a changed spring at once while paused (running, the next slice publishes anyway).
  void publishIfPaused();

  using Clock = std::chrono::steady_clock;
  FrameMailbox& mailbox_;
  QTimer* timer_;
  std::unique_ptr<Simulation> simulation_;
  // Registered with every run, released unless a drag is on (then it adds nothing).
  std::shared_ptr<MouseSpring> mouse_spring_;
  std::string scene_text_;
  std::optional<SimulationFrame> last_frame_;
  std::unique_ptr<RecordingWriter> recorder_;
  double speed_ = 1.0;
  std::optional<double> until_;
  // Pacing: simulated time sim0_ at wall time wall0_.
  Clock::time_point wall0_;
  double sim0_ = 0.0;
  long steps_ = 0;
  ImpactResolution impacts_;  // of this simulation
  // Wall time in Simulation::step and in the output after it (frame, plot sample, recording),
  // since the load: the profiler's totals besides the contact sources' own.
  double step_seconds_ = 0.0;
  double output_seconds_ = 0.0;
  int generation_ = 0;
  struct Mark {
    Clock::time_point wall;
    double time;
    long steps;
    PhaseTotals totals;
  };
  std::deque<Mark> marks_;  // the last second of running, for rates
  std::atomic<double> time_{0.0};
  std::atomic<bool> running_{false};
};

}  // namespace contactsim::gui
