#include "scene_document.h"

#include <QFileInfo>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "import/scene_mesh_import.h"
#include "import/urdf_import.h"
#include "scene/scene_reader.h"
#include "scene/starter_scene.h"

namespace contactsim::gui {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

std::string cacheKey(const fs::path& file) {
  return fs::absolute(file).lexically_normal().string();
}

}  // namespace

const MeshFile& MeshCache::file(const fs::path& file) {
  const std::string key = cacheKey(file);
  auto found = files_.find(key);
  if (found == files_.end()) found = files_.emplace(key, MeshFile(file)).first;
  return found->second;
}

std::shared_ptr<const ImportedMesh> MeshCache::get(const fs::path& file,
                                                   const ImportOptions& options) {
  const auto key = std::make_tuple(cacheKey(file), static_cast<int>(options.units), options.scale,
                                   options.object);
  auto found = meshes_.find(key);
  if (found != meshes_.end()) return found->second;
  auto mesh = std::make_shared<const ImportedMesh>(this->file(file).mesh(options));
  meshes_.emplace(key, mesh);
  return mesh;
}

SceneDocument::SceneDocument()
    : json_({{"format", "contactsim-scene"}, {"version", 1}, {"bodies", Json::array()}}),
      file_(fs::current_path() / "untitled.json") {}

