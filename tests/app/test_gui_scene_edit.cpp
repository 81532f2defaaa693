// Editing joints, cables and per-pair contact laws: the forms fill the scene document, the
// document builds into a Scene with exactly the typed values, wrong input gives a one-line error
// naming the field and leaves the scene alone, and in the window an edit rebuilds the run while a
// scene that does not build is reported and undone.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "../test_output_dir.h"
#include "cable_form.h"
#include "contact_law_form.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "joint_form.h"
#include "law_editor.h"
#include "main_window.h"
#include "number_fields.h"
#include "pair_law_form.h"
#include "scene/law_parameters.h"
#include "scene/starter_scene.h"
#include "scene_edit_dialog.h"
#include "sim/scene_contact.h"
#include "test_application.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::sceneDocument;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path workDir() { return testing::testOutputDir("test_gui_scene_edit"); }

QApplication& application() { return contactsim::testing::testApplication("test_gui_scene_edit"); }

// A 1 m cube centred on its frame's origin.
QString cubeFile() {
  const fs::path file = workDir() / "cube.stl";
  if (!fs::exists(file)) writeBinaryStl(file, makeBox(Vec3::Constant(0.5)));
  return QString::fromStdString(file.string());
}

// A document with a fixed floor and two cubes stacked above it (apart: no initial overlap), and
// the commit the window would make, without the window: apply, build, undo on failure.
struct Editing {
  SceneDocument document;
  MeshCache meshes;
  QStringList build_errors;
  int commits = 0;

  Editing() {
    const std::pair<const char*, double> bodies[] = {{"floor", 0.0}, {"a", 2.0}, {"b", 4.0}};
    for (const auto& [name, z] : bodies) {
      NewBody body;
      body.mesh_file = cubeFile();
      body.fixed = std::string(name) == "floor";
      body.position = Vec3(0, 0, z);
      const std::size_t index = document.json()["bodies"].size();
      document.addBody(body);
      document.json()["bodies"][index]["name"] = name;  // addBody names it after the file
    }
    document.json()["contact"]["law"] = {{"model", "hunt-crossley"}, {"stiffness", 1e8}};
  }

  SceneCommit commit() {
    return [this](const SceneEdit& edit) {
      const json before = document.json();
      edit(document);
      try {
        document.build(meshes);
      } catch (const std::exception& error) {
        build_errors << QString::fromStdString(error.what());
        document.json() = before;
        return false;
      }
      ++commits;
      return true;
    };
  }
  Scene build() { return document.build(meshes); }
};

template <class T>
T* part(const QWidget& form, const char* name) {
  auto* found = form.findChild<T*>(name);
  REQUIRE(found);
  return found;
}

void typeNumbers(const QWidget& form, const char* field, const QStringList& texts) {
  auto* numbers = part<NumberFields>(form, field);
  REQUIRE(numbers->count() == texts.size());
  for (int i = 0; i < texts.size(); ++i) numbers->entry(i)->setText(texts[i]);
}

void choose(const QWidget& form, const char* combo, const QString& value) {
  auto* box = part<QComboBox>(form, combo);
  int index = box->findData(value);
  if (index < 0) index = box->findText(value);
  REQUIRE(index >= 0);
  box->setCurrentIndex(index);
}

void click(const QWidget& form, const char* button) {
  auto* b = part<QPushButton>(form, button);
  REQUIRE(b->isEnabled());
  b->click();
}

// A new cable `name` in the cable form, from the world at (0.5, 0, 6) to body b at (0.5, 0, 4.5).
void addCableToB(const QWidget& form, const QString& name) {
  click(form, "add_cable");
  part<QLineEdit>(form, "cable_name")->setText(name);
  choose(form, "cable_body_a", "world");
  typeNumbers(form, "cable_point_a", {"0.5", "0", "6"});
  choose(form, "cable_body_b", "b");
  typeNumbers(form, "cable_point_b", {"0.5", "0", "4.5"});
}

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

