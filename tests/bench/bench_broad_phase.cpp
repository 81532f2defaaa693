// bench_broad_phase: the broad phase (core/collision/broad_phase.h) on N body boxes, N = 100,
// 300, 1000: box tests of the sort and sweep against the naive N(N−1)/2, and the median wall
// time of the sweep and of the brute force. Two layouts: a packed heap (pebbles of size 0.5–1.5
// filling half of a bin, as in a hopper) and a tall column (the same pebbles spread over a height
// ten times the width, as while pouring).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "collision/broad_phase.h"

#include "median_seconds.h"

using namespace contactsim;

using bench::medianSeconds;

namespace {

std::vector<Box3> pebbles(int n, double height_factor, std::mt19937& rng) {
  // Mean pebble volume ≈ 1; a bin of width w and height h·w holding them at half density.
  const double width = std::cbrt(2.0 * n / height_factor);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Box3> boxes;
  for (int i = 0; i < n; ++i) {
    const Vec3 c(u(rng) * width, u(rng) * width, u(rng) * width * height_factor);
    const Vec3 half(0.25 + 0.5 * u(rng), 0.25 + 0.5 * u(rng), 0.25 + 0.5 * u(rng));
    boxes.emplace_back(c - half, c + half);
  }
  return boxes;
}

}  // namespace

int main() {
  std::printf("%-7s %6s %8s %10s %10s %8s %12s %12s %7s\n", "layout", "boxes", "pairs", "tested",
              "naive", "ratio", "sweep_us", "brute_us", "speedup");
  for (const auto& [name, height] : {std::pair<const char*, double>{"heap", 1.0},
                                     std::pair<const char*, double>{"column", 10.0}}) {
    for (int n : {100, 300, 1000}) {
      std::mt19937 rng(1234 + n);
      const std::vector<Box3> boxes = pebbles(n, height, rng);
      BroadPhaseStats stats;
      std::size_t sink = 0;
      const double sweep =
          medianSeconds(51, [&] { sink += overlappingBoxPairs(boxes, {}, &stats).size(); });
      const double brute = medianSeconds(
          n >= 1000 ? 11 : 51, [&] { sink += overlappingBoxPairsBruteForce(boxes).size(); });
      if (overlappingBoxPairs(boxes) != overlappingBoxPairsBruteForce(boxes)) {
        std::fprintf(stderr, "mismatch at %d boxes\n", n);
        return 1;
      }
      std::printf("%-7s %6d %8zu %10zu %10zu %8.3f %12.1f %12.1f %7.1f\n", name, n, stats.pairs,
                  stats.box_tests, stats.naive_tests,
                  double(stats.box_tests) / double(stats.naive_tests), sweep * 1e6, brute * 1e6,
                  brute / sweep);
      if (sink == 0) std::printf("(no pairs)\n");
    }
  }
  return 0;
}
