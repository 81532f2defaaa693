// docs/scene-format.md's law and friction parameter tables are generated from the law table
// (core/scene/law_parameters_doc.h): the doc must hold exactly the generated text between its
// markers. CONTACTSIM_UPDATE_DOCS=1 rewrites the doc instead of failing, to regenerate it. The
// rest of the doc is written by hand, so every key the reader accepts is checked to be named in it.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "scene/law_parameters.h"
#include "scene/law_parameters_doc.h"

using namespace contactsim;

namespace {

const std::filesystem::path kDoc =
    std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "docs" / "scene-format.md";

std::string readText(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  REQUIRE(file);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string readDoc() { return readText(kDoc); }

// The keys an object may hold, as the scene reader lists them: the string literals of the braced
// list in each `expectObject(json, path, {...})` call of its sources (core/scene/*.cpp). A key
// named by a variable (a motor's max_torque or max_force) is not seen.
std::set<std::string> readerKeys() {
  std::set<std::string> keys;
  const auto dir = std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "core" / "scene";
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string source = readText(entry.path());
    for (std::size_t call = source.find("expectObject("); call != std::string::npos;
         call = source.find("expectObject(", call + 1)) {
      const std::size_t open = source.find('{', call);
      const std::size_t close = source.find('}', open);
      // A call's list opens before its first ')'; the definition's body opens after it.
      if (open == std::string::npos || close == std::string::npos || source.find(')', call) < open)
        continue;
      for (std::size_t q = source.find('"', open); q < close; q = source.find('"', q + 1)) {
        const std::size_t end = source.find('"', q + 1);
        keys.insert(source.substr(q + 1, end - q - 1));
        q = end;
      }
    }
  }
  return keys;
}

}  // namespace

TEST_CASE("docs/scene-format.md holds the generated law tables", "[scene][law-docs]") {
  const std::string doc = readDoc();
  const std::string generated = withGeneratedLawTables(doc);
  if (std::getenv("CONTACTSIM_UPDATE_DOCS") && generated != doc) {
    std::ofstream(kDoc, std::ios::binary | std::ios::trunc) << generated;
    WARN("rewrote " << kDoc.string());
    return;
  }
  CHECK(generated == doc);
  // Every model with parameters has its table in the doc (a block is not silently dropped).
  for (const LawModels* table : {&normalLawParameters(), &frictionParameters()}) {
    for (const auto& [model, parameters] : *table) {
      INFO(model);
      if (!parameters.empty()) CHECK(doc.find(lawParameterMarkdown(model)) != std::string::npos);
    }
  }
}

TEST_CASE("a law table row shows unit, range, default and meaning", "[scene][law-docs]") {
  const std::string table = lawParameterMarkdown("conforming-hertz");
  CHECK(table.find("| `clearance` | m | > 0 (R* = r(r + c)/c; a press fit is not a contact) | "
                   "required |") != std::string::npos);
  CHECK(lawParameterMarkdown("coulomb").find("| `v_small` | m/s | > 0 (the law divides by it) | "
                                             "0.01 |") != std::string::npos);
  CHECK_THROWS_AS(lawParameterMarkdown("no-such-law"), std::invalid_argument);
  CHECK_THROWS_AS(withGeneratedLawTables("<!-- law-parameters coulomb -->\nno end\n"),
                  std::invalid_argument);
}

TEST_CASE("docs/scene-format.md names every key the scene reader accepts", "[scene][law-docs]") {
  const std::string doc = readDoc();
  const std::set<std::string> keys = readerKeys();
  // Every section's object: the top level's, bodies', joints', cables', contact's and more.
  CHECK(keys.size() > 60);
  for (const char* key : {"keyframes", "shell_thickness", "sparsify", "stall_band", "limits"})
    CHECK(keys.count(key) == 1);
  for (const std::string& key : keys) {
    INFO("`" << key << "` is accepted by the reader but not in " << kDoc.string());
    CHECK(doc.find("`" + key + "`") != std::string::npos);
  }
}
