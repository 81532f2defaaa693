#include "dynamics/natural_coordinates.h"

#include <Eigen/SVD>

namespace contactsim {

BodyVector naturalCoordinates(const Pose& pose) {
  BodyVector q;
  q << pose.translation, pose.rotation.col(0), pose.rotation.col(1), pose.rotation.col(2);
  return q;
}

BodyVector naturalVelocities(const Pose& pose, const Vec3& origin_velocity,
                             const Vec3& angular_velocity) {
  BodyVector qd;
  qd.segment<3>(0) = origin_velocity;
  for (int i = 0; i < 3; ++i) {
    qd.segment<3>(3 + 3 * i) = angular_velocity.cross(pose.rotation.col(i));
  }
  return qd;
}

Eigen::Matrix4d reducedMassMatrix(const MassInertia& body) {
  const double m = body.mass;
  const Vec3& a = body.center_of_mass;
  const Mat3 J =
      m * a * a.transpose() + 0.5 * body.inertia.trace() * Mat3::Identity() - body.inertia;
  Eigen::Matrix4d M;
  M(0, 0) = m;
  M.block<1, 3>(0, 1) = m * a.transpose();
  M.block<3, 1>(1, 0) = m * a;
  M.block<3, 3>(1, 1) = J;
  return M;
}

Pose poseFromCoordinates(const BodyVector& q) {
  Mat3 F;
  F << q.segment<3>(3), q.segment<3>(6), q.segment<3>(9);
  const Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Mat3 R = svd.matrixU() * svd.matrixV().transpose();
  if (R.determinant() < 0.0) {
    // Only reachable for a body turned inside out by a failed step; keep a proper rotation.
    Mat3 U = svd.matrixU();
    U.col(2) = -U.col(2);
    R = U * svd.matrixV().transpose();
  }
  Pose pose;
  pose.rotation = R;
  pose.translation = q.segment<3>(0);
  return pose;
}

Vec3 angularVelocityFromCoordinates(const BodyVector& q, const BodyVector& qdot) {
  Vec3 omega = Vec3::Zero();
  for (int i = 0; i < 3; ++i) omega += q.segment<3>(3 + 3 * i).cross(qdot.segment<3>(3 + 3 * i));
  return 0.5 * omega;
}

}  // namespace contactsim
