#include "geometry/tri_mesh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace contactsim {

TriMesh::TriMesh(std::vector<Vec3> vertices, std::vector<TriangleIndices> triangles)
    : vertices_(std::move(vertices)), triangles_(std::move(triangles)) {
  const auto vertex_count = static_cast<std::int64_t>(vertices_.size());
  for (std::size_t i = 0; i < vertices_.size(); ++i) {
    if (!vertices_[i].allFinite()) {
      throw std::invalid_argument("vertex " + std::to_string(i) + " has a non-finite coordinate");
    }
  }
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    for (const std::int32_t v : triangles_[t]) {
      if (v < 0 || v >= vertex_count) {
        throw std::invalid_argument("triangle " + std::to_string(t) + " refers to vertex " +
                                    std::to_string(v) + " of " + std::to_string(vertex_count));
      }
    }
  }
  buildNormalsAndBounds();
  buildTopology();
  clusters_ = SurfaceClusters(*this);
}

void TriMesh::buildNormalsAndBounds() {
  bounds_.setEmpty();
  for (const Vec3& v : vertices_) bounds_.extend(v);
  scale_ = vertices_.empty() ? 0.0 : bounds_.diagonal().norm();

  // A triangle is degenerate when its area is negligible against its longest edge squared
  // (scale-free: a sliver of a huge model and of a tiny model are judged alike).
  constexpr double kDegenerateRatio = 1e-12;
  normals_.resize(triangles_.size());
  degenerate_triangles_ = 0;
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    const Vec3& a = corner(t, 0);
    const Vec3& b = corner(t, 1);
    const Vec3& c = corner(t, 2);
    const Vec3 cross = (b - a).cross(c - a);
    const double longest_sq =
        std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
    const double twice_area = cross.norm();
    if (longest_sq == 0.0 || twice_area <= kDegenerateRatio * longest_sq) {
      normals_[t] = Vec3::Zero();
      ++degenerate_triangles_;
    } else {
      normals_[t] = cross / twice_area;
    }
  }
}

void TriMesh::buildTopology() {
  // Sort all half-edges by their undirected key; the half-edges of one edge become adjacent.
  struct HalfEdge {
    std::int32_t lo, hi;  // undirected key
    std::int32_t triangle;
    std::int8_t slot;  // edge k of the triangle
    bool forward;      // runs lo -> hi
  };
  std::vector<HalfEdge> half_edges;
  half_edges.reserve(triangles_.size() * 3);
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    for (int k = 0; k < 3; ++k) {
      const std::int32_t from = triangles_[t][k];
      const std::int32_t to = triangles_[t][(k + 1) % 3];
      half_edges.push_back({std::min(from, to), std::max(from, to), static_cast<std::int32_t>(t),
                            static_cast<std::int8_t>(k), from < to});
    }
  }
  std::sort(half_edges.begin(), half_edges.end(), [](const HalfEdge& x, const HalfEdge& y) {
    return x.lo != y.lo ? x.lo < y.lo : x.hi != y.hi ? x.hi < y.hi : x.triangle < y.triangle;
  });

  vertex_triangle_offsets_.assign(vertices_.size() + 1, 0);
  for (const TriangleIndices& t : triangles_) {
    for (const std::int32_t v : t) ++vertex_triangle_offsets_[v + 1];
  }
  for (std::size_t v = 0; v < vertices_.size(); ++v) {
    vertex_triangle_offsets_[v + 1] += vertex_triangle_offsets_[v];
  }
  vertex_triangles_.resize(3 * triangles_.size());
  std::vector<std::int32_t> fill(vertex_triangle_offsets_.begin(),
                                 vertex_triangle_offsets_.end() - 1);
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    for (const std::int32_t v : triangles_[t])
      vertex_triangles_[fill[v]++] = static_cast<std::int32_t>(t);
  }

  neighbours_.assign(triangles_.size(), {kBoundaryEdge, kBoundaryEdge, kBoundaryEdge});
  boundary_edges_ = 0;
  nonmanifold_edges_ = 0;
  consistently_oriented_ = true;
  for (std::size_t begin = 0; begin < half_edges.size();) {
    std::size_t end = begin + 1;
    while (end < half_edges.size() && half_edges[end].lo == half_edges[begin].lo &&
           half_edges[end].hi == half_edges[begin].hi) {
      ++end;
    }
    const std::size_t count = end - begin;
    if (count == 1) {
      ++boundary_edges_;
    } else if (count == 2) {
      const HalfEdge& x = half_edges[begin];
      const HalfEdge& y = half_edges[begin + 1];
      neighbours_[x.triangle][x.slot] = y.triangle;
      neighbours_[y.triangle][y.slot] = x.triangle;
      if (x.forward == y.forward) consistently_oriented_ = false;
    } else {
      ++nonmanifold_edges_;
      for (std::size_t i = begin; i < end; ++i) {
        neighbours_[half_edges[i].triangle][half_edges[i].slot] = kNonManifoldEdge;
      }
    }
    begin = end;
  }
}

}  // namespace contactsim
