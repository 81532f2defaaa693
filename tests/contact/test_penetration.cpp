// findPenetration and the pressure integral with whole clusters, against brute force: every
// vertex tested against every face of a convex body, and the same integral taken triangle by
// triangle.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "contact/containment.h"
#include "contact/penetration.h"
#include "contact/pressure_centre.h"
#include "geometry/primitives.h"
#include "ridge_cases.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {

struct Overlap {
  TriMesh a, b;
  Pose pose_a;  // B stays at the identity
  std::vector<std::pair<std::int32_t, std::int32_t>> colliding_a;

  Overlap(TriMesh mesh_a, TriMesh mesh_b, const Pose& pose)
      : a(std::move(mesh_a)), b(std::move(mesh_b)), pose_a(pose) {
    const AabbTree tree_a(a), tree_b(b);
    for (const TrianglePair& p : collide(tree_a, tree_b, pose_a).pairs) {
      if (!p.coplanar) colliding_a.emplace_back(p.a, p.b);
    }
  }
  PosedMesh posedA() const { return {a, pose_a}; }
  PosedMesh posedB() const { return {b, Pose::identity()}; }
  Penetration penetrationOfA(PenetrationWorkspace& workspace) const {
    return findPenetration(posedA(), posedB(), colliding_a, workspace);
  }
};

// Strictly behind every face plane of a convex mesh (on a plane counts as outside, as in
// findPenetration).
bool insideConvex(const TriMesh& convex, const Vec3& x) {
  for (std::size_t t = 0; t < convex.triangleCount(); ++t) {
    if (convex.normals()[t].dot(x - convex.corner(t, 0)) >= 0.0) return false;
  }
  return true;
}

std::set<std::int32_t> sorted(const std::vector<std::int32_t>& items) {
  return {items.begin(), items.end()};
}

// The component with every inside vertex and triangle listed one by one and no whole cluster:
// integratePenetratedSurface then takes the triangle-by-triangle path only.
PenetratedComponent flattened(const TriMesh& mesh, const PenetratedComponent& c) {
  PenetratedComponent flat;
  flat.vertices = c.vertices;
  for (const std::int32_t k : c.clusters) {
    const auto vertices = mesh.clusters().vertices(k);
    flat.vertices.insert(flat.vertices.end(), vertices.begin(), vertices.end());
  }
  std::sort(flat.vertices.begin(), flat.vertices.end());
  flat.vertices.erase(std::unique(flat.vertices.begin(), flat.vertices.end()), flat.vertices.end());
  flat.triangles = allTriangles(mesh, c);
  return flat;
}

// A's vertices the flood marks inside B, and those `inside` (B's brute-force test) says are.
struct FloodCheck {
  std::set<std::int32_t> flooded, expected;
};

template <typename InsideB>
FloodCheck floodAgainst(const Overlap& o, InsideB inside) {
  PenetrationWorkspace workspace;
  const Penetration p = o.penetrationOfA(workspace);
  FloodCheck check;
  for (const PenetratedComponent& c : p.components) {
    for (const std::int32_t v : flattened(o.a, c).vertices) check.flooded.insert(v);
  }
  for (std::int32_t v = 0; v < static_cast<std::int32_t>(o.a.vertexCount()); ++v) {
    if (inside(o.posedA().vertex(v))) check.expected.insert(v);
  }
  return check;
}

}  // namespace

