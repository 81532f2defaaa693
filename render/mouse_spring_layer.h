// The mouse spring drawn over the bodies: a line from the grabbed body point to the target and a
// label with the force beside the target. The caller formats the label (e.g. "|F| = 152 N").
#pragma once

#include <vtkSmartPointer.h>

#include <string>

#include "geometry/types.h"

class vtkActor;
class vtkLineSource;
class vtkRenderer;
class vtkTextActor;

namespace contactsim::render {

class MouseSpringLayer {
 public:
  // Adds its (hidden) actors to `overlay` (SceneView::overlayRenderer: drawn over the bodies).
  explicit MouseSpringLayer(vtkRenderer* overlay);
  ~MouseSpringLayer();
  MouseSpringLayer(const MouseSpringLayer&) = delete;
  MouseSpringLayer& operator=(const MouseSpringLayer&) = delete;

  void show(const Vec3& point_world, const Vec3& target_world, const std::string& label);
  void hide();
  bool visible() const;
  std::string label() const;

 private:
  vtkRenderer* overlay_;
  vtkSmartPointer<vtkLineSource> line_;
  vtkSmartPointer<vtkActor> line_actor_;
  vtkSmartPointer<vtkActor> ends_actor_;  // dots at both ends
  vtkSmartPointer<vtkTextActor> text_;
};

}  // namespace contactsim::render
