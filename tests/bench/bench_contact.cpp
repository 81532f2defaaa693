// Contact-region extraction vs the collision query on the same pairs, single thread.
// Usage: bench_contact [repeats]   (default 15; prints medians and their ratio per case)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "contact/contact_regions.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

double medianSeconds(int repeats, const std::function<void()>& run) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

struct Case {
  std::string name;
  TriMesh a, b;
  Pose a_in_b;
};

void runCase(const Case& c, int repeats) {
  const AabbTree tree_a(c.a), tree_b(c.b);
  CollisionResult collision;
  const double collide_s =
      medianSeconds(repeats, [&] { collision = collide(tree_a, tree_b, c.a_in_b); });
  ContactRegions regions;
  const PosedMesh pa{c.a, c.a_in_b}, pb{c.b, Pose::identity()};
  const double regions_s =
      medianSeconds(repeats, [&] { regions = findContactRegions(pa, pb, collision.pairs); });
  std::printf("| %-34s | %7zu | %7zu | %7zu | %9.3f | %9.3f | %5.2f |\n", c.name.c_str(),
              c.a.triangleCount(), collision.pairs.size(), regions.patches.size(), collide_s * 1e3,
              regions_s * 1e3, regions_s / collide_s);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
  std::printf(
      "| case | triangles per mesh | pairs | regions | collision ms | regions ms | "
      "regions/collision |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  // Icosphere pairs of the collision benchmark: level 5..8 = 20k..1.3M; 1.8 R-units apart
  // (0.2 R overlap) and 1.5 (deep).
  for (int level = 5; level <= 7; ++level) {
    for (const double distance : {1.8, 1.5}) {
      const TriMesh sphere = makeIcosphere(1.0, level);
      runCase(
          {"icospheres, centres " + std::to_string(distance).substr(0, 3) + " R apart", sphere,
           sphere,
           Pose::fromTranslationRotationVector(Vec3(distance, 0.05, 0.02), Vec3(0.1, 0.2, 0.3))},
          repeats);
    }
  }
  runCase({"torus ring pressed into plate", makeTorus(0.2, 0.05, 256, 96),
           makePlate(1.0, 1.0, 0.02, 200),
           Pose::fromTranslationRotationVector(Vec3(0, 0, 0.04), Vec3::Zero())},
          repeats);
  runCase({"box face pressed into box face", makeBox(Vec3(0.3, 0.2, 0.25), 40),
           makeBox(Vec3(1, 1, 0.5), 60),
           Pose::fromTranslationRotationVector(Vec3(0.1, -0.2, 0.74), Vec3(0, 0, 0.3))},
          repeats);
  return 0;
}
