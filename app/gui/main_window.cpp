// MainWindow's frame and life: the window's widgets and docks, the simulation's signals, the
// scene rebuilt into a new view and run, and each frame shown with its status line.
#include "main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <chrono>

#include "body_form.h"
#include "contact_colour_controls.h"
#include "contact_inspector.h"
#include "contact_law_form.h"
#include "edited_scene.h"
#include "layer_controls.h"
#include "patch_highlight.h"
#include "plots_panel.h"
#include "profiler_panel.h"
#include "properties_panel.h"
#include "recordings.h"
#include "replay_controller.h"
#include "run_status.h"
#include "scene_overlays.h"
#include "sim_controls.h"
#include "simulation_thread.h"
#include "start_overlap_notice.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

namespace {

QIcon colourSwatch(const render::Rgb& colour) {
  QPixmap swatch(12, 12);
  swatch.fill(QColor::fromRgbF(colour.r, colour.g, colour.b));
  return QIcon(swatch);
}

QDockWidget* dock(QMainWindow* window, const QString& title, const QString& name, QWidget* widget,
                  Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(name);
  dock->setWidget(widget);
  window->addDockWidget(area, dock);
  return dock;
}

}  // namespace

MainWindow::MainWindow()
    : view_(new VtkViewWidget(this)),
      simulation_(new SimulationThread(this)),
      tree_(new QTreeWidget(this)),
      properties_(new PropertiesPanel(this)),
      body_form_(new BodyForm(this)),
      law_form_(new ContactLawForm(this)),
      inspector_(new ContactInspector(this)),
      plots_(new PlotsPanel(this)),
      profiler_(new ProfilerPanel(this)),
      recordings_(new Recordings(*simulation_, statusBar(), this,
                                 [this] { return layers_->forceScale(); })),
      scene_(new EditedScene([this] { return rebuild(); }, this)),
      status_(new RunStatus(statusBar())),
      start_notice_(new StartOverlapNotice(this, statusBar())),
      report_error_([this](const QString& title, const QString& text) {
        QMessageBox::warning(this, title, text);
      }) {
  setWindowTitle("contactsim");
  setAcceptDrops(true);
  setCentralWidget(view_);
  createDocks();
  createActions();
  createSceneMenu();
  connectSimulation();
  statusBar()->showMessage(
      "Open a scene (.json), drop meshes or open a recording.   Space: play/pause");

  connect(view_, &VtkViewWidget::clicked, this, &MainWindow::onViewClicked);
  connectMouseSpring();
  connect(view_, &QOpenGLWidget::frameSwapped, this, [this] { ++frames_swapped_; });
  auto* fps_timer = new QTimer(this);
  connect(fps_timer, &QTimer::timeout, this, [this] {
    const double drawing = update_seconds_ + view_->renderSeconds();
    if (frames_swapped_ > 0)
      profiler_->setDrawing((drawing - drawing_seconds_at_mark_) / frames_swapped_,
                            frames_swapped_);
    drawing_seconds_at_mark_ = drawing;
    status_->setDisplayFps(frames_swapped_);
    frames_swapped_ = 0;
  });
  fps_timer->start(1000);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, [this] {
    const auto items = tree_->selectedItems();
    selectBody(items.isEmpty() ? std::nullopt
                               : std::optional<int>(items.front()->data(0, Qt::UserRole).toInt()));
  });
  connect(scene_, &EditedScene::failed, this, &MainWindow::reportError);
  connect(body_form_, &BodyForm::applied, this, [this](const nlohmann::json& body) {
    if (!selected_body_) return;
    scene_->commit([&](SceneDocument& d) { d.json()["bodies"][*selected_body_] = body; });
  });
  connect(law_form_, &ContactLawForm::applied, this, [this](const nlohmann::json& law) {
    scene_->commit([&](SceneDocument& d) {
      if (!d.json().contains("contact")) d.json()["contact"] = {{"pairs", "all"}};
      d.json()["contact"]["law"] = law;
    });
  });
  connect(inspector_, &ContactInspector::patchSelected, this, &MainWindow::onPatchSelected);
  connect(start_notice_, &StartOverlapNotice::liftClearRequested, this,
          [this] { liftStartOverlapsClear(); });
  connect(&recordings_->replay(), &ReplayController::frameShown, this, &MainWindow::showFrame);
  connect(recordings_, &Recordings::failed, this, &MainWindow::reportError);
  connect(recordings_, &Recordings::reachedTime, this, &MainWindow::reachedTime);
  resize(1500, 950);
  setView({});
}

MainWindow::~MainWindow() {
  // The run stops first; then the view's GL context frees VTK's resources while attached.
  delete simulation_;
  highlight_.reset();
  delete view_;
}

