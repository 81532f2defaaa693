#include "collision/mesh_collision.h"

#include <algorithm>
#include <cmath>
#include <span>
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

// The walks of a triangle down a subtree measure their gaps in double precision, from the placed
// triangle's corners and the nodes' boxes (exact as floats): a few roundings of the magnitude,
// which this fraction of it exceeds a thousandfold.
constexpr double kWalkRelativeMargin = 1e-12;

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

BoxFrame frameOf(const TriMesh& a, const TriMesh& b, const Pose& a_in_b, double magnitude) {
  return BoxFrame(a_in_b, boxPadding(a, b, a_in_b, magnitude), magnitude);
}

// How far apart an entry's sides were (≤ 0: not apart, or not measured), a bound on |x − p|
// over its side of A (CollisionFront), and how much of the gap rounding may have made up: the
// single-precision box tests' margin, or the double-precision walks' (TreeQuery).
struct Apart {
  double gap = 0.0, reach = 0.0, margin = 0.0;
};

// Bound on |x − p| over a box of A's frame (centre c, half extents h): |c − p| + |h|.
double reachOfBox(const Float4& center, const Float4& half, const Vec3& p) {
  const Vec3 c(center[0], center[1], center[2]), h(half[0], half[1], half[2]);
  return (c - p).norm() + h.norm();
}

