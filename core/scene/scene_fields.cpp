#include "scene/scene_fields.h"

#include <cmath>
#include <sstream>

#include "scene/scene_reader.h"

namespace contactsim::scene_reading {

std::string child(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}
std::string element(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

std::string describe(const json& j) {
  std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return std::string(j.type_name()) + " " + text;
}

std::string formatBound(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

void FieldReader::fail(const std::string& path, const std::string& message) const {
  throw SceneError(file_.string() + ": " + (path.empty() ? "(top level)" : path) + ": " + message);
}

void FieldReader::expectObject(const json& j, const std::string& path,
                               std::initializer_list<const char*> allowed) const {
  if (!j.is_object()) fail(path, "expected an object, got " + describe(j));
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      fail(child(path, key), "unknown key (expected one of: " + list + ")");
    }
  }
}

double FieldReader::number(const json& j, const std::string& path) const {
  if (!j.is_number()) fail(path, "expected a number, got " + describe(j));
  const double v = j.get<double>();
  if (!std::isfinite(v)) fail(path, "expected a finite number");
  return v;
}

double FieldReader::positive(const json& j, const std::string& path) const {
  const double v = number(j, path);
  if (!(v > 0.0)) fail(path, "expected a positive number, got " + describe(j));
  return v;
}

double FieldReader::nonNegative(const json& j, const std::string& path) const {
  const double v = number(j, path);
  if (!(v >= 0.0)) fail(path, "expected a number >= 0, got " + describe(j));
  return v;
}

double FieldReader::inRange(const json& j, const std::string& path,
                            const ParameterRange& range) const {
  const double v = number(j, path);
  if (const std::string why = outOfRange(range, v); !why.empty())
    fail(path, why + ", got " + describe(j));
  return v;
}

std::string FieldReader::string(const json& j, const std::string& path) const {
  if (!j.is_string()) fail(path, "expected a string, got " + describe(j));
  return j.get<std::string>();
}

bool FieldReader::boolean(const json& j, const std::string& path) const {
  if (!j.is_boolean()) fail(path, "expected true or false, got " + describe(j));
  return j.get<bool>();
}

Eigen::VectorXd FieldReader::numbers(const json& j, const std::string& path,
                                     std::size_t count) const {
  if (!j.is_array() || j.size() != count) {
    fail(path, "expected an array of " + std::to_string(count) + " numbers, got " + describe(j));
  }
  Eigen::VectorXd v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = number(j[i], element(path, i));
  return v;
}

Vec3 FieldReader::vec3(const json& j, const std::string& path) const { return numbers(j, path, 3); }

const json& FieldReader::array(const json& j, const std::string& path) const {
  if (!j.is_array()) fail(path, "expected an array, got " + describe(j));
  return j;
}

std::string FieldReader::uniqueName(const json& j, const std::string& path,
                                    std::set<std::string>& seen, const std::string& what) const {
  const std::string name = string(j, path);
  if (name.empty()) fail(path, "expected a non-empty name");
  if (!seen.insert(name).second) fail(path, "duplicate " + what + " name '" + name + "'");
  return name;
}

void FieldReader::declareBody(const json& j, const std::string& path) {
  const std::string name = uniqueName(j, path, body_names_, "body");
  if (name == "world") fail(path, "'world' is reserved for the ground");
}

std::string FieldReader::bodyReference(const json& j, const std::string& path) const {
  const std::string name = string(j, path);
  if (name != "world" && !body_names_.count(name)) fail(path, "unknown body '" + name + "'");
  return name;
}

std::pair<std::string, std::string> FieldReader::connectedBodies(const json& j,
                                                                 const std::string& path,
                                                                 const std::string& what) const {
  const std::string a = bodyReference(j["body_a"], child(path, "body_a"));
  const std::string b = bodyReference(j["body_b"], child(path, "body_b"));
  if (a == b) fail(child(path, "body_b"), "a " + what + " needs two different bodies");
  return {a, b};
}

}  // namespace contactsim::scene_reading
