#include "contact_layer.h"

#include <vtkActor.h>
#include <vtkArrowSource.h>
#include <vtkMapper.h>
#include <vtkProperty.h>
#include <vtkRegularPolygonSource.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>

#include <algorithm>
#include <cmath>
#include <numbers>

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

}  // namespace

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
  contours_ = std::make_unique<CellLayer>(CellLayer::Kind::Lines, false);
  triangles_ = std::make_unique<CellLayer>(CellLayer::Kind::Polygons, true);
  volumes_ = std::make_unique<CellLayer>(CellLayer::Kind::Polygons, false);

  styleSolid(*normal_arrows_->actor(), kNormalForceColour);
  styleSolid(*friction_arrows_->actor(), kFrictionForceColour);
  styleSolid(*markers_->actor(), kCentroidColour);
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
  setVisible(Layer::PenetratingTriangles, false);
}

ContactLayer::~ContactLayer() {
  for (Layer layer : kAllLayers) {
    if (vtkActor* a = actor(layer)) renderer_->RemoveActor(a);
  }
}

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
}

void ContactLayer::setForceScale(const ForceScale& scale) {
  force_scale_ = scale;
  drawArrows(*normal_arrows_, normal_);
  drawArrows(*friction_arrows_, friction_);
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

  const double min_disc = kMinDiscRadius * scene_scale_;
  const Vec3 centroid_size = Vec3::Constant(kCentroidRadius * scene_scale_);
  const Vec3 deepest_size = Vec3::Constant(kDeepestPointRadius * scene_scale_);
  std::vector<vtkIdType> ids;
  for (const ContactDiagnostics& c : contacts) {
    const ContactPatch& patch = c.patch;
    if (!finite(patch.centroid)) continue;
    const bool has_normal = finite(patch.normal) && patch.normal.norm() > 0.5;
    if (has_normal) {
      normal_.push_back({patch.centroid, patch.normal, c.normal_force});
      const double radius =
          std::max(std::sqrt(std::max(patch.area, 0.0) / std::numbers::pi), min_disc);
      discs_->add(patch.centroid, patch.normal, Vec3::Constant(radius));
    }
    const double friction = c.friction_force.norm();
    if (friction > 0.0 && std::isfinite(friction)) {
      friction_.push_back({patch.centroid, c.friction_force / friction, friction});
    }

    markers_->add(patch.centroid, Vec3::UnitX(), centroid_size, kCentroidColour);
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
    }
    if (visible(Layer::PenetratingTriangles)) drawTriangles(c, bodies);
    // Filled even while hidden (unlike the penetrating triangles, no mesh look-up: a copy of a
    // few triangles per point), so showing the layer on a paused frame shows it at once.
    drawVolume(c);
  }
  drawArrows(*normal_arrows_, normal_);
  drawArrows(*friction_arrows_, friction_);
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
  return n;
}

}  // namespace contactsim::render
