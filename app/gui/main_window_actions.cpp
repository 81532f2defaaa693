// MainWindow's menus and toolbars: File, Simulation, View (with the layer controls) and the
// replay bar.
#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QMenuBar>
#include <QToolBar>

#include "contact_colour_controls.h"
#include "edited_scene.h"
#include "layer_controls.h"
#include "main_window.h"
#include "recent_files.h"
#include "recordings.h"
#include "replay_controller.h"
#include "sim_controls.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu("&File");
  QAction* open = file->addAction("&Open…", this, &MainWindow::chooseAndOpenFiles);
  open->setShortcut(QKeySequence::Open);
  open->setToolTip("Open a scene (.json, .urdf), meshes or a recording (.db)");
  recent_ = new RecentFiles(file->addMenu("Open &recent"), this);
  connect(recent_, &RecentFiles::openRequested, this,
          [this](const QString& path) { openFiles({path}); });
  QAction* save = file->addAction("&Save scene as…", this, &MainWindow::chooseAndSaveScene);
  save->setShortcut(QKeySequence::Save);
  file->addAction("&Export video…", recordings_, &Recordings::chooseAndExportVideo);
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", qApp, &QApplication::quit);
  quit->setShortcut(QKeySequence::Quit);

  QToolBar* sim_bar = addToolBar("Simulation");
  sim_bar->setObjectName("simulation_toolbar");
  QMenu* simulation_menu = menuBar()->addMenu("&Simulation");
  controls_ = new SimControls(simulation_menu, sim_bar, this);
  simulation_menu->addSeparator();
  simulation_menu->addAction("Save &keyframe…", this, &MainWindow::chooseAndSaveKeyframe);
  QMenu* keyframes = simulation_menu->addMenu("Reset to key&frame");
  connect(keyframes, &QMenu::aboutToShow, this, [this, keyframes] {
    keyframes->clear();
    keyframes->addAction("Initial state", this, [this] { resetToKeyframe(QString()); });
    for (const std::string& name : scene_->document().keyframeNames()) {
      const QString label = QString::fromStdString(name);
      keyframes->addAction(label, this, [this, label] { resetToKeyframe(label); });
    }
  });

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
    if (const SimulationFrame* shown = shownFrame()) {
      sim_view_->fitForceScale(*shown);
      layers_->setForceScale(sim_view_->forceScale());
    }
  });
  QToolBar* layer_bar = addToolBar("Layers");
  layer_bar->setObjectName("layers_toolbar");
  layers_ = new LayerControls(view, layer_bar, trees_, this);
  layer_bar->addAction(fit);
  connect(layers_, &LayerControls::changed, view_, qOverload<>(&QWidget::update));
  addToolBarBreak();  // a row of its own: the first row is full at the window's default width
  QToolBar* colour_bar = addToolBar("Contact colours");
  colour_bar->setObjectName("contact_colours_toolbar");
  contact_colours_ = new ContactColourControls(colour_bar, this);
  // Colours are chosen as a frame is drawn: the shown one is drawn again.
  connect(contact_colours_, &ContactColourControls::changed, this, [this] {
    if (const SimulationFrame* shown = shownFrame()) sim_view_->update(*shown);
    view_->update();
  });

  QToolBar* replay_bar = new QToolBar("Replay", this);
  replay_bar->setObjectName("replay_toolbar");
  replay_bar->addWidget(&recordings_->replay());
  QAction* continue_here =
      replay_bar->addAction("Continue from here", this, [this] { continueFromHere(); });
  continue_here->setObjectName("continue_from_here");
  continue_here->setToolTip(
      "Run on from the replayed frame, exactly as the recorded run did (edit a law first to try "
      "\"what if\" from this moment)");
  addToolBar(Qt::BottomToolBarArea, replay_bar);
}

}  // namespace contactsim::gui
