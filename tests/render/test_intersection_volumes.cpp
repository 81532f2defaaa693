// The intersection-volume layer (issue 16): the polyhedra A ∩ B of volumetric contact points, as a
// VolumetricForceSource publishes them, drawn as one translucent surface refilled per frame.
#include <vtkActor.h>
#include <vtkMapper.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "../volumetric/overlapping_boxes.h"
#include "render_test_support.h"

using namespace contactsim;

namespace {

constexpr int kWidth = 640, kHeight = 480;

SimulationFrame frameOf(const test::OverlappingBoxes& boxes) {
  SimulationFrame frame;
  frame.bodies.resize(2);
  frame.bodies[static_cast<std::size_t>(boxes.body_b)].pose = boxes.pose_b;
  frame.contacts = boxes.contacts;
  return frame;
}

vtkPolyData* layerData(render::SimulationView& view) {
  vtkActor* actor = view.contacts().actor(render::Layer::IntersectionVolumes);
  REQUIRE(actor != nullptr);
  return vtkPolyData::SafeDownCast(actor->GetMapper()->GetInput());
}

// Seen from the front, above and to the right: both slabs' overlaps with the block in view.
void setUpView(render::SimulationView& view, const SimulationFrame& frame) {
  view.update(frame);
  view.scene().setCamera(Vec3(0.5, -1.3, 0.9), Vec3(-0.05, 0.0, 0.0));
}

}  // namespace

TEST_CASE("intersection volumes: the polyhedra's triangles, each inside both boxes", "[display]") {
  const test::OverlappingBoxes boxes;
  REQUIRE(boxes.contacts.size() == 2);
  render::SimulationView view({boxes.mesh_a, boxes.mesh_b});
  view.update(frameOf(boxes));

  long polyhedron_triangles = 0;
  for (const ContactDiagnostics& c : boxes.contacts)
    polyhedron_triangles += static_cast<long>(c.intersection_surface_world.size() / 3);
  CHECK(polyhedron_triangles >= 2 * 12);
  CHECK(view.contacts().counts().intersection_triangles == polyhedron_triangles);
  // The points and normals are the other layers' as for a patch: a marker and an arrow each.
  CHECK(view.contacts().counts().markers == 2);
  CHECK(view.contacts().counts().normal_arrows == 2);

  vtkPolyData* data = layerData(view);
  REQUIRE(data->GetNumberOfPolys() == polyhedron_triangles);
  // Every corner lies in the block and in one slab (the boxes as defined, not as the contact code
  // saw them), and the surface drawn encloses both closed-form intersection boxes.
  std::vector<Vec3> drawn;
  for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
    Vec3 p;
    data->GetPoint(i, p.data());
    INFO("corner " << p.transpose());
    CHECK(boxes.box_b.contains(p, 1e-12));
    CHECK((boxes.boxes_a[0].contains(p, 1e-12) || boxes.boxes_a[1].contains(p, 1e-12)));
    drawn.push_back(p);
  }
  REQUIRE(drawn.size() == static_cast<std::size_t>(3 * polyhedron_triangles));
  CHECK(volumetric::test::enclosedVolume(drawn) ==
        Approx(boxes.expected(0).volume() + boxes.expected(1).volume()).epsilon(1e-9));
}

TEST_CASE("intersection volumes: shown in the default and debug presets, toggled off and on",
          "[display]") {
  const test::OverlappingBoxes boxes;
  render::SimulationView view({boxes.mesh_a, boxes.mesh_b});
  const SimulationFrame frame = frameOf(boxes);
  setUpView(view, frame);
  CHECK(view.layerVisible(render::Layer::IntersectionVolumes));
  const test::Image shown = test::capture(view.scene(), "volumes_shown.png", kWidth, kHeight);

  view.setLayerVisible(render::Layer::IntersectionVolumes, false);
  CHECK_FALSE(view.layerVisible(render::Layer::IntersectionVolumes));
  const test::Image hidden = test::capture(view.scene(), "volumes_hidden.png", kWidth, kHeight);
  // What changed lies where the two intersection boxes are projected.
  double min_x = 1e9, max_x = -1e9, min_y = 1e9, max_y = -1e9;
  for (int slab = 0; slab < 2; ++slab) {
    const test::AxisBox box = boxes.expected(slab);
    for (int corner = 0; corner < 8; ++corner) {
      const Vec3 p((corner & 1) ? box.hi_world.x() : box.lo_world.x(),
                   (corner & 2) ? box.hi_world.y() : box.lo_world.y(),
                   (corner & 4) ? box.hi_world.z() : box.lo_world.z());
      const test::Pixel q = test::project(view.scene(), p, kWidth, kHeight);
      min_x = std::min(min_x, q.x);
      max_x = std::max(max_x, q.x);
      min_y = std::min(min_y, q.y);
      max_y = std::max(max_y, q.y);
    }
  }
  // Only the translucent surface differs: the arrows and markers drawn over it stay.
  const test::ColourRegion changed = test::differingPixels(shown, hidden, 30);
  INFO("boxes x " << min_x << ".." << max_x << " y " << min_y << ".." << max_y);
  INFO("changed " << changed.count << " px, x " << changed.min_x << ".." << changed.max_x << " y "
                  << changed.min_y << ".." << changed.max_y);
  CHECK(changed.count > 500);
  constexpr double kMargin = 2.0;  // anti-aliasing
  CHECK(changed.min_x >= min_x - kMargin);
  CHECK(changed.max_x <= max_x + kMargin);
  CHECK(changed.min_y >= min_y - kMargin);
  CHECK(changed.max_y <= max_y + kMargin);

  view.setLayerVisible(render::Layer::IntersectionVolumes, true);
  const test::Image again = test::capture(view.scene(), "volumes_again.png", kWidth, kHeight);
  CHECK(test::differingPixels(shown, again, 30).count == 0);

  view.applyPreset(render::LayerPreset::CleanVideo);
  CHECK_FALSE(view.layerVisible(render::Layer::IntersectionVolumes));
  view.applyPreset(render::LayerPreset::Debug);
  CHECK(view.layerVisible(render::Layer::IntersectionVolumes));
  view.applyPreset(render::LayerPreset::Default);
  CHECK(view.layerVisible(render::Layer::IntersectionVolumes));
}

TEST_CASE("intersection volumes: empty for patch contacts", "[display]") {
  test::BallOnPlate patches;
  render::SimulationView view(patches.meshes());
  view.update(patches.frame);
  CHECK(view.contacts().counts().contour_lines == 1);
  CHECK(view.contacts().counts().intersection_triangles == 0);
  CHECK(layerData(view)->GetNumberOfPolys() == 0);

  // A volumetric frame, then a patch frame again: the layer is emptied, not left behind.
  const test::OverlappingBoxes boxes;
  view.update(frameOf(boxes));
  CHECK(view.contacts().counts().intersection_triangles > 0);
  view.update(patches.frame);
  CHECK(view.contacts().counts().intersection_triangles == 0);
}
