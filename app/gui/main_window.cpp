#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTreeWidget>

#include "import_dialog.h"
#include "properties_panel.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

namespace {

const char* kLastDirectoryKey = "open/last_directory";

// Local files among dropped URLs (other URLs are ignored).
QStringList localFiles(const QMimeData* mime) {
  QStringList files;
  if (!mime->hasUrls()) return files;
  for (const QUrl& url : mime->urls()) {
    if (url.isLocalFile()) files << url.toLocalFile();
  }
  return files;
}

QIcon colourSwatch(const render::Rgb& colour) {
  QPixmap swatch(12, 12);
  swatch.fill(QColor::fromRgbF(colour.r, colour.g, colour.b));
  return QIcon(swatch);
}

}  // namespace

MainWindow::MainWindow()
    : scene_(std::make_unique<render::SceneView>()),
      view_(new VtkViewWidget(this)),
      tree_(new QTreeWidget(this)),
      properties_(new PropertiesPanel(this)) {
  setWindowTitle("contactsim");
  setAcceptDrops(true);
  setCentralWidget(view_);
  scene_->attach(view_->renderWindow());

  createDocks();
  createActions();
  statusBar()->showMessage(
      "Drop mesh files here or use File ▸ Open.   Left drag: orbit · Shift+left or middle drag: "
      "pan · Wheel or right drag: zoom · R: reset view · Click: select");

  connect(view_, &VtkViewWidget::clicked, this, &MainWindow::onViewClicked);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, &MainWindow::onTreeSelectionChanged);
  connect(properties_, &PropertiesPanel::densityEdited, this, &MainWindow::onDensityEdited);
  resize(1280, 800);
}

MainWindow::~MainWindow() {
  // The view's GL context must free VTK's resources while the scene's renderers are attached.
  delete view_;
}

void MainWindow::createDocks() {
  tree_->setHeaderLabels({"Body", "Triangles"});
  tree_->setRootIsDecorated(false);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  tree_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);

  auto* scene_dock = new QDockWidget("Scene", this);
  scene_dock->setObjectName("scene_dock");
  scene_dock->setWidget(tree_);
  addDockWidget(Qt::LeftDockWidgetArea, scene_dock);

  auto* properties_dock = new QDockWidget("Properties", this);
  properties_dock->setObjectName("properties_dock");
  properties_dock->setWidget(properties_);
  addDockWidget(Qt::RightDockWidgetArea, properties_dock);
  resizeDocks({scene_dock, properties_dock}, {220, 320}, Qt::Horizontal);
}

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu("&File");
  QAction* open = file->addAction("&Open meshes…", this, &MainWindow::chooseAndOpenFiles);
  open->setShortcut(QKeySequence::Open);
  remove_action_ = file->addAction("&Remove body", this, &MainWindow::removeSelectedBody);
  remove_action_->setShortcut(QKeySequence::Delete);
  remove_action_->setEnabled(false);
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", qApp, &QApplication::quit);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* view = menuBar()->addMenu("&View");
  QAction* reset = view->addAction("&Reset camera", this, &MainWindow::resetCamera);
  reset->setShortcut(Qt::Key_R);
  QAction* flat = view->addAction("&Flat shading (show facets)");
  flat->setCheckable(true);
  flat->setShortcut(Qt::Key_F);
  connect(flat, &QAction::toggled, this, &MainWindow::setFlatShading);
}

QStringList MainWindow::importFiles(const QStringList& files, const ImportOptions& options) {
  QStringList errors;
  std::optional<render::BodyId> last;
  QApplication::setOverrideCursor(Qt::WaitCursor);
  for (const QString& file : files) {
    try {
      Body body = importBody(file, options);
      body.view_id = scene_->addBody(body.imported.mesh);
      auto* item = new QTreeWidgetItem(
          tree_, {body.name, QString::number(body.imported.mesh.triangleCount())});
      item->setIcon(0, colourSwatch(scene_->bodyColourOf(body.view_id)));
      item->setToolTip(0, body.path);
      item->setData(0, Qt::UserRole, body.view_id);
      last = body.view_id;
      bodies_.emplace(body.view_id, std::move(body));
    } catch (const std::exception& error) {
      // MeshImportError already names the file; anything else gets the name added.
      const QString message = QString::fromStdString(error.what());
      errors << (message.startsWith(file) ? message : file + ": " + message);
    }
  }
  QApplication::restoreOverrideCursor();
  if (last) {
    scene_->resetCamera();
    selectBody(last);
  }
  return errors;
}

void MainWindow::openFiles(const QStringList& files) {
  if (files.isEmpty()) return;
  ImportDialog dialog(files, this);
  if (dialog.exec() != QDialog::Accepted) return;
  showErrors(importFiles(files, dialog.options()));
}

void MainWindow::showErrors(const QStringList& errors) {
  if (errors.isEmpty()) return;
  const QString title = errors.size() == 1 ? "Cannot open a file" : "Cannot open some files";
  QMessageBox::warning(this, title, errors.join("\n"));
}

void MainWindow::chooseAndOpenFiles() {
  QSettings settings;
  const QStringList files = QFileDialog::getOpenFileNames(
      this, "Open meshes", settings.value(kLastDirectoryKey).toString(),
      "Meshes (*.stl *.obj *.ply *.gltf *.glb *.off *.3ds *.dae *.fbx);;All files (*)");
  if (files.isEmpty()) return;
  settings.setValue(kLastDirectoryKey, QFileInfo(files.front()).absolutePath());
  openFiles(files);
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

void MainWindow::removeSelectedBody() {
  const std::optional<render::BodyId> id = scene_->selectedBody();
  if (!id) return;
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    if (tree_->topLevelItem(i)->data(0, Qt::UserRole).toInt() == *id) {
      delete tree_->takeTopLevelItem(i);
      break;
    }
  }
  scene_->removeBody(*id);
  bodies_.erase(*id);
  selectBody(std::nullopt);
}

void MainWindow::resetCamera() {
  scene_->resetCamera();
  view_->update();
}

void MainWindow::setFlatShading(bool flat) {
  scene_->setShading(flat ? render::Shading::Flat : render::Shading::Smooth);
  view_->update();
}

void MainWindow::selectBody(std::optional<render::BodyId> id) {
  if (id && !bodies_.count(*id)) id.reset();
  scene_->setSelectedBody(id);
  properties_->showBody(id ? &bodies_.at(*id) : nullptr);
  remove_action_->setEnabled(id.has_value());
  // Mirror the selection in the tree without coming back here.
  const QSignalBlocker blocker(tree_);
  tree_->clearSelection();
  for (int i = 0; id && i < tree_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = tree_->topLevelItem(i);
    if (item->data(0, Qt::UserRole).toInt() == *id) {
      item->setSelected(true);
      tree_->setCurrentItem(item);
    }
  }
  view_->update();
}

void MainWindow::onTreeSelectionChanged() {
  const QList<QTreeWidgetItem*> selected = tree_->selectedItems();
  if (selected.isEmpty()) {
    selectBody(std::nullopt);
  } else {
    selectBody(selected.front()->data(0, Qt::UserRole).toInt());
  }
}

void MainWindow::onViewClicked(double vtk_x, double vtk_y) {
  selectBody(scene_->pickBody(vtk_x, vtk_y));
}

void MainWindow::onDensityEdited(double density) {
  const std::optional<render::BodyId> id = scene_->selectedBody();
  if (!id) return;
  Body& body = bodies_.at(*id);
  setDensity(body, density);
  properties_->showBody(&body);
}

}  // namespace contactsim::gui
