// How fast a contact force makes the bodies ring: the angular frequency of the normal mode a
// contact of normal stiffness k_n excites, ω = √(k_n·w), w = Σ over the moving bodies of
// 1/m + (r × n)ᵀ I⁻¹ (r × n), the inverse effective mass at the force's point along the normal
// (r from the body's centre of mass to that point). Error control keeps its substeps short
// enough to resolve it (docs/dynamics.md, "Contact modes").
#pragma once

#include <Eigen/Core>

#include "dynamics/affine_vec3.h"
#include "dynamics/multibody_system.h"

namespace contactsim {

// `point_a`, `point_b`: the force's material points on each body (MultibodySystem::pointOn),
// `normal` in the world, `stiffness` = ∂F_n/∂δ; `q` gives the bodies' orientations.
double contactModeFrequency(const MultibodySystem& system, BodyIndex a, const AffineVec3& point_a,
                            BodyIndex b, const AffineVec3& point_b, const Vec3& normal,
                            double stiffness, const Eigen::VectorXd& q);

}  // namespace contactsim
