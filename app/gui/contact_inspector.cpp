#include "contact_inspector.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>
#include <QVBoxLayout>

namespace contactsim::gui {

ContactInspector::ContactInspector(QWidget* parent)
    : QWidget(parent), model_(new ContactTableModel(this)), table_(new QTableView(this)) {
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setToolTip("Live contact patches; select one to highlight it and centre the view on it");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &ContactInspector::onSelectionChanged);
  connect(model_, &QAbstractItemModel::modelReset, this, &ContactInspector::restoreSelection);
}

void ContactInspector::setBodyNames(const QStringList& names) {
  selected_.reset();
  model_->setBodyNames(names);
  emit patchSelected(std::nullopt);
}

void ContactInspector::setContacts(std::span<const ContactDiagnostics> contacts) {
  model_->setContacts(contacts);
}

void ContactInspector::onSelectionChanged() {
  if (restoring_) return;
  const QModelIndexList rows = table_->selectionModel()->selectedRows();
  if (rows.isEmpty()) {
    selected_.reset();
  } else {
    selected_ = ContactTableModel::keyOf(model_->contact(rows.front().row()));
  }
  emit patchSelected(selected_);
}

void ContactInspector::restoreSelection() {
  // A reset (patches came or went) clears the view's selection; the patch may still be live.
  if (!selected_) return;
  const std::optional<int> row = model_->rowOf(*selected_);
  if (!row) return;  // gone for now; selected again when it comes back
  restoring_ = true;
  table_->selectRow(*row);
  restoring_ = false;
}

}  // namespace contactsim::gui
