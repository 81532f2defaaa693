// The contact law of one body pair: a normal law, a friction model and (Modia3D) rolling
// resistance — docs/scene-format.md, "Contact laws".
#pragma once

#include "contact/friction.h"
#include "contact/normal_force.h"

namespace contactsim {

// Modia3D's rolling resistance (Modia3D.jl docs, "Contact Force Law"):
// τ = −μ_r·μ_r,geo·F_n·ω_rel/reg(|ω_rel|, ω_small), on body B (opposite on A).
struct RollingResistance {
  double coefficient = 0.0;      // μ_r (dimensionless); 0 = none
  double geometry_radius = 0.0;  // μ_r,geo (m)
  double w_small = 1e-3;         // ω_small (rad/s)
};

struct ContactLaw {
  NormalLaw normal = HuntCrossleyLaw{};
  FrictionModel friction = NoFriction{};
  RollingResistance rolling;
  // Spread the normal law's damping over the contact area, so that it also damps tilting
  // (a face rocking about its centre of pressure) — and, as viscoelastic contact does, rolling.
  // Off for modia3d, whose rolling-resistance torque is its model of rotational dissipation.
  bool spread_damping = true;
};

}  // namespace contactsim
