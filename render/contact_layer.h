// The contact patches of one simulation frame drawn over the bodies: normal force arrows (green),
// friction arrows (red) at the centroids, contours, contact-plane discs, centroid and deepest-point
// markers, the penetrating triangles, and the intersection polyhedra of volumetric contact points.
// Optionally the penetrated triangles coloured by contact pressure with a colour bar, patches
// coloured stick or slip, and |F| written at the force arrows.
// A fixed set of actors, each with one polydata refilled in place per frame (glyphs instanced by
// one vtkGlyph3DMapper per layer): no actor per contact.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <vtkSmartPointer.h>

#include "body_palette.h"
#include "contact/patch_pressure.h"
#include "force_scale.h"
#include "geometry/tri_mesh.h"
#include "layers.h"
#include "pressure_legend.h"
#include "pressure_range.h"
#include "sim/simulation_frame.h"

class vtkActor;
class vtkActor2D;
class vtkArrowSource;
class vtkPolyData;
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
// Stick/slip colouring of a patch's contour and centroid: a blue and an orange, apart from the
// green and red arrows and from each other for colour-blind viewers.
inline constexpr Rgb kStickColour{0.20, 0.55, 1.0};
inline constexpr Rgb kSlipColour{1.0, 0.50, 0.05};
// Contours and centroids over the pressure colours: white is on no end of the colour map.
inline constexpr Rgb kPressureContourColour{0.97, 0.97, 0.97};

// What the patches are coloured by. Plain: the contact colours above (the default look).
// Pressure: the penetrated triangles by their pressure (patch_pressure.h), with a colour bar;
// contours and centroids white; the contact-plane discs are not drawn, their tint would falsify
// the colours. StickSlip: each patch's contour and centroid marker in kStickColour or
// kSlipColour; a contact without friction (or without normal force) keeps the plain colour.
enum class ContactColouring { Plain, Pressure, StickSlip };
// From "plain", "pressure", "stick-slip" (command-line options); nullopt for anything else.
std::optional<ContactColouring> colouringFromName(std::string_view name);

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

  // Takes effect at the next update.
  void setColouring(ContactColouring colouring) { colouring_ = colouring; }
  ContactColouring colouring() const { return colouring_; }
  // The pressure colours' range (run maximum by default); changes show at the next update.
  PressureRange& pressureRange() { return pressure_range_; }
  const PressureLegend& pressureLegend() const { return *legend_; }
  // |F| (the contact force's magnitude) written at the tip of each normal arrow; off by default.
  void setForceLabels(bool shown);
  bool forceLabels() const;

  // Layers handled here: NormalForces, FrictionForces, ContactContours, ContactPlanes,
  // ContactPoints, PenetratingTriangles, IntersectionVolumes (others are ignored; visible() gives
  // false for them).
  void setVisible(Layer layer, bool visible);
  bool visible(Layer layer) const;
  vtkActor* actor(Layer layer) const;  // null for layers not handled here

  // Glyph and cell counts of the last update (tests, benchmarks).
  struct Counts {
    long normal_arrows = 0, friction_arrows = 0, discs = 0, markers = 0, contour_lines = 0,
         triangles = 0, intersection_triangles = 0, pressure_triangles = 0, labels = 0;
  };
  Counts counts() const;

 private:
  struct Arrow {
    Vec3 at, direction;
    double force;
  };
  struct Label {
    Vec3 at, direction;
    double normal_force, magnitude;
  };
  void drawArrows(GlyphLayer& layer, const std::vector<Arrow>& arrows) const;
  void drawLabels();
  void drawTriangles(const ContactDiagnostics& contact, std::span<const BodyState> bodies);
  // The contact's penetrated triangles in their pressure's colour.
  void drawPressure(const ContactDiagnostics& contact, const PatchPressure& pressure,
                    std::span<const BodyState> bodies);
  // The legend's range from pressure_range_; whether pressure is shown (a range to show it in).
  bool updateLegend();
  void drawVolume(const ContactDiagnostics& contact);

  vtkRenderer* renderer_;
  vtkSmartPointer<vtkArrowSource> arrow_source_;
  vtkSmartPointer<vtkRegularPolygonSource> disc_source_;
  vtkSmartPointer<vtkSphereSource> marker_source_;
  std::unique_ptr<GlyphLayer> normal_arrows_, friction_arrows_, discs_, markers_;
  std::unique_ptr<CellLayer> contours_, triangles_, volumes_, pressure_triangles_;
  std::unique_ptr<PressureLegend> legend_;
  PressureRange pressure_range_;
  ContactColouring colouring_ = ContactColouring::Plain;
  vtkSmartPointer<vtkPolyData> label_data_;
  vtkSmartPointer<vtkActor2D> label_actor_;
  std::vector<Label> labels_;
  std::vector<std::shared_ptr<const TriMesh>> meshes_;
  std::vector<Arrow> normal_, friction_;  // kept to redraw when the force scale changes
  ForceScale force_scale_;
  double scene_scale_ = 1.0;
};

}  // namespace contactsim::render
