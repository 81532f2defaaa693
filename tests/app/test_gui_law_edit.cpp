// Editing contact laws: a per-pair law applies to that pair only and removing it restores the
// default; the default-law form shares the law editor; the editor shows the law table's defaults
// and refuses what the scene reader would (not a number, outside the table's range), naming the
// parameter.
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <catch2/catch.hpp>
#include <filesystem>
#include <limits>
#include <string>
#include <utility>

#include "../test_output_dir.h"
#include "contact_law_form.h"
#include "law_editor.h"
#include "pair_law_form.h"
#include "scene/law_parameters.h"
#include "scene_edit_fixtures.h"
#include "sim/scene_contact.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;
using namespace contactsim::testing;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path workDir() { return testOutputDir("test_gui_law_edit"); }

QApplication& application() { return testApplication("test_gui_law_edit"); }

void setLawParameter(const LawEditor& editor, const char* table_name, const QString& parameter,
                     const QString& value) {
  auto* table = part<QTableWidget>(editor, table_name);
  for (int r = 0; r < table->rowCount(); ++r) {
    if (table->item(r, 0)->text() == parameter) {
      table->item(r, 1)->setText(value);
      return;
    }
  }
  FAIL("no parameter " << parameter.toStdString() << " in " << table_name);
}

}  // namespace

TEST_CASE("a per-pair law applies to that pair only; removing it restores the default",
          "[scene-edit]") {
  application();
  Editing editing(workDir());
  PairLawForm form(editing.document, editing.commit());

  form.selectPair("b", "floor");
  CHECK(part<QLabel>(form, "pair_status")->text().contains("default"));
  choose(form, "law_model", "modia3d");
  setLawParameter(form.editor(), "law_parameters", "restitution", "0.7");
  choose(form, "law_friction", "coulomb");
  setLawParameter(form.editor(), "friction_parameters", "dynamic", "0.2");
  click(form, "apply_pair_law");
  INFO(form.errorText().toStdString());
  REQUIRE(form.errorText().isEmpty());
  CHECK(part<QLabel>(form, "pair_status")->text().contains("own law"));
  REQUIRE(editing.document.pairLaw("floor", "b"));
  CHECK(part<QListWidget>(form, "pair_overrides")->count() == 1);

  Scene scene = editing.build();
  auto pairs = contactPairsFromScene(scene);
  REQUIRE(pairs.size() == 3);  // floor–a, floor–b, a–b
  int overridden = 0;
  for (const ContactPairDefinition& pair : pairs) {
    const auto names = namesOf(scene, pair);
    INFO(names.first << " – " << names.second);
    if (names == std::pair<std::string, std::string>("floor", "b")) {
      ++overridden;
      REQUIRE(std::holds_alternative<Modia3dLaw>(pair.law.normal));
      CHECK(std::get<Modia3dLaw>(pair.law.normal).restitution == 0.7);
      REQUIRE(std::holds_alternative<CoulombFriction>(pair.law.friction));
    } else {
      REQUIRE(std::holds_alternative<HuntCrossleyLaw>(pair.law.normal));
      CHECK(std::get<HuntCrossleyLaw>(pair.law.normal).stiffness == 1e8);
    }
  }
  CHECK(overridden == 1);

  // A second edit of the same pair replaces its law (one override, not two).
  form.selectPair("floor", "b");
  setLawParameter(form.editor(), "law_parameters", "restitution", "0.4");
  click(form, "apply_pair_law");
  REQUIRE(editing.document.json()["contact"]["overrides"].size() == 1);
  CHECK((*editing.document.pairLaw("b", "floor"))["restitution"] == 0.4);

  // Not a number: the parameter is named and nothing changes.
  const json before = editing.document.json();
  setLawParameter(form.editor(), "law_parameters", "restitution", "high");
  click(form, "apply_pair_law");
  CHECK(form.errorText().startsWith("restitution:"));
  setLawParameter(form.editor(), "law_parameters", "restitution", "0.4");
  setLawParameter(form.editor(), "friction_parameters", "dynamic", "-0.1");
  click(form, "apply_pair_law");
  CHECK(form.errorText().startsWith("friction.dynamic:"));
  choose(form, "pair_body_a", "floor");
  choose(form, "pair_body_b", "floor");
  click(form, "apply_pair_law");
  CHECK(form.errorText().startsWith("bodies:"));
  CHECK(editing.document.json() == before);

  form.selectPair("floor", "b");
  click(form, "remove_pair_law");
  CHECK_FALSE(editing.document.pairLaw("floor", "b"));
  CHECK_FALSE(editing.document.json()["contact"].contains("overrides"));
  scene = editing.build();
  for (const ContactPairDefinition& pair : contactPairsFromScene(scene)) {
    CHECK(std::holds_alternative<HuntCrossleyLaw>(pair.law.normal));
  }
  CHECK_FALSE(part<QPushButton>(form, "remove_pair_law")->isEnabled());
}

