// Tree query against the O(n·m) reference over many poses, modes, counters, and the degenerate
// suite of the issue (coplanar, vertex-on-face, edge-on-edge, coincident, contained, scales).
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>
#include <utility>

#include "collision/mesh_collision.h"
#include "collision_reference.h"
#include "geometry/primitives.h"

using namespace contactsim;
using contactsim::testing::bruteForcePairs;
using contactsim::testing::sortedPairs;

namespace {

// Exact equality with the sorted reference.
void requireSamePairs(const std::vector<TrianglePair>& query,
                      const std::vector<TrianglePair>& ref) {
  testing::requireSamePairs(sortedPairs(query), ref);
}

std::set<std::pair<int, int>> pairSet(const std::vector<TrianglePair>& pairs, bool swap = false) {
  std::set<std::pair<int, int>> set;
  for (const TrianglePair& p : pairs) set.insert(swap ? std::pair{p.b, p.a} : std::pair{p.a, p.b});
  return set;
}

TriMesh scaledMesh(const TriMesh& mesh, double s) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v *= s;
  return TriMesh(vertices, mesh.triangles());
}

// Distance along `direction` (from touching-free far away) at which A first touches B: found
// by bisection on first-contact queries, to place poses just short of and just past contact.
double touchingDistance(const AabbTree& a, const AabbTree& b, const Mat3& rotation,
                        const Vec3& direction) {
  double inside = 0.0, outside = 10.0 * (a.mesh().scale() + b.mesh().scale());
  Pose pose;
  pose.rotation = rotation;
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (inside + outside);
    pose.translation = mid * direction;
    (collide(a, b, pose, CollisionMode::FirstContact).pairs.empty() ? outside : inside) = mid;
  }
  return outside;
}

// Base poses per mesh combination in the brute-force comparison (7 placements each): 45 gives
// 1890 poses; a sanitizer build, ~100x slower per brute-force pair, checks 210 of them (an odd
// count per combination keeps the split rule alternating between combinations).
#ifdef CONTACTSIM_SANITIZE_BUILD
constexpr int kBasePoses = 5;
#else
constexpr int kBasePoses = 45;
#endif

struct NamedMesh {
  const char* name;
  TriMesh mesh;
};

}  // namespace

TEST_CASE("tree query equals brute force over 1000+ random poses", "[collision]") {
  const NamedMesh meshes[] = {
      {"icosphere", makeIcosphere(1.0, 2)},
      {"torus", makeTorus(1.0, 0.35, 20, 10)},
      {"box", makeBox(Vec3(0.8, 0.5, 0.3), 2)},
      {"noisy", testing::makeNoisySphere(0.9, 2, 0.12, 5)},
  };
  const std::pair<int, int> combinations[] = {{0, 1}, {1, 1}, {2, 0}, {3, 3}, {3, 1}, {2, 2}};
  std::mt19937 rng(2024);
  std::normal_distribution<double> normal(0.0, 1.0);
  int poses = 0, with_pairs = 0, near_misses = 0;
  for (const auto& [ia, ib] : combinations) {
    const TriMesh& mesh_a = meshes[ia].mesh;
    const TriMesh& mesh_b = meshes[ib].mesh;
    const SplitRule rule =
        poses % 2 == 0 ? SplitRule::SurfaceAreaHeuristic : SplitRule::BestAxisMedian;
    const AabbTree tree_a(mesh_a, rule), tree_b(mesh_b, rule);
    for (int i = 0; i < kBasePoses; ++i) {
      const Pose base = testing::randomRigidMotion(rng, 0.0);
      const Vec3 direction = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
      const double touch = touchingDistance(tree_a, tree_b, base.rotation, direction);
      // Just apart, just touching, shallow, deep and centred.
      for (const double factor : {1.0 + 1e-7, 1.0, 1.0 - 1e-7, 0.97, 0.7, 0.3, 0.0}) {
        CAPTURE(meshes[ia].name, meshes[ib].name, i, factor);
        Pose pose = base;
        pose.translation = factor * touch * direction;
        const std::vector<TrianglePair> reference =
            sortedPairs(bruteForcePairs(mesh_a, mesh_b, pose));
        const CollisionResult result = collide(tree_a, tree_b, pose);
        requireSamePairs(result.pairs, reference);
        CHECK(result.counters.triangle_tests <= mesh_a.triangleCount() * mesh_b.triangleCount());
        CHECK(result.counters.triangle_tests >= reference.size());
        ++poses;
        with_pairs += !reference.empty();
        near_misses += factor > 1.0 && reference.empty();
      }
    }
  }
  CHECK(poses == 6 * kBasePoses * 7);
  CHECK(with_pairs > poses / 2);
  CHECK(near_misses > poses / 10);  // 1890 poses gave > 200
}

