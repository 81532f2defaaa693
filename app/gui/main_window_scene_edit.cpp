// MainWindow's Scene menu: the editor of joints, cables and per-pair contact laws, whose forms
// change the scene through the edited scene's commit (edited_scene.h), as the body form does.
#include <QMenuBar>

#include "edited_scene.h"
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
        scene_->document(), [this](const SceneEdit& edit) { return scene_->commit(edit); }, this);
    // A scene opened, reset or edited elsewhere (the body form) is shown as it now is.
    connect(this, &MainWindow::viewReplaced, scene_editor_, &SceneEditDialog::refresh);
  }
  return *scene_editor_;
}

}  // namespace contactsim::gui
