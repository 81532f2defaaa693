#include "mouse_spring_layer.h"

#include <vtkActor.h>
#include <vtkCoordinate.h>
#include <vtkLineSource.h>
#include <vtkNew.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

namespace contactsim::render {

namespace {
constexpr double kColour[3] = {1.0, 0.85, 0.1};  // amber: apart from bodies, arrows and patches
}

MouseSpringLayer::MouseSpringLayer(vtkRenderer* overlay)
    : overlay_(overlay),
      line_(vtkSmartPointer<vtkLineSource>::New()),
      line_actor_(vtkSmartPointer<vtkActor>::New()),
      ends_actor_(vtkSmartPointer<vtkActor>::New()),
      text_(vtkSmartPointer<vtkTextActor>::New()) {
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(line_->GetOutputPort());
  line_actor_->SetMapper(mapper);
  line_actor_->GetProperty()->SetColor(kColour[0], kColour[1], kColour[2]);
  line_actor_->GetProperty()->SetLineWidth(3.0);
  line_actor_->GetProperty()->LightingOff();
  // The same two points drawn as dots, so a spring of zero length still shows where it holds.
  ends_actor_->SetMapper(mapper);
  ends_actor_->GetProperty()->SetRepresentationToPoints();
  ends_actor_->GetProperty()->SetPointSize(9.0);
  ends_actor_->GetProperty()->RenderPointsAsSpheresOn();
  ends_actor_->GetProperty()->SetColor(kColour[0], kColour[1], kColour[2]);
  ends_actor_->GetProperty()->LightingOff();

  vtkTextProperty* text = text_->GetTextProperty();
  text->SetColor(kColour[0], kColour[1], kColour[2]);
  text->SetFontSize(16);
  text->BoldOn();
  text->ShadowOn();
  text_->SetTextScaleModeToNone();
  text_->GetPositionCoordinate()->SetCoordinateSystemToWorld();
  text->SetJustificationToLeft();
  text->SetVerticalJustificationToBottom();  // above and right of the target
  for (vtkActor* actor : {line_actor_.Get(), ends_actor_.Get()}) {
    actor->PickableOff();
    actor->VisibilityOff();
    overlay_->AddActor(actor);
  }
  text_->PickableOff();
  text_->VisibilityOff();
  overlay_->AddActor2D(text_);
}

MouseSpringLayer::~MouseSpringLayer() {
  overlay_->RemoveActor(line_actor_);
  overlay_->RemoveActor(ends_actor_);
  overlay_->RemoveActor2D(text_);
}

void MouseSpringLayer::show(const Vec3& point_world, const Vec3& target_world,
                            const std::string& label) {
  line_->SetPoint1(point_world.data());
  line_->SetPoint2(target_world.data());
  text_->GetPositionCoordinate()->SetValue(target_world.x(), target_world.y(), target_world.z());
  text_->SetInput(label.c_str());
  line_actor_->VisibilityOn();
  ends_actor_->VisibilityOn();
  text_->VisibilityOn();
}

void MouseSpringLayer::hide() {
  line_actor_->VisibilityOff();
  ends_actor_->VisibilityOff();
  text_->VisibilityOff();
}

bool MouseSpringLayer::visible() const { return line_actor_->GetVisibility() != 0; }

std::string MouseSpringLayer::label() const {
  const char* input = text_->GetInput();
  return input ? input : "";
}

}  // namespace contactsim::render
