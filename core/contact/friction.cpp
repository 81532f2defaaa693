#include "contact/friction.h"

#include <cmath>

namespace contactsim {
namespace {

// ∂(v/|v|)/∂v = (I − v̂v̂ᵀ)/|v|.
Mat3 unitDerivative(const Vec3& v) {
  const double speed = v.norm();
  if (speed == 0.0) return Mat3::Zero();
  const Vec3 u = v / speed;
  return (Mat3::Identity() - u * u.transpose()) / speed;
}

FrictionForce evaluateModel(const NoFriction&, const FrictionInput& in) {
  FrictionForce out;
  out.stick_offset = in.stick_offset;
  return out;
}

FrictionForce evaluateModel(const CoulombFriction& model, const FrictionInput& in) {
  FrictionForce out;
  const Vec3& v = in.slip_velocity;
  const double speed = v.norm();
  const auto [reg, reg_slope] = regularisedSpeed(speed, model.v_small);
  const double scale = model.coefficient * in.normal_force;
  out.force = -scale * v / reg;
  // ∂(v/reg)/∂v = I/reg − v (reg'·v̂)ᵀ/reg².
  out.d_velocity = -scale * Mat3::Identity() / reg;
  if (speed > 0.0) out.d_velocity += scale * reg_slope / (reg * reg * speed) * v * v.transpose();
  out.sticking = speed < model.v_small;
  return out;
}

// μ(s) of Drake's Stribeck curve and dμ/ds.
std::pair<double, double> stribeckCoefficient(const StribeckFriction& m, double s) {
  const auto smoothstep = [](double t) { return std::pair{t * t * (3 - 2 * t), 6 * t * (1 - t)}; };
  if (s < 1.0) {
    const auto [h, dh] = smoothstep(s);
    return {m.static_coefficient * h, m.static_coefficient * dh};
  }
  if (s < 3.0) {
    const auto [h, dh] = smoothstep((s - 1.0) / 2.0);
    const double drop = m.static_coefficient - m.dynamic_coefficient;
    return {m.static_coefficient - drop * h, -drop * dh / 2.0};
  }
  return {m.dynamic_coefficient, 0.0};
}

FrictionForce evaluateModel(const StribeckFriction& model, const FrictionInput& in) {
  FrictionForce out;
  const Vec3& v = in.slip_velocity;
  const double speed = v.norm();
  if (speed == 0.0) return out;
  const double s = speed / model.stiction_tolerance;
  const auto [mu, dmu] = stribeckCoefficient(model, s);
  const Vec3 u = v / speed;
  out.force = -mu * in.normal_force * u;
  out.d_velocity = -in.normal_force *
                   (dmu / model.stiction_tolerance * u * u.transpose() + mu * unitDerivative(v));
  out.sticking = s < 1.0;
  return out;
}

FrictionForce evaluateModel(const StickSlipFriction& model, const FrictionInput& in) {
  FrictionForce out;
  const Vec3& v = in.slip_velocity;
  const double speed = v.norm();
  const double kappa = std::exp(-v.squaredNorm() / (model.stick_velocity * model.stick_velocity));
  const Vec3 d_kappa = -2.0 * kappa / (model.stick_velocity * model.stick_velocity) * v;

  // Stiction spring–damper to the anchor; the anchor slides so the spring never exceeds μ_s·F_n.
  const double k = model.stiffness_ratio * in.normal_stiffness;
  const double c = in.tangential_inverse_mass > 0.0
                       ? 2.0 * model.damping_ratio * std::sqrt(k / in.tangential_inverse_mass)
                       : 0.0;
  const double limit = model.static_coefficient * in.normal_force;
  Vec3 offset = in.stick_offset;
  bool anchor_slid = false;
  // ∂offset/∂(stick offset): while the anchor slides the spring is pinned at the limit, and only
  // the offset's direction follows.
  Mat3 offset_d_offset = Mat3::Identity();
  if (k * offset.norm() > limit) {
    offset *= limit / (k * offset.norm());
    offset_d_offset = limit / k * unitDerivative(in.stick_offset);
    anchor_slid = true;
  }
  Vec3 stick = -k * offset - c * v;
  Mat3 stick_d_velocity = -c * Mat3::Identity();
  Mat3 stick_d_offset = -k * offset_d_offset;
  if (stick.norm() > limit) {
    // With the damper, spring and damper together push past μ_s·F_n: the anchor slides on until
    // they are at the limit, so the spring keeps only the deflection the force delivered (capping
    // the force alone would store work it never did). The offset shrinks to α·s with
    // |α·k·s + c·v| = L, α ∈ [0, 1) (|g(α)|² − L² is convex in α, < 0 at 0 and > 0 at 1); when
    // the damper alone exceeds L it is held at the limit and the spring is spent.
    anchor_slid = true;
    if (c * speed >= limit) {
      stick = speed > 0.0 ? Vec3(-limit * v / speed) : Vec3::Zero();  // speed 0: L = 0
      stick_d_velocity = -limit * unitDerivative(v);
      stick_d_offset = Mat3::Zero();
      offset = Vec3::Zero();
    } else {
      const Vec3 ks = k * offset, cv = c * v;
      const double a = ks.squaredNorm(), b = ks.dot(cv);
      const double alpha = (-b + std::sqrt(b * b - a * (cv.squaredNorm() - limit * limit))) / a;
      const Vec3 w = alpha * ks + cv;  // −stick, |w| = L
      // From |α·k·s + c·v|² = L²: ∂α/∂v = −c·w/(k·s·w), ∂α/∂s = −α·w/(s·w).
      const double ksw = ks.dot(w);
      stick = -w;
      stick_d_velocity = ks * (c / ksw) * w.transpose() - c * Mat3::Identity();
      stick_d_offset = (-k * alpha * Mat3::Identity() + ks * (k * alpha / ksw) * w.transpose()) *
                       offset_d_offset;
      offset *= alpha;
    }
  }

  const Vec3 u = speed > 0.0 ? Vec3(v / speed) : Vec3::Zero();
  const double slide_scale = model.dynamic_coefficient * in.normal_force;
  const Vec3 slide = -slide_scale * u;
  const Mat3 slide_d_velocity = -slide_scale * unitDerivative(v);

  out.force = kappa * stick + (1.0 - kappa) * slide - model.viscous * v;
  out.d_velocity = kappa * stick_d_velocity + (stick - slide) * d_kappa.transpose() +
                   (1.0 - kappa) * slide_d_velocity - model.viscous * Mat3::Identity();
  out.d_offset = kappa * stick_d_offset;
  out.stick_offset = offset;
  out.sticking = kappa > 0.5 && !anchor_slid;
  return out;
}

}  // namespace

std::pair<double, double> regularisedSpeed(double speed, double v_small) {
  if (speed >= v_small) return {speed, 1.0};
  const double x = speed / v_small;
  return {v_small * (x * x * (1.0 - x / 3.0) + 1.0 / 3.0), 2.0 * x - x * x};
}

FrictionForce evaluate(const FrictionModel& model, const FrictionInput& input) {
  return std::visit([&](const auto& m) { return evaluateModel(m, input); }, model);
}

}  // namespace contactsim
