#include "main_window.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>

#include "body_form.h"
#include "contact_inspector.h"
#include "contact_law_form.h"
#include "import_dialog.h"
#include "layer_controls.h"
#include "patch_highlight.h"
#include "plots_panel.h"
#include "properties_panel.h"
#include "render_video.h"
#include "replay_controller.h"
#include "scene/scene_reader.h"
#include "scene_overlays.h"
#include "sim_controls.h"
#include "simulation_thread.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

namespace {

const char* kLastDirectoryKey = "open/last_directory";
const char* kRecentKey = "open/recent";
constexpr int kMaxRecent = 8;

QStringList localFiles(const QMimeData* mime) {
  QStringList files;
  if (!mime->hasUrls()) return files;
  for (const QUrl& url : mime->urls()) {
    if (url.isLocalFile()) files << url.toLocalFile();
  }
  return files;
}

bool hasSuffix(const QString& file, std::initializer_list<const char*> suffixes) {
  const QString suffix = QFileInfo(file).suffix();
  for (const char* s : suffixes) {
    if (suffix.compare(s, Qt::CaseInsensitive) == 0) return true;
  }
  return false;
}
bool isScene(const QString& file) { return hasSuffix(file, {"json"}); }
bool isRecording(const QString& file) { return hasSuffix(file, {"db", "csrec"}); }

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
      replay_(new ReplayController(this)),
      time_label_(new QLabel(this)),
      rate_label_(new QLabel(this)),
      solver_label_(new QLabel(this)),
      contacts_label_(new QLabel(this)),
      display_label_(new QLabel(this)),
      report_error_([this](const QString& title, const QString& text) {
        QMessageBox::warning(this, title, text);
      }) {
  setWindowTitle("contactsim");
  setAcceptDrops(true);
  setCentralWidget(view_);
  createDocks();
  createActions();
  connectSimulation();
  for (QLabel* label : {time_label_, rate_label_, solver_label_, contacts_label_, display_label_}) {
    statusBar()->addPermanentWidget(label);
  }
  statusBar()->showMessage(
      "Open a scene (.json), drop meshes or open a recording.   Space: play/pause");

  connect(view_, &VtkViewWidget::clicked, this, &MainWindow::onViewClicked);
  connect(view_, &QOpenGLWidget::frameSwapped, this, [this] { ++frames_swapped_; });
  auto* fps_timer = new QTimer(this);
  connect(fps_timer, &QTimer::timeout, this, [this] {
    display_fps_ = frames_swapped_;
    frames_swapped_ = 0;
    display_label_->setText(QStringLiteral("display %1 fps").arg(display_fps_));
  });
  fps_timer->start(1000);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, [this] {
    const auto items = tree_->selectedItems();
    selectBody(items.isEmpty() ? std::nullopt
                               : std::optional<int>(items.front()->data(0, Qt::UserRole).toInt()));
  });
  connect(body_form_, &BodyForm::applied, this, [this](const nlohmann::json& body) {
    if (!selected_body_) return;
    const nlohmann::json before = document_.json();
    document_.json()["bodies"][*selected_body_] = body;
    if (!rebuild()) document_.json() = before;
  });
  connect(law_form_, &ContactLawForm::applied, this, [this](const nlohmann::json& law) {
    const nlohmann::json before = document_.json();
    if (!document_.json().contains("contact")) document_.json()["contact"] = {{"pairs", "all"}};
    document_.json()["contact"]["law"] = law;
    if (!rebuild()) document_.json() = before;
  });
  connect(inspector_, &ContactInspector::patchSelected, this, &MainWindow::onPatchSelected);
  connect(replay_, &ReplayController::frameShown, this, &MainWindow::showFrame);
  connect(replay_, &ReplayController::failed, this,
          [this](const QString& message) { reportError("Cannot read the recording", message); });
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
  // Applied once the window has its size (docks are laid out on show).
  QTimer::singleShot(0, this, [this, scene, contacts, plots] {
    resizeDocks({scene, plots}, {250, 340}, Qt::Horizontal);
    resizeDocks({contacts}, {140}, Qt::Vertical);
  });
}

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu("&File");
  QAction* open = file->addAction("&Open…", this, &MainWindow::chooseAndOpenFiles);
  open->setShortcut(QKeySequence::Open);
  open->setToolTip("Open a scene (.json), meshes or a recording (.db)");
  recent_menu_ = file->addMenu("Open &recent");
  QAction* save = file->addAction("&Save scene as…", this, &MainWindow::chooseAndSaveScene);
  save->setShortcut(QKeySequence::Save);
  file->addAction("&Export video…", this, &MainWindow::exportVideo);
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", qApp, &QApplication::quit);
  quit->setShortcut(QKeySequence::Quit);
  updateRecentMenu();

  QToolBar* sim_bar = addToolBar("Simulation");
  sim_bar->setObjectName("simulation_toolbar");
  controls_ = new SimControls(menuBar()->addMenu("&Simulation"), sim_bar, this);

  QMenu* view = menuBar()->addMenu("&View");
  QAction* reset = view->addAction("&Reset camera", this, &MainWindow::resetCamera);
  reset->setShortcut(Qt::Key_R);
  QAction* flat = view->addAction("&Flat shading (show facets)");
  flat->setCheckable(true);
  flat->setShortcut(Qt::Key_F);
  connect(flat, &QAction::toggled, this, [this](bool on) {
    if (sim_view_)
      sim_view_->scene().setShading(on ? render::Shading::Flat : render::Shading::Smooth);
    view_->update();
  });
  QAction* fit = view->addAction("Fit &force scale", this, [this] {
    if (sim_view_ && shown_) {
      sim_view_->fitForceScale(*shown_);
      layers_->setForceScale(sim_view_->forceScale());
    }
  });
  QToolBar* layer_bar = addToolBar("Layers");
  layer_bar->setObjectName("layers_toolbar");
  layers_ = new LayerControls(view, layer_bar, this);
  layer_bar->addAction(fit);
  connect(layers_, &LayerControls::changed, view_, qOverload<>(&QWidget::update));

  QToolBar* replay_bar = new QToolBar("Replay", this);
  replay_bar->setObjectName("replay_toolbar");
  replay_bar->addWidget(replay_);
  addToolBar(Qt::BottomToolBarArea, replay_bar);
}

