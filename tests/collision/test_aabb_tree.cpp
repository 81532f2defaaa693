// Tree structure: N-1 nodes of 32 bytes, every triangle exactly once, boxes containing children.
#include <catch2/catch.hpp>
#include <vector>

#include "collision/aabb_tree.h"
#include "collision_reference.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

bool contains(const AabbTree::Node& node, const Vec3& p) {
  for (int c = 0; c < 3; ++c) {
    if (!(node.lo[c] <= p[c] && p[c] <= node.hi[c])) return false;
  }
  return true;
}

// Walks the subtree, checking each triangle lies in every box above it; counts visits.
void walk(const AabbTree& tree, AabbTree::Ref ref, std::vector<const AabbTree::Node*>& path,
          std::vector<int>& seen) {
  if (AabbTree::isTriangle(ref)) {
    const std::int32_t t = AabbTree::triangleOf(ref);
    ++seen.at(t);
    for (const AabbTree::Node* box : path) {
      for (int k = 0; k < 3; ++k) REQUIRE(contains(*box, tree.mesh().corner(t, k)));
    }
    return;
  }
  path.push_back(&tree.node(ref));
  for (const AabbTree::Ref child : tree.node(ref).child) walk(tree, child, path, seen);
  path.pop_back();
}

}  // namespace

TEST_CASE("no-leaf tree: N-1 nodes, each triangle once, conservative boxes", "[tree]") {
  const double scale = GENERATE(1e-3, 1.0, 1e3);
  const SplitRule rule = GENERATE(SplitRule::BestAxisMedian, SplitRule::SurfaceAreaHeuristic);
  const TriMesh meshes[] = {
      makeIcosphere(scale, 3),
      makeTorus(2 * scale, 0.5 * scale, 40, 12),
      makeBox(Vec3(scale, 2 * scale, 0.1 * scale), 5),
      testing::makeNoisySphere(scale, 3, 0.2, 3),
  };
  for (const TriMesh& original : meshes) {
    // Shifted far from the origin too: float boxes must still contain the double triangles.
    std::vector<Vec3> shifted = original.vertices();
    for (Vec3& v : shifted) v += Vec3(1e4 * scale, -3.3e3 * scale, 0.7 * scale);
    const TriMesh far(shifted, original.triangles());
    for (const TriMesh* m : {&original, &far}) {
      const AabbTree tree(*m, rule);
      REQUIRE(sizeof(AabbTree::Node) == 32);
      REQUIRE(tree.nodes().size() == m->triangleCount() - 1);
      REQUIRE(tree.memoryBytes() == 32 * (m->triangleCount() - 1));
      std::vector<int> seen(m->triangleCount(), 0);
      std::vector<const AabbTree::Node*> path;
      walk(tree, tree.root(), path, seen);
      for (const int count : seen) REQUIRE(count == 1);
      CHECK(tree.depth() < 64);
    }
  }
}

TEST_CASE("a single triangle is its own root; an empty mesh is an empty tree", "[tree]") {
  const TriMesh one({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}, {{0, 1, 2}});
  const AabbTree tree(one);
  CHECK(AabbTree::isTriangle(tree.root()));
  CHECK(AabbTree::triangleOf(tree.root()) == 0);
  CHECK(tree.nodes().empty());
  const TriMesh none;
  CHECK(AabbTree(none).empty());
}

TEST_CASE("median splits are balanced", "[tree]") {
  const TriMesh mesh = makeIcosphere(1.0, 5);  // 20480 triangles
  const AabbTree tree(mesh, SplitRule::BestAxisMedian);
  CHECK(tree.depth() == 16);  // ceil(log2(20480)) + 1 levels of references
}
