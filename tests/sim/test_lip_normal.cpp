// The anchor's shank against the hawse pipe's lip (the shipped meshes): where the contour around
// the lip is far from flat, the region's normal must still be the overlap volume's gradient
// (docs/method.md, "The normal of a region").
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "../overlap_descent.h"
#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "shipped_scene.h"

using namespace contactsim;

namespace {

const TriMesh& bodyMesh(const Scene& scene, const std::string& name) {
  const auto body = std::find_if(scene.bodies.begin(), scene.bodies.end(),
                                 [&](const SceneBody& b) { return b.name == name; });
  REQUIRE(body != scene.bodies.end());
  return *body->mesh->mesh;
}

}  // namespace

// Over 30 ms of the heave (t = 7.040–7.070 s) the shank slid 6 mm along the lip where the hawse
// pipe opens into the pocket; the contour there is a sliver bent over the shank's rounded edge,
// and the plane fitted to it lay 59–61° from its vector area. A cone of 60° about that plane
// alone decided between the two, so the normal flipped by 60° from step to step, each flip a new
// contact for the tracker and the force swinging between 0 and 140 kN. The shank's poses at five
// of those steps (a run's CSV), each moved on a grid of ±40 µm: the knife edge lies within it.
// The reference is independent of the contour: central differences of the overlap volume
// (overlap_volume.h) as the shank is moved, the gradient the normal stands for (−∇V with respect
// to B's position).
TEST_CASE("the shank sliding along the hawse pipe's lip: the normal is the overlap's gradient",
          "[anchor][conforming]") {
  const Scene scene = test::readShippedScene("anchor_hull.json");
  const AabbTree hull(bodyMesh(scene, "hull")), shank(bodyMesh(scene, "shank"));
  const Pose hull_pose = Pose::identity();
  struct Step {
    double t;
    Vec3 position;
    Eigen::Quaterniond orientation;
  };
  const Step steps[] = {{7.040,
                         {16.53688192, 1.838821838, 1.160170422},
                         {0.9245961027, 0.1028291789, -0.008660747545, -0.3667058743}},
                        {7.046,
                         {16.53773613, 1.837016155, 1.161311139},
                         {0.9245105848, 0.1027020714, -0.008920453038, -0.3669507987}},
                        {7.048,
                         {16.53801537, 1.836399561, 1.161670464},
                         {0.9244809718, 0.1026498523, -0.009007888384, -0.3670378707}},
                        {7.056,
                         {16.53912614, 1.833882039, 1.162971907},
                         {0.9243563267, 0.1023908764, -0.009400590897, -0.367414097}},
                        {7.070,
                         {16.54096452, 1.829168323, 1.165004816},
                         {0.9241177351, 0.101689843, -0.01009125784, -0.3681898343}}};
  const double grid = 4e-5;
  int checked = 0, poses = 0;
  for (const Step& step : steps) {
    for (int i = -1; i <= 1; ++i) {
      for (int j = -1; j <= 1; ++j) {
        for (int k = -1; k <= 1; ++k) {
          const Pose pose{step.orientation.normalized().toRotationMatrix(),
                          step.position + grid * Vec3(i, j, k)};
          ++poses;
          const ContactRegions regions = findContact(hull, hull_pose, shank, pose);
          if (regions.patches.size() != 1) continue;
          const ContactPatch& patch = regions.patches.front();
          // Steps of 1 µm, against indentations of 0.2–0.5 mm.
          const Vec3 descent = test::overlapDescent(hull, hull_pose, shank, pose, 1e-6);
          const double angle = test::angleBetween(patch.normal, descent);
          INFO("t = " << step.t << " s moved " << grid * Vec3(i, j, k).transpose() << ": normal "
                      << patch.normal.transpose() << ", −∇V " << descent.normalized().transpose()
                      << ", " << angle * 180 / std::numbers::pi << "° apart; δ "
                      << patch.indentation << " m, area " << patch.area << " m²");
          CHECK(angle < 2.0 * std::numbers::pi / 180);
          ++checked;
        }
      }
    }
  }
  // The shank touches the lip in one region throughout.
  CHECK(checked == poses);
}
