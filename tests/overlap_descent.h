// The reference a region's normal is checked against (docs/method.md, "The normal of a
// region"): −∇V, the descent of the overlap volume of two posed meshes with respect to B's
// position, by central differences of the volume findContact reports (overlap_volume.h, from the
// penetrated surfaces, not from the contour the normal comes from).
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"

namespace contactsim::test {

// −∇V by central differences of step h along the world axes; V summed over the regions
// `counted` takes (all of them by default: one region's own gradient when the bodies touch
// elsewhere too).
inline Vec3 overlapDescent(
    const AabbTree& a, const Pose& pose_a, const AabbTree& b, const Pose& pose_b, double h,
    const std::function<bool(const ContactPatch&)>& counted = [](const ContactPatch&) {
      return true;
    }) {
  const auto volume = [&](const Pose& moved) {
    double v = 0.0;
    for (const ContactPatch& p : findContact(a, pose_a, b, moved).patches) {
      if (counted(p)) v += p.overlap_volume;
    }
    return v;
  };
  Vec3 descent;
  for (int i = 0; i < 3; ++i) {
    Pose plus = pose_b, minus = pose_b;
    plus.translation(i) += h;
    minus.translation(i) -= h;
    descent(i) = -(volume(plus) - volume(minus)) / (2 * h);
  }
  return descent;
}

// The angle between two directions (radians).
inline double angleBetween(const Vec3& u, const Vec3& v) {
  return std::acos(std::clamp(u.normalized().dot(v.normalized()), -1.0, 1.0));
}

}  // namespace contactsim::test
