// The small dialog asking how to interpret mesh files being opened: length units and scale, and —
// when a file holds several objects (an assembly) — one body per object or one merged body.
#pragma once

#include <QDialog>

#include "import/mesh_import.h"

class QComboBox;
class QDoubleSpinBox;

namespace contactsim::gui {

class MeshCache;

class ImportDialog : public QDialog {
  Q_OBJECT

 public:
  // Starts from the last accepted choice (QSettings), or metres and scale 1. The files are read
  // through `meshes` (to count their objects), so that importing them reads none again.
  ImportDialog(const QStringList& files, MeshCache& meshes, QWidget* parent = nullptr);

  ImportOptions options() const;
  // One body per object of an assembly (the default when a file has several), or one merged body.
  bool bodyPerObject() const;

  void accept() override;  // also remembers the choice

 private:
  QComboBox* units_;
  QDoubleSpinBox* scale_;
  QComboBox* objects_ = nullptr;  // only when a file has several objects
};

}  // namespace contactsim::gui
