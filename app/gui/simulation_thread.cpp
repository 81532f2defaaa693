#include "simulation_thread.h"

namespace contactsim::gui {

SimulationThread::SimulationThread(QObject* parent)
    : QObject(parent), worker_(new SimulationWorker(mailbox_)) {
  thread_.setObjectName("simulation");
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  thread_.start();
}

SimulationThread::~SimulationThread() {
  // Stops the run (and closes a recording) in the worker's thread, then ends the thread.
  QMetaObject::invokeMethod(
      worker_, [w = worker_] { w->stopRecording(); }, Qt::BlockingQueuedConnection);
  thread_.quit();
  thread_.wait();
}

template <typename F>
void SimulationThread::post(F&& command) {
  QMetaObject::invokeMethod(worker_, std::forward<F>(command), Qt::QueuedConnection);
}

void SimulationThread::load(Scene scene, std::string scene_text, int generation,
                            std::shared_ptr<const ResumePoint> resume) {
  auto shared = std::make_shared<const Scene>(std::move(scene));
  post([w = worker_, shared, text = std::move(scene_text), generation, resume] {
    w->load(shared, text, generation, resume);
  });
}
void SimulationThread::play() {
  post([w = worker_] { w->play(); });
}
void SimulationThread::pause() {
  post([w = worker_] { w->pause(); });
}
void SimulationThread::stepOnce() {
  post([w = worker_] { w->stepOnce(); });
}
void SimulationThread::setSpeed(double speed) {
  post([w = worker_, speed] { w->setSpeed(speed); });
}
void SimulationThread::runUntil(double t) {
  post([w = worker_, t] { w->runUntil(t); });
}
void SimulationThread::startRecording(const QString& path) {
  post([w = worker_, path] { w->startRecording(path); });
}
void SimulationThread::stopRecording() {
  post([w = worker_] { w->stopRecording(); });
}

void SimulationThread::grab(int body, const Vec3& point_on_body, const Vec3& target_world) {
  post([w = worker_, body, point_on_body, target_world] {
    w->grab(body, point_on_body, target_world);
  });
}
void SimulationThread::moveGrab(const Vec3& target_world) {
  post([w = worker_, target_world] { w->moveGrab(target_world); });
}
void SimulationThread::release() {
  post([w = worker_] { w->release(); });
}

}  // namespace contactsim::gui
