#include "contact/region_split.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "geometry/nearest_in_cells.h"

namespace contactsim {
namespace {

// Normals sweep through their mean (sweepsThroughMean) when their mean resultant |Σ w n| / Σ w
// is at least kSweepMinResultant (a fan of ±90° gives 2/π ≈ 0.64, a full ring 0), a facing pair
// lies within kSweepNearMeanAngle of the mean, and across the mean they either keep within
// kFanPlaneAngle of one plane (root mean square; a fan: a pin's lune is on its plane exactly, a
// pin tilted 1° in its bore about 0.5° off it), or form a cap: spread at least kCapMinIsotropy as
// much in their narrower principal direction across the mean as in the wider, with at least
// kCapMinInnerShare of their weight within half their root-mean-square angle of the mean (a
// ball's cap in its socket: about 1 and 0.11 on icospheres; the M8 thread's flank rings 0.5–0.75
// and under 0.015, its arcs that leave the 30° cone 2.5° or more off every plane).
constexpr double kSweepMinResultant = 0.5;
const double kSweepNearMeanAngle = 10.0 * std::numbers::pi / 180.0;
const double kFanPlaneAngle = 1.5 * std::numbers::pi / 180.0;
constexpr double kCapMinIsotropy = 0.5;
constexpr double kCapMinInnerShare = 0.05;
// Bisection depth limit: 2⁸ pieces, far more than any cone of 30° needs.
constexpr int kMaxSplitDepth = 8;

struct Element {
  int side;  // 0: A, 1: B
  std::int32_t triangle;
  Vec3 centroid;
  Vec3 oriented;  // A's outward normal, B's inward: both point from A into B
  double area;
  double weight;                // area × share of inside corners
  Vec3 surface = Vec3::Zero();  // contact-surface normal of its facing pair
  bool facing = false;
  Vec3 anchor = Vec3::Zero();  // mean of its inside corners (its centroid if none)
  // A colliding triangle without an inside corner: weightless, only a facing candidate.
  bool crossing = false;
};

void addElements(const PosedMesh& m, const PenetratedSide& side, int side_index,
                 std::vector<Element>& out) {
  for (const std::int32_t t : side.triangles) {
    int inside = 0;
    Vec3 corners = Vec3::Zero();
    for (int k = 0; k < 3; ++k) {
      const std::int32_t v = m.mesh.triangles()[t][k];
      if (!side.inside(v)) continue;
      ++inside;
      corners += m.corner(t, k);
    }
    const Vec3 p0 = m.corner(t, 0), p1 = m.corner(t, 1), p2 = m.corner(t, 2);
    const Vec3 n = m.normal(t);
    const double area = 0.5 * (p1 - p0).cross(p2 - p0).norm();
    const Vec3 centroid = (p0 + p1 + p2) / 3;
    out.push_back(
        {side_index, t, centroid, side_index == 0 ? n : Vec3(-n), area, area * inside / 3.0});
    out.back().anchor = inside > 0 ? Vec3(corners / inside) : centroid;
  }
}

// The colliding triangles of a side that have no inside corner (PenetratedSide::crossing): the
// surface an edge or corner of the other side cuts through without a vertex of its own inside —
// a bolt's flank under the nut's crest corner. Weightless, they take no part in any sum, but a
// facing search finds them: the nearest triangle of the other side's contact surface is then the
// one its corner cuts, not a penetrated triangle beyond it (the crests of a thread's teeth, each
// end of the sliver between two flanks, half a millimetre apart across it).
void addCrossing(const PosedMesh& m, const PenetratedSide& side, int side_index,
                 std::vector<Element>& out) {
  for (const std::int32_t t : side.crossing) {
    const Vec3 n = m.normal(t);
    const Vec3 centroid = (m.corner(t, 0) + m.corner(t, 1) + m.corner(t, 2)) / 3;
    Element e{side_index, t, centroid, side_index == 0 ? n : Vec3(-n), 0.0, 0.0};
    e.anchor = centroid;
    e.crossing = true;
    out.push_back(e);
  }
}

// The elements' centroids for which `take` holds, searched for the nearest within the cells
// around a point (NearestInCells; `centroids` the elements' centroids, in their order).
template <class Take>
NearestInCells nearestCentroid(const std::vector<Vec3>& centroids,
                               const std::vector<Element>& elements, double cell, Take take) {
  std::vector<std::size_t> members;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (take(elements[i])) members.push_back(i);
  }
  return NearestInCells(centroids, members, cell);
}

std::vector<Vec3> centroidsOf(const std::vector<Element>& elements) {
  std::vector<Vec3> centroids(elements.size());
  for (std::size_t i = 0; i < elements.size(); ++i) centroids[i] = elements[i].centroid;
  return centroids;
}

// Three typical triangle sizes: the nearest facing triangle lies within the overlap's thickness
// plus about one triangle, which a search of the neighbouring cells covers for thin overlaps.
double searchCell(const std::vector<Element>& elements) {
  double area = 0.0;
  for (const Element& e : elements) area += e.weight;
  return 3.0 * std::sqrt(area / static_cast<double>(elements.size()));
}

// Each element writes only its own facing and surface and reads the others' orientation, which
// nothing writes: blocks of elements run side by side.
void pairFacing(std::vector<Element>& elements, double cell, const IndexLoop* loop) {
  const std::vector<Vec3> centroids = centroidsOf(elements);
  const NearestInCells nearest_a =
      nearestCentroid(centroids, elements, cell, [](const Element& e) { return e.side == 0; });
  const NearestInCells nearest_b =
      nearestCentroid(centroids, elements, cell, [](const Element& e) { return e.side == 1; });
  forEachBlock(loop, elements.size(), [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      Element& e = elements[i];
      if (!(e.weight > 0.0)) continue;
      const std::ptrdiff_t other = (e.side == 0 ? nearest_b : nearest_a).nearest(e.centroid);
      if (other < 0) continue;
      const Vec3& o = elements[other].oriented;
      if (e.oriented.dot(o) < kFacingCos) continue;
      e.facing = true;
      e.surface = (e.oriented + o).normalized();
    }
  });
}

