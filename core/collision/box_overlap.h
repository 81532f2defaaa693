// Box overlap tests of the collision query (Dopico et al. §IV.B.1), inline on purpose: they run
// once per visited node pair, the innermost loop of every query.
//
// Node against node: the 15 separating axes of two boxes that are axis-aligned in their own
// bodies' frames (3 face normals of each and the 9 edge cross products). Each box carries, besides
// its centre and half extents in its own frame, its centre in the other body's frame and the half
// extents of the axis-aligned box around it there, computed once when the box is first reached
// and reused for every box it is tested against; the six face axes are then six comparisons.
// OPCODE's original test gave wrong answers for (nearly) aligned boxes, where an edge cross
// product degenerates to ~0 and rounding decides; the paddings below keep that case conservative.
//
// Triangle against node: once one side of a pair is a triangle, the triangle is placed in the
// other body's frame and that body's subtree is descended with axis-aligned box tests against
// the triangle's box, plus the triangle's plane as a fourth axis.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "geometry/pose.h"

namespace contactsim {

// |R| is padded by this (dimensionless, so the margin scales with the boxes): covers rounding of
// a rotation that is orthonormal only to ~1e-15 after pose products.
inline constexpr double kAbsRotationPadding = 1e-12;

// Node-against-node tests run in single precision, four lanes (x, y, z, 0) at a time. Every
// quantity they combine is bounded by the "magnitude" (largest coordinate of either model plus
// the distance between the frames) and carries a few float roundings of it; padding the
// separating distance by this fraction of the magnitude keeps the float test conservative.
inline constexpr double kFloatTestRelativePadding = 1e-5;

using Float4 = float __attribute__((vector_size(16)));
using Int4 = std::int32_t __attribute__((vector_size(16)));

namespace box_overlap_detail {

inline Float4 abs4(Float4 v) {
  return reinterpret_cast<Float4>(reinterpret_cast<Int4>(v) & 0x7fffffff);
}
inline Float4 lane0(Float4 v) { return __builtin_shufflevector(v, v, 0, 0, 0, 0); }
inline Float4 lane1(Float4 v) { return __builtin_shufflevector(v, v, 1, 1, 1, 1); }
inline Float4 lane2(Float4 v) { return __builtin_shufflevector(v, v, 2, 2, 2, 2); }
// (v1, v2, v0, w) and (v2, v0, v1, w): the j+1 and j+2 components at j.
inline Float4 next1(Float4 v) { return __builtin_shufflevector(v, v, 1, 2, 0, 3); }
inline Float4 next2(Float4 v) { return __builtin_shufflevector(v, v, 2, 0, 1, 3); }
#if defined(__SSE__)
inline bool any(Int4 m) { return _mm_movemask_ps(reinterpret_cast<__m128>(m)) != 0; }
#else
inline bool any(Int4 m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }
#endif

// Round a non-negative double up to a float.
inline float floatAbove(double x) {
  float f = static_cast<float>(x);
  if (static_cast<double>(f) < x) f = std::nextafter(f, INFINITY);
  return f;
}

}  // namespace box_overlap_detail

// Box A's frame placed in box B's frame: rotation rows and columns, |R| (padded), translation,
// as float lanes, computed once per query.
struct BoxFrame {
  // `padding`: the separation below which boxes count as overlapping (the triangle test accepts
  // contacts within its relative tolerance; this must exceed it). `magnitude`: bound on every
  // coordinate and distance the tests see (see kFloatTestRelativePadding).
  BoxFrame(const Pose& a_in_b, double padding, double magnitude) : padding(padding) {
    using box_overlap_detail::floatAbove;
    const Mat3& r = a_in_b.rotation;
    for (int k = 0; k < 3; ++k) {
      row[k] = Float4{float(r(k, 0)), float(r(k, 1)), float(r(k, 2)), 0.f};
      column[k] = Float4{float(r(0, k)), float(r(1, k)), float(r(2, k)), 0.f};
      abs_row[k] = Float4{floatAbove(std::abs(r(k, 0)) + kAbsRotationPadding),
                          floatAbove(std::abs(r(k, 1)) + kAbsRotationPadding),
                          floatAbove(std::abs(r(k, 2)) + kAbsRotationPadding), 0.f};
      abs_column[k] = Float4{floatAbove(std::abs(r(0, k)) + kAbsRotationPadding),
                             floatAbove(std::abs(r(1, k)) + kAbsRotationPadding),
                             floatAbove(std::abs(r(2, k)) + kAbsRotationPadding), 0.f};
    }
    for (int k = 0; k < 3; ++k) {
      abs_row_next1[k] = box_overlap_detail::next1(abs_row[k]);
      abs_row_next2[k] = box_overlap_detail::next2(abs_row[k]);
    }
    const Vec3& t = a_in_b.translation;
    translation = Float4{float(t[0]), float(t[1]), float(t[2]), 0.f};
    const float pad = floatAbove(padding + kFloatTestRelativePadding * magnitude);
    float_padding = Float4{pad, pad, pad, 0.f};
  }

