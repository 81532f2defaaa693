// Newton tangents (K = −∂Q/∂q, C = −∂Q/∂q̇) of the loads two bodies exchange through their relative
// rotation ω_rel = ω_B − ω_A, with ω = ½ Σ_i e_i × ė_i in natural coordinates (docs/dynamics.md,
// "Forces"): a contact's rolling, spin and spread-damping torques and its friction's dependence on
// the spin (contact_force_source.cpp). Each appends to `stiffness` and `damping`; a fixed body (no
// coordinates) has no rows or columns.
#pragma once

#include <Eigen/Core>

#include "dynamics/affine_vec3.h"
#include "dynamics/multibody_system.h"
#include "geometry/types.h"

namespace contactsim {

// A torque τ(ω_rel) on B (−τ on A) with D = −∂τ/∂ω_rel.
void addRelativeAngularTangents(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                const Mat3& D, const Eigen::VectorXd& q,
                                const Eigen::VectorXd& qdot, Triplets& stiffness,
                                Triplets& damping);

// A torque on B (−τ on A) through its dependence on the point separation d: dtau_dd_q = ∂τ/∂d
// (from q, into K) and dtau_dd_v = ∂τ/∂ḋ (from q̇, into C).
void addTorqueThroughSeparation(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                const AffineVec3& d, const Mat3& dtau_dd_q, const Mat3& dtau_dd_v,
                                const Eigen::VectorXd& q, Triplets& stiffness, Triplets& damping);

// A force F(ω_rel) acting at d (−F at A's point) with G = ∂F/∂ω_rel.
void addForceThroughRelativeAngular(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                    const AffineVec3& d, const Mat3& G, const Eigen::VectorXd& q,
                                    const Eigen::VectorXd& qdot, Triplets& stiffness,
                                    Triplets& damping);

}  // namespace contactsim
