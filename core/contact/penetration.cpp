#include "contact/penetration.h"

#include <algorithm>
#include <array>
#include <optional>
#include <tuple>

#include "contact/rim_side.h"

namespace contactsim {
namespace {

std::uint64_t edgeKey(std::int32_t u, std::int32_t v) {
  return (static_cast<std::uint64_t>(std::min(u, v)) << 32) |
         static_cast<std::uint32_t>(std::max(u, v));
}

bool pointInTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& n) {
  // Same side of all three edges, measured along the triangle's normal; the small negative
  // allowance keeps crossings exactly on a shared edge from slipping between two triangles.
  const double allowance =
      -1e-12 * std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
  return (b - a).cross(x - a).dot(n) >= allowance && (c - b).cross(x - b).dot(n) >= allowance &&
         (a - c).cross(x - c).dot(n) >= allowance;
}

// Whether x lies at least `margin` away from every edge of the triangle, inside it.
bool wellInsideTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& n,
                        double margin) {
  return (b - a).cross(x - a).dot(n) >= margin * (b - a).norm() &&
         (c - b).cross(x - b).dot(n) >= margin * (c - b).norm() &&
         (a - c).cross(x - c).dot(n) >= margin * (a - c).norm();
}

// Crossings this many rounding lengths from a corner of other's triangle are at that corner: a
// line of self passing the corner closer than rounding crosses the faces around it at grazing
// incidence, some of them well beyond a rounding length from it, and the corner's whole fan
// decides for all of them what lies beyond the cluster (RimSide::atVertex).
constexpr double kCornerReach = 1e3;

// Other's surface around a crossing x that lies on the rim of its triangle to rounding (within
// `touching` of an edge, or kCornerReach·touching of a corner), where that triangle's plane
// alone does not say which side an end of self's edge is on. None when x is clear of the rim.
// In self's frame: the triangle's corners b and normal n.
std::optional<RimSide> rimAt(const Vec3& x, const std::array<Vec3, 3>& b, const Vec3& n,
                             const TriMesh& other, std::int32_t triangle, const Pose& other_in_self,
                             double touching) {
  const double corner_reach = kCornerReach * touching;
  for (int k = 0; k < 3; ++k) {
    if ((x - b[k]).squaredNorm() < corner_reach * corner_reach)
      return RimSide::atVertex(other, other.triangles()[triangle][k], other_in_self);
  }
  for (int k = 0; k < 3; ++k) {
    const Vec3 edge = b[(k + 1) % 3] - b[k];
    if (edge.cross(x - b[k]).dot(n) < touching * edge.norm())
      return RimSide::atEdge(other, triangle, k, other_in_self);
  }
  return std::nullopt;
}

// Grows the marks to the mesh, new entries at rest.
void fit(PenetrationWorkspace& marks, const TriMesh& mesh) {
  if (marks.vertex_component.size() < mesh.vertexCount()) {
    marks.vertex_component.resize(mesh.vertexCount(), -1);
    marks.seed_state.resize(mesh.vertexCount(), PenetrationWorkspace::kFree);
    marks.seed_distance.resize(mesh.vertexCount());
  }
  if (marks.listed.size() < mesh.triangleCount()) marks.listed.resize(mesh.triangleCount(), 0);
  if (marks.cluster_component.size() < mesh.clusters().count()) {
    marks.cluster_component.resize(mesh.clusters().count(), -1);
    marks.cluster_cut.resize(mesh.clusters().count(), 0);
  }
}

// Crossed edges (sorted keys) and the vertices at their ends (sorted). A seed's state in the
// marks comes from the nearest crossing on one of its edges, the first found among equally near
// ones (on a ridge or corner of other's surface they agree: rimAt).
struct Crossings {
  std::vector<std::uint64_t> edges;
  std::vector<EdgeCrossing> points;
  std::vector<std::int32_t> seeds;

  bool crossed(std::int32_t u, std::int32_t w) const {
    return std::binary_search(edges.begin(), edges.end(), edgeKey(u, w));
  }
};

