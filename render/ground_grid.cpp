#include "ground_grid.h"

#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>

#include <algorithm>
#include <cmath>

namespace contactsim::render {

namespace {

// Smallest of 1, 2, 5 × 10^k that is at least `value`.
double roundSpacingUp(double value) {
  const double decade = std::pow(10.0, std::floor(std::log10(value)));
  for (double step : {1.0, 2.0, 5.0}) {
    if (step * decade >= value * (1.0 - 1e-9)) return step * decade;
  }
  return 10.0 * decade;
}

}  // namespace

GridLayout layoutGroundGrid(const Box3& scene_bounds) {
  GridLayout layout;
  if (scene_bounds.isEmpty()) return layout;

  const Vec3 size = scene_bounds.sizes();
  // The grid spans about twice the footprint so bodies sit on a floor, not on a tile;
  // about ten lines across the footprint make sizes readable.
  const double footprint = std::max({size.x(), size.y(), 0.5 * size.z(), 1e-9});
  layout.spacing = roundSpacingUp(footprint / 10.0);
  const Vec3 middle = scene_bounds.center();
  layout.centre.x() = std::round(middle.x() / layout.spacing) * layout.spacing;
  layout.centre.y() = std::round(middle.y() / layout.spacing) * layout.spacing;
  // Just below the lowest point so the grid never hides a face lying on the floor.
  layout.centre.z() = scene_bounds.min().z() - 1e-3 * std::max(size.norm(), 1e-9);
  layout.half_lines = static_cast<int>(std::ceil(footprint / layout.spacing)) + 2;
  return layout;
}

vtkSmartPointer<vtkPolyData> makeGroundGrid(const GridLayout& layout) {
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  const double extent = layout.halfExtent();
  const Vec3& c = layout.centre;
  auto addLine = [&](const Vec3& a, const Vec3& b) {
    const vtkIdType ids[2] = {points->InsertNextPoint(a.data()), points->InsertNextPoint(b.data())};
    lines->InsertNextCell(2, ids);
  };
  for (int i = -layout.half_lines; i <= layout.half_lines; ++i) {
    const double offset = i * layout.spacing;
    addLine({c.x() + offset, c.y() - extent, c.z()}, {c.x() + offset, c.y() + extent, c.z()});
    addLine({c.x() - extent, c.y() + offset, c.z()}, {c.x() + extent, c.y() + offset, c.z()});
  }
  auto grid = vtkSmartPointer<vtkPolyData>::New();
  grid->SetPoints(points);
  grid->SetLines(lines);
  return grid;
}

}  // namespace contactsim::render
