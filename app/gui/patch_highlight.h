// The inspector's selection drawn over the scene: a ring around the contact in its contact plane,
// about the centroid and a little larger than the patch, and for a volumetric contact point the
// edges of its intersection polyhedra; in the overlay renderer so they stay visible.
#pragma once

#include <vtkSmartPointer.h>

#include <optional>

#include "sim/contact_diagnostics.h"

class vtkActor;
class vtkPolyData;
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

  // Rings `contact` (radius from its area, at least `min_radius`) and outlines its intersection
  // polyhedra if it has any, or hides both.
  void show(const std::optional<ContactDiagnostics>& contact, double min_radius);

  // The outline's actor and its input, the selected point's surface (tests).
  vtkActor* volumeActor() const;
  vtkPolyData* volumeSurface() const;

 private:
  void showVolume(const std::vector<Vec3>& surface_world);

  vtkRenderer* renderer_;
  vtkSmartPointer<vtkRegularPolygonSource> ring_;
  vtkSmartPointer<vtkActor> actor_;
  vtkSmartPointer<vtkPolyData> volume_;
  vtkSmartPointer<vtkActor> volume_actor_;
};

}  // namespace contactsim::gui
