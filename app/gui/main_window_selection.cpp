// MainWindow's selection and camera: a body picked in the view or the tree (forms and mesh report
// follow it), a contact patch chosen in the inspector (highlighted, camera centred on it), and the
// camera reset.
#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QTreeWidget>

#include "body.h"
#include "body_form.h"
#include "contact_inspector.h"
#include "edited_scene.h"
#include "geometry/units.h"
#include "main_window.h"
#include "patch_highlight.h"
#include "properties_panel.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

void MainWindow::resetCamera() {
  if (sim_view_) sim_view_->scene().resetCamera();
  view_->update();
}

void MainWindow::selectBody(std::optional<int> index) {
  if (index && (*index < 0 || *index >= body_names_.size())) index.reset();
  selected_body_ = index;
  if (sim_view_) {
    const render::BodyId id = index ? sim_view_->viewId(*index) : -1;
    sim_view_->scene().setSelectedBody(id >= 0 ? std::optional<render::BodyId>(id) : std::nullopt);
  }
  nlohmann::json& scene = scene_->document().json();
  const nlohmann::json& bodies = scene.value("bodies", nlohmann::json::array());
  QStringList materials;
  for (const auto& m : scene.value("materials", nlohmann::json::array())) {
    materials << QString::fromStdString(m.value("name", ""));
  }
  const bool editable = index && !replaying() && *index < int(bodies.size());
  body_form_->showBody(editable ? &scene["bodies"][*index] : nullptr, materials);
  properties_->showBody(nullptr);
  if (editable && scene["bodies"][*index].contains("mesh")) {
    try {
      const nlohmann::json& b = scene["bodies"][*index];
      Body body;
      body.name = body_names_[*index];
      body.path = QString::fromStdString(scene_->document().meshFile(*index).string());
      body.options.units =
          parseLengthUnit(b["mesh"].value("units", "m")).value_or(LengthUnit::Metre);
      body.options.scale = b["mesh"].value("scale", 1.0);
      body.options.object = b["mesh"].value("object", "");
      body.imported = *meshes_.get(body.path.toStdString(), body.options);
      double density = kSteelDensity;
      for (const auto& m : scene.value("materials", nlohmann::json::array())) {
        if (m.value("name", "") == b.value("material", "")) density = m.value("density", density);
      }
      setDensity(body, density);
      properties_->showBody(&body);
    } catch (const std::exception&) {
      // The report is optional; the body form still works.
    }
  }
  {
    const QSignalBlocker blocker(tree_);
    tree_->clearSelection();
    for (int i = 0; index && i < tree_->topLevelItemCount(); ++i) {
      QTreeWidgetItem* item = tree_->topLevelItem(i);
      if (item->data(0, Qt::UserRole).toInt() == *index) {
        item->setSelected(true);
        tree_->setCurrentItem(item);
      }
    }
  }
  view_->update();
}

void MainWindow::onViewClicked(double vtk_x, double vtk_y) {
  if (!sim_view_) return;
  const std::optional<render::BodyId> id = sim_view_->scene().pickBody(vtk_x, vtk_y);
  const std::optional<std::size_t> index = id ? sim_view_->sceneIndex(*id) : std::nullopt;
  selectBody(index ? std::optional<int>(static_cast<int>(*index)) : std::nullopt);
}

void MainWindow::onPatchSelected() {
  if (!highlight_ || !sim_view_) return;
  const std::optional<PatchKey> key = inspector_->selectedPatch();
  std::optional<ContactDiagnostics> contact;
  if (key && shownFrame()) {
    for (const ContactDiagnostics& c : shownFrame()->contacts) {
      if (ContactTableModel::keyOf(c) == *key) contact = c;
    }
  }
  const double scale = sim_view_->contacts().sceneScale();
  highlight_->show(contact, 0.02 * scale);
  // A new selection (not the per-frame refresh) centres the camera on the patch.
  if (contact && centred_patch_ != key) {
    vtkCamera* camera = sim_view_->scene().renderer()->GetActiveCamera();
    Vec3 focal, position;
    camera->GetFocalPoint(focal.data());
    camera->GetPosition(position.data());
    const Vec3 shift = contact->patch.centroid - focal;
    const Vec3 new_focal = focal + shift, new_position = position + shift;
    camera->SetFocalPoint(new_focal.data());
    camera->SetPosition(new_position.data());
  }
  centred_patch_ = key;
  view_->update();
}

}  // namespace contactsim::gui
