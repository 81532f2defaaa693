// How far a tessellation lies inside the smooth surface it stands for: the bound that analytic
// contact tests allow between a mesh's δ and the closed form's.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

#include "geometry/tri_mesh.h"

namespace contactsim::test {

// Largest distance between a regular polygon of n vertices on a circle of radius r and the
// circle: the chord's sag r(1 − cos(π/n)).
inline double chordSag(double r, int n) { return r * (1.0 - std::cos(std::numbers::pi / n)); }

// Largest gap between a sphere of radius r about the origin and the planes of a mesh whose
// vertices lie on it.
inline double facetSag(const TriMesh& mesh, double r) {
  double worst = 0.0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t)
    worst = std::max(worst, r - std::abs(mesh.normals()[t].dot(mesh.corner(t, 0))));
  return worst;
}

}  // namespace contactsim::test
