#include "contact_layer.h"

#include <vtkActor.h>
#include <vtkActor2D.h>
#include <vtkArrowSource.h>
#include <vtkLabeledDataMapper.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRegularPolygonSource.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>
#include <vtkStringArray.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "engineering_format.h"
#include "poly_layers.h"

namespace contactsim::render {

namespace {

// Sizes relative to the scene scale (ContactLayer::setSceneScale).
constexpr double kArrowThickness = 0.07;  // arrows longer than this keep this thickness
constexpr double kCentroidRadius = 0.007;
constexpr double kDeepestPointRadius = 0.005;
constexpr double kMinDiscRadius = 0.015;
// VTK draws wide lines in the core profile as several offset passes: 2 px keeps that cheap.
constexpr double kContourWidthPixels = 2.0;
// Translucent enough to see the bodies' faces and the point's marker and arrow through it.
constexpr double kVolumeOpacity = 0.5;

void styleSolid(vtkActor& actor, const Rgb& colour) {
  setActorColour(actor, colour);
  vtkProperty* p = actor.GetProperty();
  p->SetAmbient(0.45);
  p->SetDiffuse(0.65);
  p->SetSpecular(0.2);
}

void styleFlat(vtkActor& actor, const Rgb& colour) {
  setActorColour(actor, colour);
  actor.GetProperty()->LightingOff();
}

bool finite(const Vec3& v) { return v.allFinite(); }

// The contour and centroid colour of a patch under the given colouring.
Rgb patchColour(const ContactDiagnostics& c, ContactColouring colouring) {
  if (colouring == ContactColouring::Pressure) return kPressureContourColour;
  if (colouring != ContactColouring::StickSlip) return kContourColour;
  switch (c.frictionState()) {
    case FrictionState::Stick:
      return kStickColour;
    case FrictionState::Slip:
      return kSlipColour;
    case FrictionState::None:
      break;
  }
  return kContourColour;
}

// The part of a triangle with (x − point)·direction ≥ 0 (Sutherland–Hodgman against one plane):
// empty, or a convex polygon of three or four corners.
std::vector<Vec3> beyondPlane(const std::array<Vec3, 3>& corners, const Vec3& point,
                              const Vec3& direction) {
  std::array<double, 3> d;
  for (int k = 0; k < 3; ++k) d[k] = (corners[k] - point).dot(direction);
  std::vector<Vec3> kept;
  for (int k = 0; k < 3; ++k) {
    const int next = (k + 1) % 3;
    if (d[k] >= 0.0) kept.push_back(corners[k]);
    if ((d[k] >= 0.0) != (d[next] >= 0.0)) {
      const double s = d[k] / (d[k] - d[next]);
      kept.push_back(corners[k] + s * (corners[next] - corners[k]));
    }
  }
  return kept;
}

constexpr std::array<std::pair<ContactColouring, std::string_view>, 3> kColouringNames{
    {{ContactColouring::Plain, "plain"},
     {ContactColouring::Pressure, "pressure"},
     {ContactColouring::StickSlip, "stick-slip"}}};

}  // namespace

std::optional<ContactColouring> colouringFromName(std::string_view name) {
  for (const auto& [c, n] : kColouringNames) {
    if (n == name) return c;
  }
  return std::nullopt;
}

ContactLayer::ContactLayer(vtkRenderer* renderer)
    : renderer_(renderer),
      arrow_source_(vtkSmartPointer<vtkArrowSource>::New()),
      disc_source_(vtkSmartPointer<vtkRegularPolygonSource>::New()),
      marker_source_(vtkSmartPointer<vtkSphereSource>::New()) {
  // Unit arrow along +x; a slightly bigger head than VTK's default reads better when small.
  arrow_source_->SetTipResolution(14);
  arrow_source_->SetShaftResolution(10);
  arrow_source_->SetTipLength(0.3);
  arrow_source_->SetTipRadius(0.12);
  arrow_source_->SetShaftRadius(0.04);
  // Unit disc facing +x (the glyph's x axis is turned onto the patch normal).
  disc_source_->SetNumberOfSides(48);
  disc_source_->SetRadius(1.0);
  disc_source_->SetNormal(1.0, 0.0, 0.0);
  disc_source_->SetCenter(0.0, 0.0, 0.0);
  disc_source_->GeneratePolygonOn();
  disc_source_->GeneratePolylineOff();
  marker_source_->SetRadius(1.0);
  // Small on screen: a coarse sphere looks round and keeps hundreds of them cheap.
  marker_source_->SetThetaResolution(10);
  marker_source_->SetPhiResolution(6);

  normal_arrows_ = std::make_unique<GlyphLayer>(arrow_source_->GetOutputPort(), false);
  friction_arrows_ = std::make_unique<GlyphLayer>(arrow_source_->GetOutputPort(), false);
  discs_ = std::make_unique<GlyphLayer>(disc_source_->GetOutputPort(), false);
  markers_ = std::make_unique<GlyphLayer>(marker_source_->GetOutputPort(), true);
  contours_ = std::make_unique<CellLayer>(CellLayer::Kind::Lines, true);
  triangles_ = std::make_unique<CellLayer>(CellLayer::Kind::Polygons, true);
  volumes_ = std::make_unique<CellLayer>(CellLayer::Kind::Polygons, false);
  pressure_triangles_ = std::make_unique<CellLayer>(CellLayer::Kind::Polygons, true);

  styleSolid(*normal_arrows_->actor(), kNormalForceColour);
  styleSolid(*friction_arrows_->actor(), kFrictionForceColour);
  styleSolid(*markers_->actor(), kCentroidColour);
  // Arrows and marker spheres are closed outward solids, opaque and scaled by positive factors:
  // their back faces are always behind their front ones. Culling them spares shading those drawn
  // first, a third of a frame with 300 patches under software OpenGL (bench_render).
  for (GlyphLayer* solid : {normal_arrows_.get(), friction_arrows_.get(), markers_.get()}) {
    solid->actor()->GetProperty()->BackfaceCullingOn();
  }
  styleFlat(*discs_->actor(), kContactPlaneColour);
  discs_->actor()->GetProperty()->SetOpacity(0.35);
  styleFlat(*contours_->actor(), kContourColour);
  contours_->actor()->GetProperty()->SetLineWidth(kContourWidthPixels);
  styleFlat(*triangles_->actor(), kBodyAColour);
  triangles_->actor()->GetProperty()->SetOpacity(0.55);
  // The triangles often lie in the contact plane (a flat face): pushed back a little in depth so
  // the disc and contour in that plane are drawn over them, not z-fighting with them.
  if (auto* mapper = triangles_->actor()->GetMapper()) {
    mapper->SetResolveCoincidentTopologyToPolygonOffset();
    mapper->SetRelativeCoincidentTopologyPolygonOffsetParameters(2.0, 4.0);
  }
  // Opaque and unlit: the colour is the colour bar's, whatever the light. Pushed back in depth
  // like the penetrating triangles, so contours and markers stay on top.
  styleFlat(*pressure_triangles_->actor(), kContourColour);
  if (auto* mapper = pressure_triangles_->actor()->GetMapper()) {
    mapper->SetResolveCoincidentTopologyToPolygonOffset();
    mapper->SetRelativeCoincidentTopologyPolygonOffsetParameters(2.0, 4.0);
  }
  legend_ = std::make_unique<PressureLegend>(renderer_);

  label_data_ = vtkSmartPointer<vtkPolyData>::New();
  label_data_->SetPoints(vtkSmartPointer<vtkPoints>::New());
  vtkNew<vtkStringArray> label_text;
  label_text->SetName("label");
  label_data_->GetPointData()->AddArray(label_text);
  vtkNew<vtkLabeledDataMapper> label_mapper;
  label_mapper->SetInputData(label_data_);
  label_mapper->SetLabelModeToLabelFieldData();
  label_mapper->SetFieldDataName("label");
  vtkTextProperty* text = label_mapper->GetLabelTextProperty();
  text->SetColor(0.95, 0.95, 0.95);
  text->SetFontSize(15);
  text->BoldOn();
  text->ShadowOn();
  text->SetJustificationToLeft();
  text->SetVerticalJustificationToCentered();
  label_actor_ = vtkSmartPointer<vtkActor2D>::New();
  label_actor_->SetMapper(label_mapper);
  label_actor_->PickableOff();
  label_actor_->SetVisibility(false);

  // Lit, so the polyhedron's faces read apart. The surfaces are closed and convex, wound
  // counter-clockwise outside: culling the back faces leaves one front face per pixel and
  // polyhedron, so the translucent blend does not depend on the order of the triangles.
  styleSolid(*volumes_->actor(), kIntersectionVolumeColour);
  volumes_->actor()->GetProperty()->SetOpacity(kVolumeOpacity);
  volumes_->actor()->GetProperty()->BackfaceCullingOn();

  // Translucent layers first in the list only matters for picking; order of drawing is VTK's.
  for (Layer layer : kAllLayers) {
    if (vtkActor* a = actor(layer)) renderer_->AddActor(a);
  }
  renderer_->AddActor(pressure_triangles_->actor());
  renderer_->AddActor2D(label_actor_);
  setVisible(Layer::PenetratingTriangles, false);
}

ContactLayer::~ContactLayer() {
  for (Layer layer : kAllLayers) {
    if (vtkActor* a = actor(layer)) renderer_->RemoveActor(a);
  }
  renderer_->RemoveActor(pressure_triangles_->actor());
  renderer_->RemoveActor2D(label_actor_);
}

void ContactLayer::setForceLabels(bool shown) { label_actor_->SetVisibility(shown); }

bool ContactLayer::forceLabels() const { return label_actor_->GetVisibility() != 0; }

vtkActor* ContactLayer::actor(Layer layer) const {
  switch (layer) {
    case Layer::NormalForces:
      return normal_arrows_->actor();
    case Layer::FrictionForces:
      return friction_arrows_->actor();
    case Layer::ContactContours:
      return contours_->actor();
    case Layer::ContactPlanes:
      return discs_->actor();
    case Layer::ContactPoints:
      return markers_->actor();
    case Layer::PenetratingTriangles:
      return triangles_->actor();
    case Layer::IntersectionVolumes:
      return volumes_->actor();
    default:
      return nullptr;
  }
}

void ContactLayer::setVisible(Layer layer, bool visible) {
  if (vtkActor* a = actor(layer)) a->SetVisibility(visible);
}

bool ContactLayer::visible(Layer layer) const {
  vtkActor* a = actor(layer);
  return a != nullptr && a->GetVisibility() != 0;
}

void ContactLayer::setMeshes(std::vector<std::shared_ptr<const TriMesh>> meshes) {
  meshes_ = std::move(meshes);
}

void ContactLayer::setSceneScale(double length) {
  if (length > 0.0 && std::isfinite(length)) scene_scale_ = length;
  drawArrows(*normal_arrows_, normal_);
  drawArrows(*friction_arrows_, friction_);
  drawLabels();
}

void ContactLayer::setForceScale(const ForceScale& scale) {
  force_scale_ = scale;
  drawArrows(*normal_arrows_, normal_);
  drawArrows(*friction_arrows_, friction_);
  drawLabels();
}

void ContactLayer::drawLabels() {
  vtkPoints* points = label_data_->GetPoints();
  auto* text = vtkStringArray::SafeDownCast(label_data_->GetPointData()->GetAbstractArray("label"));
  points->Reset();
  text->Reset();
  for (const Label& label : labels_) {
    // At the normal arrow's tip (its base without one), a space off it.
    const double length = force_scale_.length(label.normal_force);
    const Vec3 tip = label.at + label.direction * length;
    points->InsertNextPoint(tip.data());
    text->InsertNextValue("  |F| = " + formatQuantity(label.magnitude, "N"));
  }
  points->Modified();
  text->Modified();
  label_data_->Modified();
}

void ContactLayer::drawArrows(GlyphLayer& layer, const std::vector<Arrow>& arrows) const {
  layer.clear();
  const double thickness = kArrowThickness * scene_scale_;
  for (const Arrow& arrow : arrows) {
    const double length = force_scale_.length(arrow.force);
    if (!(length > 0.0)) continue;
    // Short arrows shrink as a whole (keeping the arrow's proportions), long ones only lengthen.
    const double width = std::min(thickness, length);
    layer.add(arrow.at, arrow.direction, Vec3(length, width, width));
  }
  layer.commit();
}

void ContactLayer::update(std::span<const ContactDiagnostics> contacts,
                          std::span<const BodyState> bodies) {
  normal_.clear();
  friction_.clear();
  discs_->clear();
  markers_->clear();
  contours_->clear();
  triangles_->clear();
  volumes_->clear();
  pressure_triangles_->clear();
  labels_.clear();

  // Every frame's peak counts first, shown or not: the colours of this frame are in a range that
  // holds it, and switching to pressure colouring mid-run shows the run's range.
  std::vector<PatchPressure> pressures;
  pressures.reserve(contacts.size());
  for (const ContactDiagnostics& c : contacts) {
    pressures.push_back(patchPressure(c.patch, c.normal_force));
    pressure_range_.observe(pressures.back().peak);
  }
  const bool pressure_shown = updateLegend();

  const double min_disc = kMinDiscRadius * scene_scale_;
  const Vec3 centroid_size = Vec3::Constant(kCentroidRadius * scene_scale_);
  const Vec3 deepest_size = Vec3::Constant(kDeepestPointRadius * scene_scale_);
  std::vector<vtkIdType> ids;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const ContactDiagnostics& c = contacts[i];
    const ContactPatch& patch = c.patch;
    if (pressure_shown) drawPressure(c, pressures[i], bodies);
    if (!finite(patch.centroid)) continue;
    const bool has_normal = finite(patch.normal) && patch.normal.norm() > 0.5;
    // The forces are drawn where they act, the disc and marker where the contour is.
    const Vec3 force_point = finite(patch.forcePoint()) ? patch.forcePoint() : patch.centroid;
    if (has_normal) {
      normal_.push_back({force_point, patch.normal, c.normal_force});
      const double radius =
          std::max(std::sqrt(std::max(patch.area, 0.0) / std::numbers::pi), min_disc);
      if (colouring_ != ContactColouring::Pressure)
        discs_->add(patch.centroid, patch.normal, Vec3::Constant(radius));
    }
    const double magnitude = c.force().norm();
    if (std::isfinite(magnitude)) {
      labels_.push_back({force_point, has_normal ? patch.normal : Vec3::Zero(),
                         has_normal ? c.normal_force : 0.0, magnitude});
    }
    const double friction = c.friction_force.norm();
    if (friction > 0.0 && std::isfinite(friction)) {
      friction_.push_back({force_point, c.friction_force / friction, friction});
    }

    const Rgb patch_colour = patchColour(c, colouring_);
    markers_->add(patch.centroid, Vec3::UnitX(), centroid_size, patch_colour);
    if (patch.depth_a > 0.0 && finite(patch.deepest_point_a)) {
      markers_->add(patch.deepest_point_a, Vec3::UnitX(), deepest_size, kBodyAColour);
    }
    if (patch.depth_b > 0.0 && finite(patch.deepest_point_b)) {
      markers_->add(patch.deepest_point_b, Vec3::UnitX(), deepest_size, kBodyBColour);
    }

    for (const std::vector<Vec3>& loop : patch.loops) {
      if (loop.size() < 2) continue;
      ids.clear();
      for (const Vec3& p : loop) ids.push_back(contours_->addPoint(p));
      ids.push_back(ids.front());  // closed
      contours_->addCell(ids.data(), static_cast<vtkIdType>(ids.size()));
      contours_->addColour(patch_colour);
    }
    if (visible(Layer::PenetratingTriangles)) drawTriangles(c, bodies);
    // Filled even while hidden (unlike the penetrating triangles, no mesh look-up: a copy of a
    // few triangles per point), so showing the layer on a paused frame shows it at once.
    drawVolume(c);
  }
  drawArrows(*normal_arrows_, normal_);
  drawArrows(*friction_arrows_, friction_);
  drawLabels();
  discs_->commit();
  markers_->commit();
  contours_->commit();
  triangles_->commit();
  volumes_->commit();
}