void MainWindow::createDocks() {
  tree_->setHeaderLabels({"Body", "Triangles"});
  tree_->setRootIsDecorated(false);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  tree_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  auto* tabs = new QTabWidget(this);
  tabs->addTab(body_form_, "Body");
  tabs->addTab(law_form_, "Contact law");
  tabs->addTab(properties_, "Mesh");
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(tree_);
  split->addWidget(tabs);
  split->setSizes({200, 600});
  QDockWidget* scene = dock(this, "Scene", "scene_dock", split, Qt::LeftDockWidgetArea);
  QDockWidget* contacts =
      dock(this, "Contacts", "contacts_dock", inspector_, Qt::BottomDockWidgetArea);
  QDockWidget* plots = dock(this, "Plots", "plots_dock", plots_, Qt::RightDockWidgetArea);
  QDockWidget* profiler =
      dock(this, "Profiler", "profiler_dock", profiler_, Qt::BottomDockWidgetArea);
  tabifyDockWidget(contacts, profiler);
  contacts->raise();
  // Applied once the window has its size (docks are laid out on show).
  QTimer::singleShot(0, this, [this, scene, contacts, plots] {
    resizeDocks({scene, plots}, {250, 340}, Qt::Horizontal);
    resizeDocks({contacts}, {140}, Qt::Vertical);
  });
}

void MainWindow::connectSimulation() {
  SimulationWorker& worker = simulation_->worker();
  connect(&worker, &SimulationWorker::frameAvailable, this, &MainWindow::onFrameAvailable);
  connect(&worker, &SimulationWorker::runningChanged, controls_, &SimControls::setRunning);
  connect(&worker, &SimulationWorker::recordingChanged, controls_, &SimControls::setRecording);
  connect(&worker, &SimulationWorker::treesBuilt, this,
          [this](int generation, const BodyTreeList& trees) {
            if (generation != generation_ || replaying()) return;  // superseded meanwhile
            trees_.adopt(trees);
            layers_->refreshAabbTree();
          });
  connect(&worker, &SimulationWorker::failed, this, [this](const QString& message) {
    onFrameAvailable();  // the last good state
    emit simulationFailed(message);
    reportError("Simulation stopped", message + "\n\nThe run is paused at its last good state.");
  });
  connect(&worker, &SimulationWorker::startChecked, this,
          [this](int generation, const std::vector<StartOverlap>& overlaps,
                 const QString& small_overlaps) {
            if (generation != generation_ || replaying()) return;  // superseded meanwhile
            start_notice_->show(overlaps, small_overlaps);
          });
  connect(&worker, &SimulationWorker::reachedTime, this, [this](double t) {
    onFrameAvailable();
    emit reachedTime(t);
  });
  connect(controls_, &SimControls::playToggled, this, [this](bool play) {
    if (replaying()) {
      play ? recordings_->replay().play() : recordings_->replay().pause();
      controls_->setRunning(false);
      return;
    }
    play ? simulation_->play() : simulation_->pause();
  });
  connect(controls_, &SimControls::stepRequested, simulation_, &SimulationThread::stepOnce);
  connect(controls_, &SimControls::resetRequested, this, [this] { rebuild(); });
  connect(controls_, &SimControls::speedChanged, simulation_, &SimulationThread::setSpeed);
  connect(controls_, &SimControls::recordToggled, this, [this](bool record) {
    if (!record) {
      recordings_->stopRecording();
    } else if (!recordings_->chooseAndRecord()) {
      controls_->setRecording(false);
    }
  });
  connect(controls_, &SimControls::timeStepEdited, this, [this](double h) {
    scene_->commit([h](SceneDocument& d) { d.json()["solver"]["time_step"] = h; });
  });
}

const SimulationFrame* MainWindow::shownFrame() const {
  return sim_view_ ? sim_view_->frame() : nullptr;
}

bool MainWindow::replaying() const { return recordings_->replaying(); }

void MainWindow::runUntil(double t) {
  if (!recordings_->runUntil(t)) simulation_->runUntil(t);
}

void MainWindow::reportError(const QString& title, const QString& text) {
  if (report_error_) report_error_(title, text);
}

void MainWindow::setView(std::vector<std::shared_ptr<const TriMesh>> meshes) {
  if (view_->context()) view_->makeCurrent();
  highlight_.reset();
  sim_view_.reset();
  trees_.reset(meshes, !replaying());  // a live run hands over its contact trees
  sim_view_ = std::make_unique<render::SimulationView>(std::move(meshes));
  sim_view_->scene().attach(view_->renderWindow());
  highlight_ = std::make_unique<PatchHighlight>(sim_view_->scene().overlayRenderer());
  if (view_->context()) view_->doneCurrent();
  layers_->setView(sim_view_.get());
  contact_colours_->setView(sim_view_.get());
  force_scale_fitted_ = false;
  selected_body_.reset();
  view_->update();
  emit viewReplaced();
}

