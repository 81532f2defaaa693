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

#include "../overlap_descent.h"
#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "import/mesh_import.h"

using namespace contactsim;

namespace {

const std::filesystem::path kModels =
    std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/models";

// The shipped hull and shank (the trees refer to the meshes, which must outlive them).
struct HullAndShank {
  ImportedMesh hull_mesh = importMesh(kModels / "hull.stl");
  ImportedMesh shank_mesh = importMesh(kModels / "anchor_shank.stl");
  AabbTree hull{hull_mesh.mesh}, shank{shank_mesh.mesh};
};

// The shank's pose in the world (the hull's frame) from a run's state: position and quaternion.
Pose shankPose(const Vec3& position, const Eigen::Quaterniond& orientation) {
  return Pose{orientation.normalized().toRotationMatrix(), position};
}

// How near a point a patch's centroid must lie to be counted as the one there.
constexpr double kNear = 0.02;

// The patches the shank at `world_shank` makes with the hull within kNear of `at`.
std::vector<ContactPatch> patchesNear(const HullAndShank& meshes, const Pose& world_shank,
                                      const Vec3& at) {
  std::vector<ContactPatch> near;
  for (ContactPatch& p :
       findContact(meshes.hull, Pose::identity(), meshes.shank, world_shank).patches) {
    if ((p.centroid - at).norm() <= kNear) near.push_back(std::move(p));
  }
  return near;
}

}  // namespace

TEST_CASE("the shank's edge on the hawse pipe's lip is one contact normal to the edge",
          "[contact][anchor]") {
  const HullAndShank meshes;
  // The run's state at 6.600 s.
  const Pose world_shank =
      shankPose(Vec3(16.45457727, 1.752351443, 1.043105305),
                Eigen::Quaterniond(0.9376617628, 0.07413951371, -0.001414157266, -0.3395463904));
  // The lip: where the shank's shaft, a prism along its local z, meets the pipe's mouth.
  const std::vector<ContactPatch> at_lip =
      patchesNear(meshes, world_shank, Vec3(16.1436, 1.4736, 3.4769));
  const Vec3 shank_edge = world_shank.rotation.col(2);
  for (const ContactPatch& patch : at_lip) {
    INFO("patch at (" << patch.centroid.transpose() << "), normal (" << patch.normal.transpose()
                      << "), δ " << patch.indentation << " m");
    CHECK(std::abs(patch.normal.dot(shank_edge)) < std::sin(2.0 * std::numbers::pi / 180.0));
    CHECK(patch.indentation > 0.0);
  }
  CHECK(at_lip.size() == 1);
}

// The shank's rounded corner (a 30 mm arc of four facets) sliding across the lip, at its pose of
// the flagship run at 10.212 s (2026-12-04): the pipe's wall and the shell's plating meet there in
// a convex edge, and two convex surfaces make one non-conforming contact. The region was split
// for that one step into a 14 mm² piece on the wall and a 0.55 mm² sliver on the plating, 64°
// round, whose δ was the wall's (0.3 mm) and whose force, 134 kN, pushed along the plating's
// normal (docs/flagship-investigations.md, "Pieces that flicker on the hawse pipe's lip"). One
// contact, its normal the descent of the region's overlap volume as for any region
// (docs/method.md, "The normal of a region").
TEST_CASE("the shank's rounded corner across the lip is one contact, normal to the overlap",
          "[contact][anchor]") {
  const HullAndShank meshes;
  const Pose world_shank =
      shankPose(Vec3(16.94351236, 1.679645951, 1.877891002),
                Eigen::Quaterniond(0.9737679657, 0.1020830153, -0.1747657682, -0.1039804467));
  const Vec3 lip(16.2755, 1.3450, 3.1320);
  const std::vector<ContactPatch> patches = patchesNear(meshes, world_shank, lip);
  REQUIRE(patches.size() == 1);
  const ContactPatch& patch = patches[0];
  CHECK(patch.overlap_volume > 0.0);  // a whole region: pieces report none
  // −∇V of this region's overlap volume with respect to the shank's position, by central
  // differences of a step 1 % of its δ, over which it stays one region.
  const double h = 0.01 * patch.indentation;
  for (int i = 0; i < 3; ++i) {
    for (const double step : {h, -h}) {
      Pose moved = world_shank;
      moved.translation(i) += step;
      REQUIRE(patchesNear(meshes, moved, lip).size() == 1);
    }
  }
  const Vec3 descent = test::overlapDescent(
      meshes.hull, Pose::identity(), meshes.shank, world_shank, h,
      [&](const ContactPatch& p) { return (p.centroid - lip).norm() <= kNear; });
  const double angle = test::angleBetween(descent, patch.normal);
  INFO("normal (" << patch.normal.transpose() << "), −∇V (" << descent.normalized().transpose()
                  << "), " << angle * 180 / std::numbers::pi << "° apart");
  CHECK(angle < 1e-3);
}
