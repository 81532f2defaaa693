#include "scene_view.h"

#include <vtkActor.h>
#include <vtkAxesActor.h>
#include <vtkCamera.h>
#include <vtkCaptionActor2D.h>
#include <vtkCellPicker.h>
#include <vtkCommand.h>
#include <vtkLightKit.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkOutlineSource.h>
#include <vtkPolyDataMapper.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include "closed_shell.h"
#include "vtk_pose.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactsim::render {

namespace {

// Dark blue-grey gradient: bright body colours and the light grid stand out, and it is far
// in hue and saturation from every palette colour.
constexpr double kBackgroundBottom[3] = {0.30, 0.32, 0.38};
constexpr double kBackgroundTop[3] = {0.10, 0.11, 0.14};
constexpr double kGridColour[3] = {0.62, 0.64, 0.68};
constexpr double kHighlightColour[3] = {1.0, 1.0, 1.0};
// Fraction of the window taken by the axes corner (bottom-left).
constexpr double kAxesCornerSize = 0.2;
// Window layers: bodies, then the overlay (own depth buffer), then the axes corner.
constexpr int kMainLayer = 0;
constexpr int kOverlayLayer = 1;
constexpr int kAxesLayer = 2;

void setRgb(vtkProperty& property, const Rgb& c) { property.SetColor(c.r, c.g, c.b); }

void styleAxisLabel(vtkCaptionActor2D* caption) {
  // Fixed-size labels: the default scales text with the tiny corner viewport and blurs it.
  caption->GetTextActor()->SetTextScaleModeToNone();
  vtkTextProperty* text = caption->GetCaptionTextProperty();
  text->SetFontSize(14);
  text->BoldOn();
  text->ItalicOff();
  text->ShadowOff();
  text->SetColor(0.95, 0.95, 0.95);
}

}  // namespace

SceneView::SceneView()
    : renderer_(vtkSmartPointer<vtkRenderer>::New()),
      overlay_renderer_(vtkSmartPointer<vtkRenderer>::New()),
      axes_renderer_(vtkSmartPointer<vtkRenderer>::New()),
      axes_(vtkSmartPointer<vtkAxesActor>::New()),
      grid_actor_(vtkSmartPointer<vtkActor>::New()),
      outline_actor_(vtkSmartPointer<vtkActor>::New()),
      picker_(vtkSmartPointer<vtkCellPicker>::New()) {
  renderer_->GradientBackgroundOn();
  renderer_->SetBackground(kBackgroundBottom[0], kBackgroundBottom[1], kBackgroundBottom[2]);
  renderer_->SetBackground2(kBackgroundTop[0], kBackgroundTop[1], kBackgroundTop[2]);
  // Key, fill and back lights that follow the camera: faces at different angles get visibly
  // different shades, which a single headlight does not give.
  renderer_->RemoveAllLights();
  vtkNew<vtkLightKit> lights;
  lights->AddLightsToRenderer(renderer_);
  renderer_->SetLayer(kMainLayer);

  // Same camera, drawn after the bodies with a cleared depth buffer and no background.
  overlay_renderer_->SetLayer(kOverlayLayer);
  overlay_renderer_->SetActiveCamera(renderer_->GetActiveCamera());
  overlay_renderer_->InteractiveOff();
  overlay_renderer_->RemoveAllLights();
  vtkNew<vtkLightKit> overlay_lights;
  overlay_lights->AddLightsToRenderer(overlay_renderer_);

  grid_actor_->PickableOff();
  grid_actor_->GetProperty()->SetColor(kGridColour[0], kGridColour[1], kGridColour[2]);
  grid_actor_->GetProperty()->SetOpacity(0.55);
  grid_actor_->GetProperty()->LightingOff();
  // Drawn with the opaque props, blended over the background: a translucent prop makes VTK run
  // its order-independent translucency pass (full-window buffers and a composite) every frame,
  // a third of an empty frame's cost under software OpenGL (bench_render). The picture is the same:
  // the grid is added first, so it is drawn before the bodies, and it lies under them all.
  grid_actor_->ForceOpaqueOn();
  renderer_->AddActor(grid_actor_);
  updateGroundGrid();

  outline_actor_->PickableOff();
  outline_actor_->VisibilityOff();
  outline_actor_->GetProperty()->SetColor(kHighlightColour[0], kHighlightColour[1],
                                          kHighlightColour[2]);
  outline_actor_->GetProperty()->SetLineWidth(2.0);
  outline_actor_->GetProperty()->LightingOff();
  renderer_->AddActor(outline_actor_);

  buildAxesCorner();

  picker_->SetTolerance(0.0005);
  picker_->PickFromListOn();

  render_start_observer_ =
      renderer_->AddObserver(vtkCommand::StartEvent, this, &SceneView::onMainRenderStart);
  resetCamera();
}

