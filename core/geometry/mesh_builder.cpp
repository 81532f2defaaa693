#include "geometry/mesh_builder.h"

#include <stdexcept>

namespace contactsim {

std::int32_t MeshBuilder::addVertex(const Vec3& p) {
  vertices_.push_back(p);
  return static_cast<std::int32_t>(vertices_.size() - 1);
}

void MeshBuilder::addTriangle(std::int32_t a, std::int32_t b, std::int32_t c) {
  triangles_.push_back({a, b, c});
}

void MeshBuilder::addQuad(std::int32_t a, std::int32_t b, std::int32_t c, std::int32_t d) {
  if ((vertices_[a] - vertices_[c]).squaredNorm() <= (vertices_[b] - vertices_[d]).squaredNorm()) {
    addTriangle(a, b, c);
    addTriangle(a, c, d);
  } else {
    addTriangle(a, b, d);
    addTriangle(b, c, d);
  }
}

void MeshBuilder::addStrip(std::span<const std::int32_t> outer, std::span<const std::int32_t> inner,
                           bool closed) {
  if (outer.size() != inner.size()) throw std::invalid_argument("strip loops differ in length");
  const std::size_t n = outer.size();
  const std::size_t segments = closed ? n : n - 1;
  for (std::size_t i = 0; i < segments; ++i) {
    const std::size_t j = (i + 1) % n;
    addQuad(outer[i], outer[j], inner[j], inner[i]);
  }
}

void MeshBuilder::addRingCap(std::span<const std::int32_t> loop, int rings) {
  if (loop.size() < 3 || rings < 1) throw std::invalid_argument("cap needs a loop and a ring");
  Vec3 centre = Vec3::Zero();
  for (const std::int32_t v : loop) centre += vertices_[v];
  centre /= static_cast<double>(loop.size());
  std::vector<std::int32_t> outer(loop.begin(), loop.end());
  std::vector<std::int32_t> inner(loop.size());
  for (int r = 1; r < rings; ++r) {
    const double f = 1.0 - static_cast<double>(r) / rings;
    for (std::size_t i = 0; i < loop.size(); ++i) {
      inner[i] = addVertex(centre + f * (vertices_[loop[i]] - centre));
    }
    addStrip(outer, inner, true);
    outer = inner;
  }
  const std::int32_t c = addVertex(centre);
  for (std::size_t i = 0; i < outer.size(); ++i) {
    addTriangle(outer[i], outer[(i + 1) % outer.size()], c);
  }
}

TriMesh MeshBuilder::build() const {
  // Drop vertices no triangle uses (e.g. grid nodes inside a window that became a hole).
  std::vector<std::int32_t> remap(vertices_.size(), -1);
  std::vector<Vec3> used;
  std::vector<TriangleIndices> triangles = triangles_;
  for (TriangleIndices& t : triangles) {
    for (std::int32_t& v : t) {
      if (v < 0 || static_cast<std::size_t>(v) >= vertices_.size()) {
        throw std::invalid_argument("MeshBuilder: vertex index out of range");
      }
      if (remap[v] < 0) {
        remap[v] = static_cast<std::int32_t>(used.size());
        used.push_back(vertices_[v]);
      }
      v = remap[v];
    }
  }
  return TriMesh(std::move(used), std::move(triangles));
}

}  // namespace contactsim
