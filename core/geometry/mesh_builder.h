// Incremental construction of closed triangle meshes from structured pieces: quads, strips
// between two vertex loops, and caps of a star-shaped loop. Pieces share vertices by index, so a
// surface assembled from them has no T-junctions when the pieces' loops match vertex for vertex.
#pragma once

#include <span>
#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim {

class MeshBuilder {
 public:
  std::int32_t addVertex(const Vec3& p);
  const Vec3& vertex(std::int32_t v) const { return vertices_[v]; }
  std::size_t vertexCount() const { return vertices_.size(); }
  std::size_t triangleCount() const { return triangles_.size(); }

  // Counter-clockwise seen from outside: normal = (b-a) x (c-a).
  void addTriangle(std::int32_t a, std::int32_t b, std::int32_t c);
  // Quad a-b-c-d counter-clockwise seen from outside, split along its shorter diagonal.
  void addQuad(std::int32_t a, std::int32_t b, std::int32_t c, std::int32_t d);
  // Quads (outer[i], outer[i+1], inner[i+1], inner[i]) between two loops of equal length; the
  // outer loop runs counter-clockwise (seen from outside) around the inner one. `closed` also
  // joins the last vertex to the first.
  void addStrip(std::span<const std::int32_t> outer, std::span<const std::int32_t> inner,
                bool closed);
  // Closes a planar-ish, star-shaped loop (counter-clockwise seen from outside) with `rings`
  // concentric copies shrunk towards the loop's centroid and a fan around the centroid.
  void addRingCap(std::span<const std::int32_t> loop, int rings);

  // The mesh of the triangles added so far, without the vertices none of them uses (vertex
  // order otherwise kept). Throws std::invalid_argument like TriMesh for bad input.
  TriMesh build() const;

 private:
  std::vector<Vec3> vertices_;
  std::vector<TriangleIndices> triangles_;
};

}  // namespace contactsim