// The pair (by body names) of a contact pair definition.
std::pair<std::string, std::string> namesOf(const Scene& scene, const ContactPairDefinition& p) {
  return {scene.bodies[p.body_a].name, scene.bodies[p.body_b].name};
}

}  // namespace

TEST_CASE("a revolute joint typed into the form builds with exactly its values; edit, remove",
          "[scene-edit]") {
  application();
  Editing editing;
  JointForm form(editing.document, editing.commit());

  click(form, "add_joint");
  CHECK(form.addingNew());
  part<QLineEdit>(form, "joint_name")->setText("hinge");
  choose(form, "joint_type", "revolute");
  choose(form, "joint_body_a", "a");
  choose(form, "joint_body_b", "b");
  typeNumbers(form, "joint_point", {"0.25", "-1.5", "3"});
  typeNumbers(form, "joint_axis", {"0", "1", "0"});
  click(form, "apply_joint");
  INFO(form.errorText().toStdString());
  REQUIRE(form.errorText().isEmpty());
  CHECK(editing.commits == 1);
  CHECK(form.selected() == std::optional<std::size_t>(0));

  Scene scene = editing.build();
  REQUIRE(scene.joints.size() == 1);
  const SceneJoint& joint = scene.joints[0];
  CHECK(joint.name == "hinge");
  CHECK(joint.type == JointType::Revolute);
  CHECK(joint.body_a == "a");
  CHECK(joint.body_b == "b");
  CHECK(joint.point == Vec3(0.25, -1.5, 3.0));
  CHECK(joint.axis == Vec3(0.0, 1.0, 0.0));
  // The joined pair no longer touches (contact.pairs "all" skips jointed pairs).
  for (const ContactPairDefinition& pair : contactPairsFromScene(scene)) {
    CHECK(namesOf(scene, pair) != std::pair<std::string, std::string>("a", "b"));
  }

  // Typed values survive a refresh while the joints are unchanged (a reset of the run).
  part<QLineEdit>(form, "joint_name")->setText("typed");
  form.refresh();
  CHECK(part<QLineEdit>(form, "joint_name")->text() == "typed");

  // A spherical joint has no axis: the file loses it.
  choose(form, "joint_type", "spherical");
  part<QLineEdit>(form, "joint_name")->setText("ball joint");
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  scene = editing.build();
  REQUIRE(scene.joints.size() == 1);
  CHECK(scene.joints[0].type == JointType::Spherical);
  CHECK(scene.joints[0].name == "ball joint");
  CHECK(scene.joints[0].point == Vec3(0.25, -1.5, 3.0));
  CHECK_FALSE(editing.document.json()["joints"][0].contains("axis"));

  // A second joint, unnamed: the document names it.
  click(form, "add_joint");
  part<QLineEdit>(form, "joint_name")->clear();
  choose(form, "joint_type", "fixed");
  choose(form, "joint_body_a", "world");
  choose(form, "joint_body_b", "floor");
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  REQUIRE(editing.build().joints.size() == 2);
  CHECK(editing.build().joints[1].name == "joint");
  CHECK(form.selected() == std::optional<std::size_t>(1));

  form.select(0);
  click(form, "remove_joint");
  scene = editing.build();
  REQUIRE(scene.joints.size() == 1);
  CHECK(scene.joints[0].type == JointType::Fixed);
  CHECK(scene.joints[0].body_b == "floor");
  click(form, "remove_joint");
  CHECK(editing.build().joints.empty());
  CHECK_FALSE(form.selected().has_value());
  CHECK(editing.commits == 5);
}

