// `contactsim-cli contact A B [--pose-a P] [--pose-b P] [--units U] [--repeat N] [--json]`:
// the contact regions of two posed meshes (architecture note, "Command-line contract").
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/mesh_pair_arguments.h"
#include "contact/contact_regions.h"

namespace contactsim::cli {
namespace {

struct ContactArguments {
  MeshPairArguments pair;
  bool json = false;
};

nlohmann::json polyline(const std::vector<Vec3>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const Vec3& p : points) out.push_back(toJson(p));
  return out;
}

// The contract's single `contour`: the loop that encloses the most (the outer one).
const std::vector<Vec3>& outerLoop(const ContactPatch& patch) {
  const auto extent = [&](const std::vector<Vec3>& loop) {
    Box3 box;
    box.setEmpty();
    for (const Vec3& p : loop) box.extend(p);
    return box.diagonal().norm();
  };
  return *std::max_element(patch.loops.begin(), patch.loops.end(),
                           [&](const auto& x, const auto& y) { return extent(x) < extent(y); });
}

void runContact(const ContactArguments& args) {
  const MeshPair meshes = loadMeshPair(args.pair);
  const AabbTree tree_a(meshes.a.mesh), tree_b(meshes.b.mesh);
  ContactRegions regions;
  const double seconds = medianSeconds(args.pair.repeat, [&] {
    regions = findContact(tree_a, meshes.world_a, tree_b, meshes.world_b);
  });

  nlohmann::json patches = nlohmann::json::array();
  for (std::size_t i = 0; i < regions.patches.size(); ++i) {
    const ContactPatch& p = regions.patches[i];
    nlohmann::json loops = nlohmann::json::array();
    for (const auto& loop : p.loops) loops.push_back(polyline(loop));
    patches.push_back({
        {"id", i},
        {"centroid", toJson(p.centroid)},
        {"normal", toJson(p.normal)},
        {"indentation", p.indentation},
        {"area", p.area},
        {"contour", polyline(outerLoop(p))},
        {"loops", loops},
        {"open_contour", p.has_open_loop},
        {"depth_a", p.depth_a},
        {"depth_b", p.depth_b},
        {"deepest_point_a", toJson(p.deepest_point_a)},
        {"deepest_point_b", toJson(p.deepest_point_b)},
        {"triangles_a", p.triangles_a.size()},
        {"triangles_b", p.triangles_b.size()},
    });
  }
  if (args.json) {
    const nlohmann::json out = {
        {"file_a", args.pair.mesh_a}, {"file_b", args.pair.mesh_b},
        {"regions", patches},         {"containment", toString(regions.containment)},
        {"query_seconds", seconds},   {"repeat", args.pair.repeat}};
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("regions      %zu   (query %.6f s, median of %d)\n", regions.patches.size(), seconds,
              args.pair.repeat);
  if (regions.containment != Containment::None) {
    std::printf("containment  %s: one mesh is entirely inside the other\n",
                toString(regions.containment));
  }
  for (std::size_t i = 0; i < regions.patches.size(); ++i) {
    const ContactPatch& p = regions.patches[i];
    std::printf(
        "region %zu: centroid [%.6g %.6g %.6g]  normal [%.6f %.6f %.6f]  indentation %.6g m  area "
        "%.6g m^2  loops %zu%s  triangles %zu/%zu\n",
        i, p.centroid.x(), p.centroid.y(), p.centroid.z(), p.normal.x(), p.normal.y(), p.normal.z(),
        p.indentation, p.area, p.loops.size(), p.has_open_loop ? " (open)" : "",
        p.triangles_a.size(), p.triangles_b.size());
  }
}

}  // namespace

void addContactCommand(CLI::App& app) {
  auto args = std::make_shared<ContactArguments>();
  CLI::App* contact = app.add_subcommand("contact", "Contact regions of two posed meshes");
  addMeshPairOptions(*contact, args->pair);
  contact->add_flag("--json", args->json, "Print one JSON object");
  contact->callback([args] { runContact(*args); });
}

}  // namespace contactsim::cli
