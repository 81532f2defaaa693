#include "patch_highlight.h"

#include <vtkActor.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRegularPolygonSource.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactsim::gui {

PatchHighlight::PatchHighlight(vtkRenderer* renderer)
    : renderer_(renderer),
      ring_(vtkSmartPointer<vtkRegularPolygonSource>::New()),
      actor_(vtkSmartPointer<vtkActor>::New()) {
  ring_->SetNumberOfSides(48);
  ring_->GeneratePolygonOff();
  ring_->GeneratePolylineOn();
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputConnection(ring_->GetOutputPort());
  actor_->SetMapper(mapper);
  actor_->GetProperty()->SetColor(kHighlightRgb[0], kHighlightRgb[1], kHighlightRgb[2]);
  actor_->GetProperty()->SetLineWidth(4.0);
  actor_->GetProperty()->LightingOff();
  actor_->PickableOff();
  actor_->VisibilityOff();
  renderer_->AddActor(actor_);
}

PatchHighlight::~PatchHighlight() { renderer_->RemoveActor(actor_); }

void PatchHighlight::show(const std::optional<ContactDiagnostics>& contact, double min_radius) {
  if (!contact) {
    actor_->VisibilityOff();
    return;
  }
  const ContactPatch& patch = contact->patch;
  const double radius =
      std::max(min_radius, 1.3 * std::sqrt(std::max(patch.area, 0.0) / std::numbers::pi));
  ring_->SetCenter(patch.centroid.data());
  Vec3 normal = patch.normal.norm() > 0.0 ? patch.normal.normalized() : Vec3::UnitZ();
  ring_->SetNormal(normal.data());
  ring_->SetRadius(radius);
  actor_->VisibilityOn();
}

}  // namespace contactsim::gui
