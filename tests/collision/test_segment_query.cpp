// The winding number by signed ray crossings through the tree (collision/segment_query.h) and the
// containment test built on it (contact/containment.h), against the brute-force solid-angle sum.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "collision/aabb_tree.h"
#include "collision/segment_query.h"
#include "contact/containment.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

Pose randomPose(std::mt19937& rng, double reach) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  return Pose::fromTranslationRotationVector(reach * Vec3(u(rng), u(rng), u(rng)),
                                             3.0 * Vec3(u(rng), u(rng), u(rng)));
}

}  // namespace

TEST_CASE("signed ray crossings count a closed surface's winding number", "[collision][ray]") {
  const TriMesh box = makeBox(Vec3(1.0, 0.5, 0.25), 2);
  const AabbTree tree(box);
  const Vec3 oblique = Vec3(0.31, 0.17, 0.93).normalized();
  // Inside: the ray leaves once; outside, aimed through the box: it enters and leaves.
  CHECK(signedCrossings(tree, Vec3(0.1, 0.05, 0.02), oblique) == 1);
  CHECK(signedCrossings(tree, Vec3(0.1, 0.05, -2.0), oblique) == 0);
  CHECK(signedCrossings(tree, Vec3(0.1, 0.05, 2.0), oblique) == 0);  // aimed away
  // Undecidable from this ray: through a vertex (the corner), along an edge's line, from a
  // point on the surface.
  CHECK_FALSE(signedCrossings(tree, Vec3::Zero(), Vec3(1.0, 0.5, 0.25).normalized()));
  CHECK_FALSE(signedCrossings(tree, Vec3(-2.0, 0.5, 0.25), Vec3::UnitX()));
  CHECK_FALSE(signedCrossings(tree, Vec3(0.3, 0.1, 0.25), oblique));
  // A triangle-soup mesh with the other orientation counts −1: the sign is the triangles'.
  std::vector<TriangleIndices> flipped;
  for (const TriangleIndices& t : box.triangles()) flipped.push_back({t[0], t[2], t[1]});
  const TriMesh inverted(box.vertices(), flipped);
  CHECK(signedCrossings(AabbTree(inverted), Vec3(0.1, 0.05, 0.02), oblique) == -1);
}

TEST_CASE("inside a closed surface: the tree's answer is the solid-angle sum's, any pose",
          "[collision][ray][containment]") {
  std::mt19937 rng(20261129);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const std::vector<TriMesh> meshes = {makeIcosphere(1.0, 3), makeBox(Vec3(1.0, 0.6, 0.3), 3),
                                       makeTorus(1.0, 0.35, 48, 24),
                                       makeTube(0.5, 0.8, 1.5, 40, 6)};
  int inside = 0, compared = 0;
  for (const TriMesh& mesh : meshes) {
    const AabbTree tree(mesh);
    for (int k = 0; k < 400; ++k) {
      const Pose pose = randomPose(rng, 2.0);
      const Vec3 point = pose.apply(1.1 * Vec3(u(rng), u(rng), u(rng)));
      const double w = windingNumber(PosedMesh{mesh, pose}, point);
      // The solid-angle sum is 0 or 1 up to rounding away from the surface; near it the answer
      // is the same function's (the fallback), so these points test nothing.
      if (std::abs(w - std::round(w)) > 1e-6) continue;
      ++compared;
      inside += w > 0.5;
      CHECK(insideSurface(tree, pose, point) == (w > 0.5));
    }
  }
  // Both answers are exercised, on every mesh.
  CHECK(compared > 1500);
  CHECK(inside > 300);
  CHECK(compared - inside > 300);
}

TEST_CASE("a ray that cannot decide hands over to the solid-angle sum",
          "[collision][ray][containment]") {
  const TriMesh sphere = makeIcosphere(1.0, 2);
  const AabbTree tree(sphere);
  // A vertex of the sphere itself: on the surface, the winding number is ½ (not inside).
  const Vec3 vertex = sphere.vertices()[0];
  CHECK_FALSE(insideSurface(tree, Pose::identity(), vertex));
  // The centre: both rays meet face interiors, inside.
  CHECK(insideSurface(tree, Pose::identity(), Vec3::Zero()));

  // A hole where the first ray leaves: its count is 0, the second ray's 1; they disagree and the
  // solid-angle sum (1 − the hole's share) says inside.
  const Vec3 first = Vec3(0.5773, 0.6411, 0.5057).normalized();  // containment.cpp's first ray
  std::vector<TriangleIndices> kept;
  for (std::size_t t = 0; t < sphere.triangleCount(); ++t) {
    const Vec3 a = sphere.corner(t, 0), b = sphere.corner(t, 1), c = sphere.corner(t, 2);
    // The triangle the ray from the centre passes through: all three edge planes contain it.
    const double ab = first.dot(a.cross(b)), bc = first.dot(b.cross(c)), ca = first.dot(c.cross(a));
    const bool hit =
        first.dot(a) > 0 && ((ab > 0 && bc > 0 && ca > 0) || (ab < 0 && bc < 0 && ca < 0));
    if (!hit) kept.push_back(sphere.triangles()[t]);
  }
  REQUIRE(kept.size() + 1 == sphere.triangleCount());
  const TriMesh open(sphere.vertices(), kept);
  const AabbTree open_tree(open);
  CHECK(signedCrossings(open_tree, Vec3::Zero(), first) == 0);
  CHECK(windingNumber(PosedMesh{open, Pose::identity()}, Vec3::Zero()) > 0.9);
  CHECK(insideSurface(open_tree, Pose::identity(), Vec3::Zero()));
}

// CAD exports carry zero-area triangles (collinear corners: a sliver left by a tessellator). They
// add no solid angle and no crossing; a ray meeting one cannot decide by it, so the count hands
// over to the solid-angle sum, which is still right. And a non-finite point is outside, not a
// crash.
TEST_CASE("zero-area triangles and non-finite points", "[collision][ray][containment]") {
  const TriMesh box = makeBox(Vec3(1.0, 0.5, 0.25), 2);
  std::vector<Vec3> vertices = box.vertices();
  std::vector<TriangleIndices> triangles = box.triangles();
  // Slivers along the box's inside, across the first ray's path from the centre, and on its top.
  for (const Vec3& a : {Vec3(-0.5, -0.2, -0.1), Vec3(0.2, 0.1, 0.25)}) {
    const auto i = static_cast<std::int32_t>(vertices.size());
    vertices.push_back(a);
    vertices.push_back(a + Vec3(0.4, 0.3, 0.1));
    vertices.push_back(a + Vec3(0.8, 0.6, 0.2));
    triangles.push_back({i, i + 1, i + 2});
  }
  const TriMesh with_slivers(vertices, triangles);
  const AabbTree tree(with_slivers);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.3, 1.3);
  for (int k = 0; k < 300; ++k) {
    const Vec3 point(u(rng), 0.5 * u(rng), 0.3 * u(rng));
    const double w = windingNumber(PosedMesh{box, Pose::identity()}, point);
    if (std::abs(w - std::round(w)) > 1e-6) continue;
    CHECK(insideSurface(tree, Pose::identity(), point) == (w > 0.5));
  }
  CHECK(insideSurface(tree, Pose::identity(), Vec3::Zero()));
  CHECK_FALSE(insideSurface(tree, Pose::identity(), Vec3(NAN, 0.0, 0.0)));
  CHECK_FALSE(insideSurface(tree, Pose::identity(), Vec3(INFINITY, 0.0, 0.0)));
}
