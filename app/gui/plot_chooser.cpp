#include "plot_chooser.h"

#include <QSignalBlocker>

namespace contactsim::gui {

PlotChooser::PlotChooser(QWidget* parent) : QTreeWidget(parent) {
  setHeaderHidden(true);
  setRootIsDecorated(true);
  setUniformRowHeights(true);
  connect(this, &QTreeWidget::itemChanged, this, [this] { emit changed(); });
}

void PlotChooser::removeChannels() {
  items_.clear();
  clear();
}

QTreeWidgetItem* PlotChooser::group(const QString& name) {
  for (int i = 0; i < topLevelItemCount(); ++i) {
    if (topLevelItem(i)->text(0) == name) return topLevelItem(i);
  }
  auto* item = new QTreeWidgetItem(this, {name});
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
  item->setExpanded(name != "Bodies");  // many bodies would push the rest out of view
  return item;
}

void PlotChooser::sync(const std::vector<PlotChannel>& channels) {
  if (items_.size() == channels.size()) return;
  const QSignalBlocker blocker(this);  // listing channels is not the user's choice: no changed()
  for (std::size_t c = items_.size(); c < channels.size(); ++c) {
    QTreeWidgetItem* parent = group(QString::fromStdString(channels[c].group));
    auto* item = new QTreeWidgetItem(parent, {QString::fromStdString(channels[c].name)});
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(0, channels[c].shown_by_default ? Qt::Checked : Qt::Unchecked);
    items_.push_back(item);
  }
}

std::vector<std::size_t> PlotChooser::shown() const {
  std::vector<std::size_t> result;
  for (std::size_t c = 0; c < items_.size(); ++c) {
    if (items_[c]->checkState(0) == Qt::Checked) result.push_back(c);
  }
  return result;
}

}  // namespace contactsim::gui