SceneDocument SceneDocument::fromFile(const QString& path) {
  const fs::path file = fs::absolute(path.toStdString());
  if (isUrdfFile(file)) {
    // Saving writes the scene format beside the URDF, never over it; meshes the converter has
    // to write go where `contactsim-cli convert` puts them for that scene file.
    const fs::path scene_file = file.parent_path() / (file.stem().string() + ".json");
    UrdfOptions options;
    options.generated_mesh_dir = file.parent_path() / (file.stem().string() + "_meshes");
    UrdfScene converted = convertUrdf(file, options);
    SceneDocument document;
    document.json_ = std::move(converted.scene);
    document.file_ = scene_file;
    document.import_warnings_ = std::move(converted.warnings);
    return document;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  SceneDocument document = fromText(text.str(), file);
  document.saved_ = true;
  return document;
}

SceneDocument SceneDocument::fromText(const std::string& text, const fs::path& file) {
  SceneDocument document;
  try {
    document.json_ = Json::parse(text);
  } catch (const Json::parse_error& error) {
    throw std::runtime_error(file.string() + ": not a JSON scene: " + error.what());
  }
  if (!document.json_.is_object())
    throw std::runtime_error(file.string() + ": expected a JSON object (a contactsim scene)");
  document.file_ = fs::absolute(file);
  return document;
}

Scene SceneDocument::build(MeshCache& cache) const {
  const MeshLoader loader = [&cache](const SceneMesh& request) {
    return cache.get(request.file, importOptionsFor(request))->mesh;
  };
  Scene scene = parseScene(json_.dump(), file_, loader);
  scene.warnings.insert(scene.warnings.begin(), import_warnings_.begin(), import_warnings_.end());
  return scene;
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

namespace {

// The window's starter material and law (core/scene/starter_scene.h) as the file writes them.
Json materialJson(const SceneMaterial& m) {
  return {{"name", m.name},
          {"density", m.density},
          {"young_modulus", *m.young_modulus},
          {"poisson_ratio", *m.poisson_ratio}};
}

// The starter law names no friction (modia3d brings its own), so only model and parameters.
Json lawJson(const SceneContactLaw& law) {
  Json j = {{"model", law.model}};
  for (const auto& [key, value] : law.parameters) j[key] = value;
  return j;
}

}  // namespace

std::string SceneDocument::addBody(const NewBody& body) {
  if (!json_.contains("materials")) json_["materials"] = Json::array();
  const SceneMaterial starter = starterMaterial();
  std::string material = body.material.toStdString();
  if (material.empty()) {
    material = json_["materials"].empty() ? starter.name
                                          : json_["materials"][0].value("name", starter.name);
  }
  bool known = false;
  for (const Json& m : json_["materials"]) known = known || m.value("name", "") == material;
  if (!known) {
    Json entry = materialJson(starter);
    entry["name"] = material;
    json_["materials"].push_back(entry);
  }
  if (!json_.contains("contact"))
    json_["contact"] = {{"pairs", "all"}, {"law", lawJson(starterContactLaw())}};
  if (!json_.contains("bodies")) json_["bodies"] = Json::array();
  std::set<std::string> names{"world"};
  for (const Json& b : json_["bodies"]) names.insert(b.value("name", ""));
  // An assembly's part is named after its object, a whole file after the file.
  const std::string stem = !body.import.object.empty()
                               ? body.import.object
                               : QFileInfo(body.mesh_file).completeBaseName().toStdString();
  std::string name = stem.empty() ? "body" : stem;
  for (int i = 2; names.count(name); ++i) name = stem + "_" + std::to_string(i);

  Json entry = {{"name", name},
                {"mesh",
                 {{"file", body.mesh_file.toStdString()},
                  {"units", toString(body.import.units)},
                  {"scale", body.import.scale}}},
                {"material", material}};
  if (!body.import.object.empty()) entry["mesh"]["object"] = body.import.object;
  if (body.fixed) entry["fixed"] = true;
  if (!body.position.isZero()) {
    entry["position"] = {body.position.x(), body.position.y(), body.position.z()};
  }
  json_["bodies"].push_back(entry);
  return name;
}

namespace {

// Whether an override's "bodies" names the pair {a, b} (either order).
bool namesPair(const Json& override_entry, const std::string& a, const std::string& b) {
  const Json bodies = override_entry.value("bodies", Json::array());
  if (!bodies.is_array() || bodies.size() != 2 || !bodies[0].is_string() ||
      !bodies[1].is_string()) {
    return false;
  }
  const std::string x = bodies[0], y = bodies[1];
  return (x == a && y == b) || (x == b && y == a);
}

}  // namespace

std::vector<std::string> SceneDocument::bodyNames() const {
  std::vector<std::string> names;
  for (const Json& body : json_.value("bodies", Json::array())) {
    if (body.is_object()) names.push_back(body.value("name", ""));
  }
  return names;
}

Json& SceneDocument::section(const std::string& key) {
  if (!json_.contains(key) || !json_[key].is_array()) json_[key] = Json::array();
  return json_[key];
}

std::string SceneDocument::unusedName(const std::string& key, const std::string& stem) const {
  std::set<std::string> names;
  for (const Json& item : json_.value(key, Json::array())) {
    if (item.is_object() && item.contains("name") && item["name"].is_string())
      names.insert(item["name"].get<std::string>());
  }
  std::string name = stem;
  for (int i = 2; names.count(name); ++i) name = stem + "_" + std::to_string(i);
  return name;
}

std::size_t SceneDocument::addNamed(const std::string& key, const std::string& stem, Json item) {
  const bool named =
      item.contains("name") && item["name"].is_string() && !item["name"].get<std::string>().empty();
  if (!named) item["name"] = unusedName(key, stem);
  Json& items = section(key);
  items.push_back(std::move(item));
  return items.size() - 1;
}

void SceneDocument::setKeyframe(const std::string& name, const SimulationFrame& frame) {
  const Json& bodies = json_.contains("bodies") ? json_["bodies"] : Json::array();
  Json states = Json::object();
  for (std::size_t i = 0; i < bodies.size() && i < frame.bodies.size(); ++i) {
    if (bodies[i].value("fixed", false) || !bodies[i].contains("name")) continue;
    const BodyState& s = frame.bodies[i];
    const Eigen::Quaterniond q = canonicalQuaternion(s.pose.rotation);
    const auto array = [](const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); };
    states[bodies[i]["name"].get<std::string>()] = {
        {"position", array(s.pose.translation)},
        {"orientation", Json::array({q.w(), q.x(), q.y(), q.z()})},
        {"linear_velocity", array(s.linear_velocity)},
        {"angular_velocity", array(s.angular_velocity)}};
  }
  Json keyframe = {{"name", name}, {"time", frame.time}, {"bodies", std::move(states)}};
  Json& keyframes = section("keyframes");
  for (Json& existing : keyframes) {
    if (existing.value("name", "") == name) {
      existing = std::move(keyframe);
      return;
    }
  }
  keyframes.push_back(std::move(keyframe));
}

std::vector<std::string> SceneDocument::keyframeNames() const {
  std::vector<std::string> names;
  if (!json_.contains("keyframes") || !json_["keyframes"].is_array()) return names;
  for (const Json& keyframe : json_["keyframes"])
    if (keyframe.is_object() && keyframe.contains("name") && keyframe["name"].is_string())
      names.push_back(keyframe["name"].get<std::string>());
  return names;
}

std::size_t SceneDocument::addJoint(Json joint) {
  return addNamed("joints", "joint", std::move(joint));
}

void SceneDocument::replaceJoint(std::size_t index, Json joint) {
  section("joints").at(index) = std::move(joint);
}

void SceneDocument::removeJoint(std::size_t index) {
  Json& joints = section("joints");
  if (index >= joints.size()) throw std::out_of_range("no joint " + std::to_string(index));
  joints.erase(index);
}

std::size_t SceneDocument::addCable(Json cable) {
  return addNamed("cables", "cable", std::move(cable));
}

void SceneDocument::replaceCable(std::size_t index, Json cable) {
  section("cables").at(index) = std::move(cable);
}

void SceneDocument::removeCable(std::size_t index) {
  Json& cables = section("cables");
  if (index >= cables.size()) throw std::out_of_range("no cable " + std::to_string(index));
  cables.erase(index);
}

const Json* SceneDocument::pairLaw(const std::string& a, const std::string& b) const {
  const Json* found = nullptr;
  if (!json_.contains("contact") || !json_["contact"].contains("overrides")) return found;
  for (const Json& o : json_["contact"]["overrides"]) {
    if (namesPair(o, a, b) && o.contains("law")) found = &o["law"];
  }
  return found;
}

void SceneDocument::setPairLaw(const std::string& a, const std::string& b, const Json& law) {
  // Scenes without a contact section get the window's usual one (every pair, default law).
  if (!json_.contains("contact")) json_["contact"] = {{"pairs", "all"}};
  Json& contact = json_["contact"];
  if (!contact.contains("overrides") || !contact["overrides"].is_array())
    contact["overrides"] = Json::array();
  bool replaced = false;
  for (Json& o : contact["overrides"]) {
    if (!namesPair(o, a, b)) continue;
    o["law"] = law;
    replaced = true;
  }
  if (!replaced) contact["overrides"].push_back({{"bodies", {a, b}}, {"law", law}});
}

bool SceneDocument::removePairLaw(const std::string& a, const std::string& b) {
  if (!json_.contains("contact") || !json_["contact"].contains("overrides")) return false;
  Json& overrides = json_["contact"]["overrides"];
  if (!overrides.is_array()) return false;
  Json kept = Json::array();
  for (const Json& o : overrides) {
    if (!namesPair(o, a, b)) kept.push_back(o);
  }
  const bool removed = kept.size() != overrides.size();
  // An emptied list goes away, so that the saved file reads as if it never had overrides.
  if (kept.empty()) {
    json_["contact"].erase("overrides");
  } else {
    overrides = std::move(kept);
  }
  return removed;
}

}  // namespace contactsim::gui