double reachOfTriangle(const Vec3& v0, const Vec3& v1, const Vec3& v2, const Vec3& p) {
  return std::max({(v0 - p).norm(), (v1 - p).norm(), (v2 - p).norm()});
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
  // `motion`: the kept cut's motion at this query (CollisionFront), to mark the entries apart.
  TreeQuery(const AabbTree& a, const AabbTree& b, const Pose& a_in_b, CollisionMode mode,
            CollisionFront::Motion motion = {})
      : a_(a),
        b_(b),
        mesh_a_(a.mesh()),
        mesh_b_(b.mesh()),
        nodes_a_(a.nodes().data()),
        nodes_b_(b.nodes().data()),
        a_in_b_(a_in_b),
        magnitude_(magnitudeOf(a.mesh(), b.mesh(), a_in_b)),
        frame_(frameOf(a.mesh(), b.mesh(), a_in_b, magnitude_)),
        mode_(mode),
        motion_(motion),
        centre_a_(a.mesh().bounds().center()),
        margin_(kFloatTestRelativePadding * magnitude_),
        walk_margin_(kWalkRelativeMargin * magnitude_) {}

  // From the roots, recording the cut in `cut` when given.
  CollisionResult run(std::vector<CollisionFront::Entry>* cut) {
    cut_ = cut;
    visit(a_.root(), b_.root());
    return std::move(result_);
  }

  // From a cut of an earlier query (CollisionFront), recording the new one in `cut`. Entries
  // still apart by their gap (CollisionFront) are kept as they are.
  CollisionResult resume(std::span<const CollisionFront::Entry> from,
                         std::vector<CollisionFront::Entry>* cut) {
    cut_ = cut;
    for (const CollisionFront::Entry& entry : from) {
      if (motion_.travel + motion_.turn * entry.reach < entry.apart_until) {
        cut_->push_back(entry);
        ++result_.counters.kept_apart;
      } else {
        visit(entry.a, entry.b);
      }
    }
    return std::move(result_);
  }

 private:
  // A pair of the descent's tree reached without its parent's boxes: a triangle's walk down the
  // other tree, or two nodes whose boxes are tested (each placed once for a run of pairs that
  // share it, as the children of one pair do) and descended when they overlap.
  void visit(AabbTree::Ref ref_a, AabbTree::Ref ref_b) {
    if (AabbTree::isTriangle(ref_a)) {
      record(ref_a, ref_b, triangleOfAAgainst(AabbTree::triangleOf(ref_a), ref_b));
      return;
    }
    if (AabbTree::isTriangle(ref_b)) {
      record(ref_a, ref_b, triangleOfBAgainst(AabbTree::triangleOf(ref_b), ref_a));
      return;
    }
    if (ref_a != placed_ref_a_) {
      setCenterAndHalf(nodes_a_[ref_a].lo, nodes_a_[ref_a].hi, placed_a_);
      place(frame_, placed_a_);
      placed_ref_a_ = ref_a;
    }
    if (ref_b != placed_ref_b_) {
      setCenterAndHalf(nodes_b_[ref_b].lo, nodes_b_[ref_b].hi, placed_b_);
      place(frame_, placed_b_);
      placed_ref_b_ = ref_b;
    }
    ++result_.counters.box_tests;
    if (placedBoxesOverlap(frame_, placed_a_, placed_b_))
      descend(ref_a, placed_a_, ref_b, placed_b_);
    else
      record(ref_a, ref_b, apartBoxes(placed_a_, placed_b_));
  }

  // A pair where the descent stopped. Its gap is trusted less its margin (`margin_` for the
  // float box tests, `walk_margin_` for a walk's double-precision gaps), for its rounding here
  // and in the test that would next compare it (paddings included: the same BoxFrame paddings in
  // either test), and the motion it allows is divided by 1 + kFloatTestRelativePadding, since the
  // paddings grow with the magnitude, by that fraction of the motion at most. The reach grows
  // by the motion allowed, for a triangle of B, whose points of A change as A moves.
  void record(AabbTree::Ref ref_a, AabbTree::Ref ref_b, const Apart& apart = {}) {
    if (!cut_) return;
    if (apart.gap <= apart.margin) {
      cut_->push_back({ref_a, ref_b});
      return;
    }
    const double allowed = (apart.gap - apart.margin) / (1.0 + kFloatTestRelativePadding);
    const float reach = box_overlap_detail::floatAbove(apart.reach + allowed);
    cut_->push_back({ref_a, ref_b, reach, motion_.travel + motion_.turn * reach + allowed});
  }

  // Two boxes found apart, A's placed in B (its own centre and half extents in A's frame).
  Apart apartBoxes(const BoxOfA& a, const BoxOfB& b) const {
    const double gap = gapOnAxesOfB(frame_, a, b);
    return {gap, gap > margin_ ? reachOfBox(a.center, a.half, centre_a_) : 0.0, margin_};
  }

  // Two nodes whose boxes overlap.
  void descend(AabbTree::Ref ref_a, const BoxOfA& box_a, AabbTree::Ref ref_b, const BoxOfB& box_b) {
    if (halfSum(nodes_a_[ref_a]) >= halfSum(nodes_b_[ref_b])) {
      for (const AabbTree::Ref child : nodes_a_[ref_a].child) {
        if (AabbTree::isTriangle(child)) {
          record(child, ref_b, triangleOfAAgainst(AabbTree::triangleOf(child), ref_b));
        } else {
          BoxOfA box;
          setCenterAndHalf(nodes_a_[child].lo, nodes_a_[child].hi, box);
          ++result_.counters.box_tests;
          if (newBoxOverlaps(frame_, box, box_b))
            descend(child, box, ref_b, box_b);
          else
            record(child, ref_b, apartBoxes(box, box_b));
        }
        if (done_) return;
      }
    } else {
      for (const AabbTree::Ref child : nodes_b_[ref_b].child) {
        if (AabbTree::isTriangle(child)) {
          record(ref_a, child, triangleOfBAgainst(AabbTree::triangleOf(child), ref_a));
        } else {
          BoxOfB box;
          setCenterAndHalf(nodes_b_[child].lo, nodes_b_[child].hi, box);
          ++result_.counters.box_tests;
          if (newBoxOverlaps(frame_, box_a, box))
            descend(ref_a, box_a, child, box);
          else
            record(ref_a, child, apartBoxes(box_a, box));
        }
        if (done_) return;
      }
    }
  }

  // Triangle `ta` of A against B's subtree `start` (a node or a triangle), in B's frame. Returns
  // the triangle's gap to the subtree when the walk found no pair: to `start` when that alone
  // ends it, else the smallest gap to what the walk pruned (a gap ≤ 0 when it found a pair).
  Apart triangleOfAAgainst(std::int32_t ta, AabbTree::Ref start) {
    const auto t = static_cast<std::size_t>(ta);
    const Triangle moved = movedTriangle(mesh_a_, t, a_in_b_);
    const auto reach = [&] {
      return reachOfTriangle(mesh_a_.corner(t, 0), mesh_a_.corner(t, 1), mesh_a_.corner(t, 2),
                             centre_a_);
    };
    if (const double gap = firstNodeGap(moved[0], moved[1], moved[2], nodes_b_, start); gap > 0.0)
      return {gap, reach(), walk_margin_};
    const TriangleProbe probe(moved[0], moved[1], moved[2], frame_.padding);
    const auto leaf = [&](std::int32_t tb, bool measure, double bound, double& pruned) {
      const Triangle fixed = fixedTriangle(mesh_b_, static_cast<std::size_t>(tb));
      if (probe.mayTouch(fixed[0], fixed[1], fixed[2]) && testTriangles(moved, ta, fixed, tb))
        return true;
      if (measure) pruned = probe.gapToTriangle(fixed[0], fixed[1], fixed[2], bound);
      return false;
    };
    const double gap = walk(probe, nodes_b_, start, leaf);
    return {gap, gap > walk_margin_ ? reach() : 0.0, walk_margin_};
  }

  // Triangle `tb` of B against A's subtree `start`, in A's frame (B's triangle moved by the
  // inverse pose for pruning only; the triangle test itself always runs in B's frame). Returns
  // as triangleOfAAgainst.
  Apart triangleOfBAgainst(std::int32_t tb, AabbTree::Ref start) {
    const Triangle fixed = fixedTriangle(mesh_b_, static_cast<std::size_t>(tb));
    const Mat3 to_a = a_in_b_.rotation.transpose();
    const Vec3 v0 = to_a * (fixed[0] - a_in_b_.translation);
    const Vec3 v1 = to_a * (fixed[1] - a_in_b_.translation);
    const Vec3 v2 = to_a * (fixed[2] - a_in_b_.translation);
    const auto reach = [&] { return reachOfTriangle(v0, v1, v2, centre_a_); };
    if (const double gap = firstNodeGap(v0, v1, v2, nodes_a_, start); gap > 0.0)
      return {gap, reach(), walk_margin_};
    const TriangleProbe probe(v0, v1, v2, frame_.padding);
    const auto leaf = [&](std::int32_t ta, bool measure, double bound, double& pruned) {
      const auto t = static_cast<std::size_t>(ta);
      const Vec3 &w0 = mesh_a_.corner(t, 0), &w1 = mesh_a_.corner(t, 1), &w2 = mesh_a_.corner(t, 2);
      if (probe.mayTouch(w0, w1, w2) &&
          testTriangles(movedTriangle(mesh_a_, t, a_in_b_), ta, fixed, tb))
        return true;
      if (measure) pruned = probe.gapToTriangle(w0, w1, w2, bound);
      return false;
    };
    const double gap = walk(probe, nodes_a_, start, leaf);
    return {gap, gap > walk_margin_ ? reach() : 0.0, walk_margin_};
  }

  // The walk of a triangle's probe down a subtree from `start`: `leaf(triangle, measure, bound,
  // pruned)` tests a triangle, true when it gave a pair, else sets `pruned` to its gap when
  // `measure` (exact below `bound`, the walk's least so far). Gaps are measured for a cut only,
  // and until the walk's is within the margin: its entry is then not kept apart
  // (TreeQuery::record) whatever the rest. Returns the smallest gap to anything pruned (at most
  // the margin once no longer measured), or 0 once a pair was found (none: the walk ends there
  // in FirstContact).
  template <class Leaf>
  double walk(const TriangleProbe& probe, const AabbTree::Node* nodes, AabbTree::Ref start,
              Leaf leaf) {
    double gap = INFINITY;
    stack_.clear();
    stack_.push_back(start);
    while (!stack_.empty()) {
      const AabbTree::Ref ref = stack_.back();
      stack_.pop_back();
      ++result_.counters.box_tests;
      const bool measure = cut_ && gap > walk_margin_;
      double pruned = 0.0;
      if (AabbTree::isTriangle(ref)) {
        if (leaf(AabbTree::triangleOf(ref), measure, gap, pruned)) {
          if (done_) return 0.0;
          gap = 0.0;
          continue;
        }
      } else {
        const AabbTree::Node& node = nodes[ref];
        if (probe.overlapsBox(node.lo, node.hi)) {
          stack_.push_back(node.child[1]);
          stack_.push_back(node.child[0]);
          continue;
        }
        if (measure) pruned = probe.gapToBox(node.lo, node.hi, gap);
      }
      // A NaN gap (a pose gone non-finite) poisons the walk's: it is then kept apart by nothing.
      if (!(pruned >= gap)) gap = pruned;
    }
    return std::isnan(gap) ? 0.0 : gap;
  }

  // A walk's first node tested against the triangle's box alone (TriangleProbe::boxGap): the
  // gap when it misses (the walk ends there), else 0, as for a triangle, which always walks.
  double firstNodeGap(const Vec3& v0, const Vec3& v1, const Vec3& v2, const AabbTree::Node* nodes,
                      AabbTree::Ref start) {
    if (AabbTree::isTriangle(start)) return 0.0;
    const double gap =
        TriangleProbe::boxGap(v0, v1, v2, frame_.padding, nodes[start].lo, nodes[start].hi);
    if (gap <= 0.0) return 0.0;
    ++result_.counters.box_tests;
    return gap;
  }

  // True when the triangles gave a pair (the query is then done in FirstContact mode).
  bool testTriangles(const Triangle& moved, std::int32_t ta, const Triangle& fixed,
                     std::int32_t tb) {
    ++result_.counters.triangle_tests;
    auto pair = pairOf(moved, ta, fixed, tb);
    if (!pair) return false;
    result_.pairs.push_back(*pair);
    done_ = mode_ == CollisionMode::FirstContact;
    return true;
  }

  const AabbTree& a_;
  const AabbTree& b_;
  const TriMesh& mesh_a_;
  const TriMesh& mesh_b_;
  const AabbTree::Node* nodes_a_;
  const AabbTree::Node* nodes_b_;
  const Pose& a_in_b_;
  const double magnitude_;  // bound on every coordinate the tests see (magnitudeOf)
  const BoxFrame frame_;
  const CollisionMode mode_;
  const CollisionFront::Motion motion_;
  const Vec3 centre_a_;  // p of CollisionFront
  const double margin_;
  const double walk_margin_;
  CollisionResult result_;
  std::vector<AabbTree::Ref> stack_;
  std::vector<CollisionFront::Entry>* cut_ = nullptr;
  // The boxes of the last pair visited, placed: consecutive pairs of a cut often share one.
  BoxOfA placed_a_;
  BoxOfB placed_b_;
  AabbTree::Ref placed_ref_a_ = -1, placed_ref_b_ = -1;  // a triangle's ref: none placed yet
  bool done_ = false;
};

}  // namespace