TEST_CASE("wrong joint input names the field and leaves the scene as it was", "[scene-edit]") {
  application();
  Editing editing;
  JointForm form(editing.document, editing.commit());
  const json before = editing.document.json();
  click(form, "add_joint");
  choose(form, "joint_body_a", "world");
  choose(form, "joint_body_b", "a");

  const auto applyShows = [&](const char* field) {
    click(form, "apply_joint");
    INFO(form.errorText().toStdString());
    CHECK(form.errorText().startsWith(field));
    CHECK(editing.document.json() == before);
  };
  typeNumbers(form, "joint_point", {"0", "abc", "1"});
  applyShows("point.y:");
  typeNumbers(form, "joint_point", {"inf", "0", "1"});
  applyShows("point.x:");
  typeNumbers(form, "joint_point", {"0", "0", ""});
  applyShows("point.z:");
  typeNumbers(form, "joint_point", {"0", "0", "1"});
  choose(form, "joint_type", "prismatic");
  typeNumbers(form, "joint_axis", {"0", "0", "0"});
  applyShows("axis:");
  typeNumbers(form, "joint_axis", {"nan", "0", "1"});
  applyShows("axis.x:");
  typeNumbers(form, "joint_axis", {"0", "0", "1"});
  choose(form, "joint_body_b", "world");
  applyShows("body_b:");
  CHECK(editing.commits == 0);

  // The first joint's name typed again: the form is fine, the reader refuses the scene, which
  // stays as it was.
  choose(form, "joint_body_b", "a");
  part<QLineEdit>(form, "joint_name")->setText("pin");
  click(form, "apply_joint");
  REQUIRE(editing.commits == 1);
  click(form, "add_joint");
  part<QLineEdit>(form, "joint_name")->setText("pin");
  choose(form, "joint_body_b", "b");
  click(form, "apply_joint");
  CHECK(editing.commits == 1);
  REQUIRE(editing.build_errors.size() == 1);
  CHECK(editing.build_errors[0].contains("joints[1].name"));
  CHECK(form.errorText().startsWith("Not applied"));
  CHECK(editing.build().joints.size() == 1);
}

TEST_CASE("a cable typed into the form builds with exactly its values; a table is kept as written",
          "[scene-edit]") {
  application();
  Editing editing;
  CableForm form(editing.document, editing.commit());

  addCableToB(form, "hoist");
  typeNumbers(form, "cable_initial", {"1.25"});
  typeNumbers(form, "cable_rate", {"-0.125"});
  typeNumbers(form, "cable_ramp_time", {"0.5"});
  click(form, "apply_cable");
  INFO(form.errorText().toStdString());
  REQUIRE(form.errorText().isEmpty());

  Scene scene = editing.build();
  REQUIRE(scene.cables.size() == 1);
  const SceneCable& cable = scene.cables[0];
  CHECK(cable.name == "hoist");
  CHECK(cable.body_a == "world");
  CHECK(cable.body_b == "b");
  CHECK(cable.point_a == Vec3(0.5, 0.0, 6.0));
  CHECK(cable.point_b == Vec3(0.5, 0.0, 4.5));
  CHECK(cable.length.at(0.0).length == 1.25);
  CHECK(cable.length.at(0.0).rate == 0.0);  // the ramp starts from rest
  CHECK(cable.length.at(2.0).rate == Approx(-0.125));
  CHECK(editing.document.json()["cables"][0]["length"] ==
        json({{"initial", 1.25}, {"rate", -0.125}, {"ramp_time", 0.5}}));

  // Empty length fields: the cable keeps its initial distance (no "length" in the file).
  for (const char* field : {"cable_initial", "cable_rate", "cable_ramp_time"})
    typeNumbers(form, field, {""});
  click(form, "apply_cable");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["cables"][0].contains("length"));
  CHECK(editing.build().cables[0].length.at(3.0).length == Approx(1.5));

  // Wrong input names the field.
  const json before = editing.document.json();
  typeNumbers(form, "cable_initial", {"-1"});
  click(form, "apply_cable");
  CHECK(form.errorText().startsWith("length.initial:"));
  typeNumbers(form, "cable_initial", {""});
  typeNumbers(form, "cable_ramp_time", {"x"});
  click(form, "apply_cable");
  CHECK(form.errorText().startsWith("length.ramp_time:"));
  typeNumbers(form, "cable_ramp_time", {""});
  typeNumbers(form, "cable_point_b", {"0", "1e999", "0"});
  click(form, "apply_cable");
  CHECK(form.errorText().startsWith("point_b.y:"));
  CHECK(editing.document.json() == before);

  // A length table is shown, not edited, and survives an edit of the other fields.
  const json table = {{"table", {{0.0, 1.5}, {1.0, 1.25}, {2.0, 1.0}}}};
  editing.document.json()["cables"][0]["length"] = table;
  form.refresh();
  form.select(0);
  CHECK(part<QComboBox>(form, "cable_length_kind")->currentText().startsWith("table"));
  CHECK(part<QLabel>(form, "cable_table")->text().contains("1.25"));
  part<QLineEdit>(form, "cable_name")->setText("winch");
  typeNumbers(form, "cable_point_b", {"0.5", "0", "4.5"});
  click(form, "apply_cable");
  REQUIRE(form.errorText().isEmpty());
  CHECK(editing.document.json()["cables"][0]["length"] == table);
  scene = editing.build();
  CHECK(scene.cables[0].name == "winch");
  CHECK(scene.cables[0].length.at(1.0).length == Approx(1.25));

  click(form, "remove_cable");
  CHECK(editing.build().cables.empty());
}

