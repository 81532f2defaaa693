// MainWindow's files: opening scenes, meshes and recordings (menu, recent list, drag and drop),
// importing meshes as bodies, saving the scene.
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <utility>

#include "edited_scene.h"
#include "file_kinds.h"
#include "import_dialog.h"
#include "main_window.h"
#include "plots_panel.h"
#include "recent_files.h"
#include "record/recorded_scene.h"
#include "record/resume_point.h"
#include "recordings.h"
#include "replay_controller.h"
#include "scene_overlays.h"
#include "sim_controls.h"
#include "simulation_thread.h"

namespace contactsim::gui {

namespace {

const char* kLastDirectoryKey = "open/last_directory";

}  // namespace

void MainWindow::showErrors(const QStringList& errors) {
  if (errors.isEmpty()) return;
  reportError(errors.size() == 1 ? "Cannot open a file" : "Cannot open some files",
              errors.join("\n"));
}

QStringList MainWindow::importFiles(const QStringList& files, const ImportOptions& options,
                                    bool body_per_object) {
  QStringList errors;
  std::vector<NewBody> bodies;  // of the files whose meshes import, all added in one edit
  QApplication::setOverrideCursor(Qt::WaitCursor);
  for (const QString& file : files) {
    if (isSceneFile(file) || isRecordingFile(file)) {
      errors << file + ": not a mesh (open scenes and recordings with File ▸ Open)";
      continue;
    }
    try {
      const QString absolute = QFileInfo(file).absoluteFilePath();
      // An assembly's objects (mesh_import.h, MeshObject), or the whole file as one body.
      std::vector<std::string> objects;
      if (body_per_object) {
        const std::vector<MeshObject> listed = meshes_.file(absolute.toStdString()).objects();
        if (listed.size() > 1)
          for (const MeshObject& object : listed) objects.push_back(object.name);
      }
      if (objects.empty()) objects.push_back(options.object);
      std::vector<NewBody> file_bodies;
      for (const std::string& object : objects) {
        NewBody body;
        body.mesh_file = absolute;
        body.import = options;
        body.import.object = object;
        meshes_.get(absolute.toStdString(), body.import);  // fails early, before any is added
        file_bodies.push_back(body);
      }
      bodies.insert(bodies.end(), file_bodies.begin(), file_bodies.end());
    } catch (const std::exception& error) {
      const QString message = QString::fromStdString(error.what());
      errors << (message.startsWith(file) ? message : file + ": " + message);
    }
  }
  QApplication::restoreOverrideCursor();
  if (bodies.empty()) return errors;
  resume_point_.reset();  // another body: the recorded state no longer fits
  scene_->commit([&](SceneDocument& d) {
    for (const NewBody& body : bodies) d.addBody(body);
  });
  return errors;
}

void MainWindow::openFiles(const QStringList& files) {
  QStringList meshes;
  for (const QString& file : files) {
    if (isSceneFile(file)) {
      openScene(file);
    } else if (isRecordingFile(file)) {
      openRecording(file);
    } else {
      meshes << file;
    }
  }
  if (meshes.isEmpty()) return;
  ImportDialog dialog(meshes, meshes_, this);
  if (dialog.exec() != QDialog::Accepted) return;
  showErrors(importFiles(meshes, dialog.options(), dialog.bodyPerObject()));
}

bool MainWindow::openScene(const QString& path) {
  SceneDocument previous = scene_->document();
  try {
    scene_->document() = SceneDocument::fromFile(path);
  } catch (const std::exception& error) {
    reportError("Cannot open the scene", QString::fromStdString(error.what()));
    return false;
  }
  std::shared_ptr<const ResumePoint> previous_resume = std::exchange(resume_point_, nullptr);
  std::optional<std::string> previous_keyframe = std::exchange(start_keyframe_, std::nullopt);
  if (!rebuild()) {
    scene_->document() = std::move(previous);
    resume_point_ = std::move(previous_resume);
    start_keyframe_ = std::move(previous_keyframe);
    return false;
  }
  recent_->add(path);
  return true;
}

bool MainWindow::saveScene(const QString& path) {
  try {
    scene_->document().save(path);
  } catch (const std::exception& error) {
    reportError("Cannot save the scene", QString::fromStdString(error.what()));
    return false;
  }
  recent_->add(path);
  setWindowTitle(QFileInfo(path).fileName() + " – contactsim");
  statusBar()->showMessage("Saved " + path, 5000);
  return true;
}

bool MainWindow::openRecording(const QString& path) {
  ReplayController& replay = recordings_->replay();
  try {
    simulation_->pause();
    const QSignalBlocker blocker(replay);  // frame 0 is shown once the view below exists
    replay.open(path);
  } catch (const std::exception& error) {
    reportError("Cannot open the recording", QString::fromStdString(error.what()));
    return false;
  }
  setView(replay.meshes());
  try {
    // Cables and joint axes from the scene stored in the recording (its meshes from there too).
    render::setupSceneOverlays(*sim_view_, recordedScene(*replay.reader(), replay.meshes()));
  } catch (const std::exception& error) {
    statusBar()->showMessage(
        "Cables and joint axes are not drawn: " + QString::fromStdString(error.what()), 10000);
  }
  const RecordingHeader& header = replay.reader()->header();
  QStringList names;
  std::vector<int> triangles;
  for (std::size_t i = 0; i < replay.meshes().size(); ++i) {
    names << QString::fromStdString(header.bodies[i].name);
    triangles.push_back(replay.meshes()[i] ? int(replay.meshes()[i]->triangleCount()) : 0);
  }
  fillTree(names, triangles);
  QStringList cables;
  for (const std::string& c : header.cables) cables << QString::fromStdString(c);
  plots_->clear(names, cables, driveNames(header));
  plots_->showRecording(*replay.reader());
  controls_->setEnabled(false);
  controls_->playAction()->setEnabled(true);
  replay.showFrame(0);
  recent_->add(path);
  setWindowTitle(QFileInfo(path).fileName() + " (replay) – contactsim");
  resume_point_.reset();
  start_keyframe_.reset();
  return true;
}

bool MainWindow::continueFromHere() {
  if (!replaying()) return false;
  const ReplayController& replay = recordings_->replay();
  const RecordingReader& reader = *replay.reader();
  std::shared_ptr<const ResumePoint> point;
  SceneDocument document;
  try {
    point = std::make_shared<const ResumePoint>(resumePointAt(reader, replay.currentFrame()));
    document = SceneDocument::fromText(reader.header().scene_json, reader.header().scene_path);
  } catch (const std::exception& error) {
    reportError("Cannot continue from here", QString::fromStdString(error.what()));
    return false;
  }
  const QString recording = QString::fromStdString(reader.path().filename().string());
  SceneDocument previous_document = std::exchange(scene_->document(), std::move(document));
  std::shared_ptr<const ResumePoint> previous_resume = std::exchange(resume_point_, point);
  std::optional<std::string> previous_keyframe = std::exchange(start_keyframe_, std::nullopt);
  if (!rebuild()) {  // the recorded scene no longer builds (a mesh moved): the replay stays
    scene_->document() = std::move(previous_document);
    resume_point_ = std::move(previous_resume);
    start_keyframe_ = std::move(previous_keyframe);
    return false;
  }
  statusBar()->showMessage(
      QString("Continuing from t = %1 s of %2: edits to the scene now restart from there")
          .arg(point->state.time)
          .arg(recording),
      10000);
  return true;
}

void MainWindow::chooseAndOpenFiles() {
  QSettings settings;
  const QStringList files = QFileDialog::getOpenFileNames(
      this, "Open", settings.value(kLastDirectoryKey).toString(),
      "Scenes, meshes and recordings (*.json *.urdf *.stl *.obj *.ply *.gltf *.glb *.off *.3ds "
      "*.dae *.fbx *.db *.csrec);;Scenes (*.json *.urdf);;Recordings (*.db *.csrec);;"
      "All files (*)");
  if (files.isEmpty()) return;
  settings.setValue(kLastDirectoryKey, QFileInfo(files.front()).absolutePath());
  openFiles(files);
}

void MainWindow::chooseAndSaveScene() {
  const QString file = QFileDialog::getSaveFileName(
      this, "Save scene", QString::fromStdString(scene_->document().file().string()),
      "Scenes (*.json)");
  if (!file.isEmpty()) saveScene(file);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!localFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QStringList files = localFiles(event->mimeData());
  if (files.isEmpty()) return;
  event->acceptProposedAction();
  openFiles(files);
}

}  // namespace contactsim::gui