TEST_CASE("the default-law form shares the law editor and refuses a value that is not a number",
          "[scene-edit]") {
  application();
  ContactLawForm form;
  const json contact = {{"law", {{"model", "hunt-crossley"}, {"stiffness", 2e9}}}};
  form.showContact(&contact);
  std::vector<json> applied;
  QObject::connect(&form, &ContactLawForm::applied,
                   [&applied](const json& law) { applied.push_back(law); });
  setLawParameter(form.editor(), "law_parameters", "exponent", "1.5x");
  click(form, "apply_law");
  CHECK(applied.empty());
  CHECK(part<QLabel>(form, "law_error")->text().startsWith("exponent:"));
  setLawParameter(form.editor(), "law_parameters", "exponent", "1.5");
  click(form, "apply_law");
  REQUIRE(applied.size() == 1);
  CHECK(applied[0] == json({{"model", "hunt-crossley"}, {"stiffness", 2e9}, {"exponent", 1.5}}));
}

// Issue 19: an empty cell means the law table's default, and the editor says which.
TEST_CASE("the law editor shows the law table's default beside an empty value", "[scene-edit]") {
  application();
  LawEditor editor;
  editor.setLaw(
      {{"model", "modia3d"}, {"sliding_friction", 0.4}, {"friction", {{"model", "coulomb"}}}});
  const auto row = [&](const char* table_name, const std::string& name) {
    auto* table = part<QTableWidget>(editor, table_name);
    REQUIRE(table->columnCount() == 3);
    for (int r = 0; r < table->rowCount(); ++r) {
      if (table->item(r, 0)->text().toStdString() == name)
        return std::pair{table->item(r, 1)->text(), table->item(r, 2)->text()};
    }
    FAIL("no parameter " << name << " in " << table_name);
    return std::pair<QString, QString>{};
  };
  const LawParameter& restitution = *findParameter(normalLawParameters(), "modia3d", "restitution");
  CHECK(row("law_parameters", "restitution") ==
        std::pair{QString(), numberText(restitution.fallback.value)});
  const LawParameter& v_small = *findParameter(frictionParameters(), "coulomb", "v_small");
  CHECK(row("friction_parameters", "v_small") ==
        std::pair{QString(), numberText(v_small.fallback.value) + " m/s"});
  // A given value is shown as given, with the default still beside it.
  CHECK(row("law_parameters", "sliding_friction").first == "0.4");
  CHECK(row("law_parameters", "contact_sphere_radius").second ==
        QString::fromUtf8(findParameter(normalLawParameters(), "modia3d", "contact_sphere_radius")
                              ->fallback.derived_from));
  editor.setLaw({{"model", "conforming-hertz"}});
  CHECK(row("law_parameters", "clearance").second == "required");
}

// A value the scene reader would refuse is refused in the editor, in the reader's words, so a law
// the editor accepts also builds (issue 19: before, the editor only asked for a number ≥ 0).
TEST_CASE("the law editor refuses a value outside the law table's range, as the reader does",
          "[scene-edit]") {
  application();
  LawEditor editor;
  editor.setLaw({{"model", "hunt-crossley"}, {"friction", {{"model", "coulomb"}}}});
  const auto refusal = [&](const char* table_name, const QString& name, const QString& value) {
    setLawParameter(editor, table_name, name, value);
    json law;
    QString error;
    const bool read = editor.read(law, error);
    setLawParameter(editor, table_name, name, QString());
    return read ? QString() : error;
  };
  const auto expected = [](const LawModels& table, const char* model, const std::string& key,
                           double value, const QString& prefix, const QString& text) {
    const std::string why = outOfRange(findParameter(table, model, key)->range, value);
    REQUIRE_FALSE(why.empty());
    return QStringLiteral("%1%2: %3, got '%4'")
        .arg(prefix, QString::fromStdString(key), QString::fromStdString(why), text);
  };
  // A divisor at 0, a fraction above 1, an exponent below 1, a friction coefficient above 10.
  CHECK(refusal("friction_parameters", "v_small", "0") ==
        expected(frictionParameters(), "coulomb", "v_small", 0.0, "friction.", "0"));
  CHECK(refusal("law_parameters", "restitution", "1.5") ==
        expected(normalLawParameters(), "hunt-crossley", "restitution", 1.5, "", "1.5"));
  CHECK(refusal("law_parameters", "exponent", "0.5") ==
        expected(normalLawParameters(), "hunt-crossley", "exponent", 0.5, "", "0.5"));
  CHECK(refusal("friction_parameters", "dynamic", "12") ==
        expected(frictionParameters(), "coulomb", "dynamic", 12.0, "friction.", "12"));
  CHECK(refusal("law_parameters", "stiffness", "inf")
            .endsWith("expected a finite number, got 'inf'"));
  // The bounds themselves, where closed, and values inside are accepted.
  CHECK(refusal("law_parameters", "restitution", "1").isEmpty());
  CHECK(refusal("law_parameters", "exponent", "1").isEmpty());
  CHECK(refusal("friction_parameters", "v_small", "1e-6").isEmpty());
}
