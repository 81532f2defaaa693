// The collision query along a motion, step by step as a simulation asks it: from the roots every
// step against from the cut kept by the step before (CollisionFront), same trees, same poses,
// one thread. Per case: the median wall time of the whole sequence over the repeats, per query,
// the box tests per query, and the median of the repeats' ratios kept / roots. The pair lists are
// checked equal in order.
//
//   bench_collision_front [repeats]   (default 9)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "geometry/primitives.h"
#include "median_seconds.h"

using namespace contactsim;
using contactsim::bench::median;

namespace {

struct Sequence {
  std::string name;
  TriMesh a, b;
  std::vector<Pose> poses;  // A in B's frame, one per step
};

Pose at(const Vec3& translation, const Vec3& rotation_vector) {
  return Pose::fromTranslationRotationVector(translation, rotation_vector);
}

std::vector<Sequence> makeSequences() {
  std::vector<Sequence> out;
  const int steps = 400;
  {
    // A shaft of r 48 mm in a pipe of r 48.5 mm, pressed 1 mm into one side, sliding 0.2 mm and
    // turning 0.5 mrad per step (a shank in a hawse pipe).
    Sequence s{"shaft sliding in a pipe, 0.5 mm clearance",
               makeCylinder(0.048, 0.6, 64, 60),
               makeTube(0.0485, 0.07, 0.4, 64, 40),
               {}};
    for (int i = 0; i < steps; ++i)
      s.poses.push_back(at(Vec3(0.0015, 0.0, -0.04 + 2e-4 * i), Vec3(0.0, 0.0, 5e-4 * i)));
    out.push_back(std::move(s));
  }
  {
    // Two 20k-triangle spheres, centres 1.8 R apart, A rolling round B at 1 mrad per step.
    Sequence s{
        "icospheres 20k rolling, centres 1.8 R", makeIcosphere(1.0, 5), makeIcosphere(1.0, 5), {}};
    for (int i = 0; i < steps; ++i) {
      const double angle = 1e-3 * i;
      s.poses.push_back(
          at(1.8 * Vec3(std::cos(angle), std::sin(angle), 0.1), Vec3(0.2, 0.1, 2.0 * angle)));
    }
    out.push_back(std::move(s));
  }
  {
    // A box pressed 1 mm into a plate (top face at z = 0), sliding 1 mm per step.
    Sequence s{"box sliding on a plate, face contact",
               makeBox(Vec3(0.1, 0.1, 0.05), 12),
               makePlate(1.0, 1.0, 0.05, 40),
               {}};
    for (int i = 0; i < steps; ++i)
      s.poses.push_back(at(Vec3(-0.2 + 1e-3 * i, 0.01, 0.049), Vec3(0.0, 0.0, 0.0)));
    out.push_back(std::move(s));
  }
  return out;
}

bool sameInOrder(const std::vector<TrianglePair>& x, const std::vector<TrianglePair>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i].a != y[i].a || x[i].b != y[i].b || x[i].p0 != y[i].p0 || x[i].p1 != y[i].p1)
      return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 9;
  std::printf("%-44s %9s %9s %9s %10s %10s %7s\n", "case", "pairs/q", "roots ms", "kept ms",
              "box roots", "box kept", "ratio");
  for (const Sequence& s : makeSequences()) {
    const AabbTree tree_a(s.a), tree_b(s.b);
    std::vector<CollisionResult> roots(s.poses.size()), kept(s.poses.size());
    // The two ways in turn, repeat by repeat, so that a machine whose speed drifts slows both
    // alike; the ratio is the median of the repeats' ratios.
    std::vector<double> roots_s, kept_s, ratios;
    for (int r = 0; r < repeats; ++r) {
      roots_s.push_back(bench::medianSeconds(1, [&] {
        for (std::size_t i = 0; i < s.poses.size(); ++i)
          roots[i] = collide(tree_a, tree_b, s.poses[i]);
      }));
      kept_s.push_back(bench::medianSeconds(1, [&] {
        CollisionFront front;  // a simulation's pair keeps one from its first step
        for (std::size_t i = 0; i < s.poses.size(); ++i)
          kept[i] = collide(tree_a, tree_b, s.poses[i], CollisionMode::AllPairs, &front);
      }));
      ratios.push_back(kept_s.back() / roots_s.back());
    }
    double pairs = 0.0, box_roots = 0.0, box_kept = 0.0;
    for (std::size_t i = 0; i < s.poses.size(); ++i) {
      if (!sameInOrder(roots[i].pairs, kept[i].pairs)) {
        std::fprintf(stderr, "%s: step %zu differs\n", s.name.c_str(), i);
        return 1;
      }
      pairs += static_cast<double>(roots[i].pairs.size());
      box_roots += static_cast<double>(roots[i].counters.box_tests);
      box_kept += static_cast<double>(kept[i].counters.box_tests);
    }
    const double n = static_cast<double>(s.poses.size());
    std::printf("%-44s %9.0f %9.3f %9.3f %10.0f %10.0f %7.2f\n", s.name.c_str(), pairs / n,
                1e3 * median(roots_s) / n, 1e3 * median(kept_s) / n, box_roots / n, box_kept / n,
                median(ratios));
  }
  return 0;
}
