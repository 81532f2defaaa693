#include "edited_scene.h"

#include <exception>
#include <utility>

namespace contactsim::gui {

EditedScene::EditedScene(std::function<bool()> rebuild, QObject* parent)
    : QObject(parent), rebuild_(std::move(rebuild)) {}

bool EditedScene::commit(const SceneEdit& edit) {
  const nlohmann::json before = document_.json();
  try {
    edit(document_);
  } catch (const std::exception& error) {
    document_.json() = before;
    emit failed("Cannot edit the scene", QString::fromStdString(error.what()));
    return false;
  }
  if (rebuild_()) return true;
  document_.json() = before;
  return false;
}

}  // namespace contactsim::gui
