#include "recent_files.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace contactsim::gui {

namespace {

const char* kRecentKey = "open/recent";
constexpr int kMaxRecent = 8;

}  // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {
  updateMenu();
}

void RecentFiles::add(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(kRecentKey).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(kRecentKey, recent);
  updateMenu();
}

void RecentFiles::updateMenu() {
  menu_->clear();
  const QStringList recent = QSettings().value(kRecentKey).toStringList();
  for (const QString& file : recent) {
    menu_->addAction(QFileInfo(file).fileName(), this, [this, file] { emit openRequested(file); })
        ->setToolTip(file);
  }
  menu_->setEnabled(!recent.isEmpty());
}

}  // namespace contactsim::gui