  Float4 row[3], column[3];
  Float4 abs_row[3], abs_column[3];
  Float4 abs_row_next1[3], abs_row_next2[3];
  Float4 translation;
  Float4 float_padding;  // (p, p, p, 0)
  // In double precision, for the triangle tests.
  double padding;
};

// A box of body A: centre and half extents in A's frame (lanes x, y, z, 0); once it has been
// tested, also the same box seen from B (its centre there and the half extents of the
// axis-aligned box around it in B's axes) and A's share of the radius on each edge axis b_i × a_j,
// ra(i,j) = e_A,j1 |R(i,j2)| + e_A,j2 |R(i,j1)| (row i over j).
struct BoxOfA {
  Float4 center, half;
  Float4 center_in_b, half_in_b;
  Float4 edge_radius[3];
};

// A box of body B, the same seen from A (centre in A's frame, half extents in A's axes), and B's
// share of each edge axis' radius, rb(i,j) = e_B,i1 |R(i2,j)| + e_B,i2 |R(i1,j)|, plus padding.
struct BoxOfB {
  Float4 center, half;
  Float4 center_in_a, half_in_a;
  Float4 edge_radius[3];
};

namespace box_overlap_detail {

inline void placeInB(const BoxFrame& f, BoxOfA& a) {
  a.center_in_b = lane0(a.center) * f.column[0] + lane1(a.center) * f.column[1] +
                  lane2(a.center) * f.column[2] + f.translation;
  a.half_in_b = lane0(a.half) * f.abs_column[0] + lane1(a.half) * f.abs_column[1] +
                lane2(a.half) * f.abs_column[2];
}

inline void edgeRadii(const BoxFrame& f, BoxOfA& a) {
  const Float4 h1 = next1(a.half);
  const Float4 h2 = next2(a.half);
  for (int i = 0; i < 3; ++i) a.edge_radius[i] = h1 * f.abs_row_next2[i] + h2 * f.abs_row_next1[i];
}

inline void placeInA(const BoxFrame& f, BoxOfB& b) {
  const Float4 d = b.center - f.translation;
  b.center_in_a = lane0(d) * f.row[0] + lane1(d) * f.row[1] + lane2(d) * f.row[2];
  b.half_in_a =
      lane0(b.half) * f.abs_row[0] + lane1(b.half) * f.abs_row[1] + lane2(b.half) * f.abs_row[2];
}

inline void edgeRadii(const BoxFrame& f, BoxOfB& b) {
  const Float4 h0 = lane0(b.half), h1 = lane1(b.half), h2 = lane2(b.half);
  b.edge_radius[0] = h1 * f.abs_row[2] + h2 * f.abs_row[1] + f.float_padding;
  b.edge_radius[1] = h2 * f.abs_row[0] + h0 * f.abs_row[2] + f.float_padding;
  b.edge_radius[2] = h0 * f.abs_row[1] + h1 * f.abs_row[0] + f.float_padding;
}

// B's face axes: A's box seen from B against B's box.
inline bool separatedOnAxesOfB(const BoxFrame& f, const BoxOfA& a, const BoxOfB& b) {
  return any(abs4(a.center_in_b - b.center) > b.half + a.half_in_b + f.float_padding);
}

// A's face axes: B's box seen from A against A's box (the same axes as R^T times the centre
// offset, up to rounding that the padding covers).
inline bool separatedOnAxesOfA(const BoxFrame& f, const BoxOfA& a, const BoxOfB& b) {
  return any(abs4(a.center - b.center_in_a) > a.half + b.half_in_a + f.float_padding);
}

// Edge axes b_i × a_j: |T·L| = |t_i2 R(i1,j) − t_i1 R(i2,j)| against ra(i,j) + rb(i,j).
inline bool separatedOnEdgeAxes(const BoxFrame& f, const BoxOfA& a, const BoxOfB& b) {
  const Float4 t = a.center_in_b - b.center;
  const Float4 t0 = lane0(t), t1 = lane1(t), t2 = lane2(t);
  const Int4 m0 = abs4(t2 * f.row[1] - t1 * f.row[2]) > a.edge_radius[0] + b.edge_radius[0];
  const Int4 m1 = abs4(t0 * f.row[2] - t2 * f.row[0]) > a.edge_radius[1] + b.edge_radius[1];
  const Int4 m2 = abs4(t1 * f.row[0] - t0 * f.row[1]) > a.edge_radius[2] + b.edge_radius[2];
  return any(m0 | m1 | m2);
}

}  // namespace box_overlap_detail

// Centre and half extents of a float box given as lo[3], hi[3] (lane 3 zero).
template <typename Box>
void setCenterAndHalf(const float lo[3], const float hi[3], Box& box) {
  const Float4 l{lo[0], lo[1], lo[2], 0.f};
  const Float4 h{hi[0], hi[1], hi[2], 0.f};
  box.center = 0.5f * (l + h);
  box.half = 0.5f * (h - l);
}

// Complete the boxes of the roots.
inline void place(const BoxFrame& f, BoxOfA& a) {
  box_overlap_detail::placeInB(f, a);
  box_overlap_detail::edgeRadii(f, a);
}

inline void place(const BoxFrame& f, BoxOfB& b) {
  box_overlap_detail::placeInA(f, b);
  box_overlap_detail::edgeRadii(f, b);
}

// The 15-axis test of a complete box of B against a new box of A (centre and half extents
// only): true unless an axis separates them by more than the padding. `a` is completed as far
// as the test needed, entirely when they overlap.
inline bool newBoxOverlaps(const BoxFrame& f, BoxOfA& a, const BoxOfB& b) {
  using namespace box_overlap_detail;
  placeInB(f, a);
  if (separatedOnAxesOfB(f, a, b) || separatedOnAxesOfA(f, a, b)) return false;
  edgeRadii(f, a);
  return !separatedOnEdgeAxes(f, a, b);
}

// The same for a complete box of A against a new box of B.
inline bool newBoxOverlaps(const BoxFrame& f, const BoxOfA& a, BoxOfB& b) {
  using namespace box_overlap_detail;
  if (separatedOnAxesOfB(f, a, b)) return false;
  placeInA(f, b);
  if (separatedOnAxesOfA(f, a, b)) return false;
  edgeRadii(f, b);
  return !separatedOnEdgeAxes(f, a, b);
}

// The same for two complete boxes (both placed), as a kept cut's pairs are tested.
inline bool placedBoxesOverlap(const BoxFrame& f, const BoxOfA& a, const BoxOfB& b) {
  using namespace box_overlap_detail;
  return !separatedOnAxesOfB(f, a, b) && !separatedOnAxesOfA(f, a, b) &&
         !separatedOnEdgeAxes(f, a, b);
}

// How far apart two complete boxes (or A's box placed in B, as newBoxOverlaps leaves a box it
// found apart) are along B's face axes, less the padding, as the test computes it: positive
// only when one of those axes separates them (CollisionFront keeps it).
inline float gapOnAxesOfB(const BoxFrame& f, const BoxOfA& a, const BoxOfB& b) {
  using namespace box_overlap_detail;
  const Float4 gap = abs4(a.center_in_b - b.center) - (b.half + a.half_in_b + f.float_padding);
  return std::max({gap[0], gap[1], gap[2]});
}

// A triangle placed in the frame of the tree it is tested against: its padded axis-aligned box
// and the padded slab its plane bounds: n·x over the triangle lies between the smallest and the
// largest n·v_k for any vector n, so the slab holds the triangle exactly even when rounding has
// tilted the computed normal n (a needle-like triangle) — only the padding has to cover rounding.
struct TriangleProbe {
  Vec3 v0, v1, v2;
  double padding;
  Vec3 lo, hi;
  Vec3 normal, abs_normal;
  double normal_length;
  double offset_lo = 0.0, offset_hi = 0.0;

