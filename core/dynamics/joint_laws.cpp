#include "dynamics/joint_laws.h"

#include <cmath>

namespace contactsim {

JointEffort JointMotorLaw::at(double x, double x_rate, double t) const {
  const double raw = stiffness * (position + speed * t - x) + damping * (speed - x_rate);
  if (std::abs(raw) > max_effort) return {std::copysign(max_effort, raw), 0.0, 0.0};
  return {raw, -stiffness, -damping};
}

JointEffort JointStopLaw::at(double x, double x_rate) const {
  // Lower stop: δ = lower − x pushes +x; upper: δ = x − upper pushes −x. In both cases
  // ∂f/∂x = −k(1 + d·δ̇) and ∂f/∂ẋ = −k·d·δ.
  const bool below = x<lower, above = x> upper;
  if (!below && !above) return {};
  const double depth = below ? lower - x : x - upper;
  const double depth_rate = below ? -x_rate : x_rate;
  const double factor = 1.0 + damping * depth_rate;
  if (!(factor > 0.0)) return {};  // separating faster than the damper allows: never pull
  const double push = stiffness * depth * factor;
  return {below ? push : -push, -stiffness * factor, -stiffness * damping * depth};
}

JointEffort JointFrictionLaw::at(double x_rate, double load) const {
  const double torque = coefficient * radius * load;
  const double slope = torque / stick_speed;
  if (std::abs(x_rate) >= stick_speed) return {-std::copysign(torque, x_rate), 0.0, 0.0};
  return {-slope * x_rate, 0.0, -slope};
}

}  // namespace contactsim