SceneView::~SceneView() {
  renderer_->RemoveObserver(render_start_observer_);
  detach();
}

void SceneView::buildAxesCorner() {
  axes_->SetShaftTypeToCylinder();
  axes_->SetCylinderRadius(0.03);
  axes_->SetConeRadius(0.5);
  axes_->SetTotalLength(1.0, 1.0, 1.0);
  // Conventional x red, y green, z blue.
  axes_->GetXAxisShaftProperty()->SetColor(0.9, 0.25, 0.25);
  axes_->GetXAxisTipProperty()->SetColor(0.9, 0.25, 0.25);
  axes_->GetYAxisShaftProperty()->SetColor(0.3, 0.8, 0.3);
  axes_->GetYAxisTipProperty()->SetColor(0.3, 0.8, 0.3);
  axes_->GetZAxisShaftProperty()->SetColor(0.25, 0.4, 1.0);
  axes_->GetZAxisTipProperty()->SetColor(0.25, 0.4, 1.0);
  styleAxisLabel(axes_->GetXAxisCaptionActor2D());
  styleAxisLabel(axes_->GetYAxisCaptionActor2D());
  styleAxisLabel(axes_->GetZAxisCaptionActor2D());

  // A second renderer drawn over the corner of the first, so the axes keep their size and never
  // hide behind bodies; it has no background of its own.
  axes_renderer_->SetLayer(kAxesLayer);
  axes_renderer_->SetViewport(0.0, 0.0, kAxesCornerSize, kAxesCornerSize);
  axes_renderer_->InteractiveOff();
  axes_renderer_->AddActor(axes_);
}

void SceneView::attach(vtkRenderWindow* window) {
  if (window == window_) return;
  detach();
  window_ = window;
  if (!window_) return;
  if (window_->GetNumberOfLayers() < kAxesLayer + 1) window_->SetNumberOfLayers(kAxesLayer + 1);
  window_->AddRenderer(renderer_);
  window_->AddRenderer(overlay_renderer_);
  window_->AddRenderer(axes_renderer_);
}

void SceneView::detach() {
  if (!window_) return;
  window_->RemoveRenderer(axes_renderer_);
  window_->RemoveRenderer(overlay_renderer_);
  window_->RemoveRenderer(renderer_);
  window_ = nullptr;
}

vtkRenderer* SceneView::renderer() const { return renderer_; }
vtkRenderer* SceneView::overlayRenderer() const { return overlay_renderer_; }

vtkPolyDataMapper* SceneView::meshMapper(const std::shared_ptr<const TriMesh>& mesh) {
  auto& mapper = mesh_mappers_[mesh.get()];
  if (!mapper) {
    mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputData(makeMeshPolyData(*mesh, shading_));
  }
  return mapper;
}

void SceneView::dropUnusedMeshMappers() {
  for (auto it = mesh_mappers_.begin(); it != mesh_mappers_.end();) {
    const bool used = std::any_of(bodies_.begin(), bodies_.end(), [&](const auto& entry) {
      return entry.second.mesh.get() == it->first;
    });
    it = used ? std::next(it) : mesh_mappers_.erase(it);
  }
}

BodyId SceneView::addBody(const TriMesh& mesh) {
  return addBody(std::make_shared<const TriMesh>(mesh));
}

