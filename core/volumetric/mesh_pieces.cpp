#include "volumetric/mesh_pieces.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace contactsim::volumetric {

namespace {

struct UnionFind {
  std::vector<std::int32_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::int32_t find(std::int32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(std::int32_t a, std::int32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

// Triangles around a non-manifold edge (u, v) paired into the solids they bound. With d the unit
// edge direction and θ each triangle's angle about d (right-handed), a triangle running u→v has
// its outward normal towards increasing θ, so its solid lies just below its angle and it pairs
// with the previous triangle in θ order, which runs v→u; a triangle running v→u pairs with the
// next. Equal angles (a face two pieces share) put u→v first: the face of the piece below, then
// the face of the piece above.
void pairAroundEdge(const TriMesh& mesh, std::int32_t u, std::int32_t v,
                    const std::vector<std::pair<std::int32_t, bool>>& around, UnionFind& shells) {
  const Vec3 a = mesh.vertices()[u];
  const Vec3 d = (mesh.vertices()[v] - a).normalized();
  const Vec3 x = d.unitOrthogonal();
  const Vec3 y = d.cross(x);
  struct Entry {
    double angle;
    bool forward;  // runs u→v
    std::int32_t triangle;
  };
  std::vector<Entry> entries;
  for (const auto& [t, forward] : around) {
    const TriangleIndices& tri = mesh.triangles()[t];
    std::int32_t w = tri[0];
    for (int k = 0; k < 3; ++k) {
      if (tri[k] != u && tri[k] != v) w = tri[k];
    }
    const Vec3 r = mesh.vertices()[w] - a;
    entries.push_back({std::atan2(r.dot(y), r.dot(x)), forward, t});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& p, const Entry& q) {
    if (p.angle != q.angle) return p.angle < q.angle;
    if (p.forward != q.forward) return p.forward;
    return p.triangle < q.triangle;
  });
  const std::size_t n = entries.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!entries[i].forward) continue;
    const Entry& previous = entries[(i + n - 1) % n];
    if (!previous.forward) shells.join(entries[i].triangle, previous.triangle);
  }
}

}  // namespace

std::vector<std::vector<std::int32_t>> meshShells(const TriMesh& mesh) {
  const auto n = static_cast<std::int32_t>(mesh.triangleCount());
  UnionFind shells(static_cast<std::size_t>(n));
  // Non-manifold edges: the triangles on each, with their direction along (min, max) vertex.
  std::map<std::pair<std::int32_t, std::int32_t>, std::vector<std::pair<std::int32_t, bool>>>
      crowded;
  for (std::int32_t t = 0; t < n; ++t) {
    for (int k = 0; k < 3; ++k) {
      const std::int32_t other = mesh.neighbours()[t][k];
      if (other >= 0) {
        shells.join(t, other);
      } else if (other == kNonManifoldEdge) {
        const std::int32_t p = mesh.triangles()[t][k], q = mesh.triangles()[t][(k + 1) % 3];
        crowded[{std::min(p, q), std::max(p, q)}].push_back({t, p < q});
      }
    }
  }
  for (const auto& [edge, around] : crowded)
    pairAroundEdge(mesh, edge.first, edge.second, around, shells);

  std::vector<std::vector<std::int32_t>> result;
  std::vector<std::int32_t> index(static_cast<std::size_t>(n), -1);
  for (std::int32_t t = 0; t < n; ++t) {  // roots are the smallest triangle of their shell
    const std::int32_t root = shells.find(t);
    if (index[root] < 0) {
      index[root] = static_cast<std::int32_t>(result.size());
      result.emplace_back();
    }
    result[index[root]].push_back(t);
  }
  return result;
}

namespace {

std::string format(const char* fmt, double a, double b) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, fmt, a, b);
  return buffer;
}

}  // namespace

MeshPieces convexPiecesOfMesh(const TriMesh& mesh, const std::vector<int>& triangle_surface_ids,
                              const std::string& body, const MeshPiecesOptions& options) {
  MeshPieces result;
  const std::string who = body.empty() ? std::string() : "body '" + body + "': ";
  const std::vector<std::vector<std::int32_t>> shells = meshShells(mesh);
  for (std::size_t s = 0; s < shells.size(); ++s) {
    // The shell as a mesh of its own: vertices renumbered, triangles and ids copied.
    std::unordered_map<std::int32_t, std::int32_t> local;
    std::vector<Vec3> vertices;
    std::vector<TriangleIndices> triangles;
    std::vector<int> ids;
    std::map<std::pair<std::int32_t, std::int32_t>, int> balance;
    double six_volume = 0.0;
    for (const std::int32_t t : shells[s]) {
      TriangleIndices tri;
      for (int k = 0; k < 3; ++k) {
        const std::int32_t v = mesh.triangles()[t][k];
        auto [it, inserted] = local.try_emplace(v, static_cast<std::int32_t>(vertices.size()));
        if (inserted) vertices.push_back(mesh.vertices()[v]);
        tri[k] = it->second;
      }
      triangles.push_back(tri);
      for (int k = 0; k < 3; ++k) {  // closed: each edge run as often one way as the other
        const std::int32_t p = tri[k], q = tri[(k + 1) % 3];
        balance[{std::min(p, q), std::max(p, q)}] += p < q ? 1 : -1;
      }
      if (!triangle_surface_ids.empty()) ids.push_back(triangle_surface_ids.at(t));
      const Vec3 o = mesh.vertices()[mesh.triangles()[shells[s].front()][0]];
      six_volume +=
          (mesh.corner(t, 0) - o).dot((mesh.corner(t, 1) - o).cross(mesh.corner(t, 2) - o));
    }
    // Divergence theorem about one of the shell's vertices (exact for a closed shell).
    const double own = six_volume / 6.0;
    bool open = false;
    for (const auto& [edge, b] : balance) open = open || b != 0;
    std::optional<ConvexPiece> piece = convexPieceFromMesh(vertices, triangles, ids);
    const std::string name = who + "piece " + std::to_string(result.pieces.size()) + " (shell " +
                             std::to_string(s) + ")";
    if (!piece) {
      result.warnings.push_back(who + "shell " + std::to_string(s) +
                                " spans no volume (flat or fewer than 4 points): no piece");
      continue;
    }
    const double ratio = own > 0.0 ? piece->volume / own : std::numeric_limits<double>::infinity();
    if (open) {
      result.warnings.push_back(name +
                                " is not a closed surface (an edge without its opposite): its hull "
                                "replaces it, hull volume not compared with its own");
    } else if (!(own > 0.0)) {
      result.warnings.push_back(
          name + format(" encloses no positive volume (%.6g m³, inward-facing?): its hull of "
                        "%.6g m³ replaces it",
                        own, piece->volume));
    } else if (ratio > options.max_hull_volume_ratio) {
      result.warnings.push_back(
          name + format(" is far from convex: its hull's volume is %.4g times its own (limit %.4g)",
                        ratio, options.max_hull_volume_ratio));
    }
    piece->index = static_cast<int>(result.pieces.size());
    result.pieces.push_back(std::move(*piece));
    result.shell.push_back(static_cast<int>(s));
    result.shell_volume.push_back(own);
    result.hull_ratio.push_back(ratio);
  }
  return result;
}

}  // namespace contactsim::volumetric
