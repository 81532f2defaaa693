// An indexed triangle mesh in double precision with its edge topology.
#pragma once

#include <span>
#include <vector>

#include "geometry/surface_clusters.h"
#include "geometry/types.h"

namespace contactsim {

// Values stored in TriMesh::neighbours() instead of a triangle index.
inline constexpr std::int32_t kBoundaryEdge = -1;     // no triangle on the other side
inline constexpr std::int32_t kNonManifoldEdge = -2;  // three or more triangles share the edge

// Immutable after construction. Edge k of triangle t runs from corner k to corner (k+1)%3;
// neighbours()[t][k] is the triangle across that edge, or one of the sentinels above.
class TriMesh {
 public:
  TriMesh() = default;
  // Throws std::invalid_argument when an index is out of range or a coordinate is not finite.
  TriMesh(std::vector<Vec3> vertices, std::vector<TriangleIndices> triangles);

  const std::vector<Vec3>& vertices() const { return vertices_; }
  const std::vector<TriangleIndices>& triangles() const { return triangles_; }
  // Unit normal per triangle; zero for a degenerate (zero-area) triangle.
  const std::vector<Vec3>& normals() const { return normals_; }
  const std::vector<std::array<std::int32_t, 3>>& neighbours() const { return neighbours_; }

  // Triangles that use vertex v (compressed adjacency, built once with the topology).
  std::span<const std::int32_t> trianglesAround(std::int32_t v) const {
    return {vertex_triangles_.data() + vertex_triangle_offsets_[v],
            vertex_triangles_.data() + vertex_triangle_offsets_[v + 1]};
  }

  std::size_t vertexCount() const { return vertices_.size(); }
  std::size_t triangleCount() const { return triangles_.size(); }
  bool empty() const { return triangles_.empty(); }
  const Vec3& corner(std::size_t triangle, int k) const {
    return vertices_[triangles_[triangle][k]];
  }

  const Box3& bounds() const { return bounds_; }
  // Length of the bounding-box diagonal: the model's length scale for relative tolerances.
  double scale() const { return scale_; }

  std::size_t boundaryEdgeCount() const { return boundary_edges_; }
  std::size_t nonManifoldEdgeCount() const { return nonmanifold_edges_; }
  std::size_t degenerateTriangleCount() const { return degenerate_triangles_; }
  // Every manifold interior edge is traversed in opposite directions by its two triangles.
  bool consistentlyOriented() const { return consistently_oriented_; }
  // No boundary and no non-manifold edges.
  bool watertight() const { return boundary_edges_ == 0 && nonmanifold_edges_ == 0; }

  // The surface in small edge-connected clusters with their moments (built with the topology).
  const SurfaceClusters& clusters() const { return clusters_; }

 private:
  void buildNormalsAndBounds();
  void buildTopology();

  std::vector<Vec3> vertices_;
  std::vector<TriangleIndices> triangles_;
  std::vector<Vec3> normals_;
  std::vector<std::array<std::int32_t, 3>> neighbours_;
  std::vector<std::int32_t> vertex_triangle_offsets_;  // size vertexCount() + 1
  std::vector<std::int32_t> vertex_triangles_;
  Box3 bounds_;
  double scale_ = 0.0;
  std::size_t boundary_edges_ = 0;
  std::size_t nonmanifold_edges_ = 0;
  std::size_t degenerate_triangles_ = 0;
  bool consistently_oriented_ = true;
  SurfaceClusters clusters_;
};

}  // namespace contactsim