Vec3 weightedNormal(const std::vector<Element>& elements, const std::vector<std::size_t>& members) {
  Vec3 sum = Vec3::Zero();
  for (const std::size_t i : members) sum += elements[i].weight * elements[i].surface;
  return sum;
}

bool withinCone(const std::vector<Element>& elements, const std::vector<std::size_t>& members,
                const Vec3& sum) {
  if (!(sum.norm() > 0.0)) return false;
  const Vec3 n = sum.normalized();
  const double cos_limit = std::cos(kPatchConeHalfAngle);
  return std::all_of(members.begin(), members.end(),
                     [&](std::size_t i) { return elements[i].surface.dot(n) >= cos_limit; });
}

// Normals that sweep through their mean — a planar fan (a pin's lune in its bore: every normal
// across the pin's axis) or a cap round the mean (a ball's overlap in its socket) — belong to one
// contact surface seen from the mean direction: the overlap of two circles, or two spheres, along
// their line of centres is thickest on that line and tapers to zero at the rim
// (docs/method.md, "Splitting non-planar regions"), so the region stays one patch however wide.
// Split are: a ring (no mean: a shaft interfering all around its bore), a spread with nothing
// near its mean (two flanks of a V), and an arc of normals on a cone off the mean — a thread's
// flank strip, whose normals run along a 30° cone about the axis and whose overlap does not
// taper: its normals are neither on one plane nor spread alike in every direction round the mean.
bool sweepsThroughMean(const std::vector<Element>& elements,
                       const std::vector<std::size_t>& members, const Vec3& sum) {
  double total = 0.0;
  for (const std::size_t i : members) total += elements[i].weight;
  if (!(total > 0.0) || sum.norm() < kSweepMinResultant * total) return false;
  const Vec3 n = sum.normalized();
  const double cos_near = std::cos(kSweepNearMeanAngle);
  if (std::none_of(members.begin(), members.end(),
                   [&](std::size_t i) { return elements[i].surface.dot(n) >= cos_near; }))
    return false;
  // A fan: the smallest eigenvalue of Σ w n nᵀ / Σ w, the mean of (n·a)² for the axis a the
  // normals are most nearly perpendicular to. A cap: the normals' spread across the mean,
  // Σ w (P n)(P n)ᵀ / Σ w with P = I − n nᵀ, whose two non-zero eigenvalues are the mean squares
  // of their sines along its principal directions (the third, along n, is zero).
  Mat3 moment = Mat3::Zero(), spread = Mat3::Zero();
  const Mat3 across = Mat3::Identity() - n * n.transpose();
  for (const std::size_t i : members) {
    const Vec3& m = elements[i].surface;
    const Vec3 p = across * m;
    moment += elements[i].weight * m * m.transpose();
    spread += elements[i].weight * p * p.transpose();
  }
  const double off_plane = Eigen::SelfAdjointEigenSolver<Mat3>(moment / total).eigenvalues()(0);
  const Vec3 sines = Eigen::SelfAdjointEigenSolver<Mat3>(spread / total).eigenvalues();
  const bool planar_fan = off_plane <= std::pow(std::sin(kFanPlaneAngle), 2);
  // A cap is filled to its middle: a uniform cap of small half-angle φ has its normals' mean
  // square sine φ²/2, and 1/8 of its area within half that root-mean-square angle; a ring (a
  // thread's flank cone round its axis) has almost none there.
  const double inner_sin_sq = 0.25 * (sines(1) + sines(2));
  double inner = 0.0;
  for (const std::size_t i : members) {
    if ((across * elements[i].surface).squaredNorm() <= inner_sin_sq) inner += elements[i].weight;
  }
  const bool cap = sines(1) >= kCapMinIsotropy * sines(2) && inner >= kCapMinInnerShare * total;
  return planar_fan || cap;
}