BodyId SceneView::addBody(std::shared_ptr<const TriMesh> mesh) {
  const BodyId id = next_id_++;
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(meshMapper(mesh));
  auto matrix = makePoseMatrix(Pose::identity());
  actor->SetUserMatrix(matrix);
  const bool closed_shell = isClosedOutwardShell(*mesh);
  const Body& body =
      bodies_.emplace(id, Body{actor, std::move(mesh), matrix, Pose::identity(), 1.0, closed_shell})
          .first->second;
  styleBodyActor(id, body);
  renderer_->AddActor(actor);
  picker_->AddPickList(actor);
  updateGroundGrid();
  return id;
}

void SceneView::setBodyPose(BodyId id, const Pose& pose) {
  auto it = bodies_.find(id);
  if (it == bodies_.end()) return;
  it->second.pose = pose;
  setPoseMatrix(*it->second.pose_matrix, pose);
  it->second.actor->Modified();
  if (selected_ == id) updateSelectionOutline();
}

Pose SceneView::bodyPose(BodyId id) const {
  auto it = bodies_.find(id);
  return it == bodies_.end() ? Pose::identity() : it->second.pose;
}

void SceneView::setBodyVisible(BodyId id, bool visible) {
  auto it = bodies_.find(id);
  if (it != bodies_.end()) it->second.actor->SetVisibility(visible);
}

void SceneView::setBodyOpacity(BodyId id, double opacity) {
  auto it = bodies_.find(id);
  if (it == bodies_.end()) return;
  it->second.opacity = std::isfinite(opacity) ? std::clamp(opacity, 0.0, 1.0) : 1.0;
  styleBodyActor(id, it->second);
}

double SceneView::bodyOpacity(BodyId id) const {
  auto it = bodies_.find(id);
  return it == bodies_.end() ? 1.0 : it->second.opacity;
}

int SceneView::propCount() const {
  return renderer_->GetViewProps()->GetNumberOfItems() +
         overlay_renderer_->GetViewProps()->GetNumberOfItems();
}

void SceneView::setGroundGridVisible(bool visible) { grid_actor_->SetVisibility(visible); }
bool SceneView::groundGridVisible() const { return grid_actor_->GetVisibility() != 0; }

void SceneView::setCamera(const Vec3& eye, const Vec3& target, const Vec3& up) {
  vtkCamera* camera = renderer_->GetActiveCamera();
  camera->SetPosition(eye.data());
  camera->SetFocalPoint(target.data());
  camera->SetViewUp(up.data());
  camera->OrthogonalizeViewUp();
  camera_fit_pending_ = false;
  updateGroundGrid();
}

void SceneView::translateCamera(const Vec3& offset) {
  if (camera_fit_pending_) fitCamera();
  vtkCamera* camera = renderer_->GetActiveCamera();
  const Vec3 eye = cameraPosition() + offset, target = cameraFocalPoint() + offset;
  camera->SetPosition(eye.data());
  camera->SetFocalPoint(target.data());
}

Vec3 SceneView::cameraPosition() const {
  Vec3 p;
  renderer_->GetActiveCamera()->GetPosition(p.data());
  return p;
}

Vec3 SceneView::cameraFocalPoint() const {
  Vec3 p;
  renderer_->GetActiveCamera()->GetFocalPoint(p.data());
  return p;
}

void SceneView::setViewDirection(const Vec3& to_eye, const Vec3& up) {
  if (to_eye.norm() > 0.0) view_direction_ = to_eye;
  if (up.norm() > 0.0) view_up_ = up;
  resetCamera();
}

void SceneView::removeBody(BodyId id) {
  auto it = bodies_.find(id);
  if (it == bodies_.end()) return;
  renderer_->RemoveActor(it->second.actor);
  picker_->DeletePickList(it->second.actor);
  bodies_.erase(it);
  dropUnusedMeshMappers();
  if (selected_ == id) selected_.reset();
  updateSelectionOutline();
  updateGroundGrid();
}

