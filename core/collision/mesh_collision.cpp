#include "collision/mesh_collision.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "collision/box_overlap.h"
#include "collision/triangle_intersection.h"

namespace contactsim {
namespace {

// A's triangle in B's frame: the one expression used by the query and by intersectTrianglePair,
// so that both test bit-identical triangles.
Triangle movedTriangle(const TriMesh& mesh, std::size_t t, const Pose& a_in_b) {
  return {a_in_b.apply(mesh.corner(t, 0)), a_in_b.apply(mesh.corner(t, 1)),
          a_in_b.apply(mesh.corner(t, 2))};
}

Triangle fixedTriangle(const TriMesh& mesh, std::size_t t) {
  return {mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2)};
}

std::optional<TrianglePair> pairOf(const Triangle& moved, std::int32_t triangle_a,
                                   const Triangle& fixed, std::int32_t triangle_b) {
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

double largestCoordinate(const TriMesh& mesh) {
  const Box3& b = mesh.bounds();
  return std::max(b.min().cwiseAbs().maxCoeff(), b.max().cwiseAbs().maxCoeff());
}

// Padding of every box test: kBoxRelativePadding of the models' size, plus what rounding (and a
// rotation that is orthonormal only approximately) can move a point at the models' distance from
// the origins: the transforms of A into B and of B into A need not agree to the last bit.
double boxPadding(const TriMesh& a, const TriMesh& b, const Pose& a_in_b, double magnitude) {
  const Mat3& r = a_in_b.rotation;
  const double orthonormality = (r.transpose() * r - Mat3::Identity()).cwiseAbs().maxCoeff();
  return kBoxRelativePadding * (a.scale() + b.scale()) + (1e-12 + 4.0 * orthonormality) * magnitude;
}

// Bound on every coordinate and centre distance the box tests see.
double magnitudeOf(const TriMesh& a, const TriMesh& b, const Pose& a_in_b) {
  return largestCoordinate(a) + largestCoordinate(b) + a_in_b.translation.norm();
}

BoxFrame frameOf(const TriMesh& a, const TriMesh& b, const Pose& a_in_b) {
  const double magnitude = magnitudeOf(a, b, a_in_b);
  return BoxFrame(a_in_b, boxPadding(a, b, a_in_b, magnitude), magnitude);
}

// The recursion's choice of the side to descend uses the exact sum of the half extents.
double halfSum(const AabbTree::Node& node) {
  return 0.5 * (static_cast<double>(node.hi[0]) - node.lo[0]) +
         0.5 * (static_cast<double>(node.hi[1]) - node.lo[1]) +
         0.5 * (static_cast<double>(node.hi[2]) - node.lo[2]);
}

// Simultaneous descent of both trees (OPCODE style), descending the larger box of a pair. Once
// one side is a triangle, it is placed in the other tree's frame and that tree's subtree is
// walked alone with cheap axis-aligned tests (TriangleProbe). The visiting order, and so the
// order of the pairs, is that of the plain recursion over (node or triangle) pairs.
class TreeQuery {
 public:
  TreeQuery(const AabbTree& a, const AabbTree& b, const Pose& a_in_b, CollisionMode mode)
      : a_(a),
        b_(b),
        mesh_a_(a.mesh()),
        mesh_b_(b.mesh()),
        nodes_a_(a.nodes().data()),
        nodes_b_(b.nodes().data()),
        a_in_b_(a_in_b),
        frame_(frameOf(a.mesh(), b.mesh(), a_in_b)),
        mode_(mode) {}

  CollisionResult run() {
    const AabbTree::Ref root_a = a_.root();
    const AabbTree::Ref root_b = b_.root();
    if (AabbTree::isTriangle(root_a)) {
      triangleOfAAgainst(AabbTree::triangleOf(root_a), root_b);
    } else if (AabbTree::isTriangle(root_b)) {
      triangleOfBAgainst(AabbTree::triangleOf(root_b), root_a);
    } else {
      BoxOfA box_a;
      BoxOfB box_b;
      setCenterAndHalf(nodes_a_[root_a].lo, nodes_a_[root_a].hi, box_a);
      setCenterAndHalf(nodes_b_[root_b].lo, nodes_b_[root_b].hi, box_b);
      place(frame_, box_a);
      ++result_.counters.box_tests;
      if (newBoxOverlaps(frame_, std::as_const(box_a), box_b))
        descend(root_a, box_a, root_b, box_b);
    }
    return std::move(result_);
  }

 private:
  // Two nodes whose boxes overlap.
  void descend(AabbTree::Ref ref_a, const BoxOfA& box_a, AabbTree::Ref ref_b, const BoxOfB& box_b) {
    if (halfSum(nodes_a_[ref_a]) >= halfSum(nodes_b_[ref_b])) {
      for (const AabbTree::Ref child : nodes_a_[ref_a].child) {
        if (AabbTree::isTriangle(child)) {
          triangleOfAAgainst(AabbTree::triangleOf(child), ref_b);
        } else {
          BoxOfA box;
          setCenterAndHalf(nodes_a_[child].lo, nodes_a_[child].hi, box);
          ++result_.counters.box_tests;
          if (newBoxOverlaps(frame_, box, box_b)) descend(child, box, ref_b, box_b);
        }
        if (done_) return;
      }
    } else {
      for (const AabbTree::Ref child : nodes_b_[ref_b].child) {
        if (AabbTree::isTriangle(child)) {
          triangleOfBAgainst(AabbTree::triangleOf(child), ref_a);
        } else {
          BoxOfB box;
          setCenterAndHalf(nodes_b_[child].lo, nodes_b_[child].hi, box);
          ++result_.counters.box_tests;
          if (newBoxOverlaps(frame_, box_a, box)) descend(ref_a, box_a, child, box);
        }
        if (done_) return;
      }
    }
  }

  // Triangle `ta` of A against B's subtree `start` (a node or a triangle), in B's frame.
  void triangleOfAAgainst(std::int32_t ta, AabbTree::Ref start) {
    const Triangle moved = movedTriangle(mesh_a_, static_cast<std::size_t>(ta), a_in_b_);
    const TriangleProbe probe(moved[0], moved[1], moved[2], frame_.padding);
    stack_.clear();
    stack_.push_back(start);
    while (!stack_.empty()) {
      const AabbTree::Ref ref = stack_.back();
      stack_.pop_back();
      ++result_.counters.box_tests;
      if (AabbTree::isTriangle(ref)) {
        const std::int32_t tb = AabbTree::triangleOf(ref);
        const Triangle fixed = fixedTriangle(mesh_b_, static_cast<std::size_t>(tb));
        if (!probe.mayTouch(fixed[0], fixed[1], fixed[2])) continue;
        if (testTriangles(moved, ta, fixed, tb)) return;
      } else {
        const AabbTree::Node& node = nodes_b_[ref];
        if (!probe.overlapsBox(node.lo, node.hi)) continue;
        stack_.push_back(node.child[1]);
        stack_.push_back(node.child[0]);
      }
    }
  }

  // Triangle `tb` of B against A's subtree `start`, in A's frame (B's triangle moved by the
  // inverse pose for pruning only; the triangle test itself always runs in B's frame).
  void triangleOfBAgainst(std::int32_t tb, AabbTree::Ref start) {
    const Triangle fixed = fixedTriangle(mesh_b_, static_cast<std::size_t>(tb));
    const Mat3 to_a = a_in_b_.rotation.transpose();
    const Vec3 v0 = to_a * (fixed[0] - a_in_b_.translation);
    const Vec3 v1 = to_a * (fixed[1] - a_in_b_.translation);
    const Vec3 v2 = to_a * (fixed[2] - a_in_b_.translation);
    const TriangleProbe probe(v0, v1, v2, frame_.padding);
    stack_.clear();
    stack_.push_back(start);
    while (!stack_.empty()) {
      const AabbTree::Ref ref = stack_.back();
      stack_.pop_back();
      ++result_.counters.box_tests;
      if (AabbTree::isTriangle(ref)) {
        const std::int32_t ta = AabbTree::triangleOf(ref);
        const auto t = static_cast<std::size_t>(ta);
        if (!probe.mayTouch(mesh_a_.corner(t, 0), mesh_a_.corner(t, 1), mesh_a_.corner(t, 2)))
          continue;
        if (testTriangles(movedTriangle(mesh_a_, t, a_in_b_), ta, fixed, tb)) return;
      } else {
        const AabbTree::Node& node = nodes_a_[ref];
        if (!probe.overlapsBox(node.lo, node.hi)) continue;
        stack_.push_back(node.child[1]);
        stack_.push_back(node.child[0]);
      }
    }
  }

  // True when the query is done (first contact found).
  bool testTriangles(const Triangle& moved, std::int32_t ta, const Triangle& fixed,
                     std::int32_t tb) {
    ++result_.counters.triangle_tests;
    if (auto pair = pairOf(moved, ta, fixed, tb)) {
      result_.pairs.push_back(*pair);
      done_ = mode_ == CollisionMode::FirstContact;
    }
    return done_;
  }

  const AabbTree& a_;
  const AabbTree& b_;
  const TriMesh& mesh_a_;
  const TriMesh& mesh_b_;
  const AabbTree::Node* nodes_a_;
  const AabbTree::Node* nodes_b_;
  const Pose& a_in_b_;
  const BoxFrame frame_;
  const CollisionMode mode_;
  CollisionResult result_;
  std::vector<AabbTree::Ref> stack_;
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
  return pairOf(movedTriangle(a, static_cast<std::size_t>(triangle_a), a_in_b), triangle_a,
                fixedTriangle(b, static_cast<std::size_t>(triangle_b)), triangle_b);
}

}  // namespace contactsim
