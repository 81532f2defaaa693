// Volumetric contact points in the window's contact tools (issue 16): their pieces and volume in
// the inspector's table, their polyhedra outlined when a row is selected, and the layer's entry
// in View ▸ Layers.
#include <vtkActor.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkRenderer.h>

#include <QAction>
#include <QMenu>
#include <QToolBar>
#include <catch2/catch.hpp>

#include "../volumetric/overlapping_boxes.h"
#include "body_trees.h"
#include "contact_table_model.h"
#include "layer_controls.h"
#include "patch_highlight.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

// A patch as the patch source reports one: no polyhedron, no pieces.
ContactDiagnostics patchContact() {
  ContactDiagnostics c;
  c.body_a = 0;
  c.body_b = 1;
  c.patch.id = 7;
  c.patch.centroid = Vec3(0.0, 0.0, 0.5);
  c.patch.normal = Vec3::UnitZ();
  c.patch.area = 1e-4;
  return c;
}

}  // namespace

TEST_CASE("inspector: volumetric rows show their pieces and volume, patch rows their overlap",
          "[gui]") {
  const test::OverlappingBoxes boxes;
  std::vector<ContactDiagnostics> contacts = boxes.contacts;
  contacts.push_back(patchContact());
  contacts.push_back(patchContact());
  contacts.back().patch.overlap_volume = 2.5e-7;  // m³: a region's |A ∩ B| (overlap_volume.h)
  ContactTableModel model;
  model.setBodyNames({"slabs", "block"});
  model.setContacts(contacts);
  REQUIRE(model.rowCount() == 4);
  const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
  CHECK(text(0, ContactTableModel::Pieces) == "0 / 0");
  CHECK(text(1, ContactTableModel::Pieces) == "1 / 0");
  // 0.2 × 0.2 × 0.01 m and 0.1 × 0.2 × 0.01 m, in mm³.
  CHECK(text(0, ContactTableModel::Volume).toDouble() == Approx(4e5).epsilon(1e-3));
  CHECK(text(1, ContactTableModel::Volume).toDouble() == Approx(2e5).epsilon(1e-3));
  CHECK(text(2, ContactTableModel::Pieces).isEmpty());
  CHECK(text(2, ContactTableModel::Volume).isEmpty());  // not computed (a split region's piece)
  CHECK(text(3, ContactTableModel::Volume).toDouble() == Approx(250.0));
  CHECK(text(3, ContactTableModel::Pieces).isEmpty());
  CHECK(text(2, ContactTableModel::Id) == "7");
  CHECK(model.headerData(ContactTableModel::Pieces, Qt::Horizontal).toString() == "Pieces A/B");
  CHECK(model.headerData(ContactTableModel::Volume, Qt::Horizontal).toString() == "Volume (mm³)");
}

TEST_CASE("highlight: a volumetric point's polyhedron is outlined by its edges", "[gui]") {
  const test::OverlappingBoxes boxes;
  vtkNew<vtkRenderer> renderer;
  PatchHighlight highlight(renderer);
  const ContactDiagnostics& point = boxes.contacts[0];
  highlight.show(point, 0.01);
  REQUIRE(highlight.volumeActor()->GetVisibility());
  CHECK(highlight.volumeSurface()->GetNumberOfPolys() ==
        static_cast<vtkIdType>(point.intersection_surface_world.size() / 3));
  vtkMapper* mapper = highlight.volumeActor()->GetMapper();
  mapper->Update();
  vtkPolyData* edges = vtkPolyData::SafeDownCast(mapper->GetInput());
  REQUIRE(edges != nullptr);
  // The intersection is a box: its 12 edges, not the diagonals of its faces' triangle fans.
  CHECK(edges->GetNumberOfLines() == 12);
  const test::AxisBox expected = boxes.expected(0);
  for (vtkIdType i = 0; i < edges->GetNumberOfPoints(); ++i) {
    Vec3 p;
    edges->GetPoint(i, p.data());
    CHECK(expected.contains(p, 1e-12));
  }

  highlight.show(patchContact(), 0.01);
  CHECK_FALSE(highlight.volumeActor()->GetVisibility());
  highlight.show(std::nullopt, 0.01);
  CHECK_FALSE(highlight.volumeActor()->GetVisibility());
}

TEST_CASE("layer controls: intersection volumes in View > Layers, on by default", "[gui]") {
  testing::testApplication("test_gui_volumetric_inspector");
  QMenu menu;
  QToolBar toolbar;
  BodyTrees trees;
  LayerControls controls(&menu, &toolbar, trees);
  QAction* action = controls.action(render::Layer::IntersectionVolumes);
  REQUIRE(action != nullptr);
  CHECK(action->text() == "Intersection volumes");
  CHECK(action->objectName() == "layer_intersection-volumes");
  CHECK(action->isChecked());
  controls.applyPreset(render::LayerPreset::CleanVideo);
  CHECK_FALSE(action->isChecked());
}
