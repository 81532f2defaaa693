// MainWindow's mouse spring (Ctrl+left drag on a body): the picked surface point becomes a material
// point of the body, the cursor's point on a plane through it becomes the spring's target, and
// the worker applies both between steps (core/dynamics/mouse_spring.h). The plane faces the
// camera, or with Shift is horizontal (normal to gravity), and stays where the drag began.
#include <QStatusBar>

#include "main_window.h"
#include "simulation_thread.h"
#include "tick_format.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

void MainWindow::onBodyDragStarted(double vtk_x, double vtk_y, bool horizontal) {
  body_drag_.reset();
  if (!sim_view_ || !shown_ || replaying()) return;
  const std::optional<render::SceneView::BodyPick> pick =
      sim_view_->scene().pickBodyPoint(vtk_x, vtk_y);
  if (!pick) return;
  std::optional<int> index;
  for (std::size_t i = 0; i < sim_view_->bodyCount(); ++i) {
    if (sim_view_->viewId(i) == pick->body) index = static_cast<int>(i);
  }
  if (!index || *index >= static_cast<int>(shown_->bodies.size())) return;
  Vec3 normal = sim_view_->scene().viewDirection();
  if (horizontal) {
    const nlohmann::json& g = document_.json().value("gravity", nlohmann::json::array());
    const Vec3 gravity = g.size() == 3
                             ? Vec3(g[0].get<double>(), g[1].get<double>(), g[2].get<double>())
                             : Vec3(0.0, 0.0, -9.81);
    // Without gravity "horizontal" is the world's xy plane.
    normal = gravity.norm() > 0.0 ? Vec3(gravity.normalized()) : Vec3::UnitZ();
  }
  body_drag_ = BodyDrag{pick->point_world, normal};
  // The picked point in the body frame of the shown frame's pose: a material point from now on.
  const Vec3 point_on_body = shown_->bodies[*index].pose.inverse().apply(pick->point_world);
  simulation_->grab(*index, point_on_body, pick->point_world);
}

void MainWindow::onBodyDragMoved(double vtk_x, double vtk_y) {
  if (!body_drag_ || !sim_view_) return;
  const render::SceneView::Ray ray = sim_view_->scene().displayRay(vtk_x, vtk_y);
  // Ray–plane intersection: o + s·d with (o + s·d − p)·n = 0. A ray along the plane (grazing a
  // horizontal plane) has no useful point: the target stays.
  const double along = ray.direction_world.dot(body_drag_->plane_normal_world);
  if (std::abs(along) < 1e-3) return;
  const double s =
      (body_drag_->plane_point_world - ray.origin_world).dot(body_drag_->plane_normal_world) /
      along;
  if (!(s > 0.0)) return;  // the plane is behind the eye
  simulation_->moveGrab(ray.origin_world + s * ray.direction_world);
}

void MainWindow::onBodyDragEnded() {
  if (!body_drag_) return;
  body_drag_.reset();
  simulation_->release();
}

void MainWindow::onGrabRefused(int body) {
  const QString name = body >= 0 && body < body_names_.size() ? body_names_[body] : "The body";
  statusBar()->showMessage(name + " is fixed: it cannot be dragged", 5000);
}

void MainWindow::showMouseSpring(const std::optional<MouseSpringState>& spring) {
  if (!sim_view_) return;
  render::MouseSpringLayer& layer = sim_view_->mouseSpring();
  if (!spring) {
    layer.hide();
    return;
  }
  layer.show(spring->point_world, spring->target_world,
             "|F| = " + formatEngineering(spring->force_world.norm(), "N"));
}

}  // namespace contactsim::gui