void SceneView::styleBodyActor(BodyId id, const Body& body) const {
  vtkProperty& property = *body.actor->GetProperty();
  setRgb(property, bodyColourOf(id));
  property.SetOpacity(body.opacity);
  const bool selected = selected_ == id;
  property.SetAmbient(selected ? 0.35 : 0.12);
  property.SetDiffuse(0.8);
  property.SetSpecular(0.25);
  property.SetSpecularPower(30.0);
  property.SetInterpolation(shading_ == Shading::Flat ? VTK_FLAT : VTK_GOURAUD);
  // Seen from outside, an opaque closed outward shell shows only front faces: culling the back
  // ones spares shading them wherever they are drawn before the front ones, which under software
  // OpenGL was 40 % of the anchor demo's frame (bench_render). Not for a see-through body (its
  // far side shows) nor an open or inside-out mesh (its inner faces are meant to show, darker);
  // from inside a closed body the view now looks through it.
  property.SetBackfaceCulling(body.opacity >= 1.0 && body.closed_shell);
  // Inside faces of open or inward-oriented meshes show darker, a visual hint that the
  // surface is not a closed outward shell.
  vtkNew<vtkProperty> back;
  back->DeepCopy(&property);
  const Rgb c = bodyColourOf(id);
  back->SetColor(0.35 * c.r, 0.35 * c.g, 0.35 * c.b);
  body.actor->SetBackfaceProperty(back);
}

void SceneView::setSelectedBody(std::optional<BodyId> id) {
  if (id && !bodies_.count(*id)) id.reset();
  selected_ = id;
  for (const auto& [body_id, body] : bodies_) styleBodyActor(body_id, body);
  updateSelectionOutline();
}

void SceneView::updateSelectionOutline() {
  if (!selected_) {
    outline_actor_->VisibilityOff();
    return;
  }
  double bounds[6];
  bodies_.at(*selected_).actor->GetBounds(bounds);
  vtkNew<vtkOutlineSource> outline;
  outline->SetBounds(bounds);
  outline->Update();
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(outline->GetOutput());
  outline_actor_->SetMapper(mapper);
  outline_actor_->VisibilityOn();
}

void SceneView::setShading(Shading shading) {
  if (shading == shading_) return;
  shading_ = shading;
  mesh_mappers_.clear();
  for (auto& [id, body] : bodies_) {
    body.actor->SetMapper(meshMapper(body.mesh));
    styleBodyActor(id, body);
  }
}

Box3 SceneView::bodiesBounds() const {
  Box3 box;  // empty
  box.setEmpty();
  for (const auto& [id, body] : bodies_) box.extend(transformedBox(body.mesh->bounds(), body.pose));
  return box;
}

void SceneView::updateGroundGrid() {
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(makeGroundGrid(layoutGroundGrid(bodiesBounds())));
  grid_actor_->SetMapper(mapper);
}

void SceneView::resetCamera() {
  // The fit depends on the viewport's aspect ratio, known for sure only when drawing.
  camera_fit_pending_ = true;
}

void SceneView::fitCamera() {
  Box3 box = bodiesBounds();
  if (box.isEmpty()) {
    const GridLayout grid = layoutGroundGrid(box);
    box = Box3(grid.centre - Vec3::Constant(grid.halfExtent() * 0.5),
               grid.centre + Vec3::Constant(grid.halfExtent() * 0.5));
  }
  vtkCamera* camera = renderer_->GetActiveCamera();
  const int* size = renderer_->GetSize();
  const double aspect = size[1] > 0 ? double(size[0]) / size[1] : 1.0;
  // A margin around the bodies: the view's half-angles are used a little narrower.
  constexpr double kMargin = 1.08;
  const double tan_vertical =
      std::tan(0.5 * camera->GetViewAngle() * std::numbers::pi / 180.0) / kMargin;
  const double tan_horizontal = tan_vertical * aspect;

  const Vec3 back = view_direction_.normalized();
  Vec3 world_up = view_up_.normalized();
  // Looking along the up direction (a top view): take the screen's up from another axis.
  if (world_up.cross(back).norm() < 1e-6)
    world_up = std::abs(back.y()) < 0.9 ? Vec3::UnitY() : Vec3::UnitX();
  const Vec3 right = world_up.cross(back).normalized();
  const Vec3 up = back.cross(right);
  const Vec3 centre = box.center();
  // The closest camera distance along `back` at which every corner of the box is inside the
  // view frustum: tighter than VTK's bounding-sphere fit and aware of the aspect ratio.
  double distance = 0.0;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 q = box.corner(static_cast<Box3::CornerType>(corner)) - centre;
    const double needed = q.dot(back) + std::max(std::abs(q.dot(right)) / tan_horizontal,
                                                 std::abs(q.dot(up)) / tan_vertical);
    distance = std::max(distance, needed);
  }
  distance = std::max(distance, 1e-6);
  const Vec3 eye = centre + distance * back;
  camera->SetFocalPoint(centre.data());
  camera->SetPosition(eye.data());
  camera->SetViewUp(world_up.data());
  camera_fit_pending_ = false;
  updateGroundGrid();
}

