// The live contact patches as a table: pair, id, the convex pieces (volumetric points), δ, F_n,
// |F_t|, area, the intersection volume (volumetric points), stick/slip. A patch keeps its row
// identity by (body A, body B, id), so a selection survives the frame-by-frame refresh.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

#include "sim/contact_diagnostics.h"

namespace contactsim::gui {

using PatchKey = std::tuple<int, int, int>;  // body_a, body_b, patch id

class ContactTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    Pair,
    Id,
    Pieces,
    Indentation,
    NormalForce,
    FrictionForce,
    Area,
    Volume,
    State,
    ColumnCount
  };

  explicit ContactTableModel(QObject* parent = nullptr);

  void setBodyNames(QStringList names);
  void setContacts(std::span<const ContactDiagnostics> contacts);

  const ContactDiagnostics& contact(int row) const { return contacts_.at(row); }
  static PatchKey keyOf(const ContactDiagnostics& c) { return {c.body_a, c.body_b, c.patch.id}; }
  std::optional<int> rowOf(const PatchKey& key) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QString bodyName(int index) const;

  QStringList names_;
  std::vector<ContactDiagnostics> contacts_;
};

}  // namespace contactsim::gui
