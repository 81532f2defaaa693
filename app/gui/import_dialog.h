// The small dialog asking how to interpret mesh files being opened: length units and scale.
#pragma once

#include <QDialog>

#include "import/mesh_import.h"

class QComboBox;
class QDoubleSpinBox;

namespace contactsim::gui {

class ImportDialog : public QDialog {
  Q_OBJECT

 public:
  // Starts from the last accepted choice (QSettings), or metres and scale 1.
  ImportDialog(const QStringList& files, QWidget* parent = nullptr);

  ImportOptions options() const;

  void accept() override;  // also remembers the choice

 private:
  QComboBox* units_;
  QDoubleSpinBox* scale_;
};

}  // namespace contactsim::gui
