#include "contact_table_model.h"

#include <QColor>

namespace contactsim::gui {

ContactTableModel::ContactTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ContactTableModel::setBodyNames(QStringList names) {
  beginResetModel();
  names_ = std::move(names);
  contacts_.clear();
  endResetModel();
}

void ContactTableModel::setContacts(std::span<const ContactDiagnostics> contacts) {
  bool same_rows = contacts.size() == contacts_.size();
  for (std::size_t i = 0; same_rows && i < contacts.size(); ++i) {
    same_rows = keyOf(contacts[i]) == keyOf(contacts_[i]);
  }
  if (same_rows) {
    contacts_.assign(contacts.begin(), contacts.end());
    if (!contacts_.empty()) {
      emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
    return;
  }
  beginResetModel();
  contacts_.assign(contacts.begin(), contacts.end());
  endResetModel();
}

std::optional<int> ContactTableModel::rowOf(const PatchKey& key) const {
  for (std::size_t i = 0; i < contacts_.size(); ++i) {
    if (keyOf(contacts_[i]) == key) return static_cast<int>(i);
  }
  return std::nullopt;
}

int ContactTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(contacts_.size());
}

int ContactTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString ContactTableModel::bodyName(int index) const {
  return index >= 0 && index < names_.size() ? names_[index] : QString::number(index);
}

QVariant ContactTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const ContactDiagnostics& c = contacts_[index.row()];
  if (role == Qt::TextAlignmentRole && index.column() != Pair) {
    return int(Qt::AlignRight | Qt::AlignVCenter);
  }
  if (role == Qt::ForegroundRole && index.column() == State) {
    switch (c.frictionState()) {
      case FrictionState::Stick:
        return QColor("#2a8a3a");
      case FrictionState::Slip:
        return QColor("#c05020");
      case FrictionState::None:
        break;
    }
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Pair:
      return bodyName(c.body_a) + " – " + bodyName(c.body_b);
    case Id:
      return c.patch.id;
    case Pieces:  // blank for a patch
      return c.piece_a >= 0 || c.piece_b >= 0 ? QString("%1 / %2").arg(c.piece_a).arg(c.piece_b)
                                              : QString();
    case Indentation:
      return QString::number(c.patch.indentation * 1e3, 'g', 4);
    case NormalForce:
      return QString::number(c.normal_force, 'g', 5);
    case FrictionForce:
      return QString::number(c.friction_force.norm(), 'g', 5);
    case Area:
      return QString::number(c.patch.area * 1e6, 'g', 4);
    case Volume: {  // a volumetric point's polyhedra, or a patch's overlap; blank if unknown
      const double volume =
          c.intersection_volume > 0.0 ? c.intersection_volume : c.patch.overlap_volume;
      return volume > 0.0 ? QString::number(volume * 1e9, 'g', 4) : QString();
    }
    case State:  // blank where no friction acts (a frictionless law, or no normal force)
      switch (c.frictionState()) {
        case FrictionState::Stick:
          return "stick";
        case FrictionState::Slip:
          return "slip";
        case FrictionState::None:
          break;
      }
      return QString();
  }
  return {};
}

QVariant ContactTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
  if (role == Qt::ToolTipRole && section == Pieces) {
    return "Volumetric contact: the convex pieces of A and of B whose intersection gave the point";
  }
  if (role == Qt::ToolTipRole && section == Volume) {
    return "Volumetric contact: the volume of the intersection polyhedra A ∩ B; a patch: |A ∩ B| "
           "of its region (blank for the pieces of a split region)";
  }
  if (role != Qt::DisplayRole) return {};
  static const char* kHeaders[] = {"Pair",       "Id",           "Pieces A/B",
                                   "δ (mm)",     "F_n (N)",      "|F_t| (N)",
                                   "Area (mm²)", "Volume (mm³)", "Stick/slip"};
  return kHeaders[section];
}

}  // namespace contactsim::gui
