// The contact inspector: a table of the live patches. Selecting a row names the patch (by pair and
// id) so the window can highlight it and centre the camera on it; the selection follows the patch
// while the table refreshes.
#pragma once

#include <QWidget>
#include <optional>

#include "contact_table_model.h"

class QTableView;

namespace contactsim::gui {

class ContactInspector : public QWidget {
  Q_OBJECT

 public:
  explicit ContactInspector(QWidget* parent = nullptr);

  ContactTableModel& model() { return *model_; }
  QTableView& table() { return *table_; }
  void setBodyNames(const QStringList& names);
  void setContacts(std::span<const ContactDiagnostics> contacts);
  std::optional<PatchKey> selectedPatch() const { return selected_; }

 signals:
  void patchSelected(std::optional<PatchKey> key);

 private:
  void onSelectionChanged();
  void restoreSelection();

  ContactTableModel* model_;
  QTableView* table_;
  std::optional<PatchKey> selected_;
  bool restoring_ = false;
};

}  // namespace contactsim::gui
