#include "dynamics/force_set.h"

#include <algorithm>

namespace contactsim {
void ForceSet::addWeight(AffineVec3 center_of_mass, double mass) {
  weights_.push_back({std::move(center_of_mass), mass});
}

void ForceSet::addSpring(AffineVec3 point_a, AffineVec3 point_b, double stiffness, double damping,
                         double rest_length) {
  springs_.push_back({std::move(point_a), std::move(point_b), stiffness, damping, rest_length});
}

void ForceSet::addPointForce(AffineVec3 point, const Vec3& force) {
  point_forces_.push_back({std::move(point), force});
}

double addBodyTorque(int offset, const Vec3& torque, const Eigen::VectorXd& q,
                     const Eigen::VectorXd& qdot, Eigen::VectorXd& q_force, Triplets* stiffness) {
  // Q = [0; ½N×u; ½N×v; ½N×w]; K = −∂Q/∂q = −½ skew(N) on each of u, v, w (docs/dynamics.md,
  // "Forces").
  const Mat3 K = -0.5 * skew(torque);
  double power = 0.0;
  for (int i = 1; i <= 3; ++i) {
    const int o = offset + 3 * i;
    const Vec3 generalized = 0.5 * torque.cross(q.segment<3>(o));
    q_force.segment<3>(o) += generalized;
    power += generalized.dot(qdot.segment<3>(o));
    if (!stiffness) continue;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) stiffness->emplace_back(o + r, o + c, K(r, c));
    }
  }
  return power;
}

void ForceSet::addTorque(int offset, const Vec3& torque) { torques_.push_back({offset, torque}); }

void ForceSet::addSource(std::shared_ptr<GeneralizedForceSource> source) {
  sources_.push_back(std::move(source));
}

void ForceSet::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                        ForceValues& out) const {
  out.reset(q.size());

  for (const Weight& w : weights_) w.com.addTransposed(w.mass * gravity_, out.q_force);

  for (const Spring& s : springs_) {
    const AffineVec3 d_map = s.b - s.a;
    const Vec3 d = d_map.value(q);
    const double length = d.norm();
    // A spring of zero length has no direction; it exerts no force there (ℓ0 > 0 rarely lets a
    // configuration reach exactly zero).
    if (!(length > 1e-12 * (1.0 + s.rest))) continue;
    const Vec3 n = d / length;
    const double length_rate = n.dot(d_map.rate(qdot));
    const double tension = s.k * (length - s.rest) + s.c * length_rate;
    // Force on b is −tension·n (and +tension·n on a): Q = −(∂d/∂q)ᵀ tension·n.
    d_map.addTransposed(-tension * n, out.q_force);
    // K = (∂d/∂q)ᵀ [k·nnᵀ + (tension/ℓ)(I − nnᵀ) + (c/ℓ)·n·ḋᵀ(I − nnᵀ)] (∂d/∂q), the last term
    // from ℓ̇ = n·ḋ turning with n (∂ℓ̇/∂d = (I − nnᵀ)ḋ/ℓ); C = (∂d/∂q)ᵀ c·nnᵀ (∂d/∂q).
    const Mat3 nn = n * n.transpose();
    const Mat3 across = Mat3::Identity() - nn;
    const Vec3 d_rate = d_map.rate(qdot);
    addBlocks(
        d_map, d_map,
        s.k * nn + (tension / length) * across + (s.c / length) * n * (across * d_rate).transpose(),
        out.stiffness);
    if (s.c != 0.0) addBlocks(d_map, d_map, s.c * nn, out.damping);
    out.dissipation_power += s.c * length_rate * length_rate;
  }

  for (const PointForce& f : point_forces_) {
    f.point.addTransposed(f.force, out.q_force);
    out.load_power += f.force.dot(f.point.rate(qdot));
  }

  for (const Torque& tq : torques_) {
    out.load_power += addBodyTorque(tq.offset, tq.torque, q, qdot, out.q_force, &out.stiffness);
  }

  if (!sources_.empty()) {
    const Eigen::VectorXd before = out.q_force;
    for (const auto& source : sources_) source->addForces(q, qdot, t, out);
    out.source_force = out.q_force - before;
    out.source_power = out.source_force.dot(qdot);
  }
}

Potentials ForceSet::potentials(const Eigen::VectorXd& q) const {
  Potentials p;
  for (const Weight& w : weights_) p.gravity -= w.mass * gravity_.dot(w.com.value(q));
  for (const Spring& s : springs_) {
    const double stretch = (s.b.value(q) - s.a.value(q)).norm() - s.rest;
    p.springs += 0.5 * s.k * stretch * stretch;
  }
  return p;
}

double ForceSet::passiveStep() const {
  double step = std::numeric_limits<double>::infinity();
  for (const auto& source : sources_) step = std::min(step, source->passiveStep());
  return step;
}

double ForceSet::admissibleUpdate(const Eigen::VectorXd& qdot_update) const {
  double fraction = 1.0;
  for (const auto& source : sources_)
    fraction = std::min(fraction, source->admissibleUpdate(qdot_update));
  return fraction;
}

}  // namespace contactsim
