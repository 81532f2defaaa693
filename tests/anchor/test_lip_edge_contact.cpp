// The anchor's faceted shank pressing the hawse pipe's lip with one of its edges (the shipped
// meshes, at the shank's pose of the flagship run at 6.600 s, 2026-12-03): one contact whose
// normal is perpendicular to that edge, as for any edge pressing a surface or crossing an edge.
// Two facing triangles decided the region's split until 2026-12-03 — the lip's facet facing one
// shank facet, another shank facet facing a hull triangle of the pipe — into two pieces whose
// normals were 73° apart and 12° off the edge's normal plane; from step to step the region went
// from one contact to two and back, its force 45 → 3 → 93 → 28 kN (docs/method.md, "Splitting
// non-planar regions").
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "import/mesh_import.h"

using namespace contactsim;

namespace {

const std::filesystem::path kModels =
    std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/models";

}  // namespace

TEST_CASE("the shank's edge on the hawse pipe's lip is one contact normal to the edge",
          "[contact][anchor]") {
  // The trees refer to the meshes, which must outlive them.
  const ImportedMesh hull_mesh = importMesh(kModels / "hull.stl");
  const ImportedMesh shank_mesh = importMesh(kModels / "anchor_shank.stl");
  const AabbTree hull(hull_mesh.mesh), shank(shank_mesh.mesh);
  // The shank's pose in the world (the hull's frame), from the run's state at 6.600 s.
  Pose world_shank;
  world_shank.translation = Vec3(16.45457727, 1.752351443, 1.043105305);
  world_shank.rotation =
      Eigen::Quaterniond(0.9376617628, 0.07413951371, -0.001414157266, -0.3395463904)
          .normalized()
          .toRotationMatrix();
  const ContactRegions regions = findContact(hull, Pose::identity(), shank, world_shank);

  // The lip: where the shank's shaft, a prism along its local z, meets the pipe's mouth.
  const Vec3 lip(16.1436, 1.4736, 3.4769);
  const Vec3 shank_edge = world_shank.rotation.col(2);
  int at_lip = 0;
  for (const ContactPatch& patch : regions.patches) {
    if ((patch.centroid - lip).norm() > 0.02) continue;
    ++at_lip;
    INFO("patch at (" << patch.centroid.transpose() << "), normal (" << patch.normal.transpose()
                      << "), δ " << patch.indentation << " m");
    CHECK(std::abs(patch.normal.dot(shank_edge)) < std::sin(2.0 * std::numbers::pi / 180.0));
    CHECK(patch.indentation > 0.0);
  }
  CHECK(at_lip == 1);
}