TEST_CASE("a deep overlap: the inside triangles are those with an inside corner", "[penetration]") {
  // Two level-4 icospheres (5120 triangles, ~48 per cluster) 1.4 R apart: a cap of several
  // hundred triangles, most of it in whole clusters.
  const Overlap o(makeIcosphere(1.0, 4), makeIcosphere(1.0, 4),
                  Pose::fromTranslationRotationVector(Vec3(1.4, 0.1, -0.05), Vec3(0.3, 0.2, 0.1)));
  PenetrationWorkspace workspace;
  const Penetration p = o.penetrationOfA(workspace);
  REQUIRE(p.componentCount() == 1);
  const PenetratedComponent& c = p.components[0];
  CHECK(c.clusters.size() >= 3);

  std::set<std::int32_t> expected;
  for (std::size_t t = 0; t < o.a.triangleCount(); ++t) {
    for (int k = 0; k < 3; ++k) {
      if (insideConvex(o.b, o.posedA().corner(static_cast<std::int32_t>(t), k))) {
        expected.insert(static_cast<std::int32_t>(t));
        break;
      }
    }
  }
  const std::vector<std::int32_t> all = allTriangles(o.a, c);
  CHECK(all.size() == expected.size());  // each once
  CHECK(sorted(all) == expected);

  // Listed vertices are inside, and so are exactly the colliding triangles' corners given a
  // component.
  for (const std::int32_t v : c.vertices) CHECK(insideConvex(o.b, o.posedA().vertex(v)));
  REQUIRE(p.corner_components.size() == o.colliding_a.size());
  for (std::size_t i = 0; i < o.colliding_a.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      const std::int32_t v = o.a.triangles()[o.colliding_a[i].first][k];
      CHECK((p.corner_components[i][k] == 0) == insideConvex(o.b, o.posedA().vertex(v)));
    }
  }
}

TEST_CASE("whole clusters integrate as their triangles do", "[penetration]") {
  const Overlap o(
      makeIcosphere(1.0, 4), makeIcosphere(1.0, 4),
      Pose::fromTranslationRotationVector(Vec3(1.35, -0.1, 0.08), Vec3(-0.2, 0.4, 0.0)));
  PenetrationWorkspace workspace;
  const Penetration p = o.penetrationOfA(workspace);
  REQUIRE(p.componentCount() == 1);
  const PenetratedComponent& c = p.components[0];
  REQUIRE(c.clusters.size() >= 3);
  const PenetratedComponent flat = flattened(o.a, c);
  // A penetrates B towards B's centre.
  const Vec3 into_b = -o.pose_a.translation.normalized();
  // A plane well outside the lens, with all of A's cap beyond it, and one through the
  // cap itself that cuts some whole clusters, which then go triangle by triangle.
  for (const double along : {0.7, 0.4}) {
    INFO("plane at " << along << " along the centre line");
    const ContactPlane plane = planeFromNormal(along * o.pose_a.translation, into_b);
    const PenetratedSurface fast = integratePenetratedSurface(o.posedA(), c, plane, into_b);
    const PenetratedSurface slow = integratePenetratedSurface(o.posedA(), flat, plane, into_b);
    REQUIRE(slow.weight > 0.0);
    std::size_t cut_by_plane = 0;  // whole clusters with a box corner in front of the plane
    for (const std::int32_t k : c.clusters) {
      const Box3& box = o.a.clusters().box(k);
      for (int corner = 0; corner < 8; ++corner) {
        const Vec3 y = o.pose_a.apply(box.corner(static_cast<Box3::CornerType>(corner)));
        if (into_b.dot(y - plane.origin) < 0.0) {
          ++cut_by_plane;
          break;
        }
      }
    }
    CHECK((cut_by_plane > 0) == (along == 0.4));
    CHECK(fast.weight == Approx(slow.weight).epsilon(1e-12));
    CHECK((fast.first_moment - slow.first_moment).norm() < 1e-12 * slow.first_moment.norm());
    CHECK(fast.deepest_depth == slow.deepest_depth);
    CHECK(fast.deepest_point == slow.deepest_point);
  }
}

TEST_CASE("a flood leaves no marks for the next one", "[penetration]") {
  // The flood's per-vertex marks persist between calls in the caller's workspace: a large mesh, a
  // small one and the large one again must give what the large one gave first.
  const Overlap large(makeIcosphere(1.0, 5), makeIcosphere(1.0, 4),
                      Pose::fromTranslationRotationVector(Vec3(1.5, 0.0, 0.0), Vec3::Zero()));
  const Overlap small(makeIcosphere(1.0, 3), makeIcosphere(1.0, 3),
                      Pose::fromTranslationRotationVector(Vec3(0.0, 1.6, 0.2), Vec3::Zero()));
  PenetrationWorkspace workspace;
  const Penetration first = large.penetrationOfA(workspace);
  const Penetration other = small.penetrationOfA(workspace);
  const Penetration again = large.penetrationOfA(workspace);
  REQUIRE(first.componentCount() == 1);
  REQUIRE(other.componentCount() == 1);
  REQUIRE(again.componentCount() == 1);
  CHECK(again.components[0].vertices == first.components[0].vertices);
  CHECK(again.components[0].triangles == first.components[0].triangles);
  CHECK(again.components[0].clusters == first.components[0].clusters);
  CHECK(again.corner_components == first.corner_components);
}