void MainWindow::connectSimulation() {
  SimulationWorker& worker = simulation_->worker();
  connect(&worker, &SimulationWorker::frameAvailable, this, &MainWindow::onFrameAvailable);
  connect(&worker, &SimulationWorker::runningChanged, controls_, &SimControls::setRunning);
  connect(&worker, &SimulationWorker::recordingChanged, this,
          [this](bool recording, const QString& path) {
            controls_->setRecording(recording);
            if (!recording && !path.isEmpty()) {
              last_recording_ = path;
              statusBar()->showMessage("Recording saved: " + path, 8000);
            }
          });
  connect(&worker, &SimulationWorker::failed, this, [this](const QString& message) {
    onFrameAvailable();  // the last good state
    emit simulationFailed(message);
    reportError("Simulation stopped", message + "\n\nThe run is paused at its last good state.");
  });
  connect(&worker, &SimulationWorker::reachedTime, this, [this](double t) {
    onFrameAvailable();
    emit reachedTime(t);
  });
  connect(controls_, &SimControls::playToggled, this, [this](bool play) {
    if (replaying()) {
      play ? replay_->play() : replay_->pause();
      controls_->setRunning(false);
      return;
    }
    play ? simulation_->play() : simulation_->pause();
  });
  connect(controls_, &SimControls::stepRequested, simulation_, &SimulationThread::stepOnce);
  connect(controls_, &SimControls::resetRequested, this, [this] { rebuild(); });
  connect(controls_, &SimControls::speedChanged, simulation_, &SimulationThread::setSpeed);
  connect(controls_, &SimControls::recordToggled, this, &MainWindow::onRecordToggled);
  connect(controls_, &SimControls::timeStepEdited, this, [this](double h) {
    const nlohmann::json before = document_.json();
    document_.json()["solver"]["time_step"] = h;
    if (!rebuild()) document_.json() = before;
  });
}

bool MainWindow::replaying() const { return replay_->isOpen(); }

long MainWindow::droppedFrames() const { return simulation_->mailbox().dropped(); }

void MainWindow::reportError(const QString& title, const QString& text) {
  if (report_error_) report_error_(title, text);
}

void MainWindow::showErrors(const QStringList& errors) {
  if (errors.isEmpty()) return;
  reportError(errors.size() == 1 ? "Cannot open a file" : "Cannot open some files",
              errors.join("\n"));
}

