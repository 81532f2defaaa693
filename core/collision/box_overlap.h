// Oriented box–box overlap by the 15 separating axes (3 face normals of each box and the 9 edge
// cross products), for boxes that are axis-aligned in their own bodies' frames. Seed 004 §IV.B.1:
// OPCODE's original test gave wrong answers for (nearly) aligned boxes, where an edge cross
// product degenerates to ~0 and rounding decides; both paddings below keep that case conservative.
// Inline on purpose: it runs once per visited node pair, the innermost loop of every query.
#pragma once

#include <cmath>

#include "geometry/pose.h"

namespace contactsim {

// |R| is padded by this (dimensionless, so the margin scales with the boxes): covers rounding of
// a rotation that is orthonormal only to ~1e-15 after pose products.
inline constexpr double kAbsRotationPadding = 1e-12;

// Box A's frame placed in box B's frame, with the padded |R| computed once per query.
struct BoxFrame {
  BoxFrame(const Pose& a_in_b, double padding)
      : rotation(a_in_b.rotation),
        abs_rotation(a_in_b.rotation.cwiseAbs().array() + kAbsRotationPadding),
        translation(a_in_b.translation),
        padding(padding) {}

  Mat3 rotation;
  Mat3 abs_rotation;
  Vec3 translation;
  // A length added to every axis' radius sum: boxes closer than this are treated as overlapping
  // (the triangle test accepts contacts within its relative tolerance; this must exceed it).
  double padding;
};

// Centres and half extents in each box's own frame. True unless an axis separates the boxes by
// more than the padding.
inline bool boxesOverlap(const BoxFrame& f, const Vec3& center_a, const Vec3& half_a,
                         const Vec3& center_b, const Vec3& half_b) {
  const Mat3& r = f.rotation;
  const Mat3& ar = f.abs_rotation;
  const double pad = f.padding;
  // Centre of A relative to the centre of B, in B's axes.
  const Vec3 t = r * center_a + f.translation - center_b;

  // B's face normals.
  for (int i = 0; i < 3; ++i) {
    const double ra = ar(i, 0) * half_a[0] + ar(i, 1) * half_a[1] + ar(i, 2) * half_a[2];
    if (std::abs(t[i]) > half_b[i] + ra + pad) return false;
  }
  // A's face normals.
  for (int j = 0; j < 3; ++j) {
    const double tj = r(0, j) * t[0] + r(1, j) * t[1] + r(2, j) * t[2];
    const double rb = ar(0, j) * half_b[0] + ar(1, j) * half_b[1] + ar(2, j) * half_b[2];
    if (std::abs(tj) > half_a[j] + rb + pad) return false;
  }
  // Edge axes b_i × a_j. With i1, i2 and j1, j2 the other two indices:
  //   |T·L| = |t_i2 R(i1,j) − t_i1 R(i2,j)|, r_B = e_B,i1 |R(i2,j)| + e_B,i2 |R(i1,j)|,
  //   r_A = e_A,j1 |R(i,j2)| + e_A,j2 |R(i,j1)|.
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3;
    const int i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3;
      const int j2 = (j + 2) % 3;
      const double proj = t[i2] * r(i1, j) - t[i1] * r(i2, j);
      const double rb = half_b[i1] * ar(i2, j) + half_b[i2] * ar(i1, j);
      const double ra = half_a[j1] * ar(i, j2) + half_a[j2] * ar(i, j1);
      if (std::abs(proj) > ra + rb + pad) return false;
    }
  }
  return true;
}

}  // namespace contactsim