TEST_CASE("brute force agrees far from the origin and on needle triangles", "[collision]") {
  // Vertices 1e4 model sizes away from their body's origin (the box tests pad for the rounding
  // of such coordinates), and long thin triangles whose computed normals rounding tilts.
  const auto shifted = [](const TriMesh& mesh, const Vec3& offset) {
    std::vector<Vec3> vertices = mesh.vertices();
    for (Vec3& v : vertices) v += offset;
    return TriMesh(vertices, mesh.triangles());
  };
  std::vector<Vec3> needle_vertices;
  std::vector<TriangleIndices> needle_triangles;
  const int segments = 64;
  for (int i = 0; i < segments; ++i) {
    const double phi = 2 * 3.141592653589793 * i / segments;
    needle_vertices.emplace_back(0.05 * std::cos(phi), 0.05 * std::sin(phi), -2.0);
    needle_vertices.emplace_back(0.05 * std::cos(phi), 0.05 * std::sin(phi), 2.0);
  }
  for (int i = 0; i < segments; ++i) {
    const std::int32_t a = 2 * i, b = 2 * ((i + 1) % segments);
    needle_triangles.push_back({a, b, b + 1});
    needle_triangles.push_back({a, b + 1, a + 1});
  }
  const TriMesh needles(needle_vertices, needle_triangles);  // open tube, 4 x 0.005 triangles
  const TriMesh sphere = testing::makeNoisySphere(1.0, 2, 0.1, 7);
  const Vec3 far(1e4, -2e4, 5e3);
  const TriMesh far_sphere = shifted(sphere, far);
  const TriMesh far_needles = shifted(needles, -far);
  const AabbTree near_tree(sphere), far_tree(far_sphere), needle_tree(needles),
      far_needle_tree(far_needles);
  std::mt19937 rng(31);
  int with_pairs = 0;
  for (int i = 0; i < 12; ++i) {
    const Pose motion = testing::randomRigidMotion(rng, 0.6);
    // A far-away sphere placed back near the other body, and the needle tube crossing the sphere.
    Pose far_pose = motion;
    far_pose.translation -= motion.rotation * far;
    const std::vector<TrianglePair> far_ref =
        sortedPairs(bruteForcePairs(far_sphere, sphere, far_pose));
    requireSamePairs(collide(far_tree, near_tree, far_pose).pairs, far_ref);
    const std::vector<TrianglePair> needle_ref =
        sortedPairs(bruteForcePairs(needles, sphere, motion));
    requireSamePairs(collide(needle_tree, near_tree, motion).pairs, needle_ref);
    Pose needle_pose = motion;
    needle_pose.translation += motion.rotation * far;
    requireSamePairs(collide(far_needle_tree, near_tree, needle_pose).pairs,
                     sortedPairs(bruteForcePairs(far_needles, sphere, needle_pose)));
    requireSamePairs(collide(near_tree, needle_tree, motion.inverse()).pairs,
                     sortedPairs(bruteForcePairs(sphere, needles, motion.inverse())));
    with_pairs += !far_ref.empty() && !needle_ref.empty();
  }
  CHECK(with_pairs >= 6);
}

TEST_CASE("first contact mode stops at one true pair", "[collision]") {
  const TriMesh sphere = makeIcosphere(1.0, 3);
  const TriMesh torus = makeTorus(1.0, 0.3, 32, 12);
  const AabbTree a(sphere), b(torus);
  std::mt19937 rng(3);
  for (int i = 0; i < 50; ++i) {
    const Pose pose = testing::randomRigidMotion(rng, 0.8);
    const CollisionResult all = collide(a, b, pose);
    const CollisionResult first = collide(a, b, pose, CollisionMode::FirstContact);
    REQUIRE(first.pairs.size() == (all.pairs.empty() ? 0u : 1u));
    if (!first.pairs.empty()) {
      CHECK(pairSet(all.pairs).count({first.pairs[0].a, first.pairs[0].b}) == 1);
      CHECK(first.counters.triangle_tests <= all.counters.triangle_tests);
    }
  }
}

TEST_CASE("far apart bodies cost one box test", "[collision]") {
  const TriMesh sphere = makeIcosphere(1.0, 3);
  const AabbTree tree(sphere);
  const CollisionResult result =
      collide(tree, tree, Pose::fromTranslationRotationVector(Vec3(3, 0, 0), Vec3(0.1, 0.2, 0.3)));
  CHECK(result.pairs.empty());
  CHECK(result.counters.box_tests == 1);
  CHECK(result.counters.triangle_tests == 0);
}

