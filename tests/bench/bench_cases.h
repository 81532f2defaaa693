// The benchmark cases shared by bench_collision and bench_contact: the same meshes and poses, so
// patch extraction is measured against exactly the collision queries of the collision table.
#pragma once

#include <string>
#include <vector>

#include "geometry/pose.h"
#include "geometry/tri_mesh.h"

namespace contactsim::bench {

struct Case {
  std::string name;
  TriMesh a, b;
  std::vector<Pose> poses;  // pose of A in the world; B stays at the identity
};

// Icosphere pairs of 5k–327k triangles at three depths, 20 random poses of which 30 % are
// separated, crossing sliver cylinders (CAD-like) and box-on-box face contact. `quick`: the 5k
// and 20k icospheres, the random poses and the boxes only.
std::vector<Case> makeCases(bool quick);

}  // namespace contactsim::bench
