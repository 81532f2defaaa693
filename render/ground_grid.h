// A ground grid under the bodies, sized to the scene with a round line spacing.
#pragma once

#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include "geometry/types.h"

namespace contactsim::render {

struct GridLayout {
  double spacing = 1.0;        // distance between lines: 1, 2 or 5 times a power of ten (m)
  int half_lines = 10;         // lines on each side of the centre line, in x and in y
  Vec3 centre = Vec3::Zero();  // on a multiple of the spacing in x and y; z is the floor height
  double halfExtent() const { return spacing * half_lines; }
};

// A grid that extends well beyond the xy footprint of `scene_bounds` and lies just below its
// lowest point. An empty box gives a 1 m grid around the origin.
GridLayout layoutGroundGrid(const Box3& scene_bounds);

// The grid's lines as a polydata of line cells.
vtkSmartPointer<vtkPolyData> makeGroundGrid(const GridLayout& layout);

}  // namespace contactsim::render
