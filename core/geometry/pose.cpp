#include "geometry/pose.h"

namespace contactsim {

Pose Pose::fromTranslationRotationVector(const Vec3& translation, const Vec3& rotation_vector) {
  Pose pose;
  pose.translation = translation;
  const double angle = rotation_vector.norm();
  if (angle > 0.0) {
    pose.rotation = Eigen::AngleAxisd(angle, rotation_vector / angle).toRotationMatrix();
  }
  return pose;
}

Pose Pose::inverse() const {
  Pose inv;
  inv.rotation = rotation.transpose();
  inv.translation = -(inv.rotation * translation);
  return inv;
}

Pose Pose::operator*(const Pose& other) const {
  Pose composed;
  composed.rotation = rotation * other.rotation;
  composed.translation = rotation * other.translation + translation;
  return composed;
}

Eigen::Quaterniond canonicalQuaternion(const Mat3& rotation) {
  Eigen::Quaterniond q(rotation);
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();
  return q;
}

}  // namespace contactsim
