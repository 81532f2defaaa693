// The viewer's main window: the 3D view, the scene tree of bodies, the properties panel,
// File > Open and drag-and-drop of mesh files.
#pragma once

#include <QMainWindow>
#include <map>
#include <memory>
#include <optional>

#include "body.h"
#include "scene_view.h"

class QAction;
class QTreeWidget;

namespace contactsim::gui {

class PropertiesPanel;
class VtkViewWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  MainWindow();
  ~MainWindow() override;

  // Imports each file as a body (no dialog) and frames the scene. Returns one line
  // "<file>: <reason>" per file that could not be opened; the others are added.
  QStringList importFiles(const QStringList& files, const ImportOptions& options);
  // Asks units and scale once for all files, imports them and shows failures in a dialog.
  void openFiles(const QStringList& files);
  void showErrors(const QStringList& errors);

  VtkViewWidget& view() const { return *view_; }

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createActions();
  void createDocks();
  void chooseAndOpenFiles();
  void removeSelectedBody();
  void resetCamera();
  void setFlatShading(bool flat);
  // Single place where a selection (from the tree or a click in the view) takes effect.
  void selectBody(std::optional<render::BodyId> id);
  void onTreeSelectionChanged();
  void onViewClicked(double vtk_x, double vtk_y);
  void onDensityEdited(double density);

  std::unique_ptr<render::SceneView> scene_;
  std::map<render::BodyId, Body> bodies_;
  VtkViewWidget* view_;
  QTreeWidget* tree_;
  PropertiesPanel* properties_;
  QAction* remove_action_ = nullptr;
};

}  // namespace contactsim::gui