void ContactLayer::drawTriangles(const ContactDiagnostics& contact,
                                 std::span<const BodyState> bodies) {
  auto draw = [&](int body, const std::vector<std::int32_t>& triangles, const Rgb& colour) {
    if (body < 0 || static_cast<std::size_t>(body) >= meshes_.size() || !meshes_[body]) return;
    if (static_cast<std::size_t>(body) >= bodies.size()) return;
    const TriMesh& mesh = *meshes_[body];
    const Pose& pose = bodies[body].pose;
    for (std::int32_t t : triangles) {
      if (t < 0 || static_cast<std::size_t>(t) >= mesh.triangleCount()) continue;
      const vtkIdType a = triangles_->addPoint(pose.apply(mesh.corner(t, 0)));
      const vtkIdType b = triangles_->addPoint(pose.apply(mesh.corner(t, 1)));
      const vtkIdType c = triangles_->addPoint(pose.apply(mesh.corner(t, 2)));
      triangles_->addCell({a, b, c});
      triangles_->addColour(colour);
    }
  };
  draw(contact.body_a, contact.patch.triangles_a, kBodyAColour);
  draw(contact.body_b, contact.patch.triangles_b, kBodyBColour);
}

void ContactLayer::drawPressure(const ContactDiagnostics& contact, const PatchPressure& pressure,
                                std::span<const BodyState> bodies) {
  // The pressure acts where a body reaches beyond the contact plane (A along +normal, B along
  // −normal): a wall's thin strip, not its whole triangle. The centre of pressure lies in it.
  const Vec3& plane_point = contact.patch.pressure_centre;
  const Vec3& plane_normal = contact.patch.normal;
  if (!finite(plane_point) || !finite(plane_normal)) return;
  std::vector<vtkIdType> ids;
  auto draw = [&](int body, const std::vector<TrianglePressure>& triangles, double side) {
    if (body < 0 || static_cast<std::size_t>(body) >= meshes_.size() || !meshes_[body]) return;
    if (static_cast<std::size_t>(body) >= bodies.size()) return;
    const TriMesh& mesh = *meshes_[body];
    const Pose& pose = bodies[body].pose;
    for (const TrianglePressure& t : triangles) {
      if (t.triangle < 0 || static_cast<std::size_t>(t.triangle) >= mesh.triangleCount()) continue;
      const std::array<Vec3, 3> corners{pose.apply(mesh.corner(t.triangle, 0)),
                                        pose.apply(mesh.corner(t.triangle, 1)),
                                        pose.apply(mesh.corner(t.triangle, 2))};
      const std::vector<Vec3> part = beyondPlane(corners, plane_point, side * plane_normal);
      if (part.size() < 3) continue;
      ids.clear();
      for (const Vec3& p : part) ids.push_back(pressure_triangles_->addPoint(p));
      pressure_triangles_->addCell(ids.data(), static_cast<vtkIdType>(ids.size()));
      pressure_triangles_->addColour(legend_->colour(t.pressure));
    }
  };
  draw(contact.body_a, pressure.a, 1.0);
  draw(contact.body_b, pressure.b, -1.0);
}

