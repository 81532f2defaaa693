// Editing cables: an ideal cable (prescribed length: constant, ramp, or a table kept as written)
// and a chain (stiffness, damping, weight, windlass, guide ring) typed into the cable form build
// into a Scene with exactly the typed values; wrong input names the field and leaves the scene
// alone; switching back to an ideal cable removes every chain key.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <catch2/catch.hpp>
#include <filesystem>

#include "../test_output_dir.h"
#include "cable_form.h"
#include "scene_edit_fixtures.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;
using namespace contactsim::testing;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path workDir() { return testOutputDir("test_gui_cable_edit"); }

QApplication& application() { return testApplication("test_gui_cable_edit"); }

// A new cable `name` in the cable form, from the world at (0.5, 0, 6) to body b at (0.5, 0, 4.5).
void addCableToB(const QWidget& form, const QString& name) {
  click(form, "add_cable");
  part<QLineEdit>(form, "cable_name")->setText(name);
  choose(form, "cable_body_a", "world");
  typeNumbers(form, "cable_point_a", {"0.5", "0", "6"});
  choose(form, "cable_body_b", "b");
  typeNumbers(form, "cable_point_b", {"0.5", "0", "4.5"});
}

}  // namespace

TEST_CASE("a cable typed into the form builds with exactly its values; a table is kept as written",
          "[scene-edit]") {
  application();
  Editing editing(workDir());
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
  Editing editing(workDir());
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