TEST_CASE("swapping the bodies gives the mirrored pair set", "[collision]") {
  const TriMesh sphere = testing::makeNoisySphere(1.0, 3, 0.05, 9);
  const TriMesh torus = makeTorus(1.0, 0.3, 40, 16);
  const AabbTree a(sphere), b(torus);
  std::mt19937 rng(17);
  for (int i = 0; i < 100; ++i) {
    const Pose world_a = testing::randomRigidMotion(rng, 0.5);
    const Pose world_b = testing::randomRigidMotion(rng, 0.5);
    const CollisionResult ab = collide(a, b, relativePose(world_a, world_b));
    const CollisionResult ba = collide(b, a, relativePose(world_b, world_a));
    REQUIRE(pairSet(ab.pairs) == pairSet(ba.pairs, true));
    // Segments agree in the world frame (they come in B's, resp. A's frame).
    std::map<std::pair<int, int>, const TrianglePair*> mirrored;
    for (const TrianglePair& p : ba.pairs) mirrored[{p.b, p.a}] = &p;
    for (const TrianglePair& p : ab.pairs) {
      const TrianglePair& q = *mirrored.at({p.a, p.b});
      REQUIRE(testing::sameSegment(world_b.apply(p.p0), world_b.apply(p.p1), world_a.apply(q.p0),
                                   world_a.apply(q.p1), 1e-9));
    }
  }
}

TEST_CASE("one rigid motion of both bodies changes nothing", "[collision]") {
  const TriMesh box = makeBox(Vec3(0.7, 0.4, 0.5), 4);
  const TriMesh noisy = testing::makeNoisySphere(0.8, 3, 0.1, 21);
  const AabbTree a(box), b(noisy);
  std::mt19937 rng(19);
  for (int i = 0; i < 100; ++i) {
    const Pose world_a = testing::randomRigidMotion(rng, 0.4);
    const Pose world_b = testing::randomRigidMotion(rng, 0.4);
    const Pose motion = testing::randomRigidMotion(rng, 1000.0);
    const CollisionResult before = collide(a, b, relativePose(world_a, world_b));
    const CollisionResult after = collide(a, b, relativePose(motion * world_a, motion * world_b));
    REQUIRE(pairSet(before.pairs) == pairSet(after.pairs));
  }
}

