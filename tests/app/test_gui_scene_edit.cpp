// Editing joints and bodies: the forms fill the scene document, the document builds into a Scene
// with exactly the typed values, wrong input gives a one-line error naming the field and leaves
// the scene alone, and in the window an edit rebuilds the run while a scene that does not build is
// reported and undone. Cables: test_gui_cable_edit; contact laws: test_gui_law_edit.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "../test_output_dir.h"
#include "joint_form.h"
#include "main_window.h"
#include "scene/starter_scene.h"
#include "scene_edit_dialog.h"
#include "scene_edit_fixtures.h"
#include "test_application.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using namespace contactsim::testing;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path workDir() { return testOutputDir("test_gui_scene_edit"); }

QApplication& application() { return testApplication("test_gui_scene_edit"); }

}  // namespace

TEST_CASE("a revolute joint typed into the form builds with exactly its values; edit, remove",
          "[scene-edit]") {
  application();
  Editing editing(workDir());
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
  Editing editing(workDir());
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

// The window's starter material and law come from core (starter_scene.h), not from app/.
TEST_CASE("a body added to an empty document brings the starter material and law", "[scene-edit]") {
  application();
  SceneDocument document;
  NewBody body;
  body.mesh_file = cubeFile(workDir());
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
  cubeFile(workDir());
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
  Editing editing(workDir());
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

  // The pin's friction (a revolute joint's): the stick speed is the law's default when left empty.
  typeNumbers(form, "joint_friction_coefficient", {"0.18"});
  typeNumbers(form, "joint_friction_pin_radius", {"0.075"});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  j = joint();
  REQUIRE(j.friction.has_value());
  CHECK(j.friction->coefficient == 0.18);
  CHECK(j.friction->radius == 0.075);
  CHECK(j.friction->stick_speed == JointFrictionLaw{}.stick_speed);
  typeNumbers(form, "joint_friction_stick_speed", {"0.02"});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK(joint().friction->stick_speed == 0.02);

  // Shown again as they are in the file when the joint is selected anew (the form's picture is
  // kept with the test's output, to look at as a user would).
  form.select(std::nullopt);
  form.select(0);
  form.resize(520, 760);
  form.grab().save(QString::fromStdString((workDir() / "joint_form_motor.png").string()));
  CHECK(part<QComboBox>(form, "joint_drive_type")->currentText() == "motor");
  CHECK(part<NumberFields>(form, "joint_drive_max_effort")->entry(0)->text() == "8");
  CHECK(part<NumberFields>(form, "joint_limit_upper")->entry(0)->text() == "0.75");
  CHECK(part<NumberFields>(form, "joint_friction_pin_radius")->entry(0)->text() == "0.075");

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
  typeNumbers(form, "joint_friction_pin_radius", {""});
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("friction.pin_radius: required"));
  typeNumbers(form, "joint_friction_pin_radius", {"0.075"});
  // The reader's range: a lower stop above the initial pose does not build.
  typeNumbers(form, "joint_limit_stiffness", {"1e4"});
  typeNumbers(form, "joint_limit_lower", {"0.1"});
  click(form, "apply_joint");
  CHECK(form.errorText().startsWith("Not applied"));
  CHECK(editing.build_errors.back().contains("joints[0].limits.lower"));
  CHECK(editing.commits == commits);

  // "none" and empty stops remove them, empty friction fields the friction; a prismatic joint
  // has no friction, a spherical joint none of them.
  typeNumbers(form, "joint_limit_lower", {""});
  typeNumbers(form, "joint_limit_upper", {""});
  choose(form, "joint_drive_type", "none");
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("drive"));
  CHECK_FALSE(editing.document.json()["joints"][0].contains("limits"));
  CHECK_FALSE(joint().drive.has_value());
  CHECK(joint().friction.has_value());
  for (const char* field :
       {"joint_friction_coefficient", "joint_friction_pin_radius", "joint_friction_stick_speed"})
    typeNumbers(form, field, {""});
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("friction"));
  typeNumbers(form, "joint_friction_coefficient", {"0.18"});
  typeNumbers(form, "joint_friction_pin_radius", {"0.075"});
  choose(form, "joint_type", "prismatic");
  CHECK_FALSE(part<NumberFields>(form, "joint_friction_coefficient")->isEnabled());
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("friction"));
  choose(form, "joint_drive_type", "speed");
  choose(form, "joint_type", "spherical");
  CHECK_FALSE(part<QComboBox>(form, "joint_drive_type")->isEnabled());
  click(form, "apply_joint");
  REQUIRE(form.errorText().isEmpty());
  CHECK_FALSE(editing.document.json()["joints"][0].contains("drive"));
}