  TriangleProbe(const Vec3& v0_, const Vec3& v1_, const Vec3& v2_, double padding_)
      : v0(v0_),
        v1(v1_),
        v2(v2_),
        padding(padding_),
        lo(v0.cwiseMin(v1).cwiseMin(v2).array() - padding),
        hi(v0.cwiseMax(v1).cwiseMax(v2).array() + padding),
        normal((v1 - v0).cross(v2 - v0)),
        abs_normal(normal.cwiseAbs()),
        normal_length(normal.norm()) {
    const double d0 = normal.dot(v0), d1 = normal.dot(v1), d2 = normal.dot(v2);
    const double normal_padding = padding * normal_length;
    offset_lo = std::min({d0, d1, d2}) - normal_padding;
    offset_hi = std::max({d0, d1, d2}) + normal_padding;
  }

  // An axis-aligned box (lo, hi) of the tree's frame, as floats from a node.
  bool overlapsBox(const float box_lo[3], const float box_hi[3]) const {
    if (box_hi[0] < lo[0] || box_lo[0] > hi[0] || box_hi[1] < lo[1] || box_lo[1] > hi[1] ||
        box_hi[2] < lo[2] || box_lo[2] > hi[2])
      return false;
    double center_dot = 0.0, radius = 0.0;
    for (int k = 0; k < 3; ++k) {
      center_dot += normal[k] * (0.5 * (static_cast<double>(box_lo[k]) + box_hi[k]));
      radius += abs_normal[k] * (0.5 * (static_cast<double>(box_hi[k]) - box_lo[k]));
    }
    return center_dot + radius >= offset_lo && center_dot - radius <= offset_hi;
  }

