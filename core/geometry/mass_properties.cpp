#include "geometry/mass_properties.h"

#include <cmath>
#include <map>
#include <numeric>
#include <queue>
#include <string>
#include <utility>

namespace contactsim {
namespace {

// Volume integrals of the solid bounded by a closed triangle surface, by the divergence theorem:
// each triangle (a, b, c) spans a signed tetrahedron with the reference point; summing them gives
// exact integrals for the polyhedron. For a tetrahedron (0, a, b, c) with D = det[a b c]:
//   ∫dV = D/6,  ∫x dV = D/24 (a+b+c),  ∫x xᵀ dV = D/120 (aaᵀ + bbᵀ + ccᵀ + ssᵀ), s = a+b+c.
struct VolumeIntegrals {
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();

  void addTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
    const double det = a.dot(b.cross(c));
    const Vec3 s = a + b + c;
    volume += det / 6.0;
    first += det / 24.0 * s;
    second += det / 120.0 *
              (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
};

using Triangles = std::vector<TriangleIndices>;

// The reference point is the bounding-box centre: the tetrahedra stay small and the sums do not
// cancel catastrophically for models far from the origin.
VolumeIntegrals integrate(const std::vector<Vec3>& vertices, const Triangles& triangles,
                          const Vec3& origin) {
  VolumeIntegrals sums;
  for (const auto& [a, b, c] : triangles) {
    sums.addTriangle(vertices[a] - origin, vertices[b] - origin, vertices[c] - origin);
  }
  return sums;
}

// Net count of directed edges a->b minus b->a for every undirected edge: all zero exactly when
// the surface is a closed 2-cycle, the condition under which the divergence theorem is exact.
std::map<std::pair<std::int32_t, std::int32_t>, int> unbalancedEdges(const Triangles& triangles) {
  std::map<std::pair<std::int32_t, std::int32_t>, int> balance;
  for (const TriangleIndices& t : triangles) {
    for (int k = 0; k < 3; ++k) {
      const std::int32_t from = t[k], to = t[(k + 1) % 3];
      balance[{std::min(from, to), std::max(from, to)}] += from < to ? 1 : -1;
    }
  }
  std::erase_if(balance, [](const auto& entry) { return entry.second == 0; });
  return balance;
}

// Flips triangles so that neighbours across manifold edges agree, component by component, then
// turns each component outward (positive signed volume about `origin`). Returns false when a
// component is not orientable (a Möbius-like surface).
bool reorient(const TriMesh& mesh, const Vec3& origin, Triangles& triangles) {
  const auto& neighbours = mesh.neighbours();
  std::vector<int> state(triangles.size(), 0);  // 0 unvisited, 1 kept, 2 flipped
  std::vector<std::int32_t> component(triangles.size(), -1);
  std::vector<double> component_volume;
  auto uses_edge_forward = [&](std::int32_t t, std::int32_t from, std::int32_t to) {
    for (int k = 0; k < 3; ++k) {
      if (triangles[t][k] == from && triangles[t][(k + 1) % 3] == to) return true;
    }
    return false;
  };
  for (std::size_t seed = 0; seed < triangles.size(); ++seed) {
    if (state[seed] != 0) continue;
    state[seed] = 1;
    const auto id = static_cast<std::int32_t>(component_volume.size());
    component_volume.push_back(0.0);
    std::queue<std::int32_t> queue;
    queue.push(static_cast<std::int32_t>(seed));
    while (!queue.empty()) {
      const std::int32_t t = queue.front();
      queue.pop();
      component[t] = id;
      const auto& [a, b, c] = triangles[t];
      const auto& v = mesh.vertices();
      component_volume[id] += (v[a] - origin).dot((v[b] - origin).cross(v[c] - origin));
      for (int k = 0; k < 3; ++k) {
        const std::int32_t n = neighbours[t][k];
        if (n < 0) continue;
        // Neighbour slots follow the original corner order, which a flip changes: name the
        // edge by its original vertices, then compare the directions it has now.
        const std::int32_t a = mesh.triangles()[t][k], b = mesh.triangles()[t][(k + 1) % 3];
        const bool clash = uses_edge_forward(n, a, b) == uses_edge_forward(t, a, b);
        if (state[n] == 0) {
          if (clash) std::swap(triangles[n][1], triangles[n][2]);
          state[n] = clash ? 2 : 1;
          queue.push(n);
        } else if (clash) {
          return false;
        }
      }
    }
  }
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    if (component_volume[component[t]] < 0.0) std::swap(triangles[t][1], triangles[t][2]);
  }
  return true;
}

// Closes every boundary by a fan of triangles from the centroid of its connected boundary
// component. Each unbalanced edge a->b gets the cap triangle (centre, b, a), which runs it b->a,
// so the capped surface is a closed 2-cycle and the divergence theorem applies exactly to it.
void capHoles(std::vector<Vec3>& vertices, Triangles& triangles) {
  const auto unbalanced = unbalancedEdges(triangles);
  std::vector<std::int32_t> parent(vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](std::int32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& [edge, count] : unbalanced) parent[find(edge.first)] = find(edge.second);

  std::map<std::int32_t, std::pair<Vec3, int>> component_sums;
  for (const auto& [edge, count] : unbalanced) {
    for (const std::int32_t v : {edge.first, edge.second}) {
      auto& [sum, n] = component_sums.try_emplace(find(v), Vec3::Zero(), 0).first->second;
      sum += vertices[v];
      ++n;
    }
  }
  std::map<std::int32_t, std::int32_t> centre_of_component;
  for (const auto& [root, sum_count] : component_sums) {
    centre_of_component[root] = static_cast<std::int32_t>(vertices.size());
    vertices.push_back(sum_count.first / sum_count.second);
  }
  for (const auto& [edge, count] : unbalanced) {
    const std::int32_t centre = centre_of_component[find(edge.first)];
    // count > 0: `count` surplus edges lo->hi; count < 0: surplus hi->lo.
    const auto [from, to] = count > 0 ? edge : std::pair{edge.second, edge.first};
    for (int i = 0; i < std::abs(count); ++i) triangles.push_back({centre, to, from});
  }
}

MassProperties fromIntegrals(const VolumeIntegrals& sums, const Vec3& origin, double density) {
  MassProperties props;
  props.volume = sums.volume;
  props.mass = density * sums.volume;
  const Vec3 centroid_local = sums.first / sums.volume;
  props.centroid = origin + centroid_local;
  // Second moment about the centroid (parallel-axis), then I = tr(S)·1 − S.
  const Mat3 second_central =
      sums.second - sums.volume * centroid_local * centroid_local.transpose();
  props.inertia = density * (second_central.trace() * Mat3::Identity() - second_central);
  return props;
}

MassProperties boundingBoxProperties(const TriMesh& mesh, double density) {
  MassProperties props;
  const Vec3 size = mesh.bounds().sizes();
  props.volume = size.prod();
  props.mass = density * props.volume;
  props.centroid = mesh.bounds().center();
  const Vec3 sq = size.cwiseProduct(size);
  props.inertia =
      (props.mass / 12.0 * Vec3(sq.y() + sq.z(), sq.x() + sq.z(), sq.x() + sq.y())).asDiagonal();
  props.method = MassMethod::BoundingBoxFallback;
  return props;
}

}  // namespace

const char* toString(MassMethod method) {
  switch (method) {
    case MassMethod::ClosedSurface:
      return "closed surface (exact)";
    case MassMethod::Reoriented:
      return "reoriented surface (exact)";
    case MassMethod::CappedHoles:
      return "holes capped (approximate)";
    case MassMethod::BoundingBoxFallback:
      return "bounding box (rough)";
    case MassMethod::ThinShell:
      return "thin shell";
  }
  return "unknown";
}

MassProperties computeMassProperties(const TriMesh& mesh, double density) {
  if (mesh.empty()) {
    MassProperties none;
    none.method = MassMethod::BoundingBoxFallback;
    none.warnings.push_back("mesh has no triangles: no mass properties");
    return none;
  }
  const Vec3 origin = mesh.bounds().center();
  // Volumes below this fraction of the bounding box count as "encloses nothing" (a flat sheet).
  const double min_volume = 1e-9 * std::pow(mesh.scale(), 3);
  std::vector<std::string> warnings;

  std::vector<Vec3> vertices = mesh.vertices();
  Triangles triangles = mesh.triangles();
  MassMethod method = MassMethod::ClosedSurface;
  if (!unbalancedEdges(triangles).empty()) {
    if (!mesh.consistentlyOriented()) {
      if (reorient(mesh, origin, triangles)) {
        method = MassMethod::Reoriented;
        warnings.push_back("triangle orientations were inconsistent and have been made consistent");
      } else {
        warnings.push_back("surface is not orientable");
      }
    }
    const std::size_t open_edges = unbalancedEdges(triangles).size();
    if (open_edges > 0) {
      capHoles(vertices, triangles);
      method = MassMethod::CappedHoles;
      warnings.push_back("surface is open (" + std::to_string(open_edges) +
                         " unmatched edges): holes closed by fans to their centroids");
    }
  }

  VolumeIntegrals sums = integrate(vertices, triangles, origin);
  if (sums.volume < 0.0) {
    // Consistently oriented but inward-facing: the same solid with every normal flipped.
    sums.volume = -sums.volume;
    sums.first = -sums.first;
    sums.second = -sums.second;
    warnings.push_back("normals point inwards: volume taken with the opposite orientation");
  }
  if (!(sums.volume > min_volume) || !std::isfinite(sums.volume)) {
    MassProperties box = boundingBoxProperties(mesh, density);
    box.warnings = std::move(warnings);
    if (box.volume > min_volume) {
      box.warnings.push_back("surface encloses no volume: solid bounding box used instead");
    } else {
      box.warnings.push_back(
          "surface is flat and encloses no volume: give mass and inertia explicitly");
    }
    return box;
  }
  MassProperties props = fromIntegrals(sums, origin, density);
  props.method = method;
  props.warnings = std::move(warnings);
  return props;
}

}  // namespace contactsim
