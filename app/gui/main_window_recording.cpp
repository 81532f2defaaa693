// MainWindow's runs to a time, recording to a file, and the video exported from a recording.
#include <QApplication>
#include <QFileDialog>
#include <QProgressDialog>
#include <QStatusBar>

#include "layer_controls.h"
#include "main_window.h"
#include "record/recording_reader.h"
#include "render_video.h"
#include "replay_controller.h"
#include "sim_controls.h"
#include "simulation_thread.h"

namespace contactsim::gui {

void MainWindow::runUntil(double t) {
  if (replaying()) return;
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

void MainWindow::exportVideo() {
  const QString source = replaying() ? replay_->reader()->path().c_str() : last_recording_;
  if (source.isEmpty()) {
    reportError("Export video",
                "Record a run first (Simulation ▸ Record) or open a recording: the video is made "
                "from the recorded frames, stamped with simulation time.");
    return;
  }
  const QString out =
      QFileDialog::getSaveFileName(this, "Export video", "contactsim.ogv", "Video (*.ogv *.mp4)");
  if (out.isEmpty()) return;
  try {
    RecordingReader reader(source.toStdString());
    std::vector<std::shared_ptr<const TriMesh>> meshes;
    for (std::size_t i = 0; i < reader.header().bodies.size(); ++i) {
      TriMesh mesh = reader.mesh(static_cast<int>(i));
      meshes.push_back(mesh.triangleCount() ? std::make_shared<const TriMesh>(std::move(mesh))
                                            : nullptr);
    }
    render::VideoOptions options;
    const double t0 = reader.frameTime(0), t1 = reader.frameTime(reader.frameCount() - 1);
    const int total = std::max(1, int((t1 - t0) * options.frames_per_second) + 1);
    QProgressDialog progress("Rendering video…", "Cancel", 0, total, this);
    progress.setWindowModality(Qt::WindowModal);
    int k = 0;
    const render::FrameSource next = [&](SimulationFrame& frame) {
      if (progress.wasCanceled() || k >= total) return false;
      const std::int64_t i = std::min(
          reader.firstFrameAtOrAfter(t0 + k / options.frames_per_second), reader.frameCount() - 1);
      frame = reader.frame(i);
      ++k;
      return true;
    };
    options.preset = render::LayerPreset::CleanVideo;
    options.force_scale = layers_->forceScale();
    options.progress = [&progress](int frame, const SimulationFrame&) {
      progress.setValue(frame + 1);
      QApplication::processEvents();
    };
    const render::VideoReport report =
        render::renderVideo(std::move(meshes), next, options, out.toStdString());
    statusBar()->showMessage(QStringLiteral("Video: %1 frames, %2 s of simulation → %3")
                                 .arg(report.frames)
                                 .arg(report.last_time - report.first_time, 0, 'g', 3)
                                 .arg(out),
                             10000);
  } catch (const std::exception& error) {
    reportError("Cannot export the video", QString::fromStdString(error.what()));
  }
}

}  // namespace contactsim::gui
