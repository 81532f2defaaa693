// The collision query started from a kept cut (CollisionFront): along continuous motions through
// contact, and after jumps, it returns exactly the pairs of a query from the roots, in the same
// order, with bit-identical segments, also when its cut is resumed in blocks run in any order; it
// starts from the roots again for other trees and once its cut has grown; and it saves box tests
// while the bodies move little. Entries it passes over as still apart leave the cut exactly as
// testing them would, also when the bodies turn far from their frames' origins.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "collision/mesh_collision.h"
#include "collision_reference.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

// The cut a kept front would hold without passing over the entries still apart: the same
// front's entries with their gaps forgotten, so that every one is tested again.
void forgetGaps(CollisionFront& front) {
  for (CollisionFront::Entry& entry : front.entries) entry.apart_until = 0.0;
}

void requireSameCut(const CollisionFront& front, const CollisionFront& reference) {
  REQUIRE(front.entries.size() == reference.entries.size());
  for (std::size_t e = 0; e < front.entries.size(); ++e) {
    REQUIRE(front.entries[e].a == reference.entries[e].a);
    REQUIRE(front.entries[e].b == reference.entries[e].b);
  }
}

TriMesh moved(const TriMesh& mesh, const Vec3& offset) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v += offset;
  return TriMesh(std::move(vertices), mesh.triangles());
}

// A's pose at parameter s ∈ [0, 1] of a path that approaches B from `distance`, slides across it
// at a depth of `depth` (of B's size) while turning a full turn about a tilted axis, and leaves.
Pose sweep(double s, double distance, double depth) {
  const double angle = 2.0 * M_PI * s;
  const Vec3 axis = Vec3(0.3, 0.8, 0.5).normalized();
  Pose pose = Pose::fromTranslationRotationVector(Vec3::Zero(), angle * axis);
  const double along = (2.0 * s - 1.0) * distance;
  pose.translation = Vec3(along, 0.35 * along, distance * (1.0 - depth) * std::cos(M_PI * s));
  return pose;
}

}  // namespace

TEST_CASE("a kept cut gives the pairs of a query from the roots, in order", "[collision]") {
  struct Case {
    const char* name;
    TriMesh a, b;
    SplitRule rule;
  };
  const Case cases[] = {
      {"noisy sphere on torus", testing::makeNoisySphere(0.9, 2, 0.12, 5),
       makeTorus(1.0, 0.35, 24, 12), SplitRule::SurfaceAreaHeuristic},
      {"box on icosphere", makeBox(Vec3(0.8, 0.5, 0.3), 2), makeIcosphere(1.0, 3),
       SplitRule::BestAxisMedian},
      {"torus through torus", makeTorus(1.0, 0.3, 32, 12), makeTorus(1.0, 0.3, 32, 12),
       SplitRule::SurfaceAreaHeuristic},
  };
  std::mt19937 rng(7);
  std::size_t largest_cut = 0;
  int block_runs = 0;
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const AabbTree tree_a(c.a, c.rule), tree_b(c.b, c.rule);
    // `blocked` resumes its cut in blocks run last to first, as threads may run them.
    const IndexLoop reversed = [&](std::size_t count, const std::function<void(std::size_t)>& f) {
      ++block_runs;
      for (std::size_t k = count; k-- > 0;) f(k);
    };
    CollisionFront front, blocked, tested;  // `tested` tests every entry of its cut again
    int with_pairs = 0, from_roots = 0;
    std::uint64_t kept_apart = 0;
    std::size_t last_size = 0;
    const int steps = 600;
    for (int i = 0; i <= steps; ++i) {
      // Small steps along the path; every 97th a jump to a random pose near B.
      Pose pose = sweep(static_cast<double>(i) / steps, 1.6, 0.4);
      if (i % 97 == 96) pose = testing::randomRigidMotion(rng, 0.5);
      CAPTURE(i);
      const CollisionResult roots = collide(tree_a, tree_b, pose);
      const CollisionResult kept = collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &front);
      testing::requireSamePairs(kept.pairs, roots.pairs);
      forgetGaps(tested);
      const CollisionResult retested =
          collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &tested);
      CHECK(retested.counters.kept_apart == 0);
      requireSameCut(front, tested);
      kept_apart += kept.counters.kept_apart;
      const CollisionResult in_blocks =
          collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &blocked, &reversed);
      testing::requireSamePairs(in_blocks.pairs, kept.pairs);
      CHECK(in_blocks.counters.box_tests == kept.counters.box_tests);
      CHECK(in_blocks.counters.triangle_tests == kept.counters.triangle_tests);
      CHECK(in_blocks.counters.kept_apart == kept.counters.kept_apart);
      requireSameCut(blocked, front);
      largest_cut = std::max(largest_cut, front.entries.size());
      if (i % 50 == 0) {
        const std::vector<TrianglePair> reference = testing::bruteForcePairs(c.a, c.b, pose);
        testing::requireSamePairs(testing::sortedPairs(kept.pairs), reference);
      }
      with_pairs += !roots.pairs.empty();
      from_roots += front.size_from_roots != last_size;
      last_size = front.size_from_roots;
      // The cut covers the descent: never more entries than pairs of a full binary descent.
      CHECK(front.entries.size() <= 2 * c.a.triangleCount() * c.b.triangleCount());
    }
    CHECK(with_pairs > steps / 3);
    CHECK(from_roots >= 2);  // the first query, and again after the cut grew
    CHECK(kept_apart > 0);
  }
  CHECK(largest_cut > 2 * kLoopGrain);
  CHECK(block_runs > 0);  // queries resumed in several blocks
}

