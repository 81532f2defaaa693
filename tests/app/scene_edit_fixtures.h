// Shared by the GUI scene-editing tests (test_gui_scene_edit, test_gui_cable_edit,
// test_gui_law_edit): a scene document of a fixed floor and two cubes stacked above it, the
// window's commit without the window (apply, build, undo on failure), typing into a form's
// fields by their object names, and a contact pair's body names.
#pragma once

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QStringList>
#include <QWidget>
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "number_fields.h"
#include "scene_document.h"
#include "sim/scene_contact.h"

namespace contactsim::testing {

// A 1 m cube centred on its frame's origin, written once into `dir`.
inline QString cubeFile(const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "cube.stl";
  if (!std::filesystem::exists(file)) writeBinaryStl(file, makeBox(Vec3::Constant(0.5)));
  return QString::fromStdString(file.string());
}

// A document with a fixed floor and two cubes stacked above it (apart: no initial overlap), and
// the commit the window would make, without the window: apply, build, undo on failure.
struct Editing {
  gui::SceneDocument document;
  gui::MeshCache meshes;
  QStringList build_errors;
  int commits = 0;

  explicit Editing(const std::filesystem::path& dir) {
    const std::pair<const char*, double> bodies[] = {{"floor", 0.0}, {"a", 2.0}, {"b", 4.0}};
    for (const auto& [name, z] : bodies) {
      gui::NewBody body;
      body.mesh_file = cubeFile(dir);
      body.fixed = std::string(name) == "floor";
      body.position = Vec3(0, 0, z);
      const std::size_t index = document.json()["bodies"].size();
      document.addBody(body);
      document.json()["bodies"][index]["name"] = name;  // addBody names it after the file
    }
    document.json()["contact"]["law"] = {{"model", "hunt-crossley"}, {"stiffness", 1e8}};
  }

  gui::SceneCommit commit() {
    return [this](const gui::SceneEdit& edit) {
      const nlohmann::json before = document.json();
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

inline void typeNumbers(const QWidget& form, const char* field, const QStringList& texts) {
  auto* numbers = part<gui::NumberFields>(form, field);
  REQUIRE(numbers->count() == texts.size());
  for (int i = 0; i < texts.size(); ++i) numbers->entry(i)->setText(texts[i]);
}

inline void choose(const QWidget& form, const char* combo, const QString& value) {
  auto* box = part<QComboBox>(form, combo);
  int index = box->findData(value);
  if (index < 0) index = box->findText(value);
  REQUIRE(index >= 0);
  box->setCurrentIndex(index);
}

inline void click(const QWidget& form, const char* button) {
  auto* b = part<QPushButton>(form, button);
  REQUIRE(b->isEnabled());
  b->click();
}

// The pair (by body names) of a contact pair definition.
inline std::pair<std::string, std::string> namesOf(const Scene& scene,
                                                   const ContactPairDefinition& p) {
  return {scene.bodies[p.body_a].name, scene.bodies[p.body_b].name};
}

}  // namespace contactsim::testing
