#include "geometry/shell_mass_properties.h"

#include <stdexcept>

namespace contactsim {
namespace {

// Area integrals of a triangle (a, b, c) of area A: ∫dA = A, ∫x dA = A·s/3 and
// ∫x xᵀ dA = A/12·(aaᵀ + bbᵀ + ccᵀ + ssᵀ), s = a + b + c (the triangle's centroid and second
// moment, exact for a linear map of the unit triangle).
struct AreaIntegrals {
  double area = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();

  void addTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
    const double A = 0.5 * (b - a).cross(c - a).norm();
    const Vec3 s = a + b + c;
    area += A;
    first += A / 3.0 * s;
    second +=
        A / 12.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
};

// About the bounding-box centre, so that a part far from its file's origin does not lose its
// second moments to cancellation.
AreaIntegrals integrate(const TriMesh& mesh) {
  const Vec3 origin = mesh.bounds().center();
  AreaIntegrals sums;
  const std::vector<Vec3>& v = mesh.vertices();
  for (const auto& [a, b, c] : mesh.triangles())
    sums.addTriangle(v[a] - origin, v[b] - origin, v[c] - origin);
  return sums;
}

}  // namespace

double surfaceArea(const TriMesh& mesh) { return integrate(mesh).area; }

MassProperties computeShellMassProperties(const TriMesh& mesh, double density, double thickness) {
  if (!(density > 0.0) || !(thickness > 0.0))
    throw std::invalid_argument("shell mass properties need a positive density and thickness");
  const AreaIntegrals sums = integrate(mesh);
  MassProperties props;
  props.method = MassMethod::ThinShell;
  if (!(sums.area > 0.0)) {
    props.warnings.push_back("the surface has no area: no shell mass");
    return props;
  }
  const double areal = density * thickness;
  props.volume = thickness * sums.area;
  props.mass = areal * sums.area;
  // The sums are about the box centre o: G − o = first/A, and the second moment about the
  // centroid is C_G = C_o − A·(G − o)(G − o)ᵀ (parallel axes).
  const Vec3 d = sums.first / sums.area;
  props.centroid = mesh.bounds().center() + d;
  const Mat3 second = areal * (sums.second - sums.area * d * d.transpose());
  props.inertia = second.trace() * Mat3::Identity() - second;
  if (mesh.watertight() && mesh.consistentlyOriented())
    props.warnings.push_back(
        "the surface is closed: its enclosed volume gives the solid's exact properties; the shell "
        "model is for sheets and open or multi-shell exports");
  return props;
}

}  // namespace contactsim