void MainWindow::fixForceScale(const render::ForceScale& scale) {
  force_scale_fixed_ = true;
  layers_->setForceScale(scale);
  view_->update();
}

void MainWindow::fillTree(const QStringList& names, const std::vector<int>& triangles) {
  const QSignalBlocker blocker(tree_);
  tree_->clear();
  for (int i = 0; i < names.size(); ++i) {
    auto* item = new QTreeWidgetItem(
        tree_, {names[i], triangles[i] > 0 ? QString::number(triangles[i]) : QString("–")});
    const render::BodyId id = sim_view_->viewId(i);
    if (id >= 0) item->setIcon(0, colourSwatch(sim_view_->scene().bodyColourOf(id)));
    item->setData(0, Qt::UserRole, i);
  }
  body_names_ = names;
  inspector_->setBodyNames(names);
  layers_->setBodies(names);
  body_form_->showBody(nullptr, {});
  properties_->showBody(nullptr);
}

bool MainWindow::rebuild() {
  SceneDocument& document = scene_->document();
  Scene scene;
  try {
    scene = document.build(meshes_);
    if (start_keyframe_) applyKeyframe(scene, *start_keyframe_);
  } catch (const std::exception& error) {
    reportError("Cannot build the scene", QString::fromStdString(error.what()));
    return false;
  }
  recordings_->replay().close();
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  QStringList names;
  std::vector<int> triangles;
  for (const SceneBody& body : scene.bodies) {
    meshes.push_back(body.mesh ? body.mesh->mesh : nullptr);
    names << QString::fromStdString(body.name);
    triangles.push_back(body.mesh ? static_cast<int>(body.mesh->mesh->triangleCount()) : 0);
  }
  setView(std::move(meshes));
  render::setupSceneOverlays(*sim_view_, scene);
  fillTree(names, triangles);
  law_form_->showContact(document.json().contains("contact") ? &document.json()["contact"]
                                                             : nullptr);
  QStringList cables;
  for (const SceneCable& cable : scene.cables) cables << QString::fromStdString(cable.name);
  plots_->clear(names, cables, driveNames(scene), scene.contact.has_value());
  controls_->setTimeStep(scene.solver.time_step);
  controls_->setEnabled(true);
  controls_->setRecording(false);
  for (const std::string& warning : scene.warnings) {
    statusBar()->showMessage(QString::fromStdString("warning: " + warning), 8000);
  }
  setWindowTitle(QString::fromStdString(document.file().filename().string()) + " – contactsim");
  simulation_->setSpeed(controls_->speed());
  simulation_->load(std::move(scene), document.text(), ++generation_, resume_point_);
  return true;
}

bool MainWindow::liftStartOverlapsClear() {
  nlohmann::json lifted = scene_->document().json();
  if (const StartOverlap* stuck = liftClear(lifted, start_notice_->overlaps())) {
    reportError("Cannot lift clear",
                QString::fromStdString(describe(*stuck)) + "\n\nNeither body of the pair is free.");
    return false;
  }
  return scene_->commit([&](SceneDocument& d) { d.json() = std::move(lifted); });
}

void MainWindow::onFrameAvailable() {
  std::optional<Snapshot> snapshot = simulation_->mailbox().take();
  if (!snapshot || replaying() || snapshot->generation != generation_) return;
  plots_->append(snapshot->samples, snapshot->frame);
  if (snapshot->reset) {
    profiler_->clear();
    // A new run: the pressure colour bar's run maximum starts again.
    if (sim_view_) sim_view_->contacts().pressureRange().reset();
  }
  if (snapshot->stats.profile)
    profiler_->setProfile(*snapshot->stats.profile, snapshot->stats.steps_per_second);
  if (sim_view_) showMouseSpring(sim_view_->mouseSpring(), snapshot->stats.mouse_spring);
  showFrame(snapshot->frame);
  status_->show(snapshot->frame, &snapshot->stats);
}

void MainWindow::showFrame(const SimulationFrame& frame) {
  if (!sim_view_) return;
  const auto start = std::chrono::steady_clock::now();
  sim_view_->update(frame);
  update_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sim_view_->setTime(frame.time);
  if (!force_scale_fitted_ && !force_scale_fixed_ && !frame.contacts.empty()) {
    sim_view_->fitForceScale(frame);
    force_scale_fitted_ =
        sim_view_->forceScale().newtons_per_metre != layers_->forceScale().newtons_per_metre;
    layers_->setForceScale(sim_view_->forceScale());
  }
  inspector_->setContacts(frame.contacts);
  onPatchSelected();
  if (replaying()) status_->show(frame, nullptr);
  view_->update();
  emit frameShown(frame.time);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  simulation_->pause();
  QMainWindow::closeEvent(event);
}

}  // namespace contactsim::gui