TEST_CASE("an edge through a ridge of the other body: its ends are inside exactly when they are",
          "[penetration]") {
  // Vertices placed by formulas leave some of the bar's edges through the wedge's ridge to
  // rounding, and moves of 1e-14 to 1e-10 m put them just inside or outside it: the ridge's
  // faces then disagree about an end beyond it, and one face alone used to decide — an outside
  // end called inside flooded the bar's whole surface (38 of its 42 vertices, for the 8-sided
  // bar against a 45° wedge; 507 of these 18 395 configurations were wrong, 80 with a tie rule
  // that let outside win among equally near crossings). Reference: every vertex against every
  // face plane of the convex wedge.
  int configurations = 0;
  for (const double move : {0.0, 1e-14, 1e-13, 1e-12, 1e-10}) {
    for (const Vec3& direction : {Vec3(0, 0, 1), Vec3(-1, 0, 1), Vec3(1, 0, -1)}) {
      if (move == 0.0 && direction != Vec3(0, 0, 1)) continue;
      forEachBarOnRidge([&](const RidgeCase& c, const TriMesh& bar, const TriMesh& wedge) {
        Pose pose = c.bar_pose;
        pose.translation += move * direction.normalized();
        const Overlap o(bar, wedge, pose);
        if (o.colliding_a.empty()) return;
        ++configurations;
        const FloodCheck check =
            floodAgainst(o, [&](const Vec3& x) { return insideConvex(wedge, x); });
        INFO(c << ", moved " << move << " m along " << direction.transpose());
        CHECK(check.flooded == check.expected);
      });
    }
  }
  CHECK(configurations > 10000);
}
TEST_CASE("an edge through a vertex of the other body: its ends are inside exactly when they are",
          "[penetration]") {
  // A bar's long edge through each vertex of a convex icosphere and of a torus (saddle vertices
  // on its inner side) in 40 random directions, exactly to rounding and moved 1e-14 to 1e-10 m
  // beside it: the crossings there lie at a corner of the other's triangles, where neither
  // one face's plane nor one ridge's faces say which side an end is on. With the ridge rule
  // alone 36 of the icosphere's and 138 of the torus's configurations were wrong (flooding
  // outside vertices, or missing inside ones). Reference: each vertex's winding number.
  for (const bool torus : {false, true}) {
    const TriMesh other = torus ? makeTorus(1.0, 0.4, 24, 12) : makeIcosphere(1.0, 1);
    const TriMesh bar = makeBox(Vec3(0.01, 0.01, 0.5));
    std::mt19937 rng(3);
    std::normal_distribution<double> normal(0.0, 1.0);
    int configurations = 0;
    for (std::size_t vertex = 0; vertex < other.vertexCount(); vertex += torus ? 7 : 1) {
      for (int k = 0; k < 40; ++k) {
        const Vec3 along = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
        Mat3 rotation;
        rotation.col(0) = along.unitOrthogonal();
        rotation.col(1) = along.cross(rotation.col(0));
        rotation.col(2) = along;
        for (const double move : {0.0, 1e-14, 1e-13, 1e-12, 3e-12, 1e-11, 1e-10}) {
          // The bar's edge at (0.01, 0.01, z) of its frame through the vertex at z = −0.2.
          const Pose pose{rotation, other.vertices()[vertex] - rotation * Vec3(0.01, 0.01, -0.2) +
                                        move * rotation.col(0)};
          const Overlap o(bar, other, pose);
          if (o.colliding_a.empty()) continue;
          ++configurations;
          const FloodCheck check = floodAgainst(o, [&](const Vec3& x) {
            return windingNumber(PosedMesh{other, Pose::identity()}, x) > 0.5;
          });
          INFO((torus ? "torus" : "icosphere") << " vertex " << vertex << ", bar along "
                                               << along.transpose() << ", moved " << move);
          CHECK(check.flooded == check.expected);
        }
      }
    }
    CHECK(configurations > 5000);
  }
}
