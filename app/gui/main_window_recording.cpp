// MainWindow's runs to a time, recording to a file, and the video exported from a recording.
#include <QApplication>
#include <QFileDialog>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>

#include "layer_controls.h"
#include "main_window.h"
#include "record/recording_reader.h"
#include "replay_controller.h"
#include "sim_controls.h"
#include "simulation_thread.h"
#include "video_export.h"
#include "video_export_dialog.h"

namespace contactsim::gui {

namespace {

const char* kNothingToExport =
    "Record a run first (Simulation ▸ Record) or open a recording: the video is made from the "
    "recorded frames, stamped with simulation time.";

}  // namespace

void MainWindow::runUntil(double t) {
  if (replaying()) {
    // A recording goes to its first frame at or after t (its last if it ends before), and then
    // reports as a run does, once the caller is listening (--run-until with --screenshot).
    const RecordingReader& reader = *replay_->reader();
    const std::int64_t count = reader.frameCount();
    if (count == 0) return;
    const std::int64_t frame = std::min(reader.firstFrameAtOrAfter(t), count - 1);
    replay_->showFrame(frame);
    const double reached = reader.frameTime(frame);
    QTimer::singleShot(0, this, [this, reached] { emit reachedTime(reached); });
    return;
  }
  simulation_->runUntil(t);
}

bool MainWindow::startRecording(const QString& path) {
  if (replaying()) return false;
  simulation_->startRecording(path);
  return true;
}

void MainWindow::stopRecording() { simulation_->stopRecording(); }

void MainWindow::onRecordToggled(bool record) {
  if (!record) {
    stopRecording();
    return;
  }
  const QString file =
      QFileDialog::getSaveFileName(this, "Record to", "run.db", "Recordings (*.db)");
  if (file.isEmpty()) {
    controls_->setRecording(false);
    return;
  }
  startRecording(file);
}

QString MainWindow::recordingToExport() const {
  return replaying() ? QString::fromStdString(replay_->reader()->path().string()) : last_recording_;
}

void MainWindow::chooseAndExportVideo() {
  const QString source = recordingToExport();
  if (source.isEmpty()) {
    reportError("Export video", kNothingToExport);
    return;
  }
  std::pair<double, double> span;
  try {
    span = recordingSpan(source.toStdString());
  } catch (const std::exception& error) {
    reportError("Cannot export the video", QString::fromStdString(error.what()));
    return;
  }
  VideoExportDialog dialog(span.first, span.second, "contactsim.ogv", this);
  if (dialog.exec() != QDialog::Accepted) return;
  exportVideo(dialog.file(), dialog.options());
}

bool MainWindow::exportVideo(const QString& out, const VideoExportOptions& options) {
  const QString source = recordingToExport();
  if (source.isEmpty()) {
    reportError("Export video", kNothingToExport);
    return false;
  }
  VideoExportOptions with_scale = options;
  if (!with_scale.force_scale) with_scale.force_scale = layers_->forceScale();
  // Not exec()'d: the window keeps drawing, and Cancel ends the video at the frame reached.
  QProgressDialog progress("Rendering video…", "Cancel", 0, 1, this);
  progress.setWindowModality(Qt::WindowModal);
  try {
    const render::VideoReport report = exportRecordingVideo(
        source.toStdString(), out.toStdString(), with_scale, [&progress](int frame, int frames) {
          progress.setMaximum(frames);
          progress.setValue(frame + 1);
          QApplication::processEvents();
          return !progress.wasCanceled();
        });
    statusBar()->showMessage(QStringLiteral("Video: %1 frames, %2 s of simulation → %3")
                                 .arg(report.frames)
                                 .arg(report.last_time - report.first_time, 0, 'g', 3)
                                 .arg(out),
                             10000);
  } catch (const std::exception& error) {
    reportError("Cannot export the video", QString::fromStdString(error.what()));
    return false;
  }
  return true;
}

}  // namespace contactsim::gui
