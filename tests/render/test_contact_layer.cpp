// Off-screen images of known contact snapshots: arrows, contours, discs where the patch is.
#include <vtkActor.h>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "render_test_support.h"

using namespace contactsim;
using test::BallOnPlate;

namespace {

constexpr int kWidth = 640, kHeight = 480;

// The pixels of `region` lie around the segment from `from` to `to` (within `margin` pixels of its
// bounding box), and the region reaches close to its far end.
void checkAlongSegment(const test::ColourRegion& region, const test::Pixel& from,
                       const test::Pixel& to, double margin) {
  INFO("segment (" << from.x << ", " << from.y << ") -> (" << to.x << ", " << to.y << ")");
  INFO("region " << region.count << " px, mean (" << region.mean_x << ", " << region.mean_y
                 << "), x " << region.min_x << ".." << region.max_x << ", y " << region.min_y
                 << ".." << region.max_y);
  CHECK(region.count > 150);
  CHECK(region.mean_x >= std::min(from.x, to.x) - margin);
  CHECK(region.mean_x <= std::max(from.x, to.x) + margin);
  CHECK(region.mean_y >= std::min(from.y, to.y) - margin);
  CHECK(region.mean_y <= std::max(from.y, to.y) + margin);
  // The mean lies on the arrow's side of its start, towards its end.
  const double dx = to.x - from.x, dy = to.y - from.y;
  CHECK((region.mean_x - from.x) * dx + (region.mean_y - from.y) * dy > 0.0);
  // The arrow's far end is drawn.
  const double far_x = dx > 0 ? region.max_x : region.min_x;
  const double far_y = dy > 0 ? region.max_y : region.min_y;
  if (std::abs(dx) > std::abs(dy)) {
    CHECK(std::abs(far_x - to.x) < margin);
  } else {
    CHECK(std::abs(far_y - to.y) < margin);
  }
}

}  // namespace

TEST_CASE("normal and friction arrows are drawn where the force acts, along the forces",
          "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  test::setUpFrontView(view, scene.frame);
  const test::Image image = test::capture(view.scene(), "contact_arrows.png", kWidth, kHeight);

  const ContactDiagnostics& c = scene.frame.contacts[0];
  const Vec3 at = c.patch.forcePoint();
  const auto start = test::project(view.scene(), at, kWidth, kHeight);
  // 100 N/m: 50 N → 0.5 m up, 20 N → 0.2 m along +x.
  const auto normal_tip = test::project(view.scene(), at + 0.5 * c.patch.normal, kWidth, kHeight);
  const auto friction_tip = test::project(view.scene(), at + Vec3(0.2, 0, 0), kWidth, kHeight);
  // Drawn at the contour's centroid instead, the normal arrow would lie this far to the left.
  REQUIRE(start.x - test::project(view.scene(), c.patch.centroid, kWidth, kHeight).x > 12);
  REQUIRE(normal_tip.y < start.y - 50);    // up in the image
  REQUIRE(friction_tip.x > start.x + 30);  // to the right

  SECTION("green normal arrow") {
    checkAlongSegment(test::findForceColour(image, render::kNormalForceColour), start, normal_tip,
                      10);
  }
  SECTION("red friction arrow") {
    checkAlongSegment(test::findForceColour(image, render::kFrictionForceColour), start,
                      friction_tip, 10);
  }
  SECTION("time stamp and both bodies are drawn") {
    CHECK(test::findColour(image, view.scene().bodyColourOf(view.viewId(0))).count > 2000);
    CHECK(test::findColour(image, view.scene().bodyColourOf(view.viewId(1))).count > 2000);
  }
}

