// The whole step — collision, regions, forces, integrator — per simulated second, on the contact
// corpus (assets/scenes/corpus/) and the anchor heave's first seconds, on one thread and on two
// (issue 14). Each scene runs as `contactsim-cli run` runs it: the scene's own solver settings,
// with the corpus's tolerance 1e-6 where a corpus scene sets none (the thread pair; the anchor
// keeps its fixed 1 ms steps). Per scene: the
// median over the repeats of the wall time per simulated second on 1 and 2 threads, their ratio
// (median of the repeats' paired ratios), and the substeps. The two runs are checked to end in
// the same state (results do not depend on the thread count).
//
//   bench_corpus [repeats] [scene-name-filter]   (default 3, all scenes)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "import/scene_mesh_import.h"
#include "median_seconds.h"
#include "parallel/parallel_pair_loop.h"
#include "scene/scene_reader.h"
#include "sim/simulation.h"

using namespace contactsim;
using contactsim::bench::median;

namespace {

struct Case {
  const char* scene;  // under assets/scenes/
  double simulated;   // s
};

// The spans of the README's corpus table, shorter where a run would take minutes.
const Case kCases[] = {
    {"corpus/block_tips_over_edge.json", 1.0},
    {"corpus/block_rocks_back.json", 1.0},
    {"corpus/pin_rattles_in_bore.json", 0.5},
    {"corpus/stack_of_five.json", 1.0},
    {"corpus/pin_on_bore_rim.json", 0.5},
    {"corpus/eulers_disk.json", 2.0},
    {"corpus/thread_pair.json", 0.01},
    {"corpus/spur_gears.json", 0.04},
    {"corpus/chain_links.json", 1.0},
    {"corpus/chain_links_pushed.json", 1.0},
    {"anchor_hull.json", 3.0},
};

struct Run {
  double seconds = 0.0;
  long substeps = 0;
  Eigen::VectorXd q;
};

Run runOnce(const Scene& scene, double simulated, int threads) {
  ContactOptions options;
  options.pair_loop = parallelPairLoop(threads);
  const auto start = std::chrono::steady_clock::now();
  Simulation simulation(scene, options);
  Run run;
  while (simulation.time() < simulated - 1e-9) run.substeps += simulation.step().substeps;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.q = simulation.integrator().state().q;
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const std::string filter = argc > 2 ? argv[2] : "";
  std::printf("%-34s %9s %8s %12s %12s %8s\n", "scene", "simulated", "substeps", "1 thread s/s",
              "2 threads s/s", "2/1");
  bool same = true;
  for (const Case& c : kCases) {
    if (std::string(c.scene).find(filter) == std::string::npos) continue;
    Scene scene = readScene(std::string(CONTACTSIM_SOURCE_DIR) + "/assets/scenes/" + c.scene,
                            sceneMeshLoader());
    const bool corpus = std::string(c.scene).starts_with("corpus/");
    if (corpus && !scene.solver.tolerance) scene.solver.tolerance = 1e-6;
    std::vector<double> one, two, ratio;
    long substeps = 0;
    for (int r = 0; r < repeats; ++r) {
      const Run a = runOnce(scene, c.simulated, 1);
      const Run b = runOnce(scene, c.simulated, 2);
      same = same && a.q == b.q;
      substeps = a.substeps;
      one.push_back(a.seconds / c.simulated);
      two.push_back(b.seconds / c.simulated);
      ratio.push_back(b.seconds / a.seconds);
    }
    std::printf("%-34s %9.3g %8ld %12.3g %12.3g %8.2f\n", c.scene, c.simulated, substeps,
                median(one), median(two), median(ratio));
    std::fflush(stdout);
  }
  if (!same) std::printf("error: 1 and 2 threads ended in different states\n");
  return same ? 0 : 1;
}