void MainWindow::setView(std::vector<std::shared_ptr<const TriMesh>> meshes) {
  if (view_->context()) view_->makeCurrent();
  highlight_.reset();
  sim_view_.reset();
  sim_view_ = std::make_unique<render::SimulationView>(std::move(meshes));
  sim_view_->scene().attach(view_->renderWindow());
  highlight_ = std::make_unique<PatchHighlight>(sim_view_->scene().overlayRenderer());
  if (view_->context()) view_->doneCurrent();
  layers_->setView(sim_view_.get());
  shown_.reset();
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
  body_form_->showBody(nullptr, {});
  properties_->showBody(nullptr);
}

bool MainWindow::rebuild() {
  Scene scene;
  try {
    scene = document_.build(meshes_);
  } catch (const std::exception& error) {
    reportError("Cannot build the scene", QString::fromStdString(error.what()));
    return false;
  }
  replay_->close();
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  QStringList names;
  std::vector<int> triangles;
  for (const SceneBody& body : scene.bodies) {
    meshes.push_back(body.mesh ? body.mesh->mesh : nullptr);
    names << QString::fromStdString(body.name);
    triangles.push_back(body.mesh ? static_cast<int>(body.mesh->mesh->triangleCount()) : 0);
  }
  setView(std::move(meshes));
  setupSceneOverlays(*sim_view_, scene);
  fillTree(names, triangles);
  law_form_->showContact(document_.json().contains("contact") ? &document_.json()["contact"]
                                                              : nullptr);
  QStringList cables;
  for (const SceneCable& cable : scene.cables) cables << QString::fromStdString(cable.name);
  plots_->clear(cables);
  controls_->setTimeStep(scene.solver.time_step);
  controls_->setEnabled(true);
  controls_->setRecording(false);
  for (const std::string& warning : scene.warnings) {
    statusBar()->showMessage(QString::fromStdString("warning: " + warning), 8000);
  }
  setWindowTitle(QString::fromStdString(document_.file().filename().string()) + " – contactsim");
  simulation_->setSpeed(controls_->speed());
  simulation_->load(std::move(scene), document_.text(), ++generation_);
  return true;
}

QStringList MainWindow::importFiles(const QStringList& files, const ImportOptions& options) {
  QStringList errors;
  const nlohmann::json before = document_.json();
  bool added = false;
  QApplication::setOverrideCursor(Qt::WaitCursor);
  for (const QString& file : files) {
    if (isScene(file) || isRecording(file)) {
      errors << file + ": not a mesh (open scenes and recordings with File ▸ Open)";
      continue;
    }
    try {
      const QString absolute = QFileInfo(file).absoluteFilePath();
      meshes_.get(absolute.toStdString(), options.units, options.scale);  // fails early
      NewBody body;
      body.mesh_file = absolute;
      body.import = options;
      document_.addBody(body);
      added = true;
    } catch (const std::exception& error) {
      const QString message = QString::fromStdString(error.what());
      errors << (message.startsWith(file) ? message : file + ": " + message);
    }
  }
  QApplication::restoreOverrideCursor();
  if (added && !rebuild()) document_.json() = before;
  return errors;
}

void MainWindow::openFiles(const QStringList& files) {
  QStringList meshes;
  for (const QString& file : files) {
    if (isScene(file)) {
      openScene(file);
    } else if (isRecording(file)) {
      openRecording(file);
    } else {
      meshes << file;
    }
  }
  if (meshes.isEmpty()) return;
  ImportDialog dialog(meshes, this);
  if (dialog.exec() != QDialog::Accepted) return;
  showErrors(importFiles(meshes, dialog.options()));
}

bool MainWindow::openScene(const QString& path) {
  SceneDocument previous = document_;
  try {
    document_ = SceneDocument::fromFile(path);
  } catch (const std::exception& error) {
    reportError("Cannot open the scene", QString::fromStdString(error.what()));
    return false;
  }
  if (!rebuild()) {
    document_ = std::move(previous);
    return false;
  }
  addRecentFile(path);
  return true;
}

bool MainWindow::saveScene(const QString& path) {
  try {
    document_.save(path);
  } catch (const std::exception& error) {
    reportError("Cannot save the scene", QString::fromStdString(error.what()));
    return false;
  }
  addRecentFile(path);
  setWindowTitle(QFileInfo(path).fileName() + " – contactsim");
  statusBar()->showMessage("Saved " + path, 5000);
  return true;
}

