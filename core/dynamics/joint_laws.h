// Effort laws along a joint coordinate x (angle in rad or displacement in m): a motor and a
// one-sided stop. Each returns the effort f on B relative to A along +x (N·m or N) and its
// partial derivatives, which JointActuator turns into Q = f·∇x and its tangents. The members'
// initialisers are the scene format's defaults (docs/scene-format.md, "joints[]").
#pragma once

#include <limits>

namespace contactsim {

struct JointEffort {
  double effort = 0.0;      // f
  double d_position = 0.0;  // ∂f/∂x
  double d_rate = 0.0;      // ∂f/∂ẋ
};

// PD position control towards x*(t) = position + speed·t with velocity feedback towards speed:
// f = kp·(x* − x) + kd·(speed − ẋ), saturated at |f| ≤ max_effort (then ∂f = 0). With kp = 0 it
// is velocity control. Positions are measured from the joint's pose at t = 0.
struct JointMotorLaw {
  double position = 0.0;                                        // x*(0)
  double speed = 0.0;                                           // ẋ* (rad/s or m/s)
  double stiffness = 0.0;                                       // kp (N·m/rad or N/m)
  double damping = 0.0;                                         // kd (N·m·s/rad or N·s/m)
  double max_effort = std::numeric_limits<double>::infinity();  // N·m or N

  JointEffort at(double x, double x_rate, double t) const;
};

// Stops at lower ≤ x ≤ upper with the Hunt–Crossley law (Hunt & Crossley, J. Appl. Mech. 42, 1975)
// of linear stiffness: with δ the penetration beyond a stop and δ̇ its rate,
// f = k·δ·(1 + d·δ̇) pushing back while δ > 0, and never pulling (f = 0 where 1 + d·δ̇ < 0).
// Its coefficient of restitution e at impact speed v follows from m·v dv/dδ = −kδ(1 + d·v):
// d·v_out − ln(1 + d·v_out) = d·v − ln(1 + d·v) with v_out = −e·v (docs/dynamics.md, "Joint
// limits"); d = 0 is elastic.
struct JointStopLaw {
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  double stiffness = 0.0;  // k (N·m/rad or N/m), required by the scene format
  double damping = 0.0;    // d (s/rad or s/m)

  JointEffort at(double x, double x_rate) const;
};

// Coulomb friction in a revolute joint: a torque μ·r·F against the joint's rotation, F the force
// the pin carries (the joint's reaction, set by JointActuator from the integrator's multipliers at
// the last accepted substep) and r the pin's radius; below |ẋ| = stick_speed it is a viscous
// slope, f = −μ·r·F·ẋ/stick_speed, so a torque below μ·r·F turns the joint at that fraction of
// stick_speed instead of sticking.
struct JointFrictionLaw {
  double coefficient = 0.0;   // μ
  double radius = 0.0;        // r (m), the pin's
  double stick_speed = 0.01;  // rad/s

  JointEffort at(double x_rate, double load) const;
};

}  // namespace contactsim
