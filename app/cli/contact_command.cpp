// `contactsim-cli contact A B [--pose-a P] [--pose-b P] [--units U] [--repeat N] [--json]
//  [--geometry patch|volumetric]`: the contact regions of two posed meshes (findContact; patches in
// world coordinates, docs/method.md "Frames in names"), or with --geometry volumetric the contact
// points of their convex pieces (docs/volumetric.md: each shell of a file hulled, one point per
// overlapping piece pair).
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/mesh_pair_arguments.h"
#include "contact/contact_regions.h"
#include "volumetric/mesh_pieces.h"
#include "volumetric/volumetric_contact.h"

namespace contactsim::cli {
namespace {

struct ContactArguments {
  MeshPairArguments pair;
  bool json = false;
  std::string geometry = "patch";
};

nlohmann::json polyline(const std::vector<Vec3>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const Vec3& p : points) out.push_back(toJson(p));
  return out;
}

// The contract's single `contour`: the loop that encloses the most (the outer one); none for a
// piece of a split region that no contour segment reaches (its loops are empty).
std::vector<Vec3> outerLoop(const ContactPatch& patch) {
  if (patch.loops.empty()) return {};
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
        {"law_indentation", p.law_indentation},
        {"pressure_centre", toJson(p.pressure_centre)},
        {"force_point", toJson(p.forcePoint())},
        {"area", p.area},
        {"overlap_volume", p.overlap_volume},
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

// Volumetric mode: the pieces are built once in each body's frame (as a force source would) and
// the timed query poses them and intersects every pair whose boxes overlap. No sparsification:
// one line per overlapping piece pair.
void runVolumetricContact(const ContactArguments& args) {
  using namespace volumetric;
  const MeshPair meshes = loadMeshPair(args.pair);
  const MeshPieces pieces_a = convexPiecesOfMesh(meshes.a.mesh, {}, "A");
  const MeshPieces pieces_b = convexPiecesOfMesh(meshes.b.mesh, {}, "B");
  std::vector<std::string> warnings = pieces_a.warnings;
  warnings.insert(warnings.end(), pieces_b.warnings.begin(), pieces_b.warnings.end());

  struct Point {
    VolumetricContactPoint contact;
    int piece_a, piece_b;
  };
  std::vector<Point> points;
  const double seconds = medianSeconds(args.pair.repeat, [&] {
    points.clear();
    std::vector<ConvexPiece> a, b;
    std::vector<Box3> boxes_b;
    for (const ConvexPiece& p : pieces_a.pieces) a.push_back(posed(p, meshes.world_a));
    for (const ConvexPiece& p : pieces_b.pieces) b.push_back(posed(p, meshes.world_b));
    for (const ConvexPiece& p : b) boxes_b.push_back(p.bounds());
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Box3 box_a = a[i].bounds();
      for (std::size_t j = 0; j < b.size(); ++j) {
        if (!box_a.intersects(boxes_b[j])) continue;
        for (const VolumetricContactPoint& c : volumetricContacts(a[i], b[j]))
          points.push_back({c, static_cast<int>(i), static_cast<int>(j)});
      }
    }
  });

  if (args.json) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < points.size(); ++i) {
      const VolumetricContactPoint& c = points[i].contact;
      list.push_back({
          {"id", i},
          {"point", toJson(c.point)},
          {"normal", toJson(c.normal)},
          {"area", c.area},
          {"gap", c.gap},
          {"volume", c.volume},
          {"pieces", {points[i].piece_a, points[i].piece_b}},
          {"surfaces", {c.surface_a, c.surface_b}},
          {"normal_fallback", c.normal_fallback},
          {"gap_checked", c.gap_checked},
      });
    }
    const nlohmann::json out = {{"file_a", args.pair.mesh_a},
                                {"file_b", args.pair.mesh_b},
                                {"geometry", "volumetric"},
                                {"pieces_a", pieces_a.pieces.size()},
                                {"pieces_b", pieces_b.pieces.size()},
                                {"points", list},
                                {"warnings", warnings},
                                {"query_seconds", seconds},
                                {"repeat", args.pair.repeat}};
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const std::string& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
  std::printf("points       %zu   (pieces %zu/%zu, query %.6f s, median of %d)\n", points.size(),
              pieces_a.pieces.size(), pieces_b.pieces.size(), seconds, args.pair.repeat);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const VolumetricContactPoint& c = points[i].contact;
    std::printf(
        "point %zu: at [%.6g %.6g %.6g]  normal [%.6f %.6f %.6f]  area %.6g m^2  gap %.6g m  "
        "volume %.6g m^3  pieces %d/%d%s\n",
        i, c.point.x(), c.point.y(), c.point.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.area,
        c.gap, c.volume, points[i].piece_a, points[i].piece_b,
        c.normal_fallback ? "  (fallback normal)" : "");
  }
}

}  // namespace

void addContactCommand(CLI::App& app) {
  auto args = std::make_shared<ContactArguments>();
  CLI::App* contact = app.add_subcommand("contact", "Contact regions of two posed meshes");
  addMeshPairOptions(*contact, args->pair);
  contact->add_flag("--json", args->json, "Print one JSON object");
  contact
      ->add_option("--geometry", args->geometry,
                   "patch: contact regions of the meshes (default); volumetric: contact points "
                   "of their convex pieces, one per shell of each file")
      ->check(CLI::IsMember({"patch", "volumetric"}));
  contact->callback([args] {
    if (args->geometry == "volumetric") {
      runVolumetricContact(*args);
    } else {
      runContact(*args);
    }
  });
}

}  // namespace contactsim::cli
