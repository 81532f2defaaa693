// `contactsim-cli collide A B [--pose-a P] [--pose-b P] [--units U] [--repeat N] [--first-contact]
// [--json]`: every intersecting triangle pair of two posed meshes, segments in world coordinates,
// the query's counters and its median time (tree build excluded), per the architecture contract.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/commands.h"
#include "cli/mesh_pair_arguments.h"
#include "collision/mesh_collision.h"

namespace contactsim::cli {
namespace {

struct CollideArguments {
  MeshPairArguments pair;
  bool first_contact = false;
  bool json = false;
};

void runCollide(const CollideArguments& args) {
  const MeshPair meshes = loadMeshPair(args.pair);
  const ImportedMesh& a = meshes.a;
  const ImportedMesh& b = meshes.b;
  const Pose& world_b = meshes.world_b;

  const auto build_start = std::chrono::steady_clock::now();
  const AabbTree tree_a(a.mesh);
  const AabbTree tree_b(b.mesh);
  const double build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count();

  const Pose a_in_b = relativePose(meshes.world_a, world_b);
  const CollisionMode mode =
      args.first_contact ? CollisionMode::FirstContact : CollisionMode::AllPairs;
  CollisionResult result;
  const double median =
      medianSeconds(args.pair.repeat, [&] { result = collide(tree_a, tree_b, a_in_b, mode); });

  // Segments come in B's body frame (Dopico et al. eq. 14); the contract wants world coordinates.
  std::size_t coplanar = 0;
  nlohmann::json pairs = nlohmann::json::array();
  for (const TrianglePair& p : result.pairs) {
    nlohmann::json pair = {{"a", p.a}, {"b", p.b}, {"coplanar", p.coplanar}};
    if (p.coplanar) {
      ++coplanar;
    } else {
      pair["segment"] = {toJson(world_b.apply(p.p0)), toJson(world_b.apply(p.p1))};
    }
    pairs.push_back(std::move(pair));
  }

  if (args.json) {
    const nlohmann::json out = {
        {"file_a", args.pair.mesh_a},
        {"file_b", args.pair.mesh_b},
        {"triangles_a", a.mesh.triangleCount()},
        {"triangles_b", b.mesh.triangleCount()},
        {"mode", args.first_contact ? "first_contact" : "all_pairs"},
        {"pair_count", result.pairs.size()},
        {"coplanar_pairs", coplanar},
        {"pairs", pairs},
        {"box_tests", result.counters.box_tests},
        {"triangle_tests", result.counters.triangle_tests},
        {"query_seconds", median},
        {"repeat", args.pair.repeat},
        {"build_seconds", build_seconds},
        {"tree_bytes", tree_a.memoryBytes() + tree_b.memoryBytes()},
    };
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("meshes          %s (%zu triangles), %s (%zu triangles)\n", args.pair.mesh_a.c_str(),
              a.mesh.triangleCount(), args.pair.mesh_b.c_str(), b.mesh.triangleCount());
  std::printf("pairs           %zu (%zu coplanar)%s\n", result.pairs.size(), coplanar,
              args.first_contact ? ", first contact only" : "");
  std::printf("box tests       %llu\n", static_cast<unsigned long long>(result.counters.box_tests));
  std::printf("triangle tests  %llu\n",
              static_cast<unsigned long long>(result.counters.triangle_tests));
  std::printf("query           %.6f s (median of %d), tree build %.6f s\n", median,
              args.pair.repeat, build_seconds);
  for (const TrianglePair& p : result.pairs) {
    if (p.coplanar) {
      std::printf("  %d %d coplanar\n", p.a, p.b);
      continue;
    }
    const Vec3 p0 = world_b.apply(p.p0), p1 = world_b.apply(p.p1);
    std::printf("  %d %d  [%.9g %.9g %.9g] [%.9g %.9g %.9g]\n", p.a, p.b, p0.x(), p0.y(), p0.z(),
                p1.x(), p1.y(), p1.z());
  }
}

}  // namespace

void addCollideCommand(CLI::App& app) {
  auto args = std::make_shared<CollideArguments>();
  CLI::App* collide =
      app.add_subcommand("collide", "Intersecting triangle pairs of two posed meshes");
  addMeshPairOptions(*collide, args->pair);
  collide->add_flag("--first-contact", args->first_contact, "Stop at the first pair found");
  collide->add_flag("--json", args->json, "Print one JSON object");
  collide->callback([args] { runCollide(*args); });
}

}  // namespace contactsim::cli
