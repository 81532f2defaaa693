// Is a point inside a closed mesh? The inside test the simulator runs when a contact releases
// (contact/containment.h): signed ray crossings through the AABB tree (insideSurface) against the
// solid-angle sum over every triangle it replaced (windingNumber), on the collision benchmark's
// meshes (bench_cases.h), single thread. Per mesh: 64 points spread over its bounding box (about
// half inside), medians over the repeats of the whole set, their ratio, and how many answers
// differ (none expected).
//
//   bench_containment [repeats] [--quick]   (default 15 repeats; --quick as in bench_collision)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "bench_cases.h"
#include "collision/aabb_tree.h"
#include "contact/containment.h"
#include "median_seconds.h"

using namespace contactsim;

using bench::medianSeconds;

namespace {

void runMesh(const std::string& name, const TriMesh& mesh, int repeats) {
  const AabbTree tree(mesh);
  std::mt19937 rng(7);
  const Box3& box = mesh.bounds();
  std::vector<Vec3> points;
  for (int k = 0; k < 64; ++k) {
    Vec3 p;
    for (int i = 0; i < 3; ++i)
      p[i] = std::uniform_real_distribution<double>(box.min()[i], box.max()[i])(rng);
    points.push_back(p);
  }
  const PosedMesh posed{mesh, Pose::identity()};
  std::vector<bool> by_rays(points.size()), by_angles(points.size());
  const double rays_s = medianSeconds(repeats, [&] {
    for (std::size_t k = 0; k < points.size(); ++k)
      by_rays[k] = insideSurface(tree, Pose::identity(), points[k]);
  });
  const double angles_s = medianSeconds(repeats, [&] {
    for (std::size_t k = 0; k < points.size(); ++k)
      by_angles[k] = windingNumber(posed, points[k]) > 0.5;
  });
  const auto inside = std::count(by_angles.begin(), by_angles.end(), true);
  std::size_t differ = 0;
  for (std::size_t k = 0; k < points.size(); ++k) differ += by_rays[k] != by_angles[k];
  std::printf("| %-28s | %7zu | %6zu | %6zu | %9.4f | %9.3f | %8.5f | %zu |\n", name.c_str(),
              mesh.triangleCount(), points.size(), static_cast<std::size_t>(inside), rays_s * 1e3,
              angles_s * 1e3, rays_s / angles_s, differ);
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
      "| mesh | triangles | points | inside | rays ms | solid angles ms | rays/solid angles | "
      "differ |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  std::set<std::size_t> seen;  // each mesh once: cases share their B meshes
  for (const bench::Case& c : bench::makeCases(quick)) {
    if (!seen.insert(c.b.triangleCount()).second) continue;
    runMesh(c.name, c.b, repeats);
  }
  return 0;
}
