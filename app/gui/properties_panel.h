// The panel showing the selected body's validation report and mass properties, with its density.
#pragma once

#include <QWidget>

#include "body.h"

class QDoubleSpinBox;
class QTextBrowser;

namespace contactsim::gui {

class PropertiesPanel : public QWidget {
  Q_OBJECT

 public:
  explicit PropertiesPanel(QWidget* parent = nullptr);

  // nullptr: nothing selected.
  void showBody(const Body* body);

 signals:
  // The user edited the density of the shown body (kg/m^3).
  void densityEdited(double density);

 private:
  QDoubleSpinBox* density_;
  QTextBrowser* report_;
};

}  // namespace contactsim::gui
