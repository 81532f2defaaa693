#include "geometry/surface_clusters.h"

#include <algorithm>
#include <stdexcept>

#include "geometry/tri_mesh.h"

namespace contactsim {

AreaMoments triangleMoments(const Vec3& a, const Vec3& b, const Vec3& c) {
  AreaMoments m;
  m.area = 0.5 * (b - a).cross(c - a).norm();
  m.centroid = (a + b + c) / 3.0;
  for (const Vec3* y : {&a, &b, &c}) {
    const Vec3 r = *y - m.centroid;
    m.central_second += r * r.transpose();
  }
  m.central_second *= m.area / 12.0;
  return m;
}

AreaMoments combined(const AreaMoments& x, const AreaMoments& y) {
  AreaMoments m;
  m.area = x.area + y.area;
  if (!(m.area > 0.0)) {
    m.centroid = x.centroid;
    return m;
  }
  m.centroid = (x.area * x.centroid + y.area * y.centroid) / m.area;
  const Vec3 rx = x.centroid - m.centroid, ry = y.centroid - m.centroid;
  m.central_second = x.central_second + y.central_second + x.area * rx * rx.transpose() +
                     y.area * ry * ry.transpose();
  return m;
}

SurfaceClusters::SurfaceClusters(const TriMesh& mesh, int target_size) {
  if (target_size < 1) throw std::invalid_argument("cluster target size must be at least 1");
  const auto triangle_count = static_cast<std::int32_t>(mesh.triangleCount());
  cluster_of_triangle_.assign(triangle_count, -1);
  triangle_offsets_.push_back(0);
  triangles_.reserve(triangle_count);
  // Breadth-first from each unassigned triangle: the cluster's triangles are contiguous in
  // triangles_, and the unvisited part of that range is the queue.
  for (std::int32_t start = 0; start < triangle_count; ++start) {
    if (cluster_of_triangle_[start] >= 0) continue;
    const auto cluster = static_cast<std::int32_t>(triangle_offsets_.size() - 1);
    const std::size_t first = triangles_.size();
    cluster_of_triangle_[start] = cluster;
    triangles_.push_back(start);
    auto full = [&] { return triangles_.size() - first == static_cast<std::size_t>(target_size); };
    for (std::size_t next = first; next < triangles_.size() && !full(); ++next) {
      for (const std::int32_t across : mesh.neighbours()[triangles_[next]]) {
        if (full()) break;
        if (across < 0 || cluster_of_triangle_[across] >= 0) continue;  // boundary, non-manifold
        cluster_of_triangle_[across] = cluster;
        triangles_.push_back(across);
      }
    }
    triangle_offsets_.push_back(static_cast<std::int32_t>(triangles_.size()));
  }
  buildVerticesAndBorders(mesh);
  buildMomentsAndBoxes(mesh);
}

void SurfaceClusters::buildVerticesAndBorders(const TriMesh& mesh) {
  const std::size_t clusters = triangle_offsets_.size() - 1;
  // Per vertex, the clusters of the triangles around it, each once.
  std::vector<std::vector<std::int32_t>> vertices_of(clusters);
  std::vector<std::vector<Border>> borders_of(clusters);
  std::vector<std::int32_t> around;
  for (std::int32_t v = 0; v < static_cast<std::int32_t>(mesh.vertexCount()); ++v) {
    around.clear();
    for (const std::int32_t t : mesh.trianglesAround(v)) around.push_back(cluster_of_triangle_[t]);
    std::sort(around.begin(), around.end());
    around.erase(std::unique(around.begin(), around.end()), around.end());
    for (const std::int32_t k : around) {
      vertices_of[k].push_back(v);
      for (const std::int32_t other : around) {
        if (other != k) borders_of[k].push_back({other, v});
      }
    }
  }
  vertex_offsets_.assign(1, 0);
  border_offsets_.assign(1, 0);
  for (std::size_t k = 0; k < clusters; ++k) {
    vertices_.insert(vertices_.end(), vertices_of[k].begin(), vertices_of[k].end());
    borders_.insert(borders_.end(), borders_of[k].begin(), borders_of[k].end());
    vertex_offsets_.push_back(static_cast<std::int32_t>(vertices_.size()));
    border_offsets_.push_back(static_cast<std::int32_t>(borders_.size()));
  }
}

void SurfaceClusters::buildMomentsAndBoxes(const TriMesh& mesh) {
  const std::size_t clusters = triangle_offsets_.size() - 1;
  moments_.resize(clusters);
  boxes_.resize(clusters);
  for (std::size_t k = 0; k < clusters; ++k) {
    const auto cluster = static_cast<std::int32_t>(k);
    AreaMoments sum;
    for (const std::int32_t t : triangles(cluster)) {
      sum = combined(sum, triangleMoments(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2)));
    }
    moments_[k] = sum;
    boxes_[k].setEmpty();
    for (const std::int32_t v : vertices(cluster)) boxes_[k].extend(mesh.vertices()[v]);
  }
}

}  // namespace contactsim
