// Broad phase: sort and sweep equals the brute-force box test on random box sets, whatever the
// input order; touching, coincident, degenerate and empty boxes; the pair filter of a fixed list.
#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <random>
#include <vector>

#include "collision/aabb_tree.h"
#include "collision/broad_phase.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

Box3 box(const Vec3& lo, const Vec3& hi) { return Box3(lo, hi); }

// Boxes on a coarse grid so that many touch exactly, coincide, or are flat / needles / points.
std::vector<Box3> randomBoxes(std::mt19937& rng, int n, double scale) {
  std::uniform_int_distribution<int> cell(0, 12);
  std::uniform_int_distribution<int> extent(0, 3);
  std::uniform_real_distribution<double> jitter(0.0, 1.0);
  std::uniform_int_distribution<int> kind(0, 9);
  std::vector<Box3> boxes;
  for (int i = 0; i < n; ++i) {
    Vec3 lo, hi;
    const int k = kind(rng);
    for (int c = 0; c < 3; ++c) {
      if (k < 6) {  // grid-aligned: exact touching and coincidence
        lo[c] = cell(rng) * scale;
        hi[c] = lo[c] + extent(rng) * scale;  // extent 0: flat, needle or point
      } else {                                // free
        lo[c] = (12.0 * jitter(rng)) * scale;
        hi[c] = lo[c] + 3.0 * jitter(rng) * scale;
      }
    }
    if (k == 9 && !boxes.empty()) {  // a copy of an earlier box
      boxes.push_back(boxes[std::uniform_int_distribution<std::size_t>(0, boxes.size() - 1)(rng)]);
      continue;
    }
    boxes.push_back(box(lo, hi));
  }
  return boxes;
}

}  // namespace

TEST_CASE("broad phase: sort and sweep equals brute force on random boxes", "[broad]") {
  std::mt19937 rng(20261124);
  const double scale = GENERATE(1e-3, 1.0, 1e3);
  std::size_t total_pairs = 0, total_tests = 0, total_naive = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 50 + 25 * trial;  // 50 … 525 boxes
    std::vector<Box3> boxes = randomBoxes(rng, n, scale);
    if (trial % 4 == 0) boxes[3].setEmpty();  // a body without a mesh
    BroadPhaseStats stats;
    const auto sweep = overlappingBoxPairs(boxes, {}, &stats);
    const auto brute = overlappingBoxPairsBruteForce(boxes);
    REQUIRE(sweep == brute);
    REQUIRE(std::is_sorted(sweep.begin(), sweep.end()));
    CHECK(stats.pairs == sweep.size());
    CHECK(stats.box_tests >= stats.pairs);
    CHECK(stats.box_tests <= stats.naive_tests);
    total_pairs += stats.pairs;
    total_tests += stats.box_tests;
    total_naive += stats.naive_tests;

    // Shuffled input: the same pairs, renamed.
    std::vector<int> perm(boxes.size());
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<Box3> shuffled(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) shuffled[perm[i]] = boxes[i];
    std::vector<std::pair<int, int>> renamed;
    for (const auto& [a, b] : overlappingBoxPairs(shuffled)) {
      const int ia = static_cast<int>(std::find(perm.begin(), perm.end(), a) - perm.begin());
      const int ib = static_cast<int>(std::find(perm.begin(), perm.end(), b) - perm.begin());
      renamed.emplace_back(std::min(ia, ib), std::max(ia, ib));
    }
    std::sort(renamed.begin(), renamed.end());
    REQUIRE(renamed == sweep);
  }
  CHECK(total_pairs > 0);
  CHECK(total_tests < total_naive / 2);
}