TEST_CASE("a chain typed into the cable form builds with exactly its values, windlass and guide",
          "[scene-edit]") {
  application();
  Editing editing;
  CableForm form(editing.document, editing.commit());

  addCableToB(form, "chain");
  choose(form, "cable_kind", "chain");
  CHECK_FALSE(part<QComboBox>(form, "cable_length_kind")->isEnabled());
  typeNumbers(form, "chain_axial_stiffness", {"2e8"});
  typeNumbers(form, "chain_damping_ratio", {"0.2"});
  typeNumbers(form, "chain_mass_per_length", {"12.5"});
  typeNumbers(form, "chain_rest_length", {"1.49"});
  typeNumbers(form, "chain_windlass_speed", {"0.1"});
  typeNumbers(form, "chain_windlass_stop_length", {"1"});
  typeNumbers(form, "chain_guide_centre", {"0.5", "0", "5"});
  typeNumbers(form, "chain_guide_axis", {"0", "0", "2"});
  typeNumbers(form, "chain_guide_radius", {"0.05"});
  click(form, "apply_cable");
  INFO(form.errorText().toStdString());
  REQUIRE(form.errorText().isEmpty());

  const json& written = editing.document.json()["cables"][0];
  CHECK(written["kind"] == "chain");
  CHECK_FALSE(written.contains("length"));
  CHECK_FALSE(written.contains("damping_mass"));  // left empty: the default applies
  CHECK(written["windlass"] == json({{"speed", 0.1}, {"stop_length", 1.0}}));
  Scene scene = editing.build();
  REQUIRE(scene.cables.size() == 1);
  REQUIRE(scene.cables[0].chain);
  const ChainProperties& chain = *scene.cables[0].chain;
  CHECK(chain.axial_stiffness == 2e8);
  CHECK(chain.damping_ratio == 0.2);
  CHECK(chain.mass_per_length == 12.5);
  CHECK(chain.rest_length == 1.49);
  REQUIRE(chain.windlass);
  CHECK(chain.windlass->speed == 0.1);
  CHECK(chain.windlass->stop_length == 1.0);
  REQUIRE(chain.guide);
  CHECK(chain.guide->centre == Vec3(0.5, 0, 5));
  CHECK(chain.guide->axis == Vec3(0, 0, 1));
  CHECK(chain.guide->radius == 0.05);
  CHECK_FALSE(chain.guide->plane_normal);

  // Shown again as written; a windlass missing a required key is refused by the reader, named.
  form.refresh();
  form.select(0);
  CHECK(part<QComboBox>(form, "cable_kind")->currentText() == "chain");
  typeNumbers(form, "chain_windlass_stop_length", {""});
  click(form, "apply_cable");
  REQUIRE_FALSE(editing.build_errors.empty());
  CHECK(editing.build_errors.back().contains("cables[0].windlass.stop_length"));
  typeNumbers(form, "chain_windlass_stop_length", {"1"});
  typeNumbers(form, "chain_guide_radius", {"r"});
  click(form, "apply_cable");
  CHECK(form.errorText().startsWith("guide.radius:"));

  // Back to an ideal cable: every chain key goes, the length fields return.
  typeNumbers(form, "chain_guide_radius", {"0.05"});
  choose(form, "cable_kind", "ideal");
  CHECK(part<QComboBox>(form, "cable_length_kind")->isEnabled());
  click(form, "apply_cable");
  REQUIRE(form.errorText().isEmpty());
  const json& ideal = editing.document.json()["cables"][0];
  for (const char* key : {"kind", "axial_stiffness", "damping_ratio", "mass_per_length",
                          "rest_length", "windlass", "guide"})
    CHECK_FALSE(ideal.contains(key));
  CHECK_FALSE(editing.build().cables[0].chain);
}

