#include "collision/mesh_collision.h"

#include "collision/box_overlap.h"
#include "collision/triangle_intersection.h"

namespace contactsim {
namespace {

struct CenteredBox {
  Vec3 center;
  Vec3 half;
};

CenteredBox boxOf(const AabbTree& tree, AabbTree::Ref ref) {
  if (AabbTree::isTriangle(ref)) {
    // Leaves are implied (OPCODE no-leaf): a triangle's box comes from its corners.
    const TriMesh& mesh = tree.mesh();
    const auto t = static_cast<std::size_t>(AabbTree::triangleOf(ref));
    const Vec3& v0 = mesh.corner(t, 0);
    const Vec3& v1 = mesh.corner(t, 1);
    const Vec3& v2 = mesh.corner(t, 2);
    const Vec3 lo = v0.cwiseMin(v1).cwiseMin(v2);
    const Vec3 hi = v0.cwiseMax(v1).cwiseMax(v2);
    return {0.5 * (lo + hi), 0.5 * (hi - lo)};
  }
  const AabbTree::Node& node = tree.node(ref);
  const Vec3 lo(node.lo[0], node.lo[1], node.lo[2]);
  const Vec3 hi(node.hi[0], node.hi[1], node.hi[2]);
  return {0.5 * (lo + hi), 0.5 * (hi - lo)};
}

class TreeQuery {
 public:
  TreeQuery(const AabbTree& a, const AabbTree& b, const Pose& a_in_b, CollisionMode mode)
      : a_(a),
        b_(b),
        a_in_b_(a_in_b),
        frame_(a_in_b, kBoxRelativePadding * (a.mesh().scale() + b.mesh().scale())),
        mode_(mode) {}

  CollisionResult run() {
    descend(a_.root(), boxOf(a_, a_.root()), b_.root(), boxOf(b_, b_.root()));
    return std::move(result_);
  }

 private:
  void descend(AabbTree::Ref ref_a, const CenteredBox& box_a, AabbTree::Ref ref_b,
               const CenteredBox& box_b) {
    ++result_.counters.box_tests;
    if (!boxesOverlap(frame_, box_a.center, box_a.half, box_b.center, box_b.half)) return;
    const bool leaf_a = AabbTree::isTriangle(ref_a);
    const bool leaf_b = AabbTree::isTriangle(ref_b);
    if (leaf_a && leaf_b) {
      testTriangles(AabbTree::triangleOf(ref_a), AabbTree::triangleOf(ref_b));
      return;
    }
    // Descend the larger box: the smaller one is then tested against ever tighter boxes.
    if (!leaf_a && (leaf_b || box_a.half.sum() >= box_b.half.sum())) {
      for (const AabbTree::Ref child : a_.node(ref_a).child) {
        descend(child, boxOf(a_, child), ref_b, box_b);
        if (done_) return;
      }
    } else {
      for (const AabbTree::Ref child : b_.node(ref_b).child) {
        descend(ref_a, box_a, child, boxOf(b_, child));
        if (done_) return;
      }
    }
  }

  void testTriangles(std::int32_t triangle_a, std::int32_t triangle_b) {
    ++result_.counters.triangle_tests;
    if (auto pair = intersectTrianglePair(a_.mesh(), triangle_a, b_.mesh(), triangle_b, a_in_b_)) {
      result_.pairs.push_back(*pair);
      done_ = mode_ == CollisionMode::FirstContact;
    }
  }

  const AabbTree& a_;
  const AabbTree& b_;
  const Pose& a_in_b_;
  const BoxFrame frame_;
  const CollisionMode mode_;
  CollisionResult result_;
  bool done_ = false;
};

}  // namespace

Pose relativePose(const Pose& world_a, const Pose& world_b) { return world_b.inverse() * world_a; }

CollisionResult collide(const AabbTree& a, const AabbTree& b, const Pose& a_in_b,
                        CollisionMode mode) {
  if (a.empty() || b.empty()) return {};
  return TreeQuery(a, b, a_in_b, mode).run();
}

std::optional<TrianglePair> intersectTrianglePair(const TriMesh& a, std::int32_t triangle_a,
                                                  const TriMesh& b, std::int32_t triangle_b,
                                                  const Pose& a_in_b) {
  const auto ta = static_cast<std::size_t>(triangle_a);
  const auto tb = static_cast<std::size_t>(triangle_b);
  const Triangle moved = {a_in_b.apply(a.corner(ta, 0)), a_in_b.apply(a.corner(ta, 1)),
                          a_in_b.apply(a.corner(ta, 2))};
  const Triangle fixed = {b.corner(tb, 0), b.corner(tb, 1), b.corner(tb, 2)};
  const TriangleIntersection hit = intersectTriangles(moved, fixed);
  if (hit.contact == TriangleContact::None) return std::nullopt;
  TrianglePair pair;
  pair.a = triangle_a;
  pair.b = triangle_b;
  pair.coplanar = hit.contact == TriangleContact::Coplanar;
  if (!pair.coplanar) {
    pair.p0 = hit.p0;
    pair.p1 = hit.p1;
  }
  return pair;
}

}  // namespace contactsim
