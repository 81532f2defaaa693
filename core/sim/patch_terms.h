// The terms of a contact patch's load on body B besides its normal force (−them on A): friction
// against the slip and the spin together, and Modia3D's rolling resistance.
// Each is a function of the patch alone, with the derivatives the integrator's tangent needs;
// ContactForceSource::evaluatePatch sums them with the normal force.
#pragma once

#include "contact/friction.h"
#include "contact/normal_force.h"
#include "geometry/types.h"
#include "sim/contact_law.h"

namespace contactsim {

// Friction against the spin about n: a torque on B along n and its derivatives.
struct SpinFriction {
  Vec3 torque = Vec3::Zero();
  Mat3 d_omega = Mat3::Zero();          // −∂τ/∂ω_rel
  Mat3 d_slip = Mat3::Zero();           // ∂τ/∂ḋ
  Mat3 sliding_d_omega = Mat3::Zero();  // ∂F/∂ω_rel of the sliding force (one law serves both)
};

struct PatchFriction {
  FrictionForce sliding;  // on B, in the contact plane; d_velocity = ∂F/∂ḋ, d_offset projected too
  SpinFriction spin;
};

// Friction resists the slip and the spin about n together (docs/method.md, "Friction against
// spin"): the law sees the generalised slip s = v_t + r·ω_n·n, r the patch's friction radius
// (meanDistance), and its force F(s) splits into the sliding force P·F on B (P = I − nnᵀ) and
// the torque r·(n·F)·n, so that F·s is their power and the two limit each other as a patch's
// distributed friction does. `slip`: ḋ's tangential part v_t; `omega`: B's angular velocity
// relative to A; `stick_offset`: the stick anchors' tangential offset (0 without anchors);
// `tangential_inverse_mass`: FrictionInput's.
PatchFriction patchFriction(const FrictionModel& law, const NormalForce& normal, const Vec3& n,
                            const Vec3& slip, const Vec3& omega, double spin_radius,
                            const Vec3& stick_offset, double tangential_inverse_mass);

// Modia3D's rolling resistance (RollingResistance, Modia3D.jl docs "Contact Force Law") on B:
// τ = −μ_r·μ_r,geo·F_n·ω/reg(|ω|, ω_small), ω relative to A; zero without a coefficient or
// without a normal force.
struct RollingTorque {
  Vec3 torque = Vec3::Zero();
  Vec3 d_force = Vec3::Zero();  // ∂τ/∂F_n
  Mat3 d_omega = Mat3::Zero();  // −∂τ/∂ω
};
RollingTorque rollingTorque(const RollingResistance& law, double normal_force, const Vec3& omega);

}  // namespace contactsim
