// Every JSON parse error of a scene is one line naming the file, the line and the column
// (issue 21): nlohmann's own words carry no file, and for some errors (a number JSON cannot
// hold, 1e999) no position at all.
#include <catch2/catch.hpp>

#include "geometry/primitives.h"
#include "scene/json_error.h"
#include "scene/scene_reader.h"

using namespace contactsim;

namespace {

TriMesh noMeshes(const SceneMesh& request) {
  throw std::runtime_error(request.file.string() + ": not expected");
}

std::string errorOf(const std::string& text) {
  try {
    parseScene(text, "/scenes/broken.json", noMeshes);
  } catch (const SceneError& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    return what;
  }
  FAIL("no error for: " << text);
  return {};
}

}  // namespace

TEST_CASE("scene JSON errors name the file, line and column", "[scene][json]") {
  // Issue 21's example: "infinite" written as 1e999.
  CHECK(errorOf("{\n  \"solver\": {\n    \"time_step\": 1e999\n  }\n}\n") ==
        "/scenes/broken.json: line 3, column 18: invalid JSON: number overflow parsing '1e999'");
  CHECK(errorOf("{\"gravity\": [0, 0, -1e400]}") ==
        "/scenes/broken.json: line 1, column 20: invalid JSON: number overflow parsing '-1e400'");
  // Syntax errors: nlohmann's reason, our position.
  const std::string comma = errorOf("{\n  \"solver\": {\"time_step\": 0.001,}\n}");
  CHECK_THAT(comma, Catch::StartsWith("/scenes/broken.json: line 2, column 33: invalid JSON: "));
  CHECK_THAT(comma, Catch::Contains("syntax error"));
  CHECK_THAT(errorOf(""), Catch::StartsWith("/scenes/broken.json: line 1, column 1: invalid JSON"));
  CHECK_THAT(errorOf("{\"a\": 1}\n\n  x"),
             Catch::StartsWith("/scenes/broken.json: line 3, column 3: invalid JSON: "));
  CHECK_THAT(errorOf("{\"name\": \"unterminated}"),
             Catch::StartsWith("/scenes/broken.json: line 1, column "));
}

TEST_CASE("JSON error positions count lines and UTF-8 characters", "[scene][json]") {
  CHECK(locateOffset("abc", 0).line == 1);
  CHECK(locateOffset("abc", 0).column == 1);
  CHECK(locateOffset("ab\ncd", 4).line == 2);
  CHECK(locateOffset("ab\ncd", 4).column == 2);
  // "é" is two bytes and one column.
  CHECK(locateOffset("\"\xC3\xA9\" x", 4).column == 4);
  CHECK(locateOffset("ab", 99).column == 3);  // past the end: the end
  CHECK_FALSE(locateJsonError("{\"a\": [1, 2.5e3, null]}"));
}

// Fuzz finding (fuzz_scene_reader, docs/reliability.md): a key or name holding an escaped line
// break ("toler\nance") broke the one-line error in two.
TEST_CASE("a key or name with control characters still gives a one-line error", "[scene][json]") {
  CHECK(errorOf(R"({"solver": {"toler\nance": 0.2}})") ==
        "/scenes/broken.json: solver.toler\\nance: unknown key (expected one of: time_step, "
        "end_time, penalty, newton_tolerance, constraint_tolerance, tolerance, min_step, "
        "max_newton_iterations, max_step_halvings, linear_solver)");
  CHECK_THAT(errorOf(R"({"joints": [{"type": "hinge\t\u0001", "body_a": "world"}]})"),
             Catch::Contains("got \"hinge\\t\\u0001\""));
}
