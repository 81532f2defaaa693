// MainWindow's Scene menu: the editor of joints, cables and per-pair contact laws, and the commit
// through which its forms change the scene — the same way the body form does: apply the edit,
// rebuild the run (paused at t = 0), and put the document back when the scene does not build.
#include <QMenuBar>

#include "main_window.h"
#include "scene_edit_dialog.h"

namespace contactsim::gui {

void MainWindow::createSceneMenu() {
  QMenu* scene = menuBar()->addMenu("S&cene");
  const auto open = [this](SceneEditDialog::Page page) {
    return [this, page] { sceneEditor().showPage(page); };
  };
  scene->addAction("&Joints…", this, open(SceneEditDialog::Page::Joints));
  scene->addAction("&Cables…", this, open(SceneEditDialog::Page::Cables));
  scene->addAction("Contact &laws per pair…", this, open(SceneEditDialog::Page::ContactLaws));
}

SceneEditDialog& MainWindow::sceneEditor() {
  if (!scene_editor_) {
    scene_editor_ = new SceneEditDialog(
        document_, [this](const SceneEdit& edit) { return commitSceneEdit(edit); }, this);
    // A scene opened, reset or edited elsewhere (the body form) is shown as it now is.
    connect(this, &MainWindow::viewReplaced, scene_editor_, &SceneEditDialog::refresh);
  }
  return *scene_editor_;
}

bool MainWindow::commitSceneEdit(const SceneEdit& edit) {
  const nlohmann::json before = document_.json();
  try {
    edit(document_);
  } catch (const std::exception& error) {
    document_.json() = before;
    reportError("Cannot edit the scene", QString::fromStdString(error.what()));
    return false;
  }
  if (rebuild()) return true;  // rebuild() reported the reader's error
  document_.json() = before;
  return false;
}

}  // namespace contactsim::gui
