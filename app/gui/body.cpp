#include "body.h"

#include <QFileInfo>

namespace contactsim::gui {

Body importBody(const QString& path, const ImportOptions& options) {
  const QFileInfo info(path);
  if (info.suffix().compare("json", Qt::CaseInsensitive) == 0) {
    // A scene is not a mesh: say so instead of failing as a broken mesh.
    throw MeshImportError(path.toStdString() + ": a scene file, not a mesh (open it as a scene)");
  }
  Body body;
  body.name = info.fileName();
  body.path = path;
  body.options = options;
  body.imported = importMesh(path.toStdString(), options);
  setDensity(body, kSteelDensity);
  return body;
}

void setDensity(Body& body, double density) {
  body.density = density;
  body.mass = computeMassProperties(body.imported.mesh, density);
}

}  // namespace contactsim::gui