void findCrossings(const PosedMesh& self, const PosedMesh& other,
                   std::span<const std::pair<std::int32_t, std::int32_t>> colliding,
                   PenetrationWorkspace& marks, Crossings& out) {
  // In self's own frame: only other's triangle moves, not self's six edge ends.
  const Pose other_in_self = self.mesh_in_query.inverse() * other.mesh_in_query;
  const auto& vertices = self.mesh.vertices();
  const double touching = roundingLength(self, other);
  auto seed = [&](std::int32_t vertex, double distance, bool inside) {
    std::uint8_t& state = marks.seed_state[vertex];
    if (state == PenetrationWorkspace::kFree) {
      out.seeds.push_back(vertex);
    } else if (!(distance < marks.seed_distance[vertex])) {
      return;
    }
    state = inside ? PenetrationWorkspace::kSeedInside : PenetrationWorkspace::kSeedOutside;
    marks.seed_distance[vertex] = distance;
  };
  for (const auto& [mine, theirs] : colliding) {
    const Vec3 n = other_in_self.rotation * other.mesh.normals()[theirs];
    if (n.isZero()) continue;  // a degenerate triangle has no inside
    const Vec3 b0 = other_in_self.apply(other.mesh.corner(theirs, 0)),
               b1 = other_in_self.apply(other.mesh.corner(theirs, 1)),
               b2 = other_in_self.apply(other.mesh.corner(theirs, 2));
    const auto& tri = self.mesh.triangles()[mine];
    // Each corner's signed distance to other's plane, once for its corner test and both edges.
    // Negative = behind the outward face = inside. A vertex exactly on the plane counts as
    // outside, the same way for every triangle, so neighbouring tests agree.
    const std::array<double, 3> d{n.dot(vertices[tri[0]] - b0), n.dot(vertices[tri[1]] - b0),
                                  n.dot(vertices[tri[2]] - b0)};
    // A corner on other's face up to rounding (surfaces that only touch, a pin lying exactly on
    // its bore's facets) is on the surface, not inside: seeded outside at distance 0, ahead of
    // any crossing, so that neither the rounding of its own face's test nor a crossing with
    // another face further along its edges (the pin's end cap) can call it inside.
    for (int k = 0; k < 3; ++k) {
      if (std::abs(d[k]) <= touching && pointInTriangle(vertices[tri[k]], b0, b1, b2, n))
        seed(tri[k], 0.0, false);
    }
    for (int k = 0; k < 3; ++k) {
      const std::int32_t iu = tri[k], iv = tri[(k + 1) % 3];
      const Vec3& u = vertices[iu];
      const Vec3& v = vertices[iv];
      const double du = d[k], dv = d[(k + 1) % 3];
      if ((du < 0) == (dv < 0)) continue;
      const double s = du / (du - dv);
      const Vec3 x = u + s * (v - u);
      if (!pointInTriangle(x, b0, b1, b2, n)) continue;
      out.edges.push_back(edgeKey(iu, iv));
      const double length = (v - u).norm();
      const double at_u = s * length, at_v = (1 - s) * length;
      // An edge that meets other's face at one of its own ends, on that face's rim, only grazes
      // it there (a tube's vertex exactly at a pin's end corner): the face's plane says nothing
      // of the far end, which may lie beyond the face's body. The touching end is on the surface.
      out.points.push_back(iu < iv ? EdgeCrossing{iu, iv, s} : EdgeCrossing{iv, iu, 1.0 - s});
      const bool u_on_plane = std::abs(du) <= touching, v_on_plane = std::abs(dv) <= touching;
      if ((u_on_plane || v_on_plane) && !wellInsideTriangle(x, b0, b1, b2, n, touching)) {
        seed(u_on_plane ? iu : iv, 0.0, false);
        continue;
      }
      // On a ridge or a corner of other's surface (an edge of self through an edge or a vertex
      // of other, to rounding), an end beyond it may be behind this face's plane and in front of
      // the next face's, or the reverse: the surface around x decides (RimSide). Called inside,
      // an outside end floods self's surface as far as it reaches (a bar's whole surface).
      bool u_inside = du < 0, v_inside = dv < 0;
      if (const auto rim = rimAt(x, {b0, b1, b2}, n, other.mesh, theirs, other_in_self, touching)) {
        // An end along the surface (a wall flush with a wall) keeps this face's plane's word.
        u_inside = rim->inside(u - x).value_or(u_inside);
        v_inside = rim->inside(v - x).value_or(v_inside);
      }
      seed(iu, at_u, u_inside);
      seed(iv, at_v, v_inside);
    }
  }
  std::sort(out.edges.begin(), out.edges.end());
  std::sort(out.points.begin(), out.points.end(), [](const EdgeCrossing& x, const EdgeCrossing& y) {
    return std::tie(x.u, x.w, x.s) < std::tie(y.u, y.w, y.s);
  });
  std::sort(out.seeds.begin(), out.seeds.end());  // components numbered the same every time
}

// Undoes the marks on every exit, also when an allocation throws midway.
class MarksReset {
 public:
  MarksReset(PenetrationWorkspace& marks, const Crossings& crossings,
             const std::vector<std::int32_t>& cut, const Penetration& result)
      : marks_(marks), crossings_(crossings), cut_(cut), result_(result) {}
  ~MarksReset() {
    for (const std::int32_t v : crossings_.seeds)
      marks_.seed_state[v] = PenetrationWorkspace::kFree;
    for (const std::int32_t k : cut_) marks_.cluster_cut[k] = 0;
    for (const PenetratedComponent& c : result_.components) {
      for (const std::int32_t v : c.vertices) marks_.vertex_component[v] = -1;
      for (const std::int32_t t : c.triangles) marks_.listed[t] = 0;
      for (const std::int32_t k : c.clusters) marks_.cluster_component[k] = -1;
    }
  }
  MarksReset(const MarksReset&) = delete;
  MarksReset& operator=(const MarksReset&) = delete;

