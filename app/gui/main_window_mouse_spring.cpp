// MainWindow's mouse spring (Ctrl+left drag on a body): the view's drag events handed to the drag
// (mouse_spring_drag.h) and its grab, target and release to the worker; a fixed body's refusal
// said in the status bar.
#include <QStatusBar>

#include "edited_scene.h"
#include "main_window.h"
#include "simulation_thread.h"
#include "vtk_view_widget.h"

namespace contactsim::gui {

void MainWindow::connectMouseSpring() {
  connect(view_, &VtkViewWidget::bodyDragStarted, this,
          [this](double vtk_x, double vtk_y, bool horizontal) {
            mouse_spring_.end();  // no drag unless this press starts one
            const SimulationFrame* shown = shownFrame();
            if (!shown || replaying()) return;
            const std::optional<MouseSpringDrag::Grab> grab =
                mouse_spring_.start(*sim_view_, *shown, vtk_x, vtk_y, horizontal,
                                    documentGravity(scene_->document().json()));
            if (grab) simulation_->grab(grab->body, grab->point_on_body, grab->target_world);
          });
  connect(view_, &VtkViewWidget::bodyDragMoved, this, [this](double vtk_x, double vtk_y) {
    if (!sim_view_) return;
    if (const std::optional<Vec3> target = mouse_spring_.move(sim_view_->scene(), vtk_x, vtk_y))
      simulation_->moveGrab(*target);
  });
  connect(view_, &VtkViewWidget::bodyDragEnded, this, [this] {
    if (mouse_spring_.end()) simulation_->release();
  });
  connect(&simulation_->worker(), &SimulationWorker::grabRefused, this, [this](int body) {
    const QString name = body >= 0 && body < body_names_.size() ? body_names_[body] : "The body";
    statusBar()->showMessage(name + " is fixed: it cannot be dragged", 5000);
  });
}

}  // namespace contactsim::gui