TEST_CASE("the contour is drawn where the loop is", "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  test::setUpFrontView(view, scene.frame);
  // Only the contour in the contact colour: the centroid marker has the same colour.
  view.setLayerVisible(render::Layer::ContactPoints, false);
  view.setLayerVisible(render::Layer::NormalForces, false);
  view.setLayerVisible(render::Layer::FrictionForces, false);
  view.setLayerVisible(render::Layer::ContactPlanes, false);
  const test::Image image = test::capture(view.scene(), "contact_contour.png", kWidth, kHeight);

  double min_x = 1e9, max_x = -1e9, min_y = 1e9, max_y = -1e9;
  for (const Vec3& p : scene.frame.contacts[0].patch.loops[0]) {
    const auto q = test::project(view.scene(), p, kWidth, kHeight);
    min_x = std::min(min_x, q.x);
    max_x = std::max(max_x, q.x);
    min_y = std::min(min_y, q.y);
    max_y = std::max(max_y, q.y);
  }
  const auto contour = test::findColour(image, render::kContourColour);
  INFO("loop x " << min_x << ".." << max_x << " y " << min_y << ".." << max_y);
  INFO("contour pixels " << contour.count << " x " << contour.min_x << ".." << contour.max_x
                         << " y " << contour.min_y << ".." << contour.max_y);
  CHECK(contour.count > 100);
  constexpr double kTolerance = 4.0;  // line width and anti-aliasing
  CHECK(std::abs(contour.min_x - min_x) < kTolerance);
  CHECK(std::abs(contour.max_x - max_x) < kTolerance);
  CHECK(std::abs(contour.min_y - min_y) < kTolerance);
  CHECK(std::abs(contour.max_y - max_y) < kTolerance);
}

TEST_CASE("toggling a layer off removes its pixels", "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  view.applyPreset(render::LayerPreset::Debug);
  // The body frames' x and y axes are red and green lines: not force arrows.
  view.setLayerVisible(render::Layer::BodyFrames, false);
  test::setUpFrontView(view, scene.frame);
  const test::Image all = test::capture(view.scene(), "contact_all_layers.png", kWidth, kHeight);
  const auto centre = test::project(view.scene(), Vec3::Zero(), kWidth, kHeight);

  SECTION("normal forces") {
    view.setLayerVisible(render::Layer::NormalForces, false);
    const auto image = test::capture(view.scene(), "contact_no_normals.png", kWidth, kHeight);
    CHECK(test::findForceColour(all, render::kNormalForceColour).count > 150);
    CHECK(test::findForceColour(image, render::kNormalForceColour).count < 5);
  }
  SECTION("friction forces") {
    view.setLayerVisible(render::Layer::FrictionForces, false);
    const auto image = test::capture(view.scene(), "contact_no_friction.png", kWidth, kHeight);
    CHECK(test::findForceColour(all, render::kFrictionForceColour).count > 150);
    CHECK(test::findForceColour(image, render::kFrictionForceColour).count < 5);
  }
  SECTION("contact plane disc") {
    // Over the bodies, not over the translucent triangles (the disc's edge blends into them).
    view.setLayerVisible(render::Layer::PenetratingTriangles, false);
    const auto with_disc = test::capture(view.scene(), "contact_disc.png", kWidth, kHeight);
    view.setLayerVisible(render::Layer::ContactPlanes, false);
    const auto image = test::capture(view.scene(), "contact_no_disc.png", kWidth, kHeight);
    const auto changed = test::differingPixels(with_disc, image, 30);
    // The disc of radius 0.2 around the centroid, seen obliquely: an ellipse about its
    // projected centre, wider than tall.
    const auto left = test::project(view.scene(), Vec3(-0.2, 0, 0), kWidth, kHeight);
    const auto right = test::project(view.scene(), Vec3(0.2, 0, 0), kWidth, kHeight);
    INFO("changed " << changed.count << " px, x " << changed.min_x << ".." << changed.max_x
                    << ", mean (" << changed.mean_x << ", " << changed.mean_y << ")");
    CHECK(changed.count > 500);
    CHECK(std::abs(changed.min_x - left.x) < 4);
    CHECK(std::abs(changed.max_x - right.x) < 4);
    CHECK(std::abs(changed.mean_x - centre.x) < 6);
    CHECK(changed.max_x - changed.min_x > changed.max_y - changed.min_y);
  }
  SECTION("contour, markers, triangles") {
    for (render::Layer layer : {render::Layer::ContactContours, render::Layer::ContactPoints,
                                render::Layer::PenetratingTriangles}) {
      INFO("layer " << render::layerName(layer));
      view.setLayerVisible(layer, false);
      const auto image = test::capture(
          view.scene(), "contact_no_" + std::string(render::layerName(layer)) + ".png", kWidth,
          kHeight);
      const auto changed = test::differingPixels(all, image);
      CHECK(changed.count > 20);
      CHECK(std::abs(changed.mean_x - centre.x) < 40);
      view.setLayerVisible(layer, true);
    }
  }
  SECTION("the clean video preset hides the debug layers") {
    view.applyPreset(render::LayerPreset::CleanVideo);
    for (render::Layer layer :
         {render::Layer::PenetratingTriangles, render::Layer::AabbTree, render::Layer::BodyFrames,
          render::Layer::JointAxes, render::Layer::ContactPoints}) {
      CHECK_FALSE(view.layerVisible(layer));
    }
    CHECK(view.layerVisible(render::Layer::NormalForces));
    CHECK(view.layerVisible(render::Layer::FrictionForces));
    CHECK(view.layerVisible(render::Layer::TimeStamp));
    test::capture(view.scene(), "contact_clean_video.png", kWidth, kHeight);
  }
}

