// The plots panel's choice of channels: a tree of groups (totals, energy, cables, contact pairs,
// bodies) with a check box per channel; checking a group checks all of it.
#pragma once

#include <QTreeWidget>
#include <vector>

#include "plot_history.h"

namespace contactsim::gui {

class PlotChooser : public QTreeWidget {
  Q_OBJECT

 public:
  explicit PlotChooser(QWidget* parent = nullptr);

  // Forgets every channel (a new run). Not reset(): that is QAbstractItemView's virtual slot.
  void removeChannels();
  // Adds the channels not listed yet (channels only grow until a reset), checked when shown by
  // default.
  void sync(const std::vector<PlotChannel>& channels);
  // Indices of the checked channels, ascending.
  std::vector<std::size_t> shown() const;

 signals:
  void changed();

 private:
  QTreeWidgetItem* group(const QString& name);
  std::vector<QTreeWidgetItem*> items_;  // by channel index
};

}  // namespace contactsim::gui
