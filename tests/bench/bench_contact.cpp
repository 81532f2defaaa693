// Contact-region extraction (issue 4) against the collision query that produced its pairs, on
// the collision benchmark's cases (bench_cases.h), single thread. Per case: medians over the
// repeats of the query and of the extraction, summed over the case's poses, and their ratio. The
// extraction is timed twice: as a simulation runs it (no depth fields, δ at vertices) and as a
// static query does (RegionExtras' defaults: depth fields, overlap volume, δ also at the edge
// crossings).
//
//   bench_contact [repeats] [--quick]   (default 15 repeats; --quick as in bench_collision)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench_cases.h"
#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "contact/contact_regions.h"
#include "median_seconds.h"

using namespace contactsim;

using bench::medianSeconds;

namespace {

void runCase(const bench::Case& c, int repeats) {
  const AabbTree tree_a(c.a), tree_b(c.b);
  std::vector<CollisionResult> collisions(c.poses.size());
  const double collide_s = medianSeconds(repeats, [&] {
    for (std::size_t i = 0; i < c.poses.size(); ++i)
      collisions[i] = collide(tree_a, tree_b, c.poses[i]);
  });
  std::size_t pairs = 0, patches = 0;
  PenetrationWorkspace workspace;  // one for the case, as a contact pair keeps one
  const auto regionsSeconds = [&](RegionExtras extras) {
    return medianSeconds(repeats, [&] {
      pairs = patches = 0;
      for (std::size_t i = 0; i < c.poses.size(); ++i) {
        const ContactRegions regions =
            findContactRegions(PosedMesh{c.a, c.poses[i]}, PosedMesh{c.b, Pose::identity()},
                               collisions[i].pairs, workspace, extras);
        pairs += collisions[i].pairs.size();
        patches += regions.patches.size();
      }
    });
  };
  const double simulation_s =
      regionsSeconds({.depth_fields = false, .overlap_at_crossings = false});
  const double static_s = regionsSeconds({});
  std::printf("| %-42s | %7zu | %7zu | %9.3f | %9.3f | %5.2f | %9.3f |\n", c.name.c_str(), pairs,
              patches, collide_s * 1e3, simulation_s * 1e3, simulation_s / collide_s,
              static_s * 1e3);
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 15;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;
    else
      repeats = std::max(1, std::atoi(argv[i]));
  }
  std::printf(
      "| case | pairs | regions | collision ms | regions ms | regions/collision | static query "
      "ms |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  for (const bench::Case& c : bench::makeCases(quick)) runCase(c, repeats);
  return 0;
}
