#include "file_kinds.h"

#include <QFileInfo>
#include <QMimeData>
#include <QUrl>
#include <initializer_list>

namespace contactsim::gui {

namespace {

bool hasSuffix(const QString& file, std::initializer_list<const char*> suffixes) {
  const QString suffix = QFileInfo(file).suffix();
  for (const char* s : suffixes) {
    if (suffix.compare(s, Qt::CaseInsensitive) == 0) return true;
  }
  return false;
}

}  // namespace

bool isSceneFile(const QString& file) { return hasSuffix(file, {"json", "urdf"}); }

bool isRecordingFile(const QString& file) { return hasSuffix(file, {"db", "csrec"}); }

QStringList localFiles(const QMimeData* mime) {
  QStringList files;
  if (!mime->hasUrls()) return files;
  for (const QUrl& url : mime->urls()) {
    if (url.isLocalFile()) files << url.toLocalFile();
  }
  return files;
}

}  // namespace contactsim::gui
