// How fast contact forces make the bodies ring: the angular frequency of the fastest normal mode
// a pair's contacts excite. For one force of normal stiffness k_n it is ω = √(k_n·w), w = Σ over
// the moving bodies of 1/m + (r × n)ᵀ I⁻¹ (r × n), the inverse effective mass at the force's
// point along the normal (r from the body's centre of mass to that point). Error control keeps
// its substeps short enough to resolve it, fixed steps are split until it is nearly so
// (docs/dynamics.md, "Contact modes").
#pragma once

#include <Eigen/Core>
#include <cstddef>

#include "contact/friction.h"
#include "dynamics/affine_vec3.h"
#include "dynamics/multibody_system.h"

namespace contactsim {

// The fastest normal mode of all of a pair's contact forces together: ω² the largest eigenvalue
// of M⁻¹·Σ k_i·J_iᵀJ_i over the pair's two bodies (J_i the row of the i-th force's normal
// separation rate), computed as that of the symmetric Σ k_i·ĵ_iĵ_iᵀ, ĵ_i = Lᵀ·J_iᵀ with
// M⁻¹ = L·Lᵀ, at most 12 × 12 whatever the number of forces. It is at most the root of
// Σ k_i·w_i (equal for one force, or for forces whose modes coincide), which over-rates forces
// that act on different modes: two patches at a shank's two ends, a face's corners. Joints only
// lower it (a constrained system's largest eigenvalue is at most the free one's).
class PairModes {
 public:
  // One force: `separation` is B's material point minus A's where it acts (pointOn(b) −
  // pointOn(a)), `normal` in the world, `stiffness` = ∂F_n/∂δ; `q` gives the bodies' orientations.
  void add(const MultibodySystem& system, BodyIndex a, BodyIndex b, const AffineVec3& separation,
           const Vec3& normal, double stiffness, const Eigen::VectorXd& q);
  double frequency() const;  // rad/s; 0 with no stiffness added

 private:
  Eigen::Matrix<double, 12, 12> sum_ = Eigen::Matrix<double, 12, 12>::Zero();
  bool empty_ = true;
};

// The inverse effective mass at the same point for a force in the contact plane, averaged over
// the plane's directions: w_t = ½(w(t₁) + w(t₂)), t₁, t₂ any orthonormal pair ⊥ n. The stiction
// spring–damper of stick–slip friction rings against it (contact/friction.h). 0 when neither
// body moves.
double tangentialInverseMass(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                             const AffineVec3& separation, const Vec3& normal,
                             const Eigen::VectorXd& q);

// FrictionInput::tangential_inverse_mass (stick–slip's damper) for one of `contacts` contacts
// that a pair holds side by side: they share its bodies' mass, so each damper is sized for
// w_t·contacts and together they damp the pair's stick mode as one would alone. 0 (nothing
// computed) for a friction law that does not use it.
double frictionInverseMass(const FrictionModel& law, const MultibodySystem& system, BodyIndex a,
                           BodyIndex b, const AffineVec3& separation, const Vec3& normal,
                           std::size_t contacts, const Eigen::VectorXd& q);

}  // namespace contactsim