TEST_CASE("a per-pair law applies to that pair only; removing it restores the default",
          "[scene-edit]") {
  application();
  Editing editing;
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

// The window's starter material and law come from core (starter_scene.h), not from app/.
TEST_CASE("a body added to an empty document brings the starter material and law", "[scene-edit]") {
  application();
  SceneDocument document;
  NewBody body;
  body.mesh_file = cubeFile();
  document.addBody(body);
  const SceneMaterial steel = starterMaterial();
  CHECK(document.json()["materials"] == json::array({{{"name", steel.name},
                                                      {"density", steel.density},
                                                      {"young_modulus", *steel.young_modulus},
                                                      {"poisson_ratio", *steel.poisson_ratio}}}));
  const SceneContactLaw law = starterContactLaw();
  json expected = {{"model", law.model}};
  for (const auto& [key, value] : law.parameters) expected[key] = value;
  CHECK(document.json()["contact"]["law"] == expected);
  MeshCache meshes;
  const Scene scene = document.build(meshes);
  REQUIRE(scene.contact->law);
  CHECK(scene.contact->law->model == law.model);
}

// The window's edited scene alone (edited_scene.h): an edit stays when the run rebuilds, and the
// document is put back as it was when the rebuild fails (which reports its own error) or the edit
// throws (reported as failed, without a rebuild).
TEST_CASE("an edit is kept when the scene rebuilds and undone when it does not or throws",
          "[scene-edit]") {
  application();
  bool builds = true;
  int rebuilds = 0;
  EditedScene scene(
      [&] {
        ++rebuilds;
        return builds;
      },
      nullptr);
  QSignalSpy failed(&scene, &EditedScene::failed);
  CHECK(scene.commit([](SceneDocument& d) { d.json()["solver"]["time_step"] = 2e-3; }));
  CHECK(scene.document().json()["solver"]["time_step"] == 2e-3);
  CHECK(rebuilds == 1);
  const json edited = scene.document().json();

  builds = false;
  CHECK_FALSE(scene.commit([](SceneDocument& d) { d.json()["solver"]["time_step"] = 5e-3; }));
  CHECK(scene.document().json() == edited);
  CHECK(rebuilds == 2);
  CHECK(failed.isEmpty());

  builds = true;
  CHECK_FALSE(scene.commit([](SceneDocument& d) {
    d.json()["solver"]["time_step"] = 7e-3;
    throw std::runtime_error("joints[0].body_b: unknown body 'b'");
  }));
  CHECK(scene.document().json() == edited);
  CHECK(rebuilds == 2);
  REQUIRE(failed.size() == 1);
  CHECK(failed[0][0].toString() == "Cannot edit the scene");
  CHECK(failed[0][1].toString() == "joints[0].body_b: unknown body 'b'");
}

TEST_CASE("Scene menu edits rebuild the run; a scene that does not build is reported and undone",
          "[scene-edit]") {
  application();
  const char* scene = R"({
    "format": "contactsim-scene", "version": 1,
    "materials": [{"name": "steel", "density": 7850, "young_modulus": 2.1e11,
                   "poisson_ratio": 0.3}],
    "bodies": [
      {"name": "floor", "fixed": true, "mesh": {"file": "cube.stl"}, "material": "steel"},
      {"name": "a", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 2]},
      {"name": "b", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 4]}],
    "contact": {"pairs": "all", "law": {"model": "hunt-crossley"}}})";
  cubeFile();
  const fs::path file = workDir() / "three_cubes.json";
  std::ofstream(file) << scene;

  MainWindow window;
  QStringList errors;
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  REQUIRE(window.openScene(QString::fromStdString(file.string())));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  QAction* joints = nullptr;
  for (QAction* action : window.findChildren<QAction*>()) {
    if (action->text().remove('&') == "Joints…") joints = action;
  }
  REQUIRE(joints);
  joints->trigger();
  auto* dialog = window.findChild<SceneEditDialog*>();
  REQUIRE(dialog);
  CHECK(dialog->isVisible());

  QSignalSpy rebuilt(&window, &MainWindow::viewReplaced);
  JointForm& form = dialog->joints();
  click(form, "add_joint");
  choose(form, "joint_body_a", "a");
  choose(form, "joint_body_b", "b");
  typeNumbers(form, "joint_point", {"0", "0", "3"});
  click(form, "apply_joint");
  INFO(errors.join("\n").toStdString());
  REQUIRE(form.errorText().isEmpty());
  CHECK(rebuilt.size() == 1);
  REQUIRE(sceneDocument(window).json()["joints"].size() == 1);
  CHECK(sceneDocument(window).json()["joints"][0]["body_b"] == "b");

  // The body the joint holds goes away (as if deleted): the form keeps the reference, marked
  // missing, and the reader's error names it; the window reports it and keeps its last run.
  sceneDocument(window).json()["bodies"].erase(2);
  dialog->refresh();
  CHECK(part<QComboBox>(form, "joint_body_b")->currentText() == "b (missing)");
  form.select(0);
  const json before = sceneDocument(window).json();
  click(form, "apply_joint");
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].contains("joints[0].body_b"));
  CHECK(errors[0].contains("unknown body 'b'"));
  CHECK(form.errorText().startsWith("Not applied"));
  CHECK(sceneDocument(window).json() == before);
  CHECK(rebuilt.size() == 1);
  CHECK(window.isVisible());

  // Removing the joint makes the scene whole again; the run is rebuilt.
  click(form, "remove_joint");
  CHECK(errors.size() == 1);
  CHECK(rebuilt.size() == 2);
  CHECK(sceneDocument(window).json()["joints"].empty());
  CHECK(window.bodyNames() == QStringList({"floor", "a"}));
}

