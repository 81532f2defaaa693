#include "sim/patch_terms.h"

namespace contactsim {

PatchFriction patchFriction(const FrictionModel& law, const NormalForce& normal, const Vec3& n,
                            const Vec3& slip, const Vec3& omega, double spin_radius,
                            const Vec3& stick_offset, double tangential_inverse_mass) {
  const Mat3 tangent_projector = Mat3::Identity() - n * n.transpose();
  const double r = spin_radius;
  const double spin = n.dot(omega);
  FrictionInput input;
  input.slip_velocity = slip + r * spin * n;
  input.normal_force = normal.value;
  input.normal_stiffness = normal.d_indentation;
  input.tangential_inverse_mass = tangential_inverse_mass;
  input.stick_offset = stick_offset;
  PatchFriction out;
  FrictionForce& f = out.sliding;
  f = evaluate(law, input);
  const Mat3 D = f.d_velocity;  // ∂F/∂s
  out.spin.torque = r * n.dot(f.force) * n;
  out.spin.d_omega = -r * r * n.dot(D * n) * n * n.transpose();
  out.spin.d_slip = r * n * (n.transpose() * D * tangent_projector);
  out.spin.sliding_d_omega = r * tangent_projector * D * n * n.transpose();
  f.force = tangent_projector * f.force;
  f.d_velocity = tangent_projector * D * tangent_projector;
  f.d_offset = tangent_projector * f.d_offset;
  return out;
}

RollingTorque rollingTorque(const RollingResistance& law, double normal_force, const Vec3& omega) {
  RollingTorque out;
  if (!(law.coefficient > 0.0 && normal_force > 0.0)) return out;
  const double speed = omega.norm();
  const auto [reg, reg_rate] = regularisedSpeed(speed, law.w_small);
  const double c = law.coefficient * law.geometry_radius;
  out.torque = -c * normal_force * omega / reg;
  out.d_force = -c * omega / reg;
  out.d_omega = c * normal_force / reg * Mat3::Identity();
  if (speed > 0.0) {
    out.d_omega -= c * normal_force * reg_rate / (reg * reg * speed) * omega * omega.transpose();
  }
  return out;
}

}  // namespace contactsim