bool MainWindow::openRecording(const QString& path) {
  try {
    simulation_->pause();
    const QSignalBlocker blocker(replay_);  // frame 0 is shown once the view below exists
    replay_->open(path);
  } catch (const std::exception& error) {
    reportError("Cannot open the recording", QString::fromStdString(error.what()));
    return false;
  }
  setView(replay_->meshes());
  QStringList names;
  std::vector<int> triangles;
  for (std::size_t i = 0; i < replay_->meshes().size(); ++i) {
    names << QString::fromStdString(replay_->reader()->header().bodies[i].name);
    triangles.push_back(replay_->meshes()[i] ? int(replay_->meshes()[i]->triangleCount()) : 0);
  }
  fillTree(names, triangles);
  QStringList cables;
  for (const std::string& c : replay_->reader()->header().cables)
    cables << QString::fromStdString(c);
  plots_->clear(cables);
  controls_->setEnabled(false);
  controls_->playAction()->setEnabled(true);
  replay_->showFrame(0);
  addRecentFile(path);
  setWindowTitle(QFileInfo(path).fileName() + " (replay) – contactsim");
  return true;
}

void MainWindow::chooseAndOpenFiles() {
  QSettings settings;
  const QStringList files = QFileDialog::getOpenFileNames(
      this, "Open", settings.value(kLastDirectoryKey).toString(),
      "Scenes, meshes and recordings (*.json *.stl *.obj *.ply *.gltf *.glb *.off *.3ds *.dae "
      "*.fbx *.db *.csrec);;Scenes (*.json);;Recordings (*.db *.csrec);;All files (*)");
  if (files.isEmpty()) return;
  settings.setValue(kLastDirectoryKey, QFileInfo(files.front()).absolutePath());
  openFiles(files);
}

void MainWindow::chooseAndSaveScene() {
  const QString file = QFileDialog::getSaveFileName(
      this, "Save scene", QString::fromStdString(document_.file().string()), "Scenes (*.json)");
  if (!file.isEmpty()) saveScene(file);
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(kRecentKey).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(kRecentKey, recent);
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  recent_menu_->clear();
  const QStringList recent = QSettings().value(kRecentKey).toStringList();
  for (const QString& file : recent) {
    recent_menu_->addAction(QFileInfo(file).fileName(), this, [this, file] { openFiles({file}); })
        ->setToolTip(file);
  }
  recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::onFrameAvailable() {
  std::optional<Snapshot> snapshot = simulation_->mailbox().take();
  if (!snapshot || replaying() || snapshot->generation != generation_) return;
  plots_->append(snapshot->samples);
  showFrame(snapshot->frame);
  updateStatus(snapshot->frame, &snapshot->stats);
}

void MainWindow::showFrame(const SimulationFrame& frame) {
  if (!sim_view_) return;
  sim_view_->update(frame);
  sim_view_->setTime(frame.time);
  if (!force_scale_fitted_ && !force_scale_fixed_ && !frame.contacts.empty()) {
    sim_view_->fitForceScale(frame);
    force_scale_fitted_ =
        sim_view_->forceScale().newtons_per_metre != layers_->forceScale().newtons_per_metre;
    layers_->setForceScale(sim_view_->forceScale());
  }
  inspector_->setContacts(frame.contacts);
  shown_ = frame;
  onPatchSelected();
  if (replaying()) updateStatus(frame, nullptr);
  view_->update();
  emit frameShown(frame.time);
}

void MainWindow::updateStatus(const SimulationFrame& frame, const RunStats* stats) {
  time_label_->setText(QStringLiteral("t = %1 s").arg(frame.time, 0, 'f', 4));
  if (stats) {
    rate_label_->setText(stats->running ? QStringLiteral("%1× real time, %2 steps/s")
                                              .arg(stats->real_time_factor, 0, 'g', 3)
                                              .arg(stats->steps_per_second, 0, 'f', 0)
                                        : QStringLiteral("paused, %1 steps").arg(stats->steps));
  } else {
    rate_label_->setText("replay");
  }
  solver_label_->setText(QStringLiteral("Newton %1").arg(frame.solver.newton_iterations));
  contacts_label_->setText(QStringLiteral("%1 contact%2")
                               .arg(frame.contacts.size())
                               .arg(frame.contacts.size() == 1 ? "" : "s"));
}

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

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!localFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QStringList files = localFiles(event->mimeData());
  if (files.isEmpty()) return;
  event->acceptProposedAction();
  openFiles(files);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  simulation_->pause();
  QMainWindow::closeEvent(event);
}

