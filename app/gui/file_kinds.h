// What the user opened or dropped, told by the file's extension: a scene, a recording, or else a
// mesh for the importer.
#pragma once

#include <QString>
#include <QStringList>

class QMimeData;

namespace contactsim::gui {

bool isSceneFile(const QString& file);      // .json, or a .urdf converted on opening
bool isRecordingFile(const QString& file);  // .db, .csrec
// The local files among a drag's URLs (remote URLs are ignored).
QStringList localFiles(const QMimeData* mime);

}  // namespace contactsim::gui
