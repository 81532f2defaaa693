// The mouse spring's drag: the plane and the target from the cursor, and the spring drawn.
#include "mouse_spring_drag.h"

#include <cmath>
#include <utility>

#include "simulation_view.h"
#include "tick_format.h"

namespace contactsim::gui {

Vec3 dragPlaneNormal(const Vec3& view_direction, bool horizontal, const Vec3& gravity) {
  if (!horizontal) return view_direction;
  // Without gravity "horizontal" is the world's xy plane.
  return gravity.norm() > 0.0 ? Vec3(gravity.normalized()) : Vec3::UnitZ();
}

std::optional<Vec3> dragTarget(const DragPlane& plane, const Vec3& ray_origin,
                               const Vec3& ray_direction) {
  // Ray–plane intersection: o + s·d with (o + s·d − p)·n = 0.
  const double along = ray_direction.dot(plane.normal_world);
  if (std::abs(along) < 1e-3) return std::nullopt;
  const double s = (plane.point_world - ray_origin).dot(plane.normal_world) / along;
  if (!(s > 0.0)) return std::nullopt;  // the plane is behind the eye
  return ray_origin + s * ray_direction;
}

Vec3 documentGravity(const nlohmann::json& scene) {
  const nlohmann::json& g = scene.value("gravity", nlohmann::json::array());
  return g.size() == 3 ? Vec3(g[0].get<double>(), g[1].get<double>(), g[2].get<double>())
                       : Vec3(0.0, 0.0, -9.81);
}

std::optional<MouseSpringDrag::Grab> MouseSpringDrag::start(render::SimulationView& view,
                                                            const SimulationFrame& frame, double x,
                                                            double y, bool horizontal,
                                                            const Vec3& gravity) {
  plane_.reset();
  const std::optional<render::SceneView::BodyPick> pick = view.scene().pickBodyPoint(x, y);
  if (!pick) return std::nullopt;
  const std::optional<std::size_t> index = view.sceneIndex(pick->body);
  if (!index || *index >= frame.bodies.size()) return std::nullopt;
  plane_ = DragPlane{pick->point_world,
                     dragPlaneNormal(view.scene().viewDirection(), horizontal, gravity)};
  return Grab{static_cast<int>(*index),
              frame.bodies[*index].pose.inverse().apply(pick->point_world), pick->point_world};
}

std::optional<Vec3> MouseSpringDrag::move(const render::SceneView& scene, double x,
                                          double y) const {
  if (!plane_) return std::nullopt;
  const render::SceneView::Ray ray = scene.displayRay(x, y);
  return dragTarget(*plane_, ray.origin_world, ray.direction_world);
}

bool MouseSpringDrag::end() { return std::exchange(plane_, std::nullopt).has_value(); }

void showMouseSpring(render::MouseSpringLayer& layer,
                     const std::optional<MouseSpringState>& spring) {
  if (!spring) {
    layer.hide();
    return;
  }
  layer.show(spring->point_world, spring->target_world,
             "|F| = " + formatEngineering(spring->force_world.norm(), "N"));
}

}  // namespace contactsim::gui