// Whether one side's facing elements all lie within kPatchConeHalfAngle of their own weighted
// mean normal (by the side's own triangles, `oriented`): one face, or a face's facets, that an
// edge or corner of the other side presses — a faceted shank's edge on a hawse pipe's lip. The
// contact's normal there is the face's, as for a corner or an edge on a face, and the region is
// one contact however far the other side's facets turn. A side with no facing element says
// nothing.
bool sideWithinCone(const std::vector<Element>& elements, const std::vector<std::size_t>& facing,
                    int side) {
  Vec3 sum = Vec3::Zero();
  for (const std::size_t i : facing) {
    if (elements[i].side == side) sum += elements[i].weight * elements[i].oriented;
  }
  if (!(sum.norm() > 0.0)) return false;
  const Vec3 n = sum.normalized();
  const double cos_limit = std::cos(kPatchConeHalfAngle);
  return std::all_of(facing.begin(), facing.end(), [&](std::size_t i) {
    return elements[i].side != side || elements[i].oriented.dot(n) >= cos_limit;
  });
}

// Whether one side's contact surface is concave over its facing elements: its outward normals
// converge where its points spread, tr Cov(n, c) < 0 with weights w (for a sphere of radius R,
// n = (c − o)/R and tr Cov(n, c) = tr Var(c)/R; a plane gives 0, a bore's wall a negative value).
// Only a concave side can wrap round the other (a bore round its pin, a nut's flanks round the
// bolt's, a socket round its ball): where neither side is concave, two convex or flat surfaces
// meet in one non-conforming contact — a faceted rounded corner across a hull's convex lip — and
// its normals turn with the facets, not with a surface wrapping round it.
bool sideConcave(const std::vector<Element>& elements, const std::vector<std::size_t>& facing,
                 int side) {
  double total = 0.0;
  Vec3 mean_n = Vec3::Zero(), mean_c = Vec3::Zero();
  for (const std::size_t i : facing) {
    const Element& e = elements[i];
    if (e.side != side) continue;
    total += e.weight;
    mean_n += e.weight * e.oriented;
    mean_c += e.weight * e.centroid;
  }
  if (!(total > 0.0)) return false;
  mean_n /= total;
  mean_c /= total;
  double covariance = 0.0;
  for (const std::size_t i : facing) {
    const Element& e = elements[i];
    if (e.side == side) covariance += e.weight * (e.oriented - mean_n).dot(e.centroid - mean_c);
  }
  // `oriented` is A's outward normal and B's inward one.
  return (side == 0 ? covariance : -covariance) < 0.0;
}