Pose relativePose(const Pose& world_a, const Pose& world_b) { return world_b.inverse() * world_a; }

namespace {

// The cut's entries in blocks, each visited by its own query, the blocks' pairs and cuts then
// joined in order: each entry's descent depends on that entry alone, so this is the query over
// the whole cut, pair for pair (the placed-box cache only saves work within a block).
CollisionResult resumeInBlocks(const AabbTree& a, const AabbTree& b, const Pose& a_in_b,
                               CollisionFront::Motion motion,
                               std::span<const CollisionFront::Entry> from,
                               std::vector<CollisionFront::Entry>& cut, const IndexLoop* loop) {
  // Too little to share: one query over the whole cut, without the blocks' joining.
  if (!loopFor(loop, from.size()))
    return TreeQuery(a, b, a_in_b, CollisionMode::AllPairs, motion).resume(from, &cut);
  const std::size_t blocks = (from.size() + kLoopGrain - 1) / kLoopGrain;
  std::vector<CollisionResult> results(blocks);
  std::vector<std::vector<CollisionFront::Entry>> cuts(blocks);
  forEachBlock(loop, from.size(), [&](std::size_t k, std::size_t begin, std::size_t end) {
    results[k] = TreeQuery(a, b, a_in_b, CollisionMode::AllPairs, motion)
                     .resume(from.subspan(begin, end - begin), &cuts[k]);
  });
  CollisionResult joined = std::move(results[0]);
  cut = std::move(cuts[0]);
  for (std::size_t k = 1; k < blocks; ++k) {
    joined.pairs.insert(joined.pairs.end(), results[k].pairs.begin(), results[k].pairs.end());
    joined.counters.box_tests += results[k].counters.box_tests;
    joined.counters.triangle_tests += results[k].counters.triangle_tests;
    joined.counters.kept_apart += results[k].counters.kept_apart;
    cut.insert(cut.end(), cuts[k].begin(), cuts[k].end());
  }
  return joined;
}

}  // namespace

