#include "simulation_view.h"

#include <vtkCommand.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace contactsim::render {

SimulationView::SimulationView(std::vector<std::shared_ptr<const TriMesh>> meshes)
    : meshes_(std::move(meshes)), time_text_(vtkSmartPointer<vtkTextActor>::New()) {
  for (const auto& mesh : meshes_) view_ids_.push_back(mesh ? scene_.addBody(mesh) : -1);
  contacts_ = std::make_unique<ContactLayer>(scene_.overlayRenderer());
  contacts_->setMeshes(meshes_);
  debug_ = std::make_unique<DebugLayers>(scene_.overlayRenderer(), scene_.renderer());
  mouse_spring_ = std::make_unique<MouseSpringLayer>(scene_.overlayRenderer());

  vtkTextProperty* text = time_text_->GetTextProperty();
  text->SetFontFamilyToCourier();  // fixed width: the stamp does not jitter as digits change
  text->BoldOn();
  text->SetColor(0.95, 0.95, 0.95);
  text->SetFontSize(18);
  text->ShadowOn();
  text->SetJustificationToLeft();
  text->SetVerticalJustificationToTop();
  time_text_->SetTextScaleModeToNone();
  time_text_->GetPositionCoordinate()->SetCoordinateSystemToNormalizedViewport();
  time_text_->SetPosition(0.015, 0.975);
  time_text_->PickableOff();
  time_text_->SetInput("");
  scene_.overlayRenderer()->AddActor2D(time_text_);
  render_start_observer_ = scene_.overlayRenderer()->AddObserver(
      vtkCommand::StartEvent, this, &SimulationView::onOverlayRenderStart);
  applyPreset(LayerPreset::Default);
}

SimulationView::~SimulationView() {
  scene_.overlayRenderer()->RemoveObserver(render_start_observer_);
  scene_.overlayRenderer()->RemoveActor2D(time_text_);
  mouse_spring_.reset();
  debug_.reset();
  contacts_.reset();
}

void SimulationView::onOverlayRenderStart() {
  const int* size = scene_.overlayRenderer()->GetSize();
  time_text_->GetTextProperty()->SetFontSize(std::clamp(size[1] / 28, 12, 48));
}

std::optional<std::size_t> SimulationView::sceneIndex(BodyId id) const {
  if (id < 0) return std::nullopt;
  const auto it = std::find(view_ids_.begin(), view_ids_.end(), id);
  if (it == view_ids_.end()) return std::nullopt;
  return static_cast<std::size_t>(it - view_ids_.begin());
}

void SimulationView::setBodyPoses(std::span<const Pose> poses) {
  const std::size_t n = std::min(poses.size(), view_ids_.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (view_ids_[i] >= 0) scene_.setBodyPose(view_ids_[i], poses[i]);
  }
}

void SimulationView::fitToScene() {
  const Box3 box = scene_.bodiesBounds();
  const double scale = box.isEmpty() ? 1.0 : std::max(box.diagonal().norm(), 1e-9);
  contacts_->setSceneScale(scale);
  debug_->setSceneScale(scale);
  scene_.resetCamera();
}

void SimulationView::update(const SimulationFrame& frame) {
  const std::size_t n = std::min(frame.bodies.size(), view_ids_.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (view_ids_[i] >= 0) scene_.setBodyPose(view_ids_[i], frame.bodies[i].pose);
  }
  if (!fitted_) {
    fitToScene();
    fitted_ = true;
  }
  contacts_->update(frame);
  debug_->update(frame);
  setTime(frame.time);
  if (!frame_ || &frame != &*frame_) frame_ = frame;  // not when drawing the kept frame again
}

void SimulationView::setTime(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "t = %.3f s", seconds);
  time_text_->SetInput(text);
}

void SimulationView::setLayerVisible(Layer layer, bool visible) {
  contacts_->setVisible(layer, visible);
  debug_->setVisible(layer, visible);
  if (layer == Layer::TimeStamp) time_text_->SetVisibility(visible);
  if (layer == Layer::GroundGrid) scene_.setGroundGridVisible(visible);
}

bool SimulationView::layerVisible(Layer layer) const {
  if (layer == Layer::TimeStamp) return time_text_->GetVisibility() != 0;
  if (layer == Layer::GroundGrid) return scene_.groundGridVisible();
  return contacts_->visible(layer) || debug_->visible(layer);
}

void SimulationView::applyPreset(LayerPreset preset) {
  for (Layer layer : kAllLayers) setLayerVisible(layer, presetShows(preset, layer));
}

void SimulationView::fitForceScale(const SimulationFrame& frame, double fraction,
                                   double max_fraction) {
  double largest = 0.0;
  for (const ContactDiagnostics& c : frame.contacts) {
    largest = std::max({largest, c.normal_force, c.friction_force.norm()});
  }
  if (!(largest > 0.0) || !std::isfinite(largest)) return;
  ForceScale scale = contacts_->forceScale();
  const double length = fraction * contacts_->sceneScale();
  scale.newtons_per_metre = largest / length;
  scale.max_length = max_fraction * contacts_->sceneScale();
  contacts_->setForceScale(scale);
}

}  // namespace contactsim::render
