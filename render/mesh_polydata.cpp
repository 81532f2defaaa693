#include "mesh_polydata.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyDataNormals.h>

namespace contactsim::render {

namespace {

// Edges whose dihedral angle exceeds this are drawn sharp in smooth shading.
constexpr double kFeatureAngleDegrees = 35.0;

vtkSmartPointer<vtkPolyData> makeFlatPolyData(const TriMesh& mesh) {
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(static_cast<vtkIdType>(mesh.vertexCount()));
  for (std::size_t i = 0; i < mesh.vertexCount(); ++i) {
    const Vec3& v = mesh.vertices()[i];
    points->SetPoint(static_cast<vtkIdType>(i), v.x(), v.y(), v.z());
  }

  vtkNew<vtkCellArray> triangles;
  triangles->AllocateExact(static_cast<vtkIdType>(mesh.triangleCount()),
                           static_cast<vtkIdType>(3 * mesh.triangleCount()));
  for (const TriangleIndices& t : mesh.triangles()) {
    const vtkIdType ids[3] = {t[0], t[1], t[2]};
    triangles->InsertNextCell(3, ids);
  }

  // The mesh's own per-triangle normals: the mapper shades each cell with its normal.
  vtkNew<vtkDoubleArray> normals;
  normals->SetName("Normals");
  normals->SetNumberOfComponents(3);
  normals->SetNumberOfTuples(static_cast<vtkIdType>(mesh.triangleCount()));
  for (std::size_t i = 0; i < mesh.triangleCount(); ++i) {
    const Vec3& n = mesh.normals()[i];
    normals->SetTuple3(static_cast<vtkIdType>(i), n.x(), n.y(), n.z());
  }

  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetPolys(triangles);
  poly->GetCellData()->SetNormals(normals);
  return poly;
}

}  // namespace

vtkSmartPointer<vtkPolyData> makeMeshPolyData(const TriMesh& mesh, Shading shading) {
  vtkSmartPointer<vtkPolyData> flat = makeFlatPolyData(mesh);
  if (shading == Shading::Flat) return flat;

  vtkNew<vtkPolyDataNormals> smoother;
  smoother->SetInputData(flat);
  smoother->SetFeatureAngle(kFeatureAngleDegrees);
  smoother->SplittingOn();
  // Keep the mesh's winding: re-orienting would hide a wrongly oriented mesh from the user,
  // and the validation report is where orientation problems are shown.
  smoother->ConsistencyOff();
  smoother->AutoOrientNormalsOff();
  smoother->ComputePointNormalsOn();
  smoother->ComputeCellNormalsOff();
  smoother->Update();
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->ShallowCopy(smoother->GetOutput());
  return poly;
}

}  // namespace contactsim::render
