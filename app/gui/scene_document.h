// The scene being edited: the scene file's JSON (docs/scene-format.md), kept as written so that
// saving writes back exactly what the user has plus the GUI's edits, and built into a Scene
// (validated by the core's reader) whenever the simulation is reset. Meshes are imported once
// (MeshCache) and shared by every rebuild.
#pragma once

#include <QString>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <tuple>
#include <vector>

#include "import/mesh_import.h"
#include "scene/scene.h"
#include "sim/simulation_frame.h"

namespace contactsim::gui {

// Mesh files read once each (by absolute path), and the meshes imported from them by (units,
// scale, object): a reset or an edit never re-imports a file, and an assembly's import dialog,
// its objects' list and its bodies all come from one read of it.
class MeshCache {
 public:
  // `file`, read on the first request. Throws MeshImportError.
  const MeshFile& file(const std::filesystem::path& file);
  // `file` imported with `options` (units, scale, object), once per distinct request.
  std::shared_ptr<const ImportedMesh> get(const std::filesystem::path& file,
                                          const ImportOptions& options);

 private:
  std::map<std::string, MeshFile> files_;
  std::map<std::tuple<std::string, int, double, std::string>, std::shared_ptr<const ImportedMesh>>
      meshes_;
};

struct NewBody {
  QString mesh_file;     // absolute
  ImportOptions import;  // its object, when one of an assembly, also names the body
  bool fixed = false;
  QString material;  // empty: the document's default material (steel, added if missing)
  Vec3 position = Vec3::Zero();
};

class SceneDocument {
 public:
  // An empty, unsaved scene (no bodies); relative paths resolve against the working directory.
  SceneDocument();
  // Reads the JSON; build() must then succeed for the scene to be usable. Throws
  // std::runtime_error ("<file>: <reason>") for unreadable or non-JSON files. A .urdf is
  // converted (docs/scene-format.md, "URDF import") into an unsaved ROBOT.json beside it.
  static SceneDocument fromFile(const QString& path);
  // A scene's text as if read from `file` (relative mesh paths resolve against its folder), not
  // saved: a recording's scene (RecordingHeader). Throws as fromFile.
  static SceneDocument fromText(const std::string& text, const std::filesystem::path& file);

  nlohmann::json& json() { return json_; }
  const nlohmann::json& json() const { return json_; }
  // Where the scene lives (an "untitled.json" in the working directory when never saved).
  const std::filesystem::path& file() const { return file_; }
  bool saved() const { return saved_; }

  // The Scene, meshes from `cache`. Throws SceneError naming the file and the JSON path.
  Scene build(MeshCache& cache) const;
  // Writes the scene format with mesh paths relative to the new file's folder. Throws
  // std::runtime_error naming the file.
  void save(const QString& path);
  std::string text() const { return json_.dump(2); }

  // Adds a body for a mesh (name from the file, made unique); adds a steel material and a default
  // contact law when the scene has none. Returns the body's name.
  std::string addBody(const NewBody& body);
  // Absolute mesh file of body `index` (empty when it has no mesh).
  std::filesystem::path meshFile(std::size_t index) const;
  // The bodies' names in scene order (the choices for joints, cables and contact pairs).
  std::vector<std::string> bodyNames() const;

  // Keyframes (docs/scene-format.md, `keyframes[]`): `frame`'s free bodies' poses and velocities
  // saved as keyframe `name` (replacing one of that name), and the names in file order.
  void setKeyframe(const std::string& name, const SimulationFrame& frame);
  std::vector<std::string> keyframeNames() const;

  // Joints and cables (docs/scene-format.md, `joints[]`, `cables[]`) are objects kept as written;
  // the reader validates them on build(). add* gives a nameless or empty-named item a unique name
  // ("joint", "joint_2", …) and returns its index; an index out of range throws std::out_of_range.
  std::size_t addJoint(nlohmann::json joint);
  void replaceJoint(std::size_t index, nlohmann::json joint);
  void removeJoint(std::size_t index);
  std::size_t addCable(nlohmann::json cable);
  void replaceCable(std::size_t index, nlohmann::json cable);
  void removeCable(std::size_t index);
  // A name for a new item of `section` ("joints", "cables") that no item there has yet.
  std::string unusedName(const std::string& section, const std::string& stem) const;

  // Per-pair laws (`contact.overrides`), pairs in either order. pairLaw is the override in
  // effect (the last one naming the pair, as the simulation takes it), null when the pair uses
  // the default law. setPairLaw replaces the pair's overrides in place or appends one;
  // removePairLaw drops them all and returns false when there was none.
  const nlohmann::json* pairLaw(const std::string& a, const std::string& b) const;
  void setPairLaw(const std::string& a, const std::string& b, const nlohmann::json& law);
  bool removePairLaw(const std::string& a, const std::string& b);

 private:
  std::filesystem::path resolve(const std::string& file) const;
  // json_[section], made an array if missing.
  nlohmann::json& section(const std::string& key);
  std::size_t addNamed(const std::string& key, const std::string& stem, nlohmann::json item);
  nlohmann::json json_;
  std::filesystem::path file_;
  bool saved_ = false;
  std::vector<std::string> import_warnings_;  // the URDF converter's, shown with the scene's
};

// How the scene editor's forms change the scene: a SceneEdit changes the document, and the
// window's SceneCommit applies it, rebuilds the run (paused at t = 0) and, when the edited scene
// does not build, reports the reader's error and restores the document; false then. Tests pass
// their own commit.
using SceneEdit = std::function<void(SceneDocument&)>;
using SceneCommit = std::function<bool(const SceneEdit&)>;

}  // namespace contactsim::gui
