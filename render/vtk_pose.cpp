#include "vtk_pose.h"

namespace contactsim::render {

void setPoseMatrix(vtkMatrix4x4& matrix, const Pose& pose) {
  double m[16];
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m[4 * r + c] = pose.rotation(r, c);
    m[4 * r + 3] = pose.translation[r];
  }
  m[12] = m[13] = m[14] = 0.0;
  m[15] = 1.0;
  matrix.DeepCopy(m);  // calls Modified()
}

vtkSmartPointer<vtkMatrix4x4> makePoseMatrix(const Pose& pose) {
  auto matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  setPoseMatrix(*matrix, pose);
  return matrix;
}

Box3 transformedBox(const Box3& box, const Pose& pose) {
  Box3 out;
  out.setEmpty();
  if (box.isEmpty()) return out;
  for (int c = 0; c < 8; ++c) out.extend(pose.apply(box.corner(static_cast<Box3::CornerType>(c))));
  return out;
}

}  // namespace contactsim::render
