// The VTK scene of the viewer: one actor per body, a ground grid, axes, camera and selection.
// Owns its renderers; a render window (Qt bridge or off-screen) shows them once attached.
#pragma once

#include <vtkRenderWindow.h>
#include <vtkSmartPointer.h>
#include <vtkWeakPointer.h>

#include <map>
#include <optional>

#include "body_palette.h"
#include "geometry/tri_mesh.h"
#include "ground_grid.h"
#include "mesh_polydata.h"

class vtkActor;
class vtkAxesActor;
class vtkCellPicker;
class vtkRenderer;

namespace contactsim::render {

using BodyId = int;

class SceneView {
 public:
  SceneView();
  ~SceneView();
  SceneView(const SceneView&) = delete;
  SceneView& operator=(const SceneView&) = delete;

  // Adds the renderers to `window` (detaching from any previous window first). The window
  // holds the GL resources: release them (Finalize) while the view is attached. A window
  // deleted while attached simply ends the attachment.
  void attach(vtkRenderWindow* window);
  void detach();
  vtkRenderWindow* window() const { return window_; }
  // The main 3D renderer, e.g. for an interactor's style.
  vtkRenderer* renderer() const;

  // The body gets the next palette colour; ids are never reused, so colours stay stable when
  // other bodies are removed. The mesh is copied into VTK: the caller may drop it.
  BodyId addBody(const TriMesh& mesh);
  void removeBody(BodyId id);
  std::size_t bodyCount() const { return bodies_.size(); }
  Rgb bodyColourOf(BodyId id) const { return bodyColour(static_cast<std::size_t>(id)); }

  // Highlights one body (outline box, lifted brightness) or none.
  void setSelectedBody(std::optional<BodyId> id);
  std::optional<BodyId> selectedBody() const { return selected_; }

  void setShading(Shading shading);
  Shading shading() const { return shading_; }

  // Looks at all bodies from the front-right, slightly above, z up, framing them tightly.
  // Takes effect at the next render, when the viewport's aspect ratio is known.
  void resetCamera();

  // The body under a display position (pixels, origin bottom-left), if any. Ray casting on the
  // CPU: needs no GL context, so it is safe outside rendering.
  std::optional<BodyId> pickBody(double x, double y) const;

 private:
  struct Body {
    vtkSmartPointer<vtkActor> actor;
    TriMesh mesh;  // kept to rebuild the polydata when the shading changes
  };

  void buildAxesCorner();
  void fitCamera();
  void updateGroundGrid();
  void updateSelectionOutline();
  void styleBodyActor(BodyId id, vtkActor& actor) const;
  Box3 bodiesBounds() const;
  // Before each frame: turn the corner axes with the main camera, fit the clipping range.
  void onMainRenderStart();

  vtkSmartPointer<vtkRenderer> renderer_;
  vtkSmartPointer<vtkRenderer> axes_renderer_;
  vtkSmartPointer<vtkAxesActor> axes_;
  vtkSmartPointer<vtkActor> grid_actor_;
  vtkSmartPointer<vtkActor> outline_actor_;
  vtkSmartPointer<vtkCellPicker> picker_;
  vtkWeakPointer<vtkRenderWindow> window_;
  unsigned long render_start_observer_ = 0;

  std::map<BodyId, Body> bodies_;
  BodyId next_id_ = 0;
  std::optional<BodyId> selected_;
  Shading shading_ = Shading::Smooth;
  bool camera_fit_pending_ = true;
};

}  // namespace contactsim::render