// Drives and limits (issue 20): each drive type typed into the joint form builds into the joint
// the scene reader makes, with exactly the typed numbers; "none" and empty stops remove them, a
// wrong entry names its field, and a value the reader refuses leaves the scene as it was.
TEST_CASE("a joint's drive and limits typed into the form build with exactly their values",
          "[scene-edit]") {
  application();
  Editing editing;
  JointForm form(editing.document, editing.commit());
  click(form, "add_joint");
  part<QLineEdit>(form, "joint_name")->setText("crank");
  choose(form, "joint_type", "revolute");
  choose(form, "joint_body_a", "world");
  choose(form, "joint_body_b", "a");
  typeNumbers(form, "joint_point", {"0", "0", "2"});
  typeNumbers(form, "joint_axis", {"0", "1", "0"});
  const auto joint = [&] {
    const Scene scene = editing.build();
    REQUIRE(scene.joints.size() == 1);
    return scene.joints[0];
  };

  choose(form, "joint_drive_type", "speed");
  typeNumbers(form, "joint_drive_speed", {"2.5"});
  typeNumbers(form, "joint_limit_upper", {"0.75"});
  typeNumbers(form, "joint_limit_stiffness", {"1e4"});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  SceneJoint j = joint();
  REQUIRE(j.drive.has_value());
  REQUIRE(j.drive->motion.has_value());
  CHECK(j.drive->motion->at(2.0).position == 5.0);  // x = speed·t
  REQUIRE(j.limits.has_value());
  CHECK(j.limits->upper == 0.75);
  CHECK(j.limits->lower == -std::numeric_limits<double>::infinity());
  CHECK(j.limits->stiffness == 1e4);

  // A ramp reaches its speed after ramp_time; a table passes through its points.
  choose(form, "joint_drive_type", "ramp");
  typeNumbers(form, "joint_drive_ramp_time", {"0.5"});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK(joint().drive->motion->at(1.0).rate == 2.5);
  CHECK(joint().drive->motion->at(0.25).rate < 2.5);
  choose(form, "joint_drive_type", "table");
  part<QLineEdit>(form, "joint_drive_table")->setText("0 0; 1 0.5; 2 0.25");
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK(joint().drive->motion->at(1.0).position == Approx(0.5));
  CHECK(editing.document.json()["joints"][0]["drive"]["table"] ==
        json::parse("[[0, 0], [1, 0.5], [2, 0.25]]"));

  // A motor: a force law, not a prescribed motion; the limit named after the joint type.
  choose(form, "joint_drive_type", "motor");
  typeNumbers(form, "joint_drive_speed", {""});
  typeNumbers(form, "joint_drive_position", {"0.8"});
  typeNumbers(form, "joint_drive_stiffness", {"60"});
  typeNumbers(form, "joint_drive_damping", {"6"});
  typeNumbers(form, "joint_drive_max_effort", {"8"});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  j = joint();
  CHECK_FALSE(j.drive->motion.has_value());
  CHECK(j.drive->motor.position == 0.8);
  CHECK(j.drive->motor.speed == 0.0);
  CHECK(j.drive->motor.stiffness == 60.0);
  CHECK(j.drive->motor.damping == 6.0);
  CHECK(j.drive->motor.max_effort == 8.0);
  CHECK(editing.document.json()["joints"][0]["drive"].contains("max_torque"));

  // Shown again as they are in the file when the joint is selected anew (the form's picture is
  // kept with the test's output, to look at as a user would).
  form.select(std::nullopt);
  form.select(0);
  form.resize(520, 760);
  form.grab().save(QString::fromStdString((workDir() / "joint_form_motor.png").string()));
  CHECK(part<QComboBox>(form, "joint_drive_type")->currentText() == "motor");
  CHECK(part<NumberFields>(form, "joint_drive_max_effort")->entry(0)->text() == "8");
  CHECK(part<NumberFields>(form, "joint_limit_upper")->entry(0)->text() == "0.75");

  // Wrong entries name their field; nothing is applied.
  const int commits = editing.commits;
  choose(form, "joint_drive_type", "table");
  part<QLineEdit>(form, "joint_drive_table")->setText("0 0; 1");
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("drive.table: point 2"));
  choose(form, "joint_drive_type", "speed");
  typeNumbers(form, "joint_drive_speed", {""});
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("drive.speed: required"));
  typeNumbers(form, "joint_drive_speed", {"1"});
  typeNumbers(form, "joint_limit_stiffness", {""});
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("limits.stiffness: required"));
  // The reader's range: a lower stop above the initial pose does not build.
  typeNumbers(form, "joint_limit_stiffness", {"1e4"});
  typeNumbers(form, "joint_limit_lower", {"0.1"});
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("Not applied"));
  CHECK(editing.build_errors.back().contains("joints[0].limits.lower"));
  CHECK(editing.commits == commits);

  // "none" and empty stops remove them; a spherical joint has neither.
  typeNumbers(form, "joint_limit_lower", {""});
  typeNumbers(form, "joint_limit_upper", {""});
  choose(form, "joint_drive_type", "none");
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("drive"));
  CHECK_FALSE(editing.document.json()["joints"][0].contains("limits"));
  CHECK_FALSE(joint().drive.has_value());
  choose(form, "joint_drive_type", "speed");
  choose(form, "joint_type", "spherical");
  CHECK_FALSE(part<QComboBox>(form, "joint_drive_type")->isEnabled());
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("drive"));
}
