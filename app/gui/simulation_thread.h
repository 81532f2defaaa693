// The GUI's handle on the simulation worker: starts its QThread, forwards commands to it (queued,
// so they never block the GUI) and stops the thread on destruction.
#pragma once

#include <QObject>
#include <QThread>
#include <memory>

#include "frame_mailbox.h"
#include "scene/scene.h"
#include "simulation_worker.h"

namespace contactsim::gui {

class SimulationThread : public QObject {
  Q_OBJECT

 public:
  explicit SimulationThread(QObject* parent = nullptr);
  ~SimulationThread() override;

  SimulationWorker& worker() { return *worker_; }
  FrameMailbox& mailbox() { return mailbox_; }

  void load(Scene scene, std::string scene_text, int generation,
            std::shared_ptr<const ResumePoint> resume = nullptr);
  void play();
  void pause();
  void stepOnce();
  void setSpeed(double speed);
  void runUntil(double t);
  void startRecording(const QString& path);
  void stopRecording();
  // The mouse spring (SimulationWorker::grab): queued like every command, so the worker applies
  // them between steps in the order given.
  void grab(int body, const Vec3& point_on_body, const Vec3& target_world);
  void moveGrab(const Vec3& target_world);
  void release();

  bool running() const { return worker_->running(); }
  double time() const { return worker_->time(); }

 private:
  template <typename F>
  void post(F&& command);

  FrameMailbox mailbox_;
  QThread thread_;
  SimulationWorker* worker_;
};

}  // namespace contactsim::gui
