#include "scene/scene_reader.h"

#include <fstream>
#include <set>
#include <sstream>

#include "scene/json_error.h"
#include "scene/scene_sections.h"

namespace contactsim {
namespace {

std::string escapeControls(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      const char* hex = "0123456789abcdef";
      out += std::string("\\u00") + hex[u >> 4] + hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

SceneError::SceneError(const std::string& message) : std::runtime_error(escapeControls(message)) {}

namespace scene_reading {
namespace {

// The top level: its keys, then the sections in an order where each finds what it refers to
// (materials before bodies, every body's name before any reference to one).
Scene readRoot(const json& root, const std::filesystem::path& file, const MeshLoader& load_mesh) {
  FieldReader r(file);
  r.expectObject(root, "",
                 {"format", "version", "gravity", "solver", "materials", "bodies", "joints",
                  "cables", "springs", "loads", "contact", "keyframes"});
  Scene scene;
  scene.file = file;
  if (root.contains("format") && r.string(root["format"], "format") != "contactsim-scene") {
    r.fail("format", "expected \"contactsim-scene\", got " + describe(root["format"]));
  }
  if (root.contains("version") &&
      (!root["version"].is_number_integer() || root["version"].get<int>() != 1)) {
    r.fail("version", "expected 1, got " + describe(root["version"]));
  }
  if (root.contains("gravity")) scene.gravity = r.vec3(root["gravity"], "gravity");
  if (root.contains("solver")) readSolver(r, root["solver"], "solver", scene);
  if (root.contains("materials")) readMaterials(r, root["materials"], "materials", scene);

  if (root.contains("bodies")) {
    const json& bodies = r.array(root["bodies"], "bodies");
    // Names first, so that every later reference can be checked.
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::string path = element("bodies", i);
      if (!bodies[i].is_object()) r.fail(path, "expected an object, got " + describe(bodies[i]));
      if (!bodies[i].contains("name")) r.fail(child(path, "name"), "required");
      r.declareBody(bodies[i]["name"], child(path, "name"));
    }
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      scene.bodies.push_back(
          readBody(r, load_mesh, bodies[i], element("bodies", i), scene, scene.warnings));
    }
  }
  if (root.contains("joints")) {
    const json& joints = r.array(root["joints"], "joints");
    std::set<std::string> names;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      scene.joints.push_back(readJoint(r, joints[i], element("joints", i)));
      if (!names.insert(scene.joints.back().name).second) {
        r.fail(child(element("joints", i), "name"),
               "duplicate joint name '" + scene.joints.back().name + "'");
      }
    }
  }
  if (root.contains("cables")) {
    const json& cables = r.array(root["cables"], "cables");
    std::set<std::string> names;
    for (std::size_t i = 0; i < cables.size(); ++i) {
      scene.cables.push_back(readCable(r, cables[i], element("cables", i)));
      if (!names.insert(scene.cables.back().name).second) {
        r.fail(child(element("cables", i), "name"),
               "duplicate cable name '" + scene.cables.back().name + "'");
      }
    }
  }
  if (root.contains("springs")) {
    const json& springs = r.array(root["springs"], "springs");
    for (std::size_t i = 0; i < springs.size(); ++i) {
      scene.springs.push_back(readSpring(r, springs[i], element("springs", i)));
    }
  }
  if (root.contains("loads")) {
    const json& loads = r.array(root["loads"], "loads");
    for (std::size_t i = 0; i < loads.size(); ++i) {
      scene.loads.push_back(readLoad(r, loads[i], element("loads", i)));
    }
  }
  if (root.contains("contact")) scene.contact = readContact(r, root["contact"], "contact");
  if (root.contains("keyframes"))
    scene.keyframes = readKeyframes(r, root["keyframes"], "keyframes", scene);
  return scene;
}

}  // namespace
}  // namespace scene_reading

Scene parseScene(const std::string& text, const std::filesystem::path& file,
                 const MeshLoader& load_mesh) {
  using scene_reading::json;
  json root;
  try {
    root = json::parse(text);
  } catch (const json::exception& e) {
    // Not only parse_error: a number JSON cannot hold (1e999) is an out_of_range, and neither
    // says where in the file; the position comes from parsing once more.
    const std::optional<JsonErrorLocation> where = locateJsonError(text);
    if (!where) throw SceneError(file.string() + ": invalid JSON: " + e.what());
    throw SceneError(file.string() + ": line " + std::to_string(where->line) + ", column " +
                     std::to_string(where->column) + ": invalid JSON: " + where->reason);
  }
  return scene_reading::readRoot(root, file, load_mesh);
}

Scene readScene(const std::filesystem::path& file, const MeshLoader& load_mesh) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SceneError(file.string() + ": cannot open the scene file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseScene(text.str(), file, load_mesh);
}

}  // namespace contactsim
