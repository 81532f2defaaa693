// MainWindow's keyframes: the shown state saved into the scene as a named keyframe, and the run
// restarted from one (Simulation ▸ Save keyframe…, Reset to keyframe).
#include <QInputDialog>
#include <QLineEdit>
#include <QStatusBar>
#include <utility>

#include "edited_scene.h"
#include "main_window.h"

namespace contactsim::gui {

bool MainWindow::saveKeyframe(const QString& name) {
  const SimulationFrame* shown = shownFrame();
  if (replaying() || !shown) {
    reportError("Cannot save a keyframe", "Open a scene and run it to the state to keep first.");
    return false;
  }
  if (name.trimmed().isEmpty()) {
    reportError("Cannot save a keyframe", "A keyframe needs a name.");
    return false;
  }
  scene_->document().setKeyframe(name.trimmed().toStdString(), *shown);
  statusBar()->showMessage(QString("Keyframe '%1' saved at t = %2 s (Save scene writes it to the "
                                   "file; Simulation ▸ Reset to keyframe starts from it)")
                               .arg(name.trimmed())
                               .arg(shown->time),
                           10000);
  return true;
}

bool MainWindow::resetToKeyframe(const QString& name) {
  std::optional<std::string> previous = std::exchange(
      start_keyframe_, name.isEmpty() ? std::nullopt : std::optional(name.toStdString()));
  std::shared_ptr<const ResumePoint> previous_resume = std::exchange(resume_point_, nullptr);
  if (!rebuild()) {
    start_keyframe_ = std::move(previous);
    resume_point_ = std::move(previous_resume);
    return false;
  }
  return true;
}

void MainWindow::chooseAndSaveKeyframe() {
  bool ok = false;
  const QString name = QInputDialog::getText(
      this, "Save keyframe",
      "Name of the keyframe (the bodies' poses and velocities now):", QLineEdit::Normal,
      QString("t = %1 s").arg(shownFrame() ? shownFrame()->time : 0.0), &ok);
  if (ok) saveKeyframe(name);
}

}  // namespace contactsim::gui
