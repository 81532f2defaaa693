// docs/scene-format.md's law and friction parameter tables are generated from the law table
// (core/scene/law_parameters_doc.h): the doc must hold exactly the generated text between its
// markers. CONTACTSIM_UPDATE_DOCS=1 rewrites the doc instead of failing, to regenerate it.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "scene/law_parameters.h"
#include "scene/law_parameters_doc.h"

using namespace contactsim;

namespace {

const std::filesystem::path kDoc =
    std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "docs" / "scene-format.md";

std::string readDoc() {
  std::ifstream file(kDoc, std::ios::binary);
  REQUIRE(file);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
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
