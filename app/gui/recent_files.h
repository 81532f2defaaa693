// File ▸ Open recent: the files last opened or saved, newest first, kept in the user's settings
// so they survive a restart.
#pragma once

#include <QObject>

class QMenu;

namespace contactsim::gui {

class RecentFiles : public QObject {
  Q_OBJECT

 public:
  // Fills `menu` (owned by the caller) from the settings.
  explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

  // Puts `path` (made absolute) first, dropping its older entry and the oldest beyond the limit.
  void add(const QString& path);

 signals:
  void openRequested(const QString& path);

 private:
  void updateMenu();

  QMenu* menu_;
};

}  // namespace contactsim::gui