  // How far a triangle's padded box lies from a node's box along the frame's axes, positive
  // when it misses: the first test of a walk, done before a probe is built, since most walks
  // from a kept cut (CollisionFront) end at their first node. A positive gap is exactly
  // overlapsBox's first comparison failing (x > y iff x − y > 0 in floating point), so a walk
  // that passes it decides as before.
  static double boxGap(const Vec3& v0, const Vec3& v1, const Vec3& v2, double padding,
                       const float box_lo[3], const float box_hi[3]) {
    const Vec3 lo = v0.cwiseMin(v1).cwiseMin(v2).array() - padding;
    const Vec3 hi = v0.cwiseMax(v1).cwiseMax(v2).array() + padding;
    double gap = -INFINITY;
    for (int k = 0; k < 3; ++k)
      gap = std::max(
          {gap, lo[k] - static_cast<double>(box_hi[k]), static_cast<double>(box_lo[k]) - hi[k]});
    return gap;
  }

  // Another triangle's corners: false when its box misses this one's, or when all three lie on
  // one side of the slab. Either way the triangles are farther apart than the padding, which
  // exceeds the triangle test's tolerance, so that test would reject the pair too.
  bool mayTouch(const Vec3& w0, const Vec3& w1, const Vec3& w2) const {
    const Vec3 w_lo = w0.cwiseMin(w1).cwiseMin(w2);
    const Vec3 w_hi = w0.cwiseMax(w1).cwiseMax(w2);
    if ((w_hi.array() < lo.array()).any() || (w_lo.array() > hi.array()).any()) return false;
    const double d0 = normal.dot(w0), d1 = normal.dot(w1), d2 = normal.dot(w2);
    if (d0 > offset_hi && d1 > offset_hi && d2 > offset_hi) return false;
    if (d0 < offset_lo && d1 < offset_lo && d2 < offset_lo) return false;
    return true;
  }