 private:
  PenetrationWorkspace& marks_;
  const Crossings& crossings_;
  const std::vector<std::int32_t>& cut_;
  const Penetration& result_;
};

}  // namespace

Penetration findPenetration(const PosedMesh& self, const PosedMesh& other,
                            std::span<const std::pair<std::int32_t, std::int32_t>> colliding,
                            PenetrationWorkspace& marks) {
  const TriMesh& mesh = self.mesh;
  const SurfaceClusters& clusters = mesh.clusters();
  fit(marks, mesh);
  Crossings crossings;
  Penetration result;
  std::vector<std::int32_t> cut;
  const MarksReset reset(marks, crossings, cut, result);
  findCrossings(self, other, colliding, marks, crossings);

  // Cut clusters: those holding a colliding triangle or a triangle at a crossing's end. Every
  // crossed edge lies in a colliding triangle, so no other cluster has a cut edge or a seed.
  auto markCut = [&](std::int32_t t) {
    const std::int32_t k = clusters.clusterOf(t);
    if (!marks.cluster_cut[k]) marks.cluster_cut[k] = 1, cut.push_back(k);
  };
  for (const auto& collision : colliding) markCut(collision.first);
  for (const std::int32_t v : crossings.seeds) {
    for (const std::int32_t t : mesh.trianglesAround(v)) markCut(t);
  }

  const auto& triangles = mesh.triangles();
  std::vector<std::int32_t> vertex_stack, cluster_stack;
  for (const std::int32_t start : crossings.seeds) {
    if (marks.seed_state[start] != PenetrationWorkspace::kSeedInside ||
        marks.vertex_component[start] >= 0)
      continue;
    const auto component = static_cast<std::int32_t>(result.components.size());
    PenetratedComponent& piece = result.components.emplace_back();
    auto reachVertex = [&](std::int32_t w) {
      marks.vertex_component[w] = component;
      piece.vertices.push_back(w);
      vertex_stack.push_back(w);
    };
    auto reachCluster = [&](std::int32_t k) {
      marks.cluster_component[k] = component;
      piece.clusters.push_back(k);
      cluster_stack.push_back(k);
    };
    reachVertex(start);
    while (!vertex_stack.empty() || !cluster_stack.empty()) {
      if (!cluster_stack.empty()) {
        const std::int32_t k = cluster_stack.back();
        cluster_stack.pop_back();
        // A whole cluster hands its inside status to every cluster it borders: a cut one
        // receives the shared vertex, to be flooded from there.
        for (const SurfaceClusters::Border& border : clusters.borders(k)) {
          if (marks.cluster_cut[border.cluster]) {
            if (marks.vertex_component[border.vertex] < 0) reachVertex(border.vertex);
          } else if (marks.cluster_component[border.cluster] < 0) {
            reachCluster(border.cluster);
          }
        }
        continue;
      }
      const std::int32_t u = vertex_stack.back();
      vertex_stack.pop_back();
      for (const std::int32_t t : mesh.trianglesAround(u)) {
        const std::int32_t k = clusters.clusterOf(t);
        if (!marks.cluster_cut[k]) {
          if (marks.cluster_component[k] < 0) reachCluster(k);
          continue;
        }
        if (!marks.listed[t]) {
          marks.listed[t] = 1;
          piece.triangles.push_back(t);
        }
        for (const std::int32_t w : triangles[t]) {
          if (marks.vertex_component[w] >= 0 ||
              marks.seed_state[w] == PenetrationWorkspace::kSeedOutside)
            continue;
          // Only an edge between two seeded vertices can be cut by the curve.
          if (marks.seed_state[u] != PenetrationWorkspace::kFree &&
              marks.seed_state[w] != PenetrationWorkspace::kFree && crossings.crossed(u, w))
            continue;
          reachVertex(w);
        }
      }
    }
    // A triangle with corners in two components is listed in both.
    for (const std::int32_t t : piece.triangles) marks.listed[t] = 0;
  }

  result.crossings = std::move(crossings.points);
  // Every corner of a colliding triangle lies in a cut cluster, so it was flooded one by one.
  result.corner_components.reserve(colliding.size());
  for (const auto& collision : colliding) {
    const TriangleIndices& tri = triangles[collision.first];
    result.corner_components.push_back({marks.vertex_component[tri[0]],
                                        marks.vertex_component[tri[1]],
                                        marks.vertex_component[tri[2]]});
  }
  return result;
}

std::vector<std::int32_t> allTriangles(const TriMesh& mesh, const PenetratedComponent& component) {
  std::vector<std::int32_t> out = component.triangles;
  for (const std::int32_t k : component.clusters) {
    const auto cluster = mesh.clusters().triangles(k);
    out.insert(out.end(), cluster.begin(), cluster.end());
  }
  return out;
}

}  // namespace contactsim
