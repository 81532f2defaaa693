// Welding of coincident vertices: turns a triangle soup (STL) into an indexed mesh with topology.
#pragma once

#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim {

// Vertices closer than this fraction of the bounding-box diagonal are merged. CAD exporters
// write shared corners from the same float, so the default only has to absorb float round-off.
inline constexpr double kDefaultWeldRelativeTolerance = 1e-7;

struct WeldStats {
  std::size_t input_vertices = 0;
  std::size_t output_vertices = 0;
  std::size_t collapsed_triangles = 0;  // dropped: two corners welded into one vertex
};

// Throws std::invalid_argument for out-of-range indices or non-finite coordinates.
TriMesh weldTriangleSoup(const std::vector<Vec3>& points,
                         const std::vector<TriangleIndices>& triangles,
                         double relative_tolerance = kDefaultWeldRelativeTolerance,
                         WeldStats* stats = nullptr);

}  // namespace contactsim
