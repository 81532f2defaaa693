// The mouse spring's drag (app/gui/mouse_spring_drag.h) without a window: the plane's normal and
// the cursor's target on it as plain geometry, then a drag started and moved on an off-screen view
// of a box, checked against the camera's own projection.
#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "geometry/primitives.h"
#include "mouse_spring_drag.h"
#include "simulation_view.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

void checkNear(const Vec3& actual, const Vec3& expected, double margin) {
  INFO("actual (" << actual.transpose() << "), expected (" << expected.transpose() << ")");
  CHECK((actual - expected).norm() <= margin);
}

// VTK display coordinates (pixels, origin bottom-left) of a world point.
Vec3 displayPoint(render::SceneView& scene, const Vec3& world) {
  vtkRenderer* renderer = scene.renderer();
  renderer->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
  renderer->WorldToDisplay();
  double point[3];
  renderer->GetDisplayPoint(point);
  return {point[0], point[1], point[2]};
}

}  // namespace

TEST_CASE("the drag plane faces the camera or is normal to gravity", "[geometry]") {
  const Vec3 view_direction = Vec3(1.0, -2.0, -0.5).normalized();
  checkNear(dragPlaneNormal(view_direction, false, Vec3(0, 0, -9.81)), view_direction, 1e-15);
  checkNear(dragPlaneNormal(view_direction, true, Vec3(0, 0, -9.81)), Vec3(0, 0, -1), 1e-15);
  checkNear(dragPlaneNormal(view_direction, true, Vec3(3, 0, -4)), Vec3(0.6, 0, -0.8), 1e-15);
  // Without gravity the horizontal plane is the world's xy plane.
  checkNear(dragPlaneNormal(view_direction, true, Vec3::Zero()), Vec3::UnitZ(), 0.0);

  checkNear(documentGravity({{"gravity", {0.0, -9.81, 0.0}}}), Vec3(0, -9.81, 0), 0.0);
  checkNear(documentGravity(nlohmann::json::object()), Vec3(0, 0, -9.81), 0.0);
}

TEST_CASE("the target is where the cursor's ray meets the plane, in front of the eye",
          "[geometry]") {
  const DragPlane plane{Vec3(0.1, 0.2, 0.3), Vec3(1.0, 1.0, 2.0).normalized()};
  const Vec3 origin(1.0, 1.0, 2.0);
  const Vec3 direction = Vec3(-1.0, -2.0, -3.0).normalized();
  const std::optional<Vec3> target = dragTarget(plane, origin, direction);
  REQUIRE(target);
  CHECK((*target - plane.point_world).dot(plane.normal_world) == Approx(0.0).margin(1e-12));
  CHECK((*target - origin).cross(direction).norm() == Approx(0.0).margin(1e-12));
  CHECK((*target - origin).dot(direction) > 0.0);

  // Along the plane (and grazing it within 1e-3): no target, the last one stays.
  const Vec3 along = plane.normal_world.cross(Vec3::UnitX()).normalized();
  CHECK_FALSE(dragTarget(plane, origin, along));
  CHECK_FALSE(dragTarget(plane, origin, (along + 5e-4 * plane.normal_world).normalized()));
  // Looking away from the plane: it is behind the eye.
  CHECK_FALSE(dragTarget(plane, origin, -direction));
}

TEST_CASE("a drag on a view grabs the picked point and moves the target in its plane",
          "[display]") {
  // A body without a mesh first: the drag names bodies by scene index, not by the view's id.
  auto box = std::make_shared<const TriMesh>(makeBox(Vec3(0.05, 0.05, 0.05)));
  render::SimulationView view({nullptr, box});
  SimulationFrame frame;
  frame.bodies.resize(2);
  Pose& pose = frame.bodies[1].pose;
  pose.translation = Vec3(0.0, 0.0, 0.1);
  pose.rotation = Eigen::AngleAxisd(0.5, Vec3::UnitZ()).toRotationMatrix();
  view.setBodyPoses(std::vector<Pose>{Pose::identity(), pose});
  render::SceneView& scene = view.scene();
  scene.setCamera(Vec3(0.4, -0.6, 0.5), Vec3(0.0, 0.0, 0.1));
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(640, 400);
  scene.attach(window);
  window->Render();

  const Vec3 gravity(0.0, 0.0, -9.81);
  MouseSpringDrag drag;
  const Vec3 top(0.0, 0.0, 0.15);  // the middle of the box's top face
  const Vec3 grip = displayPoint(scene, top);
  const std::optional<MouseSpringDrag::Grab> grab =
      drag.start(view, frame, grip.x(), grip.y(), false, gravity);
  REQUIRE(grab);
  CHECK(grab->body == 1);
  checkNear(grab->target_world, top, 1e-3);
  checkNear(pose.apply(grab->point_on_body), grab->target_world, 1e-12);
  REQUIRE(drag.plane());
  CHECK(drag.plane()->point_world == grab->target_world);
  checkNear(drag.plane()->normal_world, scene.viewDirection(), 1e-12);

  // The cursor where a point 0.3 m higher shows: the target lies on the plane, under the cursor.
  const Vec3 up = displayPoint(scene, Vec3(0.0, 0.0, 0.45));
  const std::optional<Vec3> target = drag.move(scene, up.x(), up.y());
  REQUIRE(target);
  CHECK((*target - drag.plane()->point_world).dot(drag.plane()->normal_world) ==
        Approx(0.0).margin(1e-9));
  const Vec3 shown = displayPoint(scene, *target);
  CHECK(shown.x() == Approx(up.x()).margin(0.01));
  CHECK(shown.y() == Approx(up.y()).margin(0.01));
  CHECK(target->z() > top.z() + 0.1);

  CHECK(drag.end());
  CHECK_FALSE(drag.end());
  CHECK_FALSE(drag.move(scene, up.x(), up.y()));

  // Shift: the plane is horizontal, so the target keeps the grip's height wherever the cursor is.
  REQUIRE(drag.start(view, frame, grip.x(), grip.y(), true, gravity));
  checkNear(drag.plane()->normal_world, Vec3(0, 0, -1), 0.0);
  const std::optional<Vec3> level = drag.move(scene, grip.x() + 40.0, grip.y() + 25.0);
  REQUIRE(level);
  CHECK(level->z() == Approx(drag.plane()->point_world.z()).margin(1e-9));

  // Off every body: no grab and no drag left on.
  CHECK_FALSE(drag.start(view, frame, 2.0, 2.0, false, gravity));
  CHECK_FALSE(drag.plane());
  CHECK_FALSE(drag.end());

  // The window's GL objects go while its context exists; then the view lets go of it.
  window->Finalize();
  scene.attach(nullptr);
}
