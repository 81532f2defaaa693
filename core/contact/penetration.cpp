#include "contact/penetration.h"

#include <algorithm>

namespace contactsim {
namespace {

std::uint64_t edgeKey(std::int32_t u, std::int32_t v) {
  return (static_cast<std::uint64_t>(std::min(u, v)) << 32) |
         static_cast<std::uint32_t>(std::max(u, v));
}

// Status of a vertex from a crossing on one of its edges; the nearest crossing decides.
struct VertexSeed {
  std::int32_t vertex;
  double distance;  // from the vertex to the crossing
  bool inside;
};

bool pointInTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& n) {
  // Same side of all three edges, measured along the triangle's normal; the small negative
  // allowance keeps crossings exactly on a shared edge from slipping between two triangles.
  const double allowance =
      -1e-12 * std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
  return (b - a).cross(x - a).dot(n) >= allowance && (c - b).cross(x - b).dot(n) >= allowance &&
         (a - c).cross(x - c).dot(n) >= allowance;
}

}  // namespace

Penetration findPenetration(const PosedMesh& self, const PosedMesh& other,
                            std::span<const std::pair<std::int32_t, std::int32_t>> colliding) {
  // Sorted vectors rather than hash containers: a few hundred to a few thousand crossings, and
  // no allocation per entry.
  std::vector<std::uint64_t> crossed_edges;
  std::vector<VertexSeed> seeds;
  for (const auto& [mine, theirs] : colliding) {
    const Vec3 b0 = other.corner(theirs, 0), b1 = other.corner(theirs, 1),
               b2 = other.corner(theirs, 2);
    const Vec3 n = other.normal(theirs);
    if (n.isZero()) continue;  // a degenerate triangle has no inside
    const auto& tri = self.mesh.triangles()[mine];
    for (int k = 0; k < 3; ++k) {
      const std::int32_t iu = tri[k], iv = tri[(k + 1) % 3];
      const Vec3 u = self.vertex(iu), v = self.vertex(iv);
      const double du = n.dot(u - b0), dv = n.dot(v - b0);
      // Negative = behind the outward face = inside. A vertex exactly on the plane counts as
      // outside, the same way for every triangle, so neighbouring tests agree.
      if ((du < 0) == (dv < 0)) continue;
      const double s = du / (du - dv);
      const Vec3 x = u + s * (v - u);
      if (!pointInTriangle(x, b0, b1, b2, n)) continue;
      crossed_edges.push_back(edgeKey(iu, iv));
      const double length = (v - u).norm();
      seeds.push_back({iu, s * length, du < 0});
      seeds.push_back({iv, (1 - s) * length, dv < 0});
    }
  }
  std::sort(crossed_edges.begin(), crossed_edges.end());
  auto crossed = [&](std::int32_t u, std::int32_t w) {
    return std::binary_search(crossed_edges.begin(), crossed_edges.end(), edgeKey(u, w));
  };
  // Per vertex the nearest crossing, the first found among equally near ones.
  std::stable_sort(seeds.begin(), seeds.end(), [](const VertexSeed& x, const VertexSeed& y) {
    return x.vertex < y.vertex || (x.vertex == y.vertex && x.distance < y.distance);
  });
  seeds.erase(
      std::unique(seeds.begin(), seeds.end(),
                  [](const VertexSeed& x, const VertexSeed& y) { return x.vertex == y.vertex; }),
      seeds.end());

  // Flat per-vertex state: the flood touches every penetrating vertex, so no hashing there.
  enum : std::uint8_t { kFree, kSeedInside, kSeedOutside };
  const std::size_t n = self.mesh.vertexCount();
  std::vector<std::uint8_t> seed_state(n, kFree);
  for (const VertexSeed& s : seeds) seed_state[s.vertex] = s.inside ? kSeedInside : kSeedOutside;

  Penetration result;
  result.component_of_vertex.assign(n, -1);
  const auto& triangles = self.mesh.triangles();
  // Triangles already listed for the component being flooded; cleared after each component, so
  // that a triangle with corners in two components is listed in both.
  std::vector<std::uint8_t> listed(self.mesh.triangleCount(), 0);
  std::vector<std::int32_t> stack;
  for (const VertexSeed& start_seed : seeds) {
    const std::int32_t start = start_seed.vertex;
    if (!start_seed.inside || result.component_of_vertex[start] >= 0) continue;
    const auto component = static_cast<std::int32_t>(result.vertices_of_component.size());
    std::vector<std::int32_t>& members = result.vertices_of_component.emplace_back();
    std::vector<std::int32_t>& touching = result.triangles_of_component.emplace_back();
    result.component_of_vertex[start] = component;
    members.push_back(start);
    stack.push_back(start);
    while (!stack.empty()) {
      const std::int32_t u = stack.back();
      stack.pop_back();
      for (const std::int32_t t : self.mesh.trianglesAround(u)) {
        if (!listed[t]) {
          listed[t] = 1;
          touching.push_back(t);
        }
        for (const std::int32_t w : triangles[t]) {
          if (result.component_of_vertex[w] >= 0 || seed_state[w] == kSeedOutside) continue;
          // Only an edge between two seeded vertices can be cut by the curve.
          if (seed_state[u] != kFree && seed_state[w] != kFree && crossed(u, w)) continue;
          result.component_of_vertex[w] = component;
          members.push_back(w);
          stack.push_back(w);
        }
      }
    }
    for (const std::int32_t t : touching) listed[t] = 0;
  }
  return result;
}

}  // namespace contactsim
