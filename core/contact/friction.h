// Tangential (friction) force models with their derivatives (docs/scene-format.md, "Friction").
#pragma once

#include <variant>

#include "geometry/types.h"

namespace contactsim {

struct FrictionInput {
  Vec3 slip_velocity = Vec3::Zero();  // tangential velocity of B's contact point relative to A's
  double normal_force = 0.0;          // F_n ≥ 0
  // The normal law's stiffness ∂F_n/∂δ at this instant: the stiction spring is scaled from it
  // (Mindlin: tangential/normal stiffness ≈ 2(1−ν)/(2−ν)).
  double normal_stiffness = 0.0;
  // The mass the contact's friction moves: the inverse effective mass in the contact plane times
  // the number of contacts that share the pair's bodies (sim/contact_mode.h,
  // frictionInverseMass). The stiction damper is sized against it (0 leaves the spring
  // undamped).
  double tangential_inverse_mass = 0.0;
  // Tangential offset of B's contact point from its stick anchor (stick–slip model only).
  Vec3 stick_offset = Vec3::Zero();
};

struct FrictionForce {
  Vec3 force = Vec3::Zero();         // on B; the force on A is its opposite
  Mat3 d_velocity = Mat3::Zero();    // ∂F/∂v_slip
  Mat3 d_offset = Mat3::Zero();      // ∂F/∂(stick offset)
  Vec3 stick_offset = Vec3::Zero();  // the offset to keep: shortened when the anchor slid
  bool sticking = false;
};

// Dopico et al. eq. (2)–(5): F = κ·F_stick + (1−κ)·F_slide − μ_visc·v, κ = exp(−|v|²/v_stick²);
// F_slide = −μ_d·F_n·v/|v|; F_stick = −k_t·s − c_t·v a spring–damper to the stick anchor (s the
// offset from it). The spring is capped at μ_s·F_n by sliding the anchor; spring and damper
// together are capped at μ_s·F_n too, so that stiction never exceeds Coulomb's limit. The
// damper is the stiction spring's own: c_t = 2ζ_t·√(k_t·m_t), ζ_t its damping ratio against
// the contact's tangential mass m_t (docs/method.md, "Self-locking").
struct StickSlipFriction {
  double static_coefficient = 0.3;    // μ_s
  double dynamic_coefficient = 0.25;  // μ_d
  double stick_velocity = 1e-3;       // v_stick (m/s)
  double viscous = 0.0;               // μ_visc (N·s/m)
  double stiffness_ratio = 0.82;      // Mindlin's k_t/k_n for ν = 0.3
  double damping_ratio = 1.0;         // ζ_t: the stick mode critically damped
};

// Drake's Stribeck curve ("The Details of Computing Contact Forces"): μ rises smoothly from 0 to
// μ_s over s = |v|/v_s ∈ [0, 1], falls to μ_d over s ∈ [1, 3], stays μ_d beyond. Creeps at
// |v| < v_s under a sub-limit load.
struct StribeckFriction {
  double static_coefficient = 0.3;
  double dynamic_coefficient = 0.25;
  double stiction_tolerance = 1e-4;  // v_s (m/s)
};

// Coulomb friction with Modia3D's regularised direction (Modia3D.jl docs, "Contact Force Law"):
// F = −μ·F_n·v/reg(|v|, v_small), with its exact ∂F/∂v. Along the slip that slope falls from
// 3·μ·F_n/v_small at rest to zero at the band's edge |v| = v_small and stays zero beyond, so a
// Newton step from a sliding slip can jump across the stop: the contact sources hand their slips
// to the slip limiter (sim/slip_limiter.h), which cuts such steps at the band.
struct CoulombFriction {
  double coefficient = 0.25;
  double v_small = 0.01;
};

struct NoFriction {};

using FrictionModel =
    std::variant<StickSlipFriction, StribeckFriction, CoulombFriction, NoFriction>;

FrictionForce evaluate(const FrictionModel& model, const FrictionInput& input);

// Modia3D's reg(v, v_small): v above v_small, else a cubic with value v_small/3 at 0 and matching
// first and second derivatives at v_small. Returns the value and its derivative.
std::pair<double, double> regularisedSpeed(double speed, double v_small);

}  // namespace contactsim
