// The simulator's main window: the 3D view of the scene, the simulation controls (the run lives in
// a worker thread), the scene tree with body and contact-law forms, the contact inspector, live
// plots, recording and replay, and File ▸ Open/Save of scenes, meshes and recordings.
// Implemented in one file per job: main_window.cpp (widgets, frames, rebuild), _actions (menus),
// _files (open, import, save, drop), _keyframes, _mouse_spring (the view's drags to the worker),
// _scene_edit (the Scene menu), _selection. Jobs that hold state of their own are classes the
// window composes: run controls (sim_controls.h), recording and replay (recordings.h), layers
// (layer_controls.h), the edited scene and its commits (edited_scene.h), the Scene menu's editor
// (scene_edit_dialog.h), the mouse spring's drag
// (mouse_spring_drag.h), the start check's notice (start_overlap_notice.h) and the status bar's
// readout (run_status.h). Tests reach those, and the panels, through the window's children
// (QObject::findChild); the window's own public methods are what main() and the user do.
#pragma once

#include <QMainWindow>
#include <functional>
#include <memory>
#include <optional>

#include "body_trees.h"
#include "contact_table_model.h"
#include "frame_mailbox.h"
#include "mouse_spring_drag.h"
#include "scene_document.h"
#include "simulation_view.h"

class QAction;
class QLabel;
class QTreeWidget;

namespace contactsim {
struct ResumePoint;
}  // namespace contactsim

namespace contactsim::gui {

class BodyForm;
class ContactInspector;
class ContactLawForm;
class ContactColourControls;
class EditedScene;
class LayerControls;
class PatchHighlight;
class PlotsPanel;
class ProfilerPanel;
class PropertiesPanel;
class RecentFiles;
class Recordings;
class RunStatus;
class SceneEditDialog;
class SimControls;
class SimulationThread;
class StartOverlapNotice;
class VtkViewWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // Shows an error (title, text). The default opens a QMessageBox; tests inject their own.
  using ErrorReporter = std::function<void(const QString& title, const QString& text)>;

  MainWindow();
  ~MainWindow() override;

  // Adds each mesh file as a free body of the current scene (no dialog) and restarts the run;
  // with `body_per_object`, a file of several objects (an assembly) as one body per object,
  // named after it. Returns one line "<file>: <reason>" per file that could not be opened; the
  // others are added.
  QStringList importFiles(const QStringList& files, const ImportOptions& options,
                          bool body_per_object = false);
  // Scenes (.json), recordings (.db, .csrec) and meshes (asks units and scale once for all meshes).
  void openFiles(const QStringList& files);
  // Each returns false after reporting the error; the current scene is kept.
  bool openScene(const QString& path);
  bool openRecording(const QString& path);
  // "Continue from here": a live run of the recording's scene from the replayed frame's checkpoint
  // (core/record/FORMAT.md, "Resuming"), paused there. Edits to the scene (a law, a material)
  // rebuild it from that frame rather than from t = 0, until another scene or recording is
  // opened. Returns false after reporting why (a frame without a checkpoint); the replay stays.
  bool continueFromHere();
  // Keyframes (docs/scene-format.md, `keyframes[]`): the shown frame's free bodies saved into the
  // scene as keyframe `name` (written by Save scene), and the run restarted from one — from the
  // bodies' own initial state for an empty name. Each returns false after reporting why.
  bool saveKeyframe(const QString& name);
  bool resetToKeyframe(const QString& name);
  bool saveScene(const QString& path);
  void setErrorReporter(ErrorReporter reporter) { report_error_ = std::move(reporter); }

  // Simulates (as fast as possible) up to time t, then pauses; reachedTime is emitted once the
  // frame of that time is shown. A recording being replayed shows its first frame at or after t.
  void runUntil(double t);

