#include "scene_document.h"

#include <QFileInfo>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "scene/scene_reader.h"

namespace contactsim::gui {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::shared_ptr<const ImportedMesh> MeshCache::get(const fs::path& file, LengthUnit units,
                                                   double scale) {
  const auto key = std::make_tuple(fs::absolute(file).lexically_normal().string(),
                                   static_cast<int>(units), scale);
  auto found = meshes_.find(key);
  if (found != meshes_.end()) return found->second;
  ImportOptions options;
  options.units = units;
  options.scale = scale;
  auto mesh = std::make_shared<const ImportedMesh>(importMesh(file, options));
  meshes_.emplace(key, mesh);
  return mesh;
}

SceneDocument::SceneDocument()
    : json_({{"format", "contactsim-scene"}, {"version", 1}, {"bodies", Json::array()}}),
      file_(fs::current_path() / "untitled.json") {}

SceneDocument SceneDocument::fromFile(const QString& path) {
  const fs::path file = fs::absolute(path.toStdString());
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  SceneDocument document;
  try {
    document.json_ = Json::parse(text.str());
  } catch (const Json::parse_error& error) {
    throw std::runtime_error(file.string() + ": not a JSON scene: " + error.what());
  }
  if (!document.json_.is_object())
    throw std::runtime_error(file.string() + ": expected a JSON object (a contactsim scene)");
  document.file_ = file;
  document.saved_ = true;
  return document;
}

Scene SceneDocument::build(MeshCache& cache) const {
  const MeshLoader loader = [&cache](const fs::path& file, LengthUnit units, double scale) {
    return cache.get(file, units, scale)->mesh;
  };
  return parseScene(json_.dump(), file_, loader);
}

fs::path SceneDocument::resolve(const std::string& file) const {
  const fs::path path(file);
  return path.is_absolute() ? path : file_.parent_path() / path;
}

fs::path SceneDocument::meshFile(std::size_t index) const {
  const Json& bodies = json_.value("bodies", Json::array());
  if (index >= bodies.size() || !bodies[index].contains("mesh")) return {};
  return resolve(bodies[index]["mesh"].value("file", ""));
}

void SceneDocument::save(const QString& path) {
  const fs::path target = fs::absolute(path.toStdString());
  Json out = json_;
  if (out.contains("bodies")) {
    for (Json& body : out["bodies"]) {
      if (!body.contains("mesh") || !body["mesh"].contains("file")) continue;
      const fs::path mesh = resolve(body["mesh"]["file"].get<std::string>());
      body["mesh"]["file"] = fs::relative(mesh, target.parent_path()).generic_string();
    }
  }
  std::ofstream file(target, std::ios::binary | std::ios::trunc);
  if (!file) throw std::runtime_error(target.string() + ": cannot write the scene file");
  file << out.dump(2) << "\n";
  if (!file) throw std::runtime_error(target.string() + ": writing failed");
  json_ = std::move(out);
  file_ = target;
  saved_ = true;
}

std::string SceneDocument::addBody(const NewBody& body) {
  if (!json_.contains("materials")) json_["materials"] = Json::array();
  std::string material = body.material.toStdString();
  if (material.empty()) {
    material = json_["materials"].empty() ? "steel" : json_["materials"][0].value("name", "steel");
  }
  bool known = false;
  for (const Json& m : json_["materials"]) known = known || m.value("name", "") == material;
  if (!known) {
    json_["materials"].push_back({{"name", material},
                                  {"density", 7850.0},
                                  {"young_modulus", 2.1e11},
                                  {"poisson_ratio", 0.3}});
  }
  if (!json_.contains("contact")) {
    json_["contact"] = {{"pairs", "all"},
                        {"law",
                         {{"model", "modia3d"},
                          {"restitution", 0.5},
                          {"sliding_friction", 0.3},
                          {"reduction_factor", 0.001}}}};
  }
  if (!json_.contains("bodies")) json_["bodies"] = Json::array();
  std::set<std::string> names{"world"};
  for (const Json& b : json_["bodies"]) names.insert(b.value("name", ""));
  const std::string stem = QFileInfo(body.mesh_file).completeBaseName().toStdString();
  std::string name = stem.empty() ? "body" : stem;
  for (int i = 2; names.count(name); ++i) name = stem + "_" + std::to_string(i);

  Json entry = {{"name", name},
                {"mesh",
                 {{"file", body.mesh_file.toStdString()},
                  {"units", toString(body.import.units)},
                  {"scale", body.import.scale}}},
                {"material", material}};
  if (body.fixed) entry["fixed"] = true;
  if (!body.position.isZero()) {
    entry["position"] = {body.position.x(), body.position.y(), body.position.z()};
  }
  json_["bodies"].push_back(entry);
  return name;
}

}  // namespace contactsim::gui
