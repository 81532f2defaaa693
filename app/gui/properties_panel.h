// The panel showing the selected body's mesh validation report and mass properties (at its
// material's density; the material itself is edited in the body form).
#pragma once

#include <QWidget>

#include "body.h"

class QTextBrowser;

namespace contactsim::gui {

class PropertiesPanel : public QWidget {
  Q_OBJECT

 public:
  explicit PropertiesPanel(QWidget* parent = nullptr);

  // nullptr: nothing selected.
  void showBody(const Body* body);

 private:
  QTextBrowser* report_;
};

}  // namespace contactsim::gui