  VtkViewWidget& view() const { return *view_; }
  LayerControls& layers() const { return *layers_; }
  ContactColourControls& contactColours() const { return *contact_colours_; }
  render::SimulationView* simulationView() const { return sim_view_.get(); }
  // The bodies of the shown scene, in scene order (SimulationView::viewId takes the index).
  const QStringList& bodyNames() const { return body_names_; }
  // Draws forces at this scale from now on instead of fitting it to the first contact forces.
  void fixForceScale(const render::ForceScale& scale);

 signals:
  void frameShown(double time);
  void reachedTime(double time);
  void simulationFailed(const QString& message);
  // A new SimulationView replaced the previous one (a scene built, a recording opened); its
  // first frameShown frames the camera.
  void viewReplaced();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createActions();
  void createSceneMenu();  // main_window_scene_edit.cpp
  // Scene ▸ Joints…, Cables…, Contact laws per pair… (made on first use).
  SceneEditDialog& sceneEditor();
  void createDocks();
  void connectSimulation();
  // Builds the document's scene, a new view and a new run (paused at t = 0). On failure reports
  // and returns false; the previous view and run stay.
  bool rebuild();
  void setView(std::vector<std::shared_ptr<const TriMesh>> meshes);
  void fillTree(const QStringList& names, const std::vector<int>& triangles);
  void showFrame(const SimulationFrame& frame);
  void onFrameAvailable();
  // The frame drawn last (live or replayed); null before the view's first.
  const SimulationFrame* shownFrame() const;
  bool replaying() const;
  void chooseAndOpenFiles();
  void chooseAndSaveScene();
  void chooseAndSaveKeyframe();
  void resetCamera();
  void selectBody(std::optional<int> index);
  void onViewClicked(double vtk_x, double vtk_y);
  void onPatchSelected();
  void connectMouseSpring();  // main_window_mouse_spring.cpp
  // Moves the free body of each pair the start check found clear along its lift hint (the
  // notice's "Lift clear") and rebuilds; false, with the scene unchanged, when a pair has no free
  // body or the build fails.
  bool liftStartOverlapsClear();
  void showErrors(const QStringList& errors);
  void reportError(const QString& title, const QString& text);

  MeshCache meshes_;
  BodyTrees trees_;
  std::unique_ptr<render::SimulationView> sim_view_;
  std::unique_ptr<PatchHighlight> highlight_;
  bool force_scale_fitted_ = false;
  bool force_scale_fixed_ = false;
  QStringList body_names_;
  // Where rebuild() starts the run when set (continueFromHere); from t = 0 otherwise.
  std::shared_ptr<const ResumePoint> resume_point_;
  // The keyframe rebuild() starts the run from (resetToKeyframe), until another scene is opened.
  std::optional<std::string> start_keyframe_;

  VtkViewWidget* view_;
  SimulationThread* simulation_;
  QTreeWidget* tree_;
  PropertiesPanel* properties_;
  BodyForm* body_form_;
  ContactLawForm* law_form_;
  ContactInspector* inspector_;
  PlotsPanel* plots_;
  ProfilerPanel* profiler_;
  Recordings* recordings_;
  EditedScene* scene_;  // the document every run is built from, and its commits
  SimControls* controls_ = nullptr;
  LayerControls* layers_ = nullptr;
  ContactColourControls* contact_colours_ = nullptr;
  SceneEditDialog* scene_editor_ = nullptr;
  RecentFiles* recent_ = nullptr;
  RunStatus* status_;  // the status bar's readout of the run
  StartOverlapNotice* start_notice_;
  std::optional<int> selected_body_;
  MouseSpringDrag mouse_spring_;
  std::optional<PatchKey> centred_patch_;  // the patch the camera was last centred on
  int generation_ = 0;                     // of the run whose frames are shown
  std::optional<double> run_until_;
  int frames_swapped_ = 0;
  // The GUI thread's drawing time (scene updates in showFrame, VTK renders), at the last display
  // rate update and now: the profiler's time per drawn frame.
  double update_seconds_ = 0.0;
  double drawing_seconds_at_mark_ = 0.0;
  ErrorReporter report_error_;
};

}  // namespace contactsim::gui
