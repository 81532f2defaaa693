// A rigid motion x -> rotation * x + translation.
#pragma once

#include "geometry/types.h"

namespace contactsim {

struct Pose {
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  static Pose identity() { return {}; }
  // Rotation vector = axis * angle (radians), the convention of the CLI's `--pose`.
  static Pose fromTranslationRotationVector(const Vec3& translation, const Vec3& rotation_vector);

  Vec3 apply(const Vec3& x) const { return rotation * x + translation; }
  Vec3 applyToDirection(const Vec3& d) const { return rotation * d; }
  Pose inverse() const;
  // (a * b).apply(x) == a.apply(b.apply(x)).
  Pose operator*(const Pose& other) const;
};

// The rotation as a unit quaternion with w ≥ 0: one of its two signs, always the same, as the
// CSV files, recordings and keyframes write it.
Eigen::Quaterniond canonicalQuaternion(const Mat3& rotation);

}  // namespace contactsim