  // How far the padded triangle lies from a node's box: the largest separation along the axes
  // overlapsBox tests (the frame's three and the triangle's normal), positive when it misses. A
  // separation along any one axis is a distance the two must close before they can meet, so a
  // relative motion of less than it keeps them apart (CollisionFront). Exact below `bound`; at or
  // above it some value no smaller (the walks want the least gap, and most are larger).
  double gapToBox(const float box_lo[3], const float box_hi[3], double bound = INFINITY) const {
    double gap = -INFINITY, center_dot = 0.0, radius = 0.0;
    for (int k = 0; k < 3; ++k) {
      gap = std::max(
          {gap, lo[k] - static_cast<double>(box_hi[k]), static_cast<double>(box_lo[k]) - hi[k]});
    }
    if (gap >= bound) return gap;
    for (int k = 0; k < 3; ++k) {
      center_dot += normal[k] * (0.5 * (static_cast<double>(box_lo[k]) + box_hi[k]));
      radius += abs_normal[k] * (0.5 * (static_cast<double>(box_hi[k]) - box_lo[k]));
    }
    return std::max(gap, slabGap(center_dot - radius, center_dot + radius));
  }

  // The same against another triangle, along the frame's axes, this triangle's normal and the
  // other's: positive for a triangle mayTouch rejects, and for some that miss this one though
  // both planes cut across them.
  double gapToTriangle(const Vec3& w0, const Vec3& w1, const Vec3& w2,
                       double bound = INFINITY) const {
    const Vec3 w_lo = w0.cwiseMin(w1).cwiseMin(w2);
    const Vec3 w_hi = w0.cwiseMax(w1).cwiseMax(w2);
    const double d0 = normal.dot(w0), d1 = normal.dot(w1), d2 = normal.dot(w2);
    const double gap = std::max({(lo - w_hi).maxCoeff(), (w_lo - hi).maxCoeff(),
                                 slabGap(std::min({d0, d1, d2}), std::max({d0, d1, d2}))});
    if (gap >= bound) return gap;
    // The other's plane: this triangle's corners, padded, against its offset.
    const Vec3 m = (w1 - w0).cross(w2 - w0);
    const double length = m.norm();
    if (!(length > 0.0)) return gap;
    const double e0 = m.dot(v0), e1 = m.dot(v1), e2 = m.dot(v2), offset = m.dot(w0);
    const double pad = padding * length;
    return std::max(gap, std::max(std::min({e0, e1, e2}) - pad - offset,
                                  offset - std::max({e0, e1, e2}) - pad) /
                             length);
  }

 private:
  // Separation along the normal of an extent [below, above] of n·x from the padded slab
  // [offset_lo, offset_hi], as a distance; none (−∞) for a degenerate triangle.
  double slabGap(double below, double above) const {
    if (!(normal_length > 0.0)) return -INFINITY;
    return std::max(below - offset_hi, offset_lo - above) / normal_length;
  }
};

}  // namespace contactsim