TEST_CASE("a real patch of a ball in a plate, with the debug layers", "[display]") {
  BallOnPlate scene;  // meshes and poses; the patch comes from the contact code
  const AabbTree plate_tree(*scene.plate), ball_tree(*scene.ball);
  SimulationFrame frame = scene.frame;
  frame.bodies[1].pose.translation.z() = BallOnPlate::kRadius - 0.04;
  const ContactRegions regions =
      findContact(plate_tree, frame.bodies[0].pose, ball_tree, frame.bodies[1].pose);
  REQUIRE(regions.patches.size() == 1);
  ContactDiagnostics& c = frame.contacts[0];
  c.patch = regions.patches[0];
  c.normal_force = 80.0;
  c.friction_force = Vec3(-15.0, 25.0, 0.0);

  render::SimulationView view(scene.meshes());
  view.applyPreset(render::LayerPreset::Debug);
  view.debug().setAabbTree(1, &ball_tree, 3);
  view.debug().setJointAxes({{1, Vec3::Zero(), Vec3::UnitY()}});
  view.debug().setCables(
      {{.points = {{-1, Vec3(-0.8, 0.0, 0.9)}, {1, Vec3(0.0, 0.0, BallOnPlate::kRadius)}},
        .guide = std::nullopt}});
  frame.cables.push_back({1.0, 10.0});
  test::setUpFrontView(view, frame);
  view.fitForceScale(frame);

  const auto counts = view.contacts().counts();
  CHECK(counts.normal_arrows == 1);
  CHECK(counts.friction_arrows == 1);
  CHECK(counts.contour_lines == long(c.patch.loops.size()));
  CHECK(counts.triangles == long(c.patch.triangles_a.size() + c.patch.triangles_b.size()));
  CHECK(counts.triangles > 0);
  CHECK(view.debug().aabbBoxCount() == 1 + 2 + 4 + 8);

  const test::Image image = test::capture(view.scene(), "contact_real_debug.png", 800, 600);
  CHECK(test::findForceColour(image, render::kNormalForceColour).count > 100);
  CHECK(test::findForceColour(image, render::kFrictionForceColour).count > 100);
  // The AABB boxes are in the body frame, moved by the ball's pose: the root box is the ball's.
  double bounds[6];
  view.debug().actor(render::Layer::AabbTree)->GetBounds(bounds);
  const Vec3 ball_centre = frame.bodies[1].pose.translation;
  CHECK(0.5 * (bounds[0] + bounds[1]) == Approx(ball_centre.x()).margin(1e-3));
  CHECK(0.5 * (bounds[4] + bounds[5]) == Approx(ball_centre.z()).margin(1e-3));
  CHECK(bounds[5] - bounds[4] == Approx(2 * BallOnPlate::kRadius).margin(1e-3));
  for (render::Layer layer :
       {render::Layer::AabbTree, render::Layer::BodyFrames, render::Layer::JointAxes}) {
    INFO("layer " << render::layerName(layer));
    view.setLayerVisible(layer, false);
    const auto without = test::capture(
        view.scene(), "contact_real_no_" + std::string(render::layerName(layer)) + ".png", 800,
        600);
    CHECK(test::differingPixels(image, without).count > 30);
    view.setLayerVisible(layer, true);
  }
  view.setLayerVisible(render::Layer::Cables, false);
  const test::Image no_cable = test::capture(view.scene(), "contact_real_no_cable.png", 800, 600);
  CHECK(test::differingPixels(image, no_cable).count > 50);
  view.applyPreset(render::LayerPreset::Default);
  test::capture(view.scene(), "contact_real_default.png", 800, 600);
}