void MainWindow::resetCamera() {
  if (sim_view_) sim_view_->scene().resetCamera();
  view_->update();
}

void MainWindow::selectBody(std::optional<int> index) {
  if (index && (*index < 0 || *index >= body_names_.size())) index.reset();
  selected_body_ = index;
  if (sim_view_) {
    const render::BodyId id = index ? sim_view_->viewId(*index) : -1;
    sim_view_->scene().setSelectedBody(id >= 0 ? std::optional<render::BodyId>(id) : std::nullopt);
  }
  const nlohmann::json& bodies = document_.json().value("bodies", nlohmann::json::array());
  QStringList materials;
  for (const auto& m : document_.json().value("materials", nlohmann::json::array())) {
    materials << QString::fromStdString(m.value("name", ""));
  }
  const bool editable = index && !replaying() && *index < int(bodies.size());
  body_form_->showBody(editable ? &document_.json()["bodies"][*index] : nullptr, materials);
  properties_->showBody(nullptr);
  if (editable && document_.json()["bodies"][*index].contains("mesh")) {
    try {
      const nlohmann::json& b = document_.json()["bodies"][*index];
      Body body;
      body.name = body_names_[*index];
      body.path = QString::fromStdString(document_.meshFile(*index).string());
      body.options.units =
          parseLengthUnit(b["mesh"].value("units", "m")).value_or(LengthUnit::Metre);
      body.options.scale = b["mesh"].value("scale", 1.0);
      body.imported = *meshes_.get(body.path.toStdString(), body.options.units, body.options.scale);
      double density = kSteelDensity;
      for (const auto& m : document_.json().value("materials", nlohmann::json::array())) {
        if (m.value("name", "") == b.value("material", "")) density = m.value("density", density);
      }
      setDensity(body, density);
      properties_->showBody(&body);
    } catch (const std::exception&) {
      // The report is optional; the body form still works.
    }
  }
  {
    const QSignalBlocker blocker(tree_);
    tree_->clearSelection();
    for (int i = 0; index && i < tree_->topLevelItemCount(); ++i) {
      QTreeWidgetItem* item = tree_->topLevelItem(i);
      if (item->data(0, Qt::UserRole).toInt() == *index) {
        item->setSelected(true);
        tree_->setCurrentItem(item);
      }
    }
  }
  view_->update();
}

void MainWindow::onViewClicked(double vtk_x, double vtk_y) {
  if (!sim_view_) return;
  const std::optional<render::BodyId> id = sim_view_->scene().pickBody(vtk_x, vtk_y);
  std::optional<int> index;
  for (std::size_t i = 0; id && i < sim_view_->bodyCount(); ++i) {
    if (sim_view_->viewId(i) == *id) index = static_cast<int>(i);
  }
  selectBody(index);
}

void MainWindow::onPatchSelected() {
  if (!highlight_ || !sim_view_) return;
  const std::optional<PatchKey> key = inspector_->selectedPatch();
  std::optional<ContactDiagnostics> contact;
  if (key && shown_) {
    for (const ContactDiagnostics& c : shown_->contacts) {
      if (ContactTableModel::keyOf(c) == *key) contact = c;
    }
  }
  const double scale = sim_view_->contacts().sceneScale();
  highlight_->show(contact, 0.02 * scale);
  // A new selection (not the per-frame refresh) centres the camera on the patch.
  if (contact && centred_patch_ != key) {
    vtkCamera* camera = sim_view_->scene().renderer()->GetActiveCamera();
    Vec3 focal, position;
    camera->GetFocalPoint(focal.data());
    camera->GetPosition(position.data());
    const Vec3 shift = contact->patch.centroid - focal;
    const Vec3 new_focal = focal + shift, new_position = position + shift;
    camera->SetFocalPoint(new_focal.data());
    camera->SetPosition(new_position.data());
  }
  centred_patch_ = key;
  view_->update();
}

}  // namespace contactsim::gui
