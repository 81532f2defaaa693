// The VTK scene of the viewer: one actor per body, a ground grid, axes, camera and selection.
// Owns its renderers; a render window (Qt bridge or off-screen) shows them once attached.
// Bodies keep their mesh-frame data and are placed by a pose (the actor's UserMatrix), so a
// simulation moves them without touching the geometry; bodies sharing a mesh share its data.
#pragma once

#include <vtkRenderWindow.h>
#include <vtkSmartPointer.h>
#include <vtkWeakPointer.h>

#include <map>
#include <memory>
#include <optional>

#include "body_palette.h"
#include "geometry/pose.h"
#include "geometry/tri_mesh.h"
#include "ground_grid.h"
#include "mesh_polydata.h"

class vtkActor;
class vtkAxesActor;
class vtkCellPicker;
class vtkMatrix4x4;
class vtkPolyDataMapper;
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
  // A renderer drawn over the main one with the same camera and its own depth buffer: what is
  // added to it (contact glyphs, debug layers) stays visible inside and behind the bodies.
  vtkRenderer* overlayRenderer() const;

  // The body gets the next palette colour; ids are never reused, so colours stay stable when
  // other bodies are removed. The mesh is copied into VTK: the caller may drop it.
  BodyId addBody(const TriMesh& mesh);
  // Shares the mesh: every body given the same mesh object draws one vtkPolyData and mapper.
  BodyId addBody(std::shared_ptr<const TriMesh> mesh);
  void removeBody(BodyId id);
  std::size_t bodyCount() const { return bodies_.size(); }
  Rgb bodyColourOf(BodyId id) const { return bodyColour(static_cast<std::size_t>(id)); }

  // Places the body's mesh frame in the world (identity when added). Cheap: one matrix.
  void setBodyPose(BodyId id, const Pose& pose);
  Pose bodyPose(BodyId id) const;
  void setBodyVisible(BodyId id, bool visible);
  // 1 opaque (default) .. 0 invisible; e.g. a hull drawn see-through so the contacts behind its
  // plating show. Kept across selection and shading changes. Values outside [0, 1] are clamped.
  void setBodyOpacity(BodyId id, double opacity);
  double bodyOpacity(BodyId id) const;
  // The world box around all bodies at their current poses (empty without bodies).
  Box3 bodiesBounds() const;
  // Number of props in the main and overlay renderers (tests: constant across frames).
  int propCount() const;

  void setGroundGridVisible(bool visible);
  bool groundGridVisible() const;

  // Highlights one body (outline box, lifted brightness) or none.
  void setSelectedBody(std::optional<BodyId> id);
  std::optional<BodyId> selectedBody() const { return selected_; }

  void setShading(Shading shading);
  Shading shading() const { return shading_; }

  // Looks at all bodies from the view direction (default front-right, slightly above, z up),
  // framing them tightly, and lays the ground grid under them at their current poses.
  // Takes effect at the next render, when the viewport's aspect ratio is known.
  void resetCamera();
  // Direction from the framed bodies to the eye, and the world direction shown upwards.
  void setViewDirection(const Vec3& to_eye, const Vec3& up = Vec3::UnitZ());
  // An explicit camera instead of the fit (cancels a pending reset; lays the grid).
  void setCamera(const Vec3& eye, const Vec3& target, const Vec3& up = Vec3::UnitZ());
  // Moves the camera (eye and focal point together) by `offset`: what following a body does, so
  // the user's orbit and zoom around it are kept. A pending fit is done first.
  void translateCamera(const Vec3& offset);
  // The camera's eye and focal point now (after any pending fit).
  Vec3 cameraPosition() const;
  Vec3 cameraFocalPoint() const;

  // The body under a display position (pixels, origin bottom-left), if any. Ray casting on the
  // CPU: needs no GL context, so it is safe outside rendering.
  std::optional<BodyId> pickBody(double x, double y) const;
  // The body and the world point of its surface under a display position, if any.
  struct BodyPick {
    BodyId body;
    Vec3 point_world;
  };
  std::optional<BodyPick> pickBodyPoint(double x, double y) const;
  // The line of sight through a display position: from the near clipping plane, unit direction.
  struct Ray {
    Vec3 origin_world;
    Vec3 direction_world;
  };
  Ray displayRay(double x, double y) const;
  // Unit direction the camera looks in (world).
  Vec3 viewDirection() const;

 private:
  struct Body {
    vtkSmartPointer<vtkActor> actor;
    std::shared_ptr<const TriMesh> mesh;  // kept to rebuild the polydata when shading changes
    vtkSmartPointer<vtkMatrix4x4> pose_matrix;
    Pose pose;
    double opacity = 1.0;
    bool closed_shell = false;  // isClosedOutwardShell(*mesh): its back faces may be culled
  };

  // The one mapper (and polydata) of a mesh for the current shading, made on first use.
  vtkPolyDataMapper* meshMapper(const std::shared_ptr<const TriMesh>& mesh);
  void dropUnusedMeshMappers();

  void buildAxesCorner();
  void fitCamera();
  void updateGroundGrid();
  void updateSelectionOutline();
  void styleBodyActor(BodyId id, const Body& body) const;
  // Before each frame: turn the corner axes with the main camera, fit the clipping range.
  void onMainRenderStart();

  vtkSmartPointer<vtkRenderer> renderer_;
  vtkSmartPointer<vtkRenderer> overlay_renderer_;
  vtkSmartPointer<vtkRenderer> axes_renderer_;
  vtkSmartPointer<vtkAxesActor> axes_;
  vtkSmartPointer<vtkActor> grid_actor_;
  vtkSmartPointer<vtkActor> outline_actor_;
  vtkSmartPointer<vtkCellPicker> picker_;
  vtkWeakPointer<vtkRenderWindow> window_;
  unsigned long render_start_observer_ = 0;

  std::map<BodyId, Body> bodies_;
  std::map<const TriMesh*, vtkSmartPointer<vtkPolyDataMapper>> mesh_mappers_;
  Vec3 view_direction_ = Vec3(0.55, -1.0, 0.6);
  Vec3 view_up_ = Vec3::UnitZ();
  BodyId next_id_ = 0;
  std::optional<BodyId> selected_;
  Shading shading_ = Shading::Smooth;
  bool camera_fit_pending_ = true;
};

}  // namespace contactsim::render