TEST_CASE("broad phase: touching, coincident, degenerate, empty and near-miss boxes", "[broad]") {
  const Box3 unit = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  std::vector<Box3> boxes = {
      unit,
      box(Vec3(1, 0, 0), Vec3(2, 1, 1)),              // 1: shares a face with 0
      box(Vec3(2, 1, 1), Vec3(3, 2, 2)),              // 2: shares a corner with 1
      unit,                                           // 3: coincides with 0
      box(Vec3(0.5, 0.5, 0.5), Vec3(0.5, 0.5, 0.5)),  // 4: a point inside 0
      box(Vec3(5, 5, 5), Vec3(6, 6, 6)),              // 5: alone
      box(Vec3(6 + 1e-3, 5, 5), Vec3(7, 6, 6)),       // 6: 1e-3 beside 5: beyond the margin
      Box3(),                                         // 7: empty
  };
  boxes[7].setEmpty();
  const auto pairs = overlappingBoxPairs(boxes);
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {0, 3}, {0, 4},
                                                     {1, 2}, {1, 3}, {3, 4}};
  CHECK(pairs == expected);
  CHECK(pairs == overlappingBoxPairsBruteForce(boxes));

  // Within the margin (1e-6 of the largest diagonal, √3 here) a gap still makes a pair.
  boxes[6] = box(Vec3(6 + 1e-7, 5, 5), Vec3(7, 6, 6));
  const auto margin_pairs = overlappingBoxPairs(boxes);
  CHECK(std::count(margin_pairs.begin(), margin_pairs.end(), std::pair<int, int>{5, 6}) == 1);
  BroadPhaseOptions strict;
  strict.relative_margin = 0.0;
  const auto strict_pairs = overlappingBoxPairs(boxes, strict);
  CHECK(std::count(strict_pairs.begin(), strict_pairs.end(), std::pair<int, int>{5, 6}) == 0);

  // All boxes coincident: every pair.
  const std::vector<Box3> same(40, unit);
  BroadPhaseStats stats;
  CHECK(overlappingBoxPairs(same, {}, &stats).size() == 40 * 39 / 2);
  CHECK(stats.box_tests == stats.naive_tests);
  CHECK(overlappingBoxPairs(std::vector<Box3>{}).empty());
  CHECK(overlappingBoxPairs(std::vector<Box3>{unit}).empty());
}

TEST_CASE("broad phase: world boxes of tree roots, and the pair filter", "[broad]") {
  const TriMesh mesh = makeBox(Vec3(1.0, 0.5, 0.2));
  const AabbTree tree(mesh);
  const Pose turned = Pose::fromTranslationRotationVector(Vec3(3, 0, 0), Vec3(0.3, -0.7, 1.1));
  const Box3 world = worldRootBox(tree, turned);
  for (const Vec3& v : mesh.vertices()) CHECK(world.contains(turned.apply(v)));
  // Not much larger than the box around the posed vertices.
  Box3 tight;
  tight.setEmpty();
  for (const Vec3& v : mesh.vertices()) tight.extend(turned.apply(v));
  CHECK(world.diagonal().norm() <= tight.diagonal().norm() * (1 + 1e-6));

  // Swept over a motion: holds the body at intermediate poses (centre on the segment, any
  // rotation in between), and no less than both end boxes.
  const Pose later = Pose::fromTranslationRotationVector(Vec3(2, 1, -1), Vec3(-2.0, 0.4, 0.9));
  const Box3 swept = sweptWorldRootBox(tree, turned, later);
  CHECK(swept.contains(world));
  CHECK(swept.contains(worldRootBox(tree, later)));
  for (int i = 0; i <= 20; ++i) {
    const double s = i / 20.0;
    const Pose between = Pose::fromTranslationRotationVector(
        (1 - s) * turned.translation + s * later.translation, Vec3(3.0 * s, -s, 2.0 * s * s));
    for (const Vec3& v : mesh.vertices()) CHECK(swept.contains(between.apply(v)));
  }

  const std::vector<Box3> bodies = {box(Vec3(0, 0, 0), Vec3(1, 1, 1)),
                                    box(Vec3(0.5, 0.5, 0.5), Vec3(2, 2, 2)),
                                    box(Vec3(3, 3, 3), Vec3(4, 4, 4))};
  const BroadPhasePairFilter filter({{0, 1}, {2, 0}, {1, 2}, {1, 0}, {0, 5}});
  const std::vector<char> flags = filter.select(bodies);
  CHECK(flags == std::vector<char>{1, 0, 0, 1, 0});
}
