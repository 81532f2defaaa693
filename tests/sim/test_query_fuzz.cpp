// Static contact queries at the poses shipped runs pass through, moved by noise: wherever a run
// may take two bodies, every patch is finite and in range, and a single region's normal is the
// overlap volume's gradient (docs/method.md, "The normal of a region"), against central
// differences of the overlap volume. Queries like these found the normal flipping by 60° at the
// anchor's hawse pipe lip and the crash of `contact --json` on a split region's piece without a
// contour (both fixed, with their own tests). Not in CI's sanitized list (the runs it replays
// are long under ASan: 2.5 min): run `build-asan/tests/sim/test_query_fuzz` after changing the
// geometry.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "../overlap_descent.h"
#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

struct Tally {
  int queries = 0, patches = 0, gradients = 0;
};

// Every body's pose every `every` steps of `duration` of the scene's run.
std::vector<std::vector<Pose>> posesOfRun(const Scene& scene, double duration, int every) {
  Simulation sim(scene);
  std::vector<std::vector<Pose>> out;
  for (int step = 0; sim.time() < duration; ++step) {
    sim.step();
    if (step % every != 0) continue;
    std::vector<Pose>& poses = out.emplace_back();
    for (const BodyState& body : sim.frame().bodies) poses.push_back(body.pose);
  }
  return out;
}

// Bodies a and b at the run's poses, B moved by Gaussian noise of `noise` × the larger mesh's
// size.
Tally fuzz(const Scene& scene, const std::vector<std::vector<Pose>>& run, int a, int b,
           double noise) {
  const TriMesh& mesh_a = *scene.bodies[a].mesh->mesh;
  const TriMesh& mesh_b = *scene.bodies[b].mesh->mesh;
  const AabbTree tree_a(mesh_a), tree_b(mesh_b);
  const double scale = std::max(mesh_a.scale(), mesh_b.scale());
  std::mt19937 rng(7);
  std::normal_distribution<double> gauss(0.0, 1.0);
  Tally tally;
  for (const std::vector<Pose>& poses : run) {
    const Pose& pose_a = poses[a];
    Pose pose_b = poses[b];
    pose_b.translation += noise * scale * Vec3(gauss(rng), gauss(rng), gauss(rng));
    const ContactRegions regions = findContact(tree_a, pose_a, tree_b, pose_b);
    ++tally.queries;
    INFO(scene.bodies[a].name << "–" << scene.bodies[b].name << ", B moved to "
                              << pose_b.translation.transpose());
    for (const ContactPatch& p : regions.patches) {
      ++tally.patches;
      CHECK(p.normal.allFinite());
      CHECK(std::abs(p.normal.norm() - 1.0) < 1e-9);
      CHECK(p.centroid.allFinite());
      CHECK(p.pressure_centre.allFinite());
      CHECK(p.area >= 0.0);
      CHECK(p.indentation >= 0.0);
      CHECK(p.law_indentation >= 0.0);
      // No overlap of these bodies is a fifth of their size thick.
      CHECK(p.indentation < 0.2 * scale);
    }
    // A single region: its normal against −∇V, by differences of a thousandth of its δ (the
    // volume's cubic-to-quadratic growth makes them exact to about 1e-6 of it).
    if (regions.patches.size() != 1) continue;
    const ContactPatch& patch = regions.patches.front();
    const double h = 1e-3 * patch.indentation;
    if (!(h > 1e-9 * scale)) continue;
    const Vec3 descent = test::overlapDescent(tree_a, pose_a, tree_b, pose_b, h);
    const double angle = test::angleBetween(patch.normal, descent);
    INFO("δ " << patch.indentation << " m, normal " << patch.normal.transpose() << ", −∇V "
              << descent.normalized().transpose());
    CHECK(angle < 2.0 * std::numbers::pi / 180);
    ++tally.gradients;
  }
  return tally;
}

}  // namespace

TEST_CASE("queries where shipped runs go: patches in range, a region's normal its gradient",
          "[query-fuzz][slow]") {
  struct Case {
    const char* file;
    double duration;
    int every;
    std::vector<std::pair<int, int>> pairs;  // body indices
  };
  const std::vector<Case> cases = {
      {"corpus/pin_rattles_in_bore.json", 0.3, 2, {{0, 1}}},
      {"corpus/pin_on_bore_rim.json", 0.5, 2, {{0, 1}}},
      {"corpus/block_tips_over_edge.json", 1.0, 4, {{0, 1}}},
      {"corpus/spur_gears.json", 0.02, 1, {{0, 1}}},
      {"corpus/thread_pair.json", 0.005, 1, {{0, 1}}},
      {"corpus/eulers_disk.json", 0.5, 10, {{0, 1}}},
      // The hull against the shank and the crown while they are hauled up the bow and into the
      // hawse pipe (noise of 2 µm and 20 µm at the hull's 20 m).
      {"anchor_hull.json", 12.0, 25, {{0, 2}, {0, 3}}}};
  for (const Case& c : cases) {
    const Scene scene = test::readShippedScene(c.file);
    const auto run = posesOfRun(scene, c.duration, c.every);
    const bool anchor = std::string(c.file) == "anchor_hull.json";
    for (const auto& [a, b] : c.pairs) {
      int patches = 0;
      for (const double noise : anchor ? std::vector{1e-7, 1e-6} : std::vector{1e-4, 1e-3}) {
        const Tally t = fuzz(scene, run, a, b, noise);
        patches += t.patches;
      }
      INFO(c.file << ", bodies " << a << " and " << b);
      CHECK(patches > 0);
    }
  }
}
