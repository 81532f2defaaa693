// Natural (fully Cartesian) coordinates of one rigid body: q_b = [r0; u; v; w]
// (docs/dynamics.md, "Natural coordinates").
#pragma once

#include <Eigen/Core>

#include "geometry/pose.h"

namespace contactsim {

inline constexpr int kBodyCoordinates = 12;
using BodyVector = Eigen::Matrix<double, kBodyCoordinates, 1>;

// Mass, centre of mass (body frame) and inertia about the centre of mass (body axes).
struct MassInertia {
  double mass = 0.0;
  Vec3 center_of_mass = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
};

// q_b of a body frame placed at `pose`: r0 = translation, (u, v, w) = rotation columns.
BodyVector naturalCoordinates(const Pose& pose);
// q̇_b for an origin velocity and a world angular velocity: ė = ω × e for e in (u, v, w).
BodyVector naturalVelocities(const Pose& pose, const Vec3& origin_velocity,
                             const Vec3& angular_velocity);

// 4×4 reduced mass matrix M̄ with M_b = M̄ ⊗ I3: [[m, m·āᵀ], [m·ā, J̄]],
// J̄ = ∫ x̄ x̄ᵀ dm = m·ā·āᵀ + ½·tr(I_G)·I3 − I_G. Constant: no velocity-dependent inertia terms.
Eigen::Matrix4d reducedMassMatrix(const MassInertia& body);

// Pose from q_b; the vectors are re-orthonormalised (polar decomposition) because ALI3-P only
// satisfies the rigid-body constraints to the solver tolerance.
Pose poseFromCoordinates(const BodyVector& q);
// ω = ½ Σ e × ė over (u, v, w).
Vec3 angularVelocityFromCoordinates(const BodyVector& q, const BodyVector& qdot);

}  // namespace contactsim
