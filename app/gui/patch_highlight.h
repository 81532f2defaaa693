// A ring drawn around one contact patch (the inspector's selection): a circle in the contact plane
// about the centroid, a little larger than the patch, in the overlay renderer so it stays visible.
#pragma once

#include <vtkSmartPointer.h>

#include <optional>

#include "sim/contact_diagnostics.h"

class vtkActor;
class vtkRegularPolygonSource;
class vtkRenderer;

namespace contactsim::gui {

inline constexpr double kHighlightRgb[3] = {1.0, 0.2, 1.0};  // magenta

class PatchHighlight {
 public:
  explicit PatchHighlight(vtkRenderer* renderer);
  ~PatchHighlight();
  PatchHighlight(const PatchHighlight&) = delete;
  PatchHighlight& operator=(const PatchHighlight&) = delete;

  // Rings `contact` (radius from its area, at least `min_radius`), or hides the ring.
  void show(const std::optional<ContactDiagnostics>& contact, double min_radius);

 private:
  vtkRenderer* renderer_;
  vtkSmartPointer<vtkRegularPolygonSource> ring_;
  vtkSmartPointer<vtkActor> actor_;
};

}  // namespace contactsim::gui