// Facing elements cut in two across their normals' principal direction of spread, recursively.
void bisect(const std::vector<Element>& elements, std::vector<std::size_t> members, int depth,
            std::vector<std::vector<std::size_t>>& leaves) {
  const Vec3 sum = weightedNormal(elements, members);
  if (depth >= kMaxSplitDepth || withinCone(elements, members, sum)) {
    leaves.push_back(std::move(members));
    return;
  }
  double total = 0.0;
  for (const std::size_t i : members) total += elements[i].weight;
  const Vec3 mean = sum / total;
  Mat3 spread = Mat3::Zero();
  for (const std::size_t i : members) {
    const Vec3 d = elements[i].surface - mean;
    spread += elements[i].weight * d * d.transpose();
  }
  const Vec3 axis = Eigen::SelfAdjointEigenSolver<Mat3>(spread).eigenvectors().col(2);
  std::vector<std::size_t> low, high;
  for (const std::size_t i : members) {
    (axis.dot(elements[i].surface - mean) < 0.0 ? low : high).push_back(i);
  }
  if (low.empty() || high.empty()) {
    leaves.push_back(std::move(members));
    return;
  }
  bisect(elements, std::move(low), depth + 1, leaves);
  bisect(elements, std::move(high), depth + 1, leaves);
}

}  // namespace

RegionSplit splitRegion(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
                        const PenetratedSide& side_b, const IndexLoop* loop) {
  std::vector<Element> elements;  // sorted by (side, triangle): sums in a fixed order
  addElements(a, side_a, 0, elements);
  addElements(b, side_b, 1, elements);
  if (elements.empty()) return {};
  const double cell = searchCell(elements);
  if (!(cell > 0.0)) return {};
  addCrossing(a, side_a, 0, elements);
  addCrossing(b, side_b, 1, elements);
  pairFacing(elements, cell, loop);
  std::vector<std::size_t> facing;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (elements[i].facing) facing.push_back(i);
  }
  RegionSplit split;
  const Vec3 sum = weightedNormal(elements, facing);
  if (facing.empty() || withinCone(elements, facing, sum) ||
      sweepsThroughMean(elements, facing, sum) || sideWithinCone(elements, facing, 0) ||
      sideWithinCone(elements, facing, 1) ||
      !(sideConcave(elements, facing, 0) || sideConcave(elements, facing, 1))) {
    // Whole: its facing pairs sample the interface its friction is weighed over.
    for (const std::size_t i : facing) {
      const Element& e = elements[i];
      split.interface.push_back({e.side, e.triangle, e.surface, e.area});
    }
    return split;
  }

  std::vector<std::vector<std::size_t>> leaves;
  bisect(elements, facing, 0, leaves);
  // Pieces in the order of their lowest element, whichever way the eigen solver turned an axis.
  std::sort(leaves.begin(), leaves.end());
  std::vector<RegionPiece>& pieces = split.pieces;
  pieces.resize(leaves.size());
  for (std::size_t k = 0; k < leaves.size(); ++k)
    pieces[k].normal = weightedNormal(elements, leaves[k]).normalized();
  std::vector<int> piece_of(elements.size(), -1);
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    for (const std::size_t i : leaves[k]) piece_of[i] = static_cast<int>(k);
  }
  // A side of the overlap joins the piece of the facing triangle nearest its inside corners (the
  // end of a bore beside the wall it bounds; a nut's large end-face triangle beside the flank its
  // inside corner touches), or else the piece whose normal it leans towards.
  const std::vector<Vec3> centroids = centroidsOf(elements);
  const NearestInCells facing_nearest =
      nearestCentroid(centroids, elements, cell, [](const Element& e) { return e.facing; });
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (elements[i].crossing) continue;
    int k = piece_of[i];
    if (k < 0) {
      const std::ptrdiff_t near = facing_nearest.nearest(elements[i].anchor);
      if (near >= 0) k = piece_of[near];
    }
    if (k < 0) {
      double best = -INFINITY;
      for (std::size_t j = 0; j < pieces.size(); ++j) {
        const double c = elements[i].oriented.dot(pieces[j].normal);
        if (c > best) best = c, k = static_cast<int>(j);
      }
    }
    auto& list = elements[i].side == 0 ? pieces[k].triangles_a : pieces[k].triangles_b;
    list.push_back(elements[i].triangle);  // elements are sorted: so is each list
  }
  return split;
}

}  // namespace contactsim