TEST_CASE("a kept cut belongs to its trees, and first-contact queries leave it alone",
          "[collision]") {
  const TriMesh sphere = makeIcosphere(1.0, 3);
  const TriMesh box = makeBox(Vec3(0.8, 0.5, 0.3), 2);
  const AabbTree sphere_tree(sphere), box_tree(box);
  Pose pose = Pose::identity();
  pose.translation = Vec3(0.9, 0.2, 0.1);
  CollisionFront front;
  collide(sphere_tree, box_tree, pose, CollisionMode::AllPairs, &front);
  REQUIRE(front.tree_a == &sphere_tree);
  const std::vector<CollisionFront::Entry> kept = front.entries;
  // Another pair of trees with the same front: answered from its own roots.
  const CollisionResult swapped =
      collide(box_tree, sphere_tree, pose.inverse(), CollisionMode::AllPairs, &front);
  testing::requireSamePairs(swapped.pairs, collide(box_tree, sphere_tree, pose.inverse()).pairs);
  CHECK(front.tree_a == &box_tree);
  CHECK(front.tree_b == &sphere_tree);
  // First contact stops early: its partial descent is not a cut, so the front is not touched.
  const std::vector<CollisionFront::Entry> before = front.entries;
  collide(box_tree, sphere_tree, pose.inverse(), CollisionMode::FirstContact, &front);
  CHECK(front.entries.size() == before.size());
  CHECK(kept.size() > 1);
}

TEST_CASE("a kept cut saves box tests while the bodies move little", "[collision]") {
  // A shaft in a pipe with 0.5 mm clearance, pressed 1 mm into one side: conforming, so most
  // nodes near the wall overlap and a descent from the roots revisits all of them every query.
  const TriMesh shaft = makeCylinder(0.048, 0.4, 48, 40);
  const TriMesh bore = makeTube(0.0485, 0.07, 0.3, 48, 30);
  const AabbTree shaft_tree(shaft), bore_tree(bore);
  CollisionFront front;
  std::uint64_t tests_roots = 0, tests_kept = 0;
  for (int i = 0; i < 200; ++i) {
    // 0.1 mm steps along the axis, pressed 1 mm toward one side.
    Pose pose = Pose::identity();
    pose.translation = Vec3(0.0, 0.0, 1e-4 * i - 0.01);
    pose.translation.x() += 0.0015;
    const CollisionResult roots = collide(shaft_tree, bore_tree, pose);
    const CollisionResult kept =
        collide(shaft_tree, bore_tree, pose, CollisionMode::AllPairs, &front);
    testing::requireSamePairs(kept.pairs, roots.pairs);
    tests_roots += roots.counters.box_tests;
    tests_kept += kept.counters.box_tests;
  }
  CAPTURE(tests_roots, tests_kept);
  CHECK(tests_kept < tests_roots);
}

