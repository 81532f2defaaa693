// The mouse spring's drag (Ctrl+left drag on a body): the picked surface point becomes a material
// point of the body, the cursor's point on a plane through it becomes the spring's target, and
// the worker applies both between steps (core/dynamics/mouse_spring.h). The plane faces the
// camera, or with Shift is horizontal (normal to gravity), and stays where the drag began. The
// geometry is plain functions so that it is checked without a view; the class keeps the plane
// between the view's mouse events.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "frame_mailbox.h"
#include "geometry/types.h"
#include "sim/simulation_frame.h"

namespace contactsim::render {
class MouseSpringLayer;
class SceneView;
class SimulationView;
}  // namespace contactsim::render

namespace contactsim::gui {

struct DragPlane {
  Vec3 point_world;
  Vec3 normal_world;  // unit
};

// The plane's normal: the camera's view direction, or for a horizontal drag gravity's direction
// (the world's z when there is no gravity).
Vec3 dragPlaneNormal(const Vec3& view_direction, bool horizontal, const Vec3& gravity);

// Where the cursor's ray (origin, unit direction) meets `plane` in front of its origin. None for
// a ray along the plane (grazing a horizontal plane has no useful point) or a plane behind the
// eye: the target then stays where it was.
std::optional<Vec3> dragTarget(const DragPlane& plane, const Vec3& ray_origin,
                               const Vec3& ray_direction);

// A scene document's gravity (docs/scene-format.md), the format's default when it has none.
Vec3 documentGravity(const nlohmann::json& scene);

class MouseSpringDrag {
 public:
  // What SimulationThread::grab takes: the body (scene index), the picked point in its body
  // frame, and the first target (the picked point itself).
  struct Grab {
    int body;
    Vec3 point_on_body;
    Vec3 target_world;
  };

  // Starts a drag at display point (x, y) of `view`, which shows `frame`: the point picked there
  // is a material point of its body from now on (in the body frame of the frame's pose), and the
  // plane passes through it (dragPlaneNormal). None, with no drag on, off the frame's bodies.
  std::optional<Grab> start(render::SimulationView& view, const SimulationFrame& frame, double x,
                            double y, bool horizontal, const Vec3& gravity);
  // The target for the cursor at display point (x, y) of `scene`; none while no drag is on or
  // when the cursor's ray misses the plane (dragTarget).
  std::optional<Vec3> move(const render::SceneView& scene, double x, double y) const;
  // Ends the drag; true when one was on (the worker holds a grab to release).
  bool end();
  const std::optional<DragPlane>& plane() const { return plane_; }

 private:
  std::optional<DragPlane> plane_;
};

// Draws the worker's spring, labelled with its force; hidden without one.
void showMouseSpring(render::MouseSpringLayer& layer,
                     const std::optional<MouseSpringState>& spring);

}  // namespace contactsim::gui
