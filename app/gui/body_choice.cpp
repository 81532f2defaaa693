#include "body_choice.h"

namespace contactsim::gui {

void showBodyChoice(QComboBox* combo, const std::vector<std::string>& bodies, bool with_world,
                    const std::string& current) {
  const QSignalBlocker blocker(combo);
  combo->clear();
  if (with_world) combo->addItem("world", QString("world"));
  for (const std::string& body : bodies) {
    const QString name = QString::fromStdString(body);
    combo->addItem(name, name);
  }
  const QString wanted = QString::fromStdString(current);
  int index = combo->findData(wanted);
  if (index < 0 && !wanted.isEmpty()) {
    combo->addItem(wanted + " (missing)", wanted);
    index = combo->count() - 1;
  }
  combo->setCurrentIndex(index >= 0 ? index : 0);
}

std::string chosenBody(const QComboBox* combo) {
  return combo->currentData().toString().toStdString();
}

}  // namespace contactsim::gui