std::optional<BodyId> SceneView::pickBody(double x, double y) const {
  const std::optional<BodyPick> pick = pickBodyPoint(x, y);
  return pick ? std::optional<BodyId>(pick->body) : std::nullopt;
}

std::optional<SceneView::BodyPick> SceneView::pickBodyPoint(double x, double y) const {
  if (!picker_->Pick(x, y, 0.0, renderer_)) return std::nullopt;
  vtkActor* hit = picker_->GetActor();
  for (const auto& [id, body] : bodies_) {
    if (body.actor != hit) continue;
    BodyPick pick{id, Vec3::Zero()};
    picker_->GetPickPosition(pick.point_world.data());
    return pick;
  }
  return std::nullopt;
}

SceneView::Ray SceneView::displayRay(double x, double y) const {
  // The display point unprojected at the near (z = 0) and far (z = 1) clipping planes.
  Vec3 ends[2];
  for (int i = 0; i < 2; ++i) {
    renderer_->SetDisplayPoint(x, y, static_cast<double>(i));
    renderer_->DisplayToWorld();
    const double* w = renderer_->GetWorldPoint();
    ends[i] = Vec3(w[0], w[1], w[2]) / w[3];
  }
  return {ends[0], (ends[1] - ends[0]).normalized()};
}

Vec3 SceneView::viewDirection() const {
  Vec3 direction;
  renderer_->GetActiveCamera()->GetDirectionOfProjection(direction.data());
  return direction;
}

void SceneView::onMainRenderStart() {
  if (camera_fit_pending_) fitCamera();
  vtkCamera* main = renderer_->GetActiveCamera();
  vtkCamera* corner = axes_renderer_->GetActiveCamera();
  double direction[3];
  main->GetDirectionOfProjection(direction);
  // Same orientation as the main camera, at a fixed distance from the axes at the origin.
  constexpr double kDistance = 4.2;
  corner->SetFocalPoint(0.0, 0.0, 0.0);
  corner->SetPosition(-kDistance * direction[0], -kDistance * direction[1],
                      -kDistance * direction[2]);
  corner->SetViewUp(main->GetViewUp());
  axes_renderer_->ResetCameraClippingRange();
  // One clipping range for the bodies and the overlay, which share the camera.
  double bodies[6], overlay[6];
  renderer_->ComputeVisiblePropBounds(bodies);
  overlay_renderer_->ComputeVisiblePropBounds(overlay);
  const bool has_bodies = bodies[0] <= bodies[1];
  const bool has_overlay = overlay[0] <= overlay[1];
  if (has_bodies && has_overlay) {
    for (int i = 0; i < 3; ++i) {
      bodies[2 * i] = std::min(bodies[2 * i], overlay[2 * i]);
      bodies[2 * i + 1] = std::max(bodies[2 * i + 1], overlay[2 * i + 1]);
    }
  }
  if (has_bodies) {
    renderer_->ResetCameraClippingRange(bodies);
  } else if (has_overlay) {
    renderer_->ResetCameraClippingRange(overlay);
  } else {
    renderer_->ResetCameraClippingRange();
  }
}

}  // namespace contactsim::render
