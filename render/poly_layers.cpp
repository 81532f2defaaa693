#include "poly_layers.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkGlyph3DMapper.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace contactsim::render {

namespace {

unsigned char toByte(double channel) {
  return static_cast<unsigned char>(std::lround(255.0 * std::clamp(channel, 0.0, 1.0)));
}

vtkSmartPointer<vtkUnsignedCharArray> makeColours() {
  auto colours = vtkSmartPointer<vtkUnsignedCharArray>::New();
  colours->SetName("colours");
  colours->SetNumberOfComponents(3);
  return colours;
}

void insertColour(vtkUnsignedCharArray& colours, const Rgb& c) {
  const unsigned char rgb[3] = {toByte(c.r), toByte(c.g), toByte(c.b)};
  colours.InsertNextTypedTuple(rgb);
}

}  // namespace

void setActorColour(vtkActor& actor, const Rgb& colour) {
  actor.GetProperty()->SetColor(colour.r, colour.g, colour.b);
}

CellLayer::CellLayer(Kind kind, bool cell_colours)
    : kind_(kind),
      data_(vtkSmartPointer<vtkPolyData>::New()),
      points_(vtkSmartPointer<vtkPoints>::New()),
      cells_(vtkSmartPointer<vtkCellArray>::New()),
      actor_(vtkSmartPointer<vtkActor>::New()) {
  points_->SetDataTypeToDouble();
  data_->SetPoints(points_);
  if (kind_ == Kind::Lines) {
    data_->SetLines(cells_);
  } else {
    data_->SetPolys(cells_);
  }
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data_);
  if (cell_colours) {
    colours_ = makeColours();
    data_->GetCellData()->SetScalars(colours_);
    mapper->SetScalarModeToUseCellData();
    mapper->SetColorModeToDirectScalars();
    mapper->ScalarVisibilityOn();
  } else {
    mapper->ScalarVisibilityOff();
  }
  actor_->SetMapper(mapper);
  actor_->PickableOff();
}

CellLayer::~CellLayer() = default;

void CellLayer::clear() {
  points_->Reset();
  cells_->Reset();
  if (colours_) colours_->Reset();
}

vtkIdType CellLayer::addPoint(const Vec3& p) { return points_->InsertNextPoint(p.data()); }

void CellLayer::addCell(std::initializer_list<vtkIdType> ids) {
  addCell(ids.begin(), static_cast<vtkIdType>(ids.size()));
}

void CellLayer::addCell(const vtkIdType* ids, vtkIdType count) {
  cells_->InsertNextCell(count, ids);
}

void CellLayer::addColour(const Rgb& colour) {
  if (colours_) insertColour(*colours_, colour);
}

void CellLayer::commit() {
  points_->Modified();
  cells_->Modified();
  if (colours_) colours_->Modified();
  data_->Modified();
}

vtkActor* CellLayer::actor() const { return actor_; }
vtkPolyData* CellLayer::data() const { return data_; }
vtkIdType CellLayer::cellCount() const { return cells_->GetNumberOfCells(); }

GlyphLayer::GlyphLayer(vtkAlgorithmOutput* glyph_source, bool point_colours)
    : data_(vtkSmartPointer<vtkPolyData>::New()),
      points_(vtkSmartPointer<vtkPoints>::New()),
      directions_(vtkSmartPointer<vtkDoubleArray>::New()),
      scales_(vtkSmartPointer<vtkDoubleArray>::New()),
      mapper_(vtkSmartPointer<vtkGlyph3DMapper>::New()),
      actor_(vtkSmartPointer<vtkActor>::New()) {
  points_->SetDataTypeToDouble();
  data_->SetPoints(points_);
  directions_->SetName("direction");
  directions_->SetNumberOfComponents(3);
  scales_->SetName("scale");
  scales_->SetNumberOfComponents(3);
  data_->GetPointData()->AddArray(directions_);
  data_->GetPointData()->AddArray(scales_);

  mapper_->SetInputData(data_);
  mapper_->SetSourceConnection(glyph_source);
  mapper_->SetOrientationArray("direction");
  mapper_->SetOrientationModeToDirection();
  mapper_->OrientOn();
  mapper_->SetScaleArray("scale");
  mapper_->SetScaleModeToScaleByVectorComponents();
  mapper_->SetScaleFactor(1.0);
  mapper_->ScalingOn();
  if (point_colours) {
    colours_ = makeColours();
    data_->GetPointData()->SetScalars(colours_);
    mapper_->SetScalarModeToUsePointData();
    mapper_->SetColorModeToDirectScalars();
    mapper_->ScalarVisibilityOn();
  } else {
    mapper_->ScalarVisibilityOff();
  }
  actor_->SetMapper(mapper_);
  actor_->PickableOff();
}

GlyphLayer::~GlyphLayer() = default;

void GlyphLayer::clear() {
  points_->Reset();
  directions_->Reset();
  scales_->Reset();
  if (colours_) colours_->Reset();
}

void GlyphLayer::add(const Vec3& at, const Vec3& direction, const Vec3& scale) {
  points_->InsertNextPoint(at.data());
  directions_->InsertNextTuple(direction.data());
  scales_->InsertNextTuple(scale.data());
}

void GlyphLayer::add(const Vec3& at, const Vec3& direction, const Vec3& scale, const Rgb& colour) {
  add(at, direction, scale);
  if (colours_) insertColour(*colours_, colour);
}

void GlyphLayer::commit() {
  points_->Modified();
  directions_->Modified();
  scales_->Modified();
  if (colours_) colours_->Modified();
  data_->Modified();
}

vtkActor* GlyphLayer::actor() const { return actor_; }
vtkPolyData* GlyphLayer::data() const { return data_; }
vtkIdType GlyphLayer::glyphCount() const { return points_->GetNumberOfPoints(); }

}  // namespace contactsim::render
