// Inside the scene reader (scene_reader.h): reading one JSON value as the type a field expects.
// Every failure is a SceneError of one line, "<file>: <JSON path>: <what was expected>", so each
// section reader (scene_sections.h) only names the path and the rule.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "geometry/types.h"
#include "scene/law_parameters.h"

namespace contactsim::scene_reading {

using json = nlohmann::json;

// JSON paths as the messages write them: `bodies[2].mass`.
std::string child(const std::string& path, const std::string& key);
std::string element(const std::string& path, std::size_t i);

// What a value is, for "expected X, got Y" messages (kept short and on one line).
std::string describe(const json& j);

// A number as the messages write a bound (operator<<, so 1e-12 stays 1e-12).
std::string formatBound(double value);

class FieldReader {
 public:
  explicit FieldReader(std::filesystem::path file) : file_(std::move(file)) {}

  // The scene file: named by every error, and the folder relative mesh paths start from.
  const std::filesystem::path& file() const { return file_; }

  [[noreturn]] void fail(const std::string& path, const std::string& message) const;

  // j must be an object whose keys are all in `allowed`.
  void expectObject(const json& j, const std::string& path,
                    std::initializer_list<const char*> allowed) const;

  double number(const json& j, const std::string& path) const;
  double positive(const json& j, const std::string& path) const;
  double nonNegative(const json& j, const std::string& path) const;
  // The message names the bound that was crossed ("expected a number >= 0" as nonNegative says).
  double inRange(const json& j, const std::string& path, const ParameterRange& range) const;
  std::string string(const json& j, const std::string& path) const;
  bool boolean(const json& j, const std::string& path) const;
  Eigen::VectorXd numbers(const json& j, const std::string& path, std::size_t count) const;
  Vec3 vec3(const json& j, const std::string& path) const;
  const json& array(const json& j, const std::string& path) const;

  std::string uniqueName(const json& j, const std::string& path, std::set<std::string>& seen,
                         const std::string& what) const;
  // Declares a body's name (bodies[i].name), so that later references to it can be checked;
  // bodies are declared before any section that refers to them is read.
  void declareBody(const json& j, const std::string& path);
  // A reference to a declared body by name ("world" allowed).
  std::string bodyReference(const json& j, const std::string& path) const;
  // The "body_a" and "body_b" of a joint, cable or spring (`what`), which the caller has checked
  // are there: two different references.
  std::pair<std::string, std::string> connectedBodies(const json& j, const std::string& path,
                                                      const std::string& what) const;

 private:
  std::filesystem::path file_;
  std::set<std::string> body_names_;
};

}  // namespace contactsim::scene_reading
