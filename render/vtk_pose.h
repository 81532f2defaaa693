// Rigid poses as VTK matrices: a body actor's UserMatrix places its mesh-frame data in the world.
#pragma once

#include <vtkMatrix4x4.h>
#include <vtkSmartPointer.h>

#include "geometry/pose.h"

namespace contactsim::render {

// Writes `pose` into `matrix` ([R t; 0 1]) and marks it modified.
void setPoseMatrix(vtkMatrix4x4& matrix, const Pose& pose);

vtkSmartPointer<vtkMatrix4x4> makePoseMatrix(const Pose& pose);

// The world box around a box given in a body's frame (its eight corners transformed).
Box3 transformedBox(const Box3& box, const Pose& pose);

}  // namespace contactsim::render