CollisionResult collide(const AabbTree& a, const AabbTree& b, const Pose& a_in_b,
                        CollisionMode mode, CollisionFront* front, const IndexLoop* loop) {
  if (a.empty() || b.empty()) return {};
  if (!front || mode != CollisionMode::AllPairs) return TreeQuery(a, b, a_in_b, mode).run(nullptr);
  std::vector<CollisionFront::Entry> cut;
  cut.reserve(front->entries.size());
  bool resumable = front->tree_a == &a && front->tree_b == &b && !front->entries.empty() &&
                   static_cast<double>(front->entries.size()) <=
                       kFrontRegrowth * static_cast<double>(front->size_from_roots);
  if (resumable) {
    // CollisionFront: Δp = (R₁ − R₀)p + t₁ − t₀ for A's centre p, and ‖ΔR‖.
    const Mat3 turned = a_in_b.rotation - front->last_a_in_b.rotation;
    const double travel =
        (turned * a.mesh().bounds().center() + a_in_b.translation - front->last_a_in_b.translation)
            .norm();
    const double turn = turned.norm();
    // A pose gone non-finite (a diverged trial) would leave the sums NaN for good, every entry
    // tested ever after: the query starts from the roots instead, its sums from zero.
    resumable = std::isfinite(travel) && std::isfinite(turn);
    if (resumable) front->motion.travel += travel, front->motion.turn += turn;
  }
  if (!resumable) front->motion = {};
  CollisionResult result =
      resumable ? resumeInBlocks(a, b, a_in_b, front->motion, front->entries, cut, loop)
                : TreeQuery(a, b, a_in_b, mode, front->motion).run(&cut);
  if (!resumable) {
    front->tree_a = &a;
    front->tree_b = &b;
    front->size_from_roots = cut.size();
  }
  front->entries = std::move(cut);
  front->last_a_in_b = a_in_b;
  return result;
}

std::optional<TrianglePair> intersectTrianglePair(const TriMesh& a, std::int32_t triangle_a,
                                                  const TriMesh& b, std::int32_t triangle_b,
                                                  const Pose& a_in_b) {
  return pairOf(movedTriangle(a, static_cast<std::size_t>(triangle_a), a_in_b), triangle_a,
                fixedTriangle(b, static_cast<std::size_t>(triangle_b)), triangle_b);
}

}  // namespace contactsim
