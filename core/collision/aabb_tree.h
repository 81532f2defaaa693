// OPCODE-style "no-leaf" AABB tree of a mesh, in the mesh's (body) frame, built once.
// N triangles give N-1 nodes of 32 bytes; a child slot holds either a node or a triangle (the
// leaves are implied, not stored). Boxes are floats rounded outwards, so they stay conservative.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim {

enum class SplitRule {
  BestAxisMedian,        // median of the centroids along their widest axis (balanced)
  SurfaceAreaHeuristic,  // binned SAH on the widest centroid axis
};

class AabbTree {
 public:
  // A child reference: >= 0 is a node index, < 0 is the triangle ~ref.
  using Ref = std::int32_t;
  struct Node {
    float lo[3];
    float hi[3];
    Ref child[2];
  };
  static_assert(sizeof(Node) == 32, "OPCODE-size node");

  static bool isTriangle(Ref ref) { return ref < 0; }
  static std::int32_t triangleOf(Ref ref) { return ~ref; }

  AabbTree() = default;
  // Keeps a pointer to `mesh`, which must outlive the tree and not move.
  explicit AabbTree(const TriMesh& mesh, SplitRule rule = SplitRule::SurfaceAreaHeuristic);

  const TriMesh& mesh() const { return *mesh_; }
  bool empty() const { return mesh_ == nullptr || mesh_->empty(); }
  // The whole mesh: node 0, or the only triangle of a one-triangle mesh.
  Ref root() const { return root_; }
  const Node& node(Ref ref) const { return nodes_[ref]; }
  std::span<const Node> nodes() const { return nodes_; }
  std::size_t memoryBytes() const { return nodes_.size() * sizeof(Node); }
  // Longest root-to-triangle path (1 for a single triangle).
  int depth() const { return depth_; }

 private:
  const TriMesh* mesh_ = nullptr;
  std::vector<Node> nodes_;
  Ref root_ = 0;
  int depth_ = 0;
};

}  // namespace contactsim