TEST_CASE("entries kept apart stay apart under turns far from the frames' origins", "[collision]") {
  // Both spheres lie 20 m from their bodies' origins and A only turns about its origin, so the
  // pose's translation never changes while A's sphere sweeps 9.5 mm per query through B's: a gap
  // trusted for the translation's change alone would keep every entry apart and miss the pairs.
  // Every other query turns back half a step, as Newton iterations revisit poses.
  const TriMesh a = moved(makeIcosphere(1.0, 4), Vec3(20.0, 0.0, 0.0));
  const TriMesh b = moved(makeIcosphere(1.0, 4), Vec3(20.0, 1.9, 0.3));
  const AabbTree tree_a(a), tree_b(b);
  CollisionFront front, tested;
  int with_pairs = 0;
  std::uint64_t kept_apart = 0;
  for (int i = 0; i <= 400; ++i) {
    const double angle = 4.75e-4 * (i % 2 == 0 ? i : i - 1.5);
    const Pose pose = Pose::fromTranslationRotationVector(Vec3::Zero(), Vec3(0.0, 0.0, angle));
    CAPTURE(i);
    const CollisionResult kept = collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &front);
    testing::requireSamePairs(kept.pairs, collide(tree_a, tree_b, pose).pairs);
    forgetGaps(tested);
    collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &tested);
    requireSameCut(front, tested);
    with_pairs += !kept.pairs.empty();
    kept_apart += kept.counters.kept_apart;
  }
  CHECK(with_pairs > 100);
  CHECK(kept_apart > 0);
}

TEST_CASE("a triangle's walk that found no pair is kept apart by its gap", "[collision]") {
  // A's one triangle, 0.6 across, faces the icosphere's corner region from 0.05 above its
  // surface, inside the sphere's root box: every query is one walk of the triangle down B's tree,
  // which node gaps alone cannot keep apart. It approaches 0.5 mm per query, passes 0.03 into the
  // sphere and leaves the way it came, turning slightly.
  const Vec3 n = Vec3(1.0, 1.0, 1.0).normalized();
  const Vec3 e1 = n.cross(Vec3::UnitZ()).normalized(), e2 = n.cross(e1);
  const Vec3 c = 1.05 * n;
  const TriMesh a({c + 0.3 * e1, c - 0.15 * e1 + 0.26 * e2, c - 0.15 * e1 - 0.26 * e2},
                  {{0, 1, 2}});
  const TriMesh b = makeIcosphere(1.0, 4);
  const AabbTree tree_a(a), tree_b(b);
  CollisionFront front, tested;
  int with_pairs = 0, apart = 0, kept_apart = 0;
  for (int i = 0; i <= 320; ++i) {
    const double depth = 5e-4 * (i <= 160 ? i : 320 - i);
    const Pose pose =
        Pose::fromTranslationRotationVector(-depth * n, 0.5 * depth * Vec3(0.2, -0.3, 0.1));
    CAPTURE(i);
    const CollisionResult kept = collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &front);
    testing::requireSamePairs(kept.pairs, collide(tree_a, tree_b, pose).pairs);
    testing::requireSamePairs(testing::sortedPairs(kept.pairs),
                              testing::bruteForcePairs(a, b, pose));
    forgetGaps(tested);
    collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &tested);
    requireSameCut(front, tested);
    with_pairs += !kept.pairs.empty();
    if (kept.pairs.empty()) ++apart, kept_apart += kept.counters.kept_apart > 0;
  }
  CHECK(with_pairs > 20);
  // Without the walk's own gap no query could pass over it: its only entry is the walk.
  CAPTURE(apart);
  CHECK(kept_apart > 0);
}

TEST_CASE("a query at a non-finite pose leaves the kept cut working", "[collision]") {
  // A diverged trial may ask at a NaN pose. Its query and the ones after give the roots' pairs,
  // and the cut passes over entries again: the motion it summed is not poisoned for good.
  const TriMesh a = makeIcosphere(1.0, 3), b = makeIcosphere(1.0, 3);
  const AabbTree tree_a(a), tree_b(b);
  CollisionFront front;
  const auto at = [](double x) {
    Pose pose = Pose::identity();
    pose.translation = Vec3(x, 0.3, 0.1);
    return pose;
  };
  for (int i = 0; i < 5; ++i)
    collide(tree_a, tree_b, at(1.9 - 1e-3 * i), CollisionMode::AllPairs, &front);
  Pose broken = at(1.9);
  broken.translation.x() = NAN;
  collide(tree_a, tree_b, broken, CollisionMode::AllPairs, &front);
  std::uint64_t kept_apart = 0;
  for (int i = 0; i < 20; ++i) {
    const Pose pose = at(1.9 - 1e-3 * i);
    const CollisionResult kept = collide(tree_a, tree_b, pose, CollisionMode::AllPairs, &front);
    testing::requireSamePairs(kept.pairs, collide(tree_a, tree_b, pose).pairs);
    kept_apart += kept.counters.kept_apart;
  }
  CHECK(std::isfinite(front.motion.travel));
  CHECK(kept_apart > 0);
}
