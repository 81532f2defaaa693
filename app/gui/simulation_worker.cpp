#include "simulation_worker.h"

#include <QTimer>
#include <algorithm>

#include "dynamics/mouse_spring.h"
#include "record/scene_header.h"
#include "sim/chain_report.h"
#include "sim/simulation.h"
#include "sim/start_check.h"
#include "volumetric/volumetric_force_source.h"

namespace contactsim::gui {

namespace {
// Wall time of one slice of steps: short enough for commands to feel immediate.
constexpr auto kSlice = std::chrono::milliseconds(15);
// Behind real time by more than this (simulated s), pacing restarts instead of catching up.
constexpr double kMaxLagSeconds = 0.25;
}  // namespace

SimulationWorker::SimulationWorker(FrameMailbox& mailbox)
    : mailbox_(mailbox), timer_(new QTimer(this)) {
  timer_->setSingleShot(true);
  connect(timer_, &QTimer::timeout, this, &SimulationWorker::tick);
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::load(std::shared_ptr<const Scene> scene, std::string scene_text,
                            int generation, std::shared_ptr<const ResumePoint> resume) {
  generation_ = generation;
  setRunning(false);
  until_.reset();
  stopRecording();
  simulation_.reset();
  last_frame_.reset();
  steps_ = 0;
  impacts_ = {};
  step_seconds_ = output_seconds_ = 0.0;
  scene_text_ = std::move(scene_text);
  // Pairs the scene puts in volumetric geometry (contact.geometry) run in contactsim_volumetric,
  // as on the command line.
  const auto build = [&] {
    mouse_spring_ = std::make_shared<MouseSpring>();
    ContactOptions contact_options;
    contact_options.depth_fields = true;  // the window's pressure colours (they change no force)
    simulation_ = std::make_unique<Simulation>(*scene, contact_options, mouse_spring_,
                                               volumetric::volumetricSourceFactory());
  };
  std::optional<QString> resume_failure;
  try {
    if (!resume) {
      // Here rather than in the GUI thread: it queries every pair, as long as the run's first
      // step. Not for a resumed state: its contacts are the run's, not a misplaced body.
      const StartCheck check = checkStart(*scene);
      emit startChecked(generation, check.overlaps,
                        QString::fromStdString(describeSmallOverlaps(check)));
    }
    build();
    if (resume) {
      try {
        simulation_->restore(resume->checkpoint);
      } catch (const CheckpointError& error) {
        resume_failure = QString(
                             "Cannot continue from t = %1 s with this scene (%2); it runs "
                             "from t = 0 instead.")
                             .arg(resume->state.time)
                             .arg(QString::fromStdString(error.what()));
        resume.reset();
        build();  // a failed restore leaves the simulation unusable
      }
    }
  } catch (const std::exception& error) {
    time_ = 0.0;
    emit loaded(false);
    emit failed(QString::fromStdString(error.what()));
    return;
  }
  emit treesBuilt(generation, contactTrees());
  time_ = simulation_->time();
  // A resumed run shows the recorded frame (with its contacts) until its first step.
  last_frame_ = resume ? resume->state : simulation_->frame();
  publish({plotSample(*last_frame_)}, true);
  emit loaded(true);
  if (resume_failure) emit failed(*resume_failure);
}

BodyTreeList SimulationWorker::contactTrees() const {
  BodyTreeList trees(simulation_->scene().bodies.size());
  if (const ContactForceSource* contacts = simulation_->contacts()) {
    for (const ContactPairDefinition& pair : contacts->pairs()) {
      trees[pair.body_a] = pair.tree_a;
      trees[pair.body_b] = pair.tree_b;
    }
  }
  return trees;
}

void SimulationWorker::setRunning(bool running) {
  if (running && !simulation_) running = false;
  const bool changed = running != running_.load();
  running_ = running;
  marks_.clear();
  if (running) {
    wall0_ = Clock::now();
    sim0_ = simulation_->time();
    timer_->start(0);
  } else {
    timer_->stop();
  }
  if (changed) emit runningChanged(running);
}

void SimulationWorker::play() { setRunning(true); }

void SimulationWorker::pause() {
  until_.reset();
  setRunning(false);
  if (last_frame_) publish({});
}

void SimulationWorker::stepOnce() {
  if (!simulation_) return;
  setRunning(false);
  std::vector<PlotSample> samples;
  if (advance(samples)) publish(std::move(samples));
}

void SimulationWorker::setSpeed(double speed) {
  speed_ = std::max(0.0, speed);
  wall0_ = Clock::now();
  sim0_ = simulation_ ? simulation_->time() : 0.0;
}

void SimulationWorker::runUntil(double t) {
  if (!simulation_) return;
  until_ = t;
  setRunning(true);
}

void SimulationWorker::tick() {
  if (!running_ || !simulation_) return;
  const Clock::time_point start = Clock::now();
  const double h = simulation_->scene().solver.time_step;
  const bool paced = speed_ > 0.0 && !until_;
  std::vector<PlotSample> samples;
  int wait_ms = 0;
  while (true) {
    if (until_ && simulation_->time() >= *until_ - 0.5 * h) {
      const double reached = simulation_->time();
      until_.reset();
      setRunning(false);
      publish(std::move(samples));
      emit reachedTime(reached);
      return;
    }
    const Clock::time_point now = Clock::now();
    if (paced) {
      double target = sim0_ + speed_ * std::chrono::duration<double>(now - wall0_).count();
      if (target - simulation_->time() > kMaxLagSeconds * std::max(speed_, 1.0)) {
        wall0_ = now;  // too slow for this speed: run flat out without trying to catch up
        sim0_ = simulation_->time();
        target = sim0_;
      }
      if (simulation_->time() >= target) {
        wait_ms =
            std::clamp(static_cast<int>(1000.0 * (simulation_->time() - target) / speed_), 1, 16);
        break;
      }
    }
    if (now - start > kSlice) break;
    if (!advance(samples)) return;
  }
  publish(std::move(samples));
  if (running_) timer_->start(wait_ms);
}

bool SimulationWorker::advance(std::vector<PlotSample>& samples) {
  const Clock::time_point start = Clock::now();
  try {
    simulation_->step();
  } catch (const std::exception& error) {
    until_.reset();
    setRunning(false);
    // The simulation keeps its last good state: show it, then say what happened.
    last_frame_ = simulation_->frame();
    publish(std::move(samples));
    emit failed(QString::fromStdString(error.what()));
    return false;
  }
  const Clock::time_point stepped = Clock::now();
  step_seconds_ += std::chrono::duration<double>(stepped - start).count();
  ++steps_;
  impacts_.add(*simulation_);
  time_ = simulation_->time();
  last_frame_ = simulation_->frame();
  samples.push_back(plotSample(*last_frame_));
  if (recorder_) record(*last_frame_);
  output_seconds_ += std::chrono::duration<double>(Clock::now() - stepped).count();
  return true;
}

void SimulationWorker::grab(int body, const Vec3& point_on_body, const Vec3& target_world) {
  if (!simulation_) return;
  if (!mouse_spring_->attach(simulation_->system(), body, point_on_body, target_world)) {
    emit grabRefused(body);
    return;
  }
  publishIfPaused();
}

void SimulationWorker::moveGrab(const Vec3& target_world) {
  if (!simulation_ || !mouse_spring_->attached()) return;
  mouse_spring_->setTarget(target_world);
  publishIfPaused();
}

void SimulationWorker::release() {
  if (!mouse_spring_ || !mouse_spring_->attached()) return;
  mouse_spring_->release();
  publishIfPaused();
}

void SimulationWorker::publishIfPaused() {
  if (!running_) publish({});
}

RunStats SimulationWorker::stats() {
  RunStats stats;
  stats.steps = steps_;
  stats.running = running_;
  stats.unresolved_impacts = impacts_.unresolved();
  if (simulation_) stats.chain_warnings = guideJumpWarnings(*simulation_);
  if (simulation_ && mouse_spring_->attached()) {
    const MultibodyState& s = simulation_->integrator().state();
    const MouseSpring::Evaluation e = mouse_spring_->evaluate(s.q, s.qdot);
    stats.mouse_spring = MouseSpringState{e.point_world, mouse_spring_->target(), e.force_world};
  }
  if (!running_ || !simulation_) return stats;
  const Clock::time_point now = Clock::now();
  marks_.push_back({now, simulation_->time(), steps_,
                    phaseTotals(*simulation_, step_seconds_, output_seconds_, steps_)});
  while (marks_.size() > 2 && now - marks_.front().wall > std::chrono::seconds(1)) {
    marks_.pop_front();
  }
  const Mark& first = marks_.front();
  const double wall = std::chrono::duration<double>(now - first.wall).count();
  if (wall > 0.0) {
    stats.steps_per_second = (steps_ - first.steps) / wall;
    stats.real_time_factor = (simulation_->time() - first.time) / wall;
  }
  if (steps_ > first.steps) stats.profile = profileBetween(first.totals, marks_.back().totals);
  return stats;
}

void SimulationWorker::publish(std::vector<PlotSample>&& samples, bool reset) {
  if (!last_frame_) return;
  if (mailbox_.post(*last_frame_, stats(), std::move(samples), generation_, reset))
    emit frameAvailable();
}

void SimulationWorker::startRecording(const QString& path) {
  if (!simulation_) return;
  stopRecording();
  const RecordingHeader header = recordingHeaderOf(simulation_->scene(), scene_text_);
  try {
    recorder_ = std::make_unique<RecordingWriter>(path.toStdString(), header);
  } catch (const std::exception& error) {
    recorder_.reset();
    emit recordingChanged(false, QString());
    emit failed(QString::fromStdString(error.what()));
    return;
  }
  emit recordingChanged(true, path);
  if (last_frame_) record(*last_frame_);
}

void SimulationWorker::record(const SimulationFrame& frame) {
  try {
    recorder_->append(frame, simulation_->checkpoint().value_or(std::vector<std::uint8_t>{}));
  } catch (const std::exception& error) {
    recorder_.reset();
    emit recordingChanged(false, QString());
    emit failed(QString::fromStdString(error.what()));
  }
}

void SimulationWorker::stopRecording() {
  if (!recorder_) return;
  const QString path = QString::fromStdString(recorder_->path().string());
  try {
    recorder_->close();
  } catch (const std::exception& error) {
    emit failed(QString::fromStdString(error.what()));
  }
  recorder_.reset();
  emit recordingChanged(false, path);
}

}  // namespace contactsim::gui
