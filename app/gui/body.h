// A body's mesh as the properties panel reports it: the imported file with its validation data
// and mass properties.
#pragma once

#include <QString>

#include "geometry/mass_properties.h"
#include "import/mesh_import.h"
#include "scene_view.h"

namespace contactsim::gui {

// Structural steel, the default material of a new body (kg/m^3).
inline constexpr double kSteelDensity = 7850.0;

struct Body {
  QString name;  // the file name, shown in the scene tree
  QString path;
  ImportOptions options;  // units and scale it was imported with
  ImportedMesh imported;
  double density = kSteelDensity;
  MassProperties mass;  // at `density`
  render::BodyId view_id = -1;
};

// Imports one mesh file. Throws MeshImportError (what(): "<file>: <reason>", one line) for
// unreadable files and for scene files (not meshes).
Body importBody(const QString& path, const ImportOptions& options);

// Recomputes the mass properties at a new density.
void setDensity(Body& body, double density);

}  // namespace contactsim::gui
