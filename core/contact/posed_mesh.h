// A mesh placed in the frame a query works in — the world for a one-off query, body B's frame in
// findContactRegions (B at the identity, A at its pose in B) — vertices and normals transformed
// on demand.
#pragma once

#include <algorithm>

#include "geometry/pose.h"
#include "geometry/tri_mesh.h"

namespace contactsim {

struct PosedMesh {
  const TriMesh& mesh;
  Pose mesh_in_query;  // the mesh's frame in the query's

  Vec3 vertex(std::int32_t v) const { return mesh_in_query.apply(mesh.vertices()[v]); }
  Vec3 corner(std::int32_t t, int k) const { return vertex(mesh.triangles()[t][k]); }
  Vec3 normal(std::int32_t t) const { return mesh_in_query.rotation * mesh.normals()[t]; }
  // Box, in the query frame, around the posed mesh's own bounding box (its eight corners moved).
  Box3 boundsInQuery() const {
    Box3 box;
    box.setEmpty();
    for (int c = 0; c < 8; ++c)
      box.extend(mesh_in_query.apply(mesh.bounds().corner(static_cast<Box3::CornerType>(c))));
    return box;
  }
};

// Distances below this are rounding, not geometry, for a pair of posed meshes: 1e-12 of the larger
// model's size. A vertex within it of the other's face lies on that face (touching is not
// penetrating), and heights along a ray within it are equal.
inline double roundingLength(const PosedMesh& a, const PosedMesh& b) {
  return 1e-12 * std::max(a.mesh.scale(), b.mesh.scale());
}

}  // namespace contactsim
