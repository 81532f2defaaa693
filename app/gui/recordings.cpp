#include "recordings.h"

#include <QApplication>
#include <QFileDialog>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>

#include "record/recording_reader.h"
#include "replay_controller.h"
#include "simulation_thread.h"
#include "video_export.h"
#include "video_export_dialog.h"

namespace contactsim::gui {

namespace {

const char* kNothingToExport =
    "Record a run first (Simulation ▸ Record) or open a recording: the video is made from the "
    "recorded frames, stamped with simulation time.";

}  // namespace

Recordings::Recordings(SimulationThread& simulation, QStatusBar* status_bar, QWidget* parent,
                       std::function<render::ForceScale()> force_scale)
    : QObject(parent),
      simulation_(simulation),
      status_bar_(status_bar),
      parent_(parent),
      force_scale_(std::move(force_scale)),
      replay_(new ReplayController(parent)) {
  connect(&simulation_.worker(), &SimulationWorker::recordingChanged, this,
          [this](bool recording, const QString& path) {
            if (recording || path.isEmpty()) return;
            last_recording_ = path;
            status_bar_->showMessage("Recording saved: " + path, 8000);
          });
  connect(replay_, &ReplayController::failed, this,
          [this](const QString& message) { emit failed("Cannot read the recording", message); });
}

bool Recordings::replaying() const { return replay_->isOpen(); }

bool Recordings::runUntil(double t) {
  if (!replaying()) return false;
  const RecordingReader& reader = *replay_->reader();
  const std::int64_t count = reader.frameCount();
  if (count == 0) return true;
  const std::int64_t frame = std::min(reader.firstFrameAtOrAfter(t), count - 1);
  replay_->showFrame(frame);
  const double reached = reader.frameTime(frame);
  QTimer::singleShot(0, this, [this, reached] { emit reachedTime(reached); });
  return true;
}

bool Recordings::startRecording(const QString& path) {
  if (replaying()) return false;
  simulation_.startRecording(path);
  return true;
}

void Recordings::stopRecording() { simulation_.stopRecording(); }

bool Recordings::chooseAndRecord() {
  if (replaying()) return false;
  const QString file =
      QFileDialog::getSaveFileName(parent_, "Record to", "run.db", "Recordings (*.db)");
  return !file.isEmpty() && startRecording(file);
}

QString Recordings::recordingToExport() const {
  return replaying() ? QString::fromStdString(replay_->reader()->path().string()) : last_recording_;
}

void Recordings::chooseAndExportVideo() {
  const QString source = recordingToExport();
  if (source.isEmpty()) {
    emit failed("Export video", kNothingToExport);
    return;
  }
  std::pair<double, double> span;
  try {
    span = recordingSpan(source.toStdString());
  } catch (const std::exception& error) {
    emit failed("Cannot export the video", QString::fromStdString(error.what()));
    return;
  }
  VideoExportDialog dialog(span.first, span.second, "contactsim.ogv", parent_);
  if (dialog.exec() != QDialog::Accepted) return;
  exportVideo(dialog.file(), dialog.options());
}

bool Recordings::exportVideo(const QString& out, const VideoExportOptions& options) {
  const QString source = recordingToExport();
  if (source.isEmpty()) {
    emit failed("Export video", kNothingToExport);
    return false;
  }
  VideoExportOptions with_scale = options;
  if (!with_scale.force_scale) with_scale.force_scale = force_scale_();
  // Not exec()'d: the window keeps drawing, and Cancel ends the video at the frame reached.
  QProgressDialog progress("Rendering video…", "Cancel", 0, 1, parent_);
  progress.setWindowModality(Qt::WindowModal);
  try {
    const VideoExportResult result = exportRecordingVideo(
        source.toStdString(), out.toStdString(), with_scale, [&progress](int frame, int frames) {
          progress.setMaximum(frames);
          progress.setValue(frame + 1);
          QApplication::processEvents();
          return !progress.wasCanceled();
        });
    const render::VideoReport& report = result.report;
    QString message = QStringLiteral("Video: %1 frames, %2 s of simulation → %3")
                          .arg(report.frames)
                          .arg(report.last_time - report.first_time, 0, 'g', 3)
                          .arg(out);
    if (!result.overlays_missing.empty()) {
      message += "; cables and joint axes are not drawn: " +
                 QString::fromStdString(result.overlays_missing);
    }
    status_bar_->showMessage(message, 10000);
  } catch (const std::exception& error) {
    emit failed("Cannot export the video", QString::fromStdString(error.what()));
    return false;
  }
  return true;
}

}  // namespace contactsim::gui
