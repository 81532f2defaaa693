// The contact patches of one simulation frame drawn over the bodies: normal force arrows (green),
// friction arrows (red) at the centroids, contours, contact-plane discs, centroid and deepest-point
// markers, the penetrating triangles, and the intersection polyhedra of volumetric contact points.
// A fixed set of actors, each with one polydata refilled in place per frame (glyphs instanced by
// one vtkGlyph3DMapper per layer): no actor per contact.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include <vtkSmartPointer.h>

#include "body_palette.h"
#include "force_scale.h"
#include "geometry/tri_mesh.h"
#include "layers.h"
#include "sim/simulation_frame.h"

class vtkActor;
class vtkArrowSource;
class vtkRegularPolygonSource;
class vtkRenderer;
class vtkSphereSource;

namespace contactsim::render {

class CellLayer;
class GlyphLayer;

// Colours of the contact layer, also used by the tests to find its pixels.
inline constexpr Rgb kNormalForceColour{0.15, 0.95, 0.25};
inline constexpr Rgb kFrictionForceColour{1.0, 0.12, 0.10};
inline constexpr Rgb kContourColour{1.0, 0.88, 0.10};
inline constexpr Rgb kContactPlaneColour{0.80, 0.90, 1.0};
inline constexpr Rgb kCentroidColour{1.0, 0.88, 0.10};
inline constexpr Rgb kBodyAColour{0.95, 0.30, 0.90};  // deepest point and triangles of body A
inline constexpr Rgb kBodyBColour{0.25, 0.90, 1.0};   // and of body B
// The intersection polyhedra: a blue-violet none of the other contact colours is near.
inline constexpr Rgb kIntersectionVolumeColour{0.40, 0.30, 1.0};

class ContactLayer {
 public:
  // Adds the layer's actors to `renderer` (normally SceneView::overlayRenderer()).
  explicit ContactLayer(vtkRenderer* renderer);
  ~ContactLayer();
  ContactLayer(const ContactLayer&) = delete;
  ContactLayer& operator=(const ContactLayer&) = delete;

  // Body meshes in scene order (null for bodies without one): the penetrating triangles' source.
  void setMeshes(std::vector<std::shared_ptr<const TriMesh>> meshes);
  // A length typical of the scene (m), e.g. its bounding-box diagonal: sets the arrow thickness,
  // marker size and the smallest disc radius so they stay visible at any scene size (arrows are
  // redrawn at once, markers and discs at the next update).
  void setSceneScale(double length);
  double sceneScale() const { return scene_scale_; }

  void setForceScale(const ForceScale& scale);  // redraws the current arrows
  const ForceScale& forceScale() const { return force_scale_; }

  // Draws these patches; `bodies` (scene order) places the penetrating triangles.
  void update(std::span<const ContactDiagnostics> contacts, std::span<const BodyState> bodies);
  void update(const SimulationFrame& frame) { update(frame.contacts, frame.bodies); }

  // Layers handled here: NormalForces, FrictionForces, ContactContours, ContactPlanes,
  // ContactPoints, PenetratingTriangles, IntersectionVolumes (others are ignored; visible() gives
  // false for them).
  void setVisible(Layer layer, bool visible);
  bool visible(Layer layer) const;
  vtkActor* actor(Layer layer) const;  // null for layers not handled here

  // Glyph and cell counts of the last update (tests, benchmarks).
  struct Counts {
    long normal_arrows = 0, friction_arrows = 0, discs = 0, markers = 0, contour_lines = 0,
         triangles = 0, intersection_triangles = 0;
  };
  Counts counts() const;

 private:
  struct Arrow {
    Vec3 at, direction;
    double force;
  };
  void drawArrows(GlyphLayer& layer, const std::vector<Arrow>& arrows) const;
  void drawTriangles(const ContactDiagnostics& contact, std::span<const BodyState> bodies);
  void drawVolume(const ContactDiagnostics& contact);

  vtkRenderer* renderer_;
  vtkSmartPointer<vtkArrowSource> arrow_source_;
  vtkSmartPointer<vtkRegularPolygonSource> disc_source_;
  vtkSmartPointer<vtkSphereSource> marker_source_;
  std::unique_ptr<GlyphLayer> normal_arrows_, friction_arrows_, discs_, markers_;
  std::unique_ptr<CellLayer> contours_, triangles_, volumes_;
  std::vector<std::shared_ptr<const TriMesh>> meshes_;
  std::vector<Arrow> normal_, friction_;  // kept to redraw when the force scale changes
  ForceScale force_scale_;
  double scene_scale_ = 1.0;
};

}  // namespace contactsim::render