bool ContactLayer::updateLegend() {
  const auto range = pressure_range_.range();
  const bool shown = colouring_ == ContactColouring::Pressure && range.has_value();
  if (range) {
    const std::string note = pressure_range_.isFixed()
                                 ? std::string("fixed range")
                                 : "run max " + formatQuantity(pressure_range_.runMaximum(), "Pa");
    legend_->setRange(range->first, range->second, note);
  }
  legend_->setVisible(shown);
  pressure_triangles_->actor()->SetVisibility(shown);
  return shown;
}

void ContactLayer::drawVolume(const ContactDiagnostics& contact) {
  const std::vector<Vec3>& surface = contact.intersection_surface_world;
  for (std::size_t k = 0; k + 2 < surface.size(); k += 3) {
    if (!finite(surface[k]) || !finite(surface[k + 1]) || !finite(surface[k + 2])) continue;
    const vtkIdType a = volumes_->addPoint(surface[k]);
    const vtkIdType b = volumes_->addPoint(surface[k + 1]);
    const vtkIdType c = volumes_->addPoint(surface[k + 2]);
    volumes_->addCell({a, b, c});
  }
}

ContactLayer::Counts ContactLayer::counts() const {
  Counts n;
  n.normal_arrows = normal_arrows_->glyphCount();
  n.friction_arrows = friction_arrows_->glyphCount();
  n.discs = discs_->glyphCount();
  n.markers = markers_->glyphCount();
  n.contour_lines = contours_->cellCount();
  n.triangles = triangles_->cellCount();
  n.intersection_triangles = volumes_->cellCount();
  n.pressure_triangles = pressure_triangles_->cellCount();
  n.labels = label_data_->GetNumberOfPoints();
  return n;
}

}  // namespace contactsim::render
