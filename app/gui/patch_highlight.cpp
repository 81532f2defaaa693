#include "patch_highlight.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCleanPolyData.h>
#include <vtkFeatureEdges.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRegularPolygonSource.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactsim::gui {

namespace {

// Neighbouring faces of an intersection with a tessellated ball are a few degrees apart; the fan
// triangles within one face are coplanar: any fold above round-off is a polyhedron edge.
constexpr double kEdgeAngleDegrees = 0.5;

void styleLines(vtkActor& actor, double width) {
  actor.GetProperty()->SetColor(kHighlightRgb[0], kHighlightRgb[1], kHighlightRgb[2]);
  actor.GetProperty()->SetLineWidth(width);
  actor.GetProperty()->LightingOff();
  actor.PickableOff();
  actor.VisibilityOff();
}

}  // namespace

PatchHighlight::PatchHighlight(vtkRenderer* renderer)
    : renderer_(renderer),
      ring_(vtkSmartPointer<vtkRegularPolygonSource>::New()),
      actor_(vtkSmartPointer<vtkActor>::New()),
      volume_(vtkSmartPointer<vtkPolyData>::New()),
      volume_actor_(vtkSmartPointer<vtkActor>::New()) {
  ring_->SetNumberOfSides(48);
  ring_->GeneratePolygonOff();
  ring_->GeneratePolylineOn();
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputConnection(ring_->GetOutputPort());
  actor_->SetMapper(mapper);
  styleLines(*actor_, 4.0);
  renderer_->AddActor(actor_);

  // The surface is a triangle soup (three corners per triangle): welded first, so that the
  // edges between the fan triangles of one face are seen as shared and only the folds between
  // faces are drawn, not the fans' diagonals.
  auto weld = vtkSmartPointer<vtkCleanPolyData>::New();
  weld->SetInputData(volume_);
  weld->PointMergingOn();
  auto edges = vtkSmartPointer<vtkFeatureEdges>::New();
  edges->SetInputConnection(weld->GetOutputPort());
  edges->FeatureEdgesOn();
  edges->SetFeatureAngle(kEdgeAngleDegrees);
  edges->BoundaryEdgesOn();     // none on a closed surface; drawn if round-off left a gap
  edges->NonManifoldEdgesOn();  // polyhedra of merged points sharing an edge
  edges->ManifoldEdgesOff();
  edges->ColoringOff();
  auto volume_mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  volume_mapper->SetInputConnection(edges->GetOutputPort());
  volume_actor_->SetMapper(volume_mapper);
  styleLines(*volume_actor_, 3.0);
  renderer_->AddActor(volume_actor_);
}

PatchHighlight::~PatchHighlight() {
  renderer_->RemoveActor(actor_);
  renderer_->RemoveActor(volume_actor_);
}

vtkActor* PatchHighlight::volumeActor() const { return volume_actor_; }

vtkPolyData* PatchHighlight::volumeSurface() const { return volume_; }

void PatchHighlight::show(const std::optional<ContactDiagnostics>& contact, double min_radius) {
  if (!contact) {
    actor_->VisibilityOff();
    volume_actor_->VisibilityOff();
    return;
  }
  const ContactPatch& patch = contact->patch;
  const double radius =
      std::max(min_radius, 1.3 * std::sqrt(std::max(patch.area, 0.0) / std::numbers::pi));
  ring_->SetCenter(patch.centroid.data());
  Vec3 normal = patch.normal.norm() > 0.0 ? patch.normal.normalized() : Vec3::UnitZ();
  ring_->SetNormal(normal.data());
  ring_->SetRadius(radius);
  actor_->VisibilityOn();
  showVolume(contact->intersection_surface_world);
}

void PatchHighlight::showVolume(const std::vector<Vec3>& surface_world) {
  auto points = vtkSmartPointer<vtkPoints>::New();
  points->SetDataTypeToDouble();
  auto triangles = vtkSmartPointer<vtkCellArray>::New();
  for (std::size_t k = 0; k + 2 < surface_world.size(); k += 3) {
    const vtkIdType ids[3] = {points->InsertNextPoint(surface_world[k].data()),
                              points->InsertNextPoint(surface_world[k + 1].data()),
                              points->InsertNextPoint(surface_world[k + 2].data())};
    triangles->InsertNextCell(3, ids);
  }
  volume_->SetPoints(points);
  volume_->SetPolys(triangles);  // marks the surface modified: the edges are found again
  volume_actor_->SetVisibility(triangles->GetNumberOfCells() > 0);
}

}  // namespace contactsim::gui