TEST_CASE("degenerate suite", "[collision]") {
  for (const double s : {1e-3, 1.0, 1e3}) {
    CAPTURE(s);

    SECTION("box resting on box: coplanar faces are coplanar contact, side edges touch") {
      const TriMesh lower = makeBox(s * Vec3(1, 1, 1), 3);
      const TriMesh upper = makeBox(s * Vec3(0.5, 0.5, 0.5), 2);
      const AabbTree a(upper), b(lower);
      for (const double twist : {0.0, 0.3}) {
        const Pose pose =
            Pose::fromTranslationRotationVector(s * Vec3(0.1, 0.2, 1.5), Vec3(0, 0, twist));
        const CollisionResult result = collide(a, b, pose);
        requireSamePairs(result.pairs, sortedPairs(bruteForcePairs(upper, lower, pose)));
        int coplanar = 0;
        for (const TrianglePair& p : result.pairs) {
          // Only triangles reaching the plane z = s take part, and every segment lies in it.
          const double z_a =
              (pose.apply(upper.corner(p.a, 0)).z() + pose.apply(upper.corner(p.a, 1)).z() +
               pose.apply(upper.corner(p.a, 2)).z()) /
              3;
          CHECK(z_a >= s * (1 - 1e-9));
          CHECK(upper.normals()[p.a].z() != 1.0);  // never the upper box's top face
          if (p.coplanar) {
            ++coplanar;
            CHECK(std::abs(lower.normals()[p.b].z() - 1.0) < 1e-12);
            CHECK((pose.rotation * upper.normals()[p.a] + Vec3(0, 0, 1)).norm() < 1e-12);
          } else {
            CHECK(std::abs(p.p0.z() - s) <= 1e-12 * s);
            CHECK(std::abs(p.p1.z() - s) <= 1e-12 * s);
          }
        }
        CHECK(coplanar >= 8);  // the upper bottom (8 triangles) lies on the lower top
      }
    }

    SECTION("vertex on face: the apex touches in one point") {
      // An upside-down tetrahedron whose apex sits inside one top triangle of a box.
      const TriMesh spike({s * Vec3(0.3, 0.1, 0), s * Vec3(1, 0, 1), s * Vec3(-0.5, 0.8, 1),
                           s * Vec3(-0.5, -0.8, 1)},
                          {{0, 2, 1}, {0, 3, 2}, {0, 1, 3}, {1, 2, 3}});
      const TriMesh block = makeBox(s * Vec3(1, 1, 1), 1);
      const Pose block_pose = Pose::fromTranslationRotationVector(s * Vec3(0, 0, -1), Vec3::Zero());
      const AabbTree a(spike), b(block);
      const Pose a_in_b = relativePose(Pose::identity(), block_pose);
      const CollisionResult result = collide(a, b, a_in_b);
      requireSamePairs(result.pairs, sortedPairs(bruteForcePairs(spike, block, a_in_b)));
      REQUIRE(result.pairs.size() == 3);  // the three faces around the apex, one box triangle
      for (const TrianglePair& p : result.pairs) {
        CHECK_FALSE(p.coplanar);
        CHECK((block_pose.apply(p.p0) - s * Vec3(0.3, 0.1, 0)).norm() <= 1e-12 * s);
        CHECK((block_pose.apply(p.p1) - s * Vec3(0.3, 0.1, 0)).norm() <= 1e-12 * s);
      }
    }

    SECTION("edge on edge: crossed wedges touch in one point") {
      // A's top edge runs along x, B's bottom edge along y; they cross at the origin only.
      const TriMesh a_mesh(
          {s * Vec3(-1, 0, 0), s * Vec3(1, 0, 0), s * Vec3(0, -1, -1), s * Vec3(0, 1, -1)},
          {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
      const TriMesh b_mesh(
          {s * Vec3(0, -1, 0), s * Vec3(0, 1, 0), s * Vec3(-1, 0, 1), s * Vec3(1, 0, 1)},
          {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}});
      const AabbTree a(a_mesh), b(b_mesh);
      const CollisionResult result = collide(a, b, Pose::identity());
      requireSamePairs(result.pairs,
                       sortedPairs(bruteForcePairs(a_mesh, b_mesh, Pose::identity())));
      REQUIRE(result.pairs.size() == 4);  // two faces at each edge
      for (const TrianglePair& p : result.pairs) {
        CHECK_FALSE(p.coplanar);
        CHECK(p.p0.norm() <= 1e-12 * s);
        CHECK(p.p1.norm() <= 1e-12 * s);
      }
    }

    SECTION("identical coincident meshes: each triangle meets its twin coplanar") {
      const TriMesh sphere = makeIcosphere(s, 2);
      const AabbTree tree(sphere);
      std::mt19937 rng(1);
      const Pose world = testing::randomRigidMotion(rng, 10 * s);
      const CollisionResult result = collide(tree, tree, relativePose(world, world));
      std::size_t twins = 0;
      for (const TrianglePair& p : result.pairs) {
        if (p.a == p.b) {
          CHECK(p.coplanar);
          ++twins;
        } else {
          CHECK_FALSE(p.coplanar);  // neighbours meet along shared edges or corners
        }
      }
      CHECK(twins == sphere.triangleCount());
      CHECK(pairSet(result.pairs) == pairSet(collide(tree, tree, Pose::identity()).pairs));
    }

    SECTION("one mesh entirely inside the other: no surface pairs") {
      // The volume case is the contact regions' (containment), not the surface query's.
      const TriMesh outer = makeIcosphere(s, 3);
      const TriMesh inner = makeTorus(0.3 * s, 0.1 * s, 24, 8);
      const AabbTree a(inner), b(outer);
      const CollisionResult result = collide(
          a, b, Pose::fromTranslationRotationVector(s * Vec3(0.1, 0, 0.2), Vec3(1, 2, 0.5)));
      CHECK(result.pairs.empty());
      CHECK(result.counters.box_tests > 1);  // the root boxes do overlap
    }
  }
}

TEST_CASE("the same contact at 1e-3 m and 1e3 m gives the same pairs", "[collision]") {
  const TriMesh sphere = makeIcosphere(1.0, 3);
  const TriMesh torus = makeTorus(1.0, 0.3, 32, 12);
  const Vec3 rotation(0.3, -0.2, 0.9);
  const Vec3 offset(0.4, 0.5, 0.1);
  const AabbTree a(sphere), b(torus);
  const auto unit = collide(a, b, Pose::fromTranslationRotationVector(offset, rotation));
  REQUIRE(!unit.pairs.empty());
  for (const double s : {1e-3, 1e3}) {
    const TriMesh sphere_s = scaledMesh(sphere, s), torus_s = scaledMesh(torus, s);
    const AabbTree as(sphere_s), bs(torus_s);
    const auto scaled = collide(as, bs, Pose::fromTranslationRotationVector(s * offset, rotation));
    CHECK(pairSet(scaled.pairs) == pairSet(unit.pairs));
  }
}
