#include "dynamics/chain_cable.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace contactsim {

ChainCable::ChainCable(AffineVec3 point_a, AffineVec3 point_b, const ChainProperties& properties,
                       double rest_length, double effective_mass, const Vec3& gravity)
    : a_(std::move(point_a)),
      b_(std::move(point_b)),
      d_(b_ - a_),
      properties_(properties),
      effective_mass_(effective_mass),
      gravity_(gravity),
      initial_length_(rest_length) {
  const ChainProperties& p = properties;
  if (!(p.axial_stiffness > 0.0) || !std::isfinite(p.axial_stiffness))
    throw std::invalid_argument("chain axial_stiffness (EA) must be positive and finite");
  if (!(p.damping_ratio >= 0.0) || !std::isfinite(p.damping_ratio))
    throw std::invalid_argument("chain damping_ratio must be >= 0 and finite");
  if (!(p.mass_per_length >= 0.0) || !std::isfinite(p.mass_per_length))
    throw std::invalid_argument("chain mass_per_length must be >= 0 and finite");
  if (!(effective_mass_ > 0.0) || !std::isfinite(effective_mass_))
    throw std::invalid_argument("chain damping mass must be positive and finite");
  if (p.guide) checkChainGuide(*p.guide);
  if (!(initial_length_ > 0.0) || !std::isfinite(initial_length_))
    throw std::invalid_argument("chain rest_length must be positive (the points coincide)");
  if (p.windlass) windlass_.emplace(*p.windlass, initial_length_);
  setRestLength(initial_length_);
}

void ChainCable::setRestLength(double length) {
  rest_length_ = length;
  stiffness_ = properties_.axial_stiffness / length;
  damping_ = 2.0 * properties_.damping_ratio * std::sqrt(stiffness_ * effective_mass_);
}

Vec3 ChainCable::endWeight() const {
  return 0.5 * properties_.mass_per_length * rest_length_ * gravity_;
}

ChainCable::Evaluation ChainCable::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                            double t) const {
  Evaluation e;
  e.path = chainPath(a_.value(q), b_.value(q), properties_.guide);
  e.span = e.path.length;
  e.rest_length = rest_length_;
  // Coincident ends have no direction: no force (a chain never gets there while taut).
  if (!(e.span > 1e-12 * initial_length_)) return e;
  e.direction = e.path.grad_b;
  e.separation_rate = d_.rate(qdot);
  e.span_rate = e.path.grad_a.dot(a_.rate(qdot)) + e.path.grad_b.dot(b_.rate(qdot));

  // L0 = L0_n − σ·τ·u with u = u_cmd·f(T), so T = k(ℓ − L0) + c(ℓ̇ + σu) = A + B·f(T) with
  // A = k(ℓ − L0_n) + cℓ̇ and B = σ(kτ + c)u_cmd. f is piecewise linear in T and A + B·f(T) − T
  // falls strictly with T (B ≥ 0 while hauling, f' ≤ 0), so the root is one of three closed
  // forms (windlass.h): full speed, the stall band, or stopped.
  const double k = stiffness_, c = damping_;
  const double A = k * (e.span - rest_length_) + c * e.span_rate;
  double sigma = 0.0, B = 0.0, T = A;
  Windlass::StallFactor f{1.0, 0.0};
  if (windlass_) {
    sigma = windlass_->direction();
    const double tau = t - windlass_->lastTime();
    if (tau > 0.0) {
      e.command = windlass_->commandedSpeed(t);
      B = sigma * (k * tau + c) * e.command;
      T = A + B;
      const double stall = windlass_->stallTension(), band = windlass_->stallBandWidth();
      if (sigma < 0.0 || !std::isfinite(stall) || T <= stall - band) {
        // full speed
      } else if (A >= stall) {
        T = A;  // stopped
      } else {
        T = (A * band + B * stall) / (band + B);  // in the stall band
      }
      f = windlass_->stallFactor(T);
      e.haul_speed = e.command * f.value;
    } else {
      // At the accepted instant itself the speed is the accepted one, so that the force there
      // is the one the step converged on (the integrator takes its works' powers there).
      e.command = windlass_->command();
      e.haul_speed = windlass_->speed();
      T = A + sigma * c * e.haul_speed;
    }
    e.rest_length = windlass_->lengthAt(t, e.haul_speed);
  }
  e.stretch = e.span - e.rest_length;
  e.stretch_rate = e.span_rate + sigma * e.haul_speed;
  // Unilateral: zero when slack (s ≤ 0) and never pushing.
  if (e.stretch > 0.0 && T > 0.0) {
    e.tension = T;
    e.gain = 1.0 / (1.0 - B * f.slope);  // dT/dA of T = A + B·f(T)
  }
  return e;
}

void ChainCable::addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                           ForceValues& out) {
  const Vec3 weight = endWeight();
  if (properties_.mass_per_length > 0.0) {
    a_.addTransposed(weight, out.q_force);
    b_.addTransposed(weight, out.q_force);
  }
  const Evaluation e = evaluate(q, qdot, t);
  if (!e.taut()) return;  // slack: no force, zero tangent
  // Over the ends x = (a, b) with g = ∂ℓ/∂x and H = ∂²ℓ/∂x² (chain_path.h): Q = −(∂x/∂q)ᵀ T g,
  // K = −∂Q/∂q = (∂x/∂q)ᵀ [g ∂T/∂x + T H] (∂x/∂q) with ∂T/∂x = γ(k gᵀ + c (H ẋ)ᵀ) (ℓ̇ = g·ẋ, so
  // ∂ℓ̇/∂x = H ẋ), and C = −∂Q/∂q̇ = (∂x/∂q)ᵀ γc ggᵀ (∂x/∂q). For a straight chain g = (−n, n) and
  // H = [P, −P; −P, P]/ℓ with P = I − nnᵀ: the force T·n on a and −T·n on b.
  const ChainPath& path = e.path;
  a_.addTransposed(-e.tension * path.grad_a, out.q_force);
  b_.addTransposed(-e.tension * path.grad_b, out.q_force);
  const Vec3 va = a_.rate(qdot), vb = b_.rate(qdot);
  const Vec3 rate_by_a = path.hess_aa * va + path.hess_ab * vb;              // ∂ℓ̇/∂a
  const Vec3 rate_by_b = path.hess_ab.transpose() * va + path.hess_bb * vb;  // ∂ℓ̇/∂b
  const double gk = e.gain * stiffness_, gc = e.gain * damping_;
  const Vec3 tension_by_a = gk * path.grad_a + gc * rate_by_a;  // ∂T/∂a
  const Vec3 tension_by_b = gk * path.grad_b + gc * rate_by_b;
  const double T = e.tension;
  addBlocks(a_, a_, path.grad_a * tension_by_a.transpose() + T * path.hess_aa, out.stiffness);
  addBlocks(a_, b_, path.grad_a * tension_by_b.transpose() + T * path.hess_ab, out.stiffness);
  addBlocks(b_, a_, path.grad_b * tension_by_a.transpose() + T * path.hess_ab.transpose(),
            out.stiffness);
  addBlocks(b_, b_, path.grad_b * tension_by_b.transpose() + T * path.hess_bb, out.stiffness);
  if (gc != 0.0) {
    addBlocks(a_, a_, gc * path.grad_a * path.grad_a.transpose(), out.damping);
    addBlocks(a_, b_, gc * path.grad_a * path.grad_b.transpose(), out.damping);
    addBlocks(b_, a_, gc * path.grad_b * path.grad_a.transpose(), out.damping);
    addBlocks(b_, b_, gc * path.grad_b * path.grad_b.transpose(), out.damping);
  }
}

ChainCable::Powers ChainCable::powers(const Evaluation& e, const Eigen::VectorXd& qdot) const {
  Powers p;
  const double sigma = windlass_ ? windlass_->direction() : 0.0;
  const double elastic = e.stretch > 0.0 ? 0.5 * stiffness_ * e.stretch * e.stretch : 0.0;
  // Hauling at u removes chain at L̇0 = −σu: the windlass does T·σu on the chain, and σu·E/L0 more
  // because the stretch s left in the shorter chain stores ½(EA/L0)s² with L0 falling.
  p.windlass = sigma * e.haul_speed * (e.tension + elastic / e.rest_length);
  // Chain power in, Tℓ̇ + windlass, minus dE/dt: (T − ks)ṡ — c·ṡ² in the damper, or −k·s·ṡ ≥ 0
  // while a stretched chain unloads faster than its damper allows (T clamped at 0).
  if (e.stretch > 0.0) p.dissipation = (e.tension - stiffness_ * e.stretch) * e.stretch_rate;
  p.weight = endWeight().dot(a_.rate(qdot) + b_.rate(qdot));
  return p;
}

void ChainCable::acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) {
  accepted_ = evaluate(q, qdot, t);
  if (windlass_) {
    windlass_->accept(t, accepted_.command, accepted_.haul_speed);
    setRestLength(windlass_->length());
  }
  // Energy with the stiffness of the new L0 (the windlass power carries its change).
  const Powers now = powers(accepted_, qdot);
  const double s = accepted_.stretch;
  energy_.elastic = s > 0.0 ? 0.5 * stiffness_ * s * s : 0.0;
  if (started_) {
    // Trapezoidal rule over the step, as the integrator accumulates its works.
    const double step = t - last_time_;
    energy_.windlass_work += 0.5 * step * (last_powers_.windlass + now.windlass);
    energy_.dissipated += 0.5 * step * (last_powers_.dissipation + now.dissipation);
    energy_.weight_work += 0.5 * step * (last_powers_.weight + now.weight);
  }
  started_ = true;
  last_powers_ = now;
  last_time_ = t;
  const Vec3 a = a_.value(q), b = b_.value(q);
  if (properties_.guide && accepted_ends_) {
    const auto& [a0, b0] = *accepted_ends_;
    const double jump =
        std::max(guideJump(*properties_.guide, a, b0, b), guideJump(*properties_.guide, b, a0, a));
    if (jump > 0.0) {
      if (guide_jumps_.count++ == 0) guide_jumps_.first_time = t;
      guide_jumps_.largest = std::max(guide_jumps_.largest, jump);
    }
  }
  accepted_ends_.emplace(a, b);
}

namespace {

// The fields of an evaluation in one order, for saving and restoring alike.
template <typename Evaluation, typename Visit>
void forEachScalar(Evaluation& e, Visit&& visit) {
  for (auto* v : {&e.span, &e.span_rate, &e.rest_length, &e.command, &e.haul_speed, &e.stretch,
                  &e.stretch_rate, &e.tension, &e.gain})
    visit(*v);
}

}  // namespace

void ChainCable::saveState(StateWriter& out) const {
  out.real(rest_length_);
  out.flag(windlass_.has_value());
  if (windlass_) windlass_->save(out);
  forEachScalar(accepted_, [&out](double v) { out.real(v); });
  out.vec3(accepted_.direction);
  // ḋ no longer enters the forces (the path's gradients do); it stays in the checkpoint layout.
  out.vec3(accepted_.separation_rate);
  out.flag(started_);
  out.real(last_time_);
  for (double v : {last_powers_.windlass, last_powers_.dissipation, last_powers_.weight})
    out.real(v);
  for (double v : {energy_.elastic, energy_.dissipated, energy_.windlass_work, energy_.weight_work})
    out.real(v);
}

void ChainCable::restoreState(StateReader& in) {
  const double rest_length = in.real();
  if (!(rest_length > 0.0) || !std::isfinite(rest_length)) in.fail("a chain length not > 0");
  if (in.flag() != windlass_.has_value()) in.fail("a chain with a windlass where there is none");
  if (windlass_) windlass_->restore(in);
  setRestLength(rest_length);
  forEachScalar(accepted_, [&in](double& v) { v = in.real(); });
  accepted_.direction = in.vec3();
  accepted_.separation_rate = in.vec3();
  started_ = in.flag();
  last_time_ = in.real();
  for (double* v : {&last_powers_.windlass, &last_powers_.dissipation, &last_powers_.weight})
    *v = in.real();
  for (double* v :
       {&energy_.elastic, &energy_.dissipated, &energy_.windlass_work, &energy_.weight_work})
    *v = in.real();
  // The guide's crossings are counted from here: the ends' last positions are not in the state.
  accepted_ends_.reset();
  guide_jumps_ = {};
}

std::shared_ptr<ChainCable> addChainCable(MultibodySystem& system, BodyIndex a, const Vec3& point_a,
                                          BodyIndex b, const Vec3& point_b,
                                          const ChainProperties& properties) {
  const int bodies = static_cast<int>(system.bodies().size());
  double inverse_mass = 0.0;
  AffineVec3 ends[2];
  const BodyIndex index[2] = {a, b};
  const Vec3 world[2] = {point_a, point_b};
  for (int i = 0; i < 2; ++i) {
    if (index[i] != kWorld && (index[i] < 0 || index[i] >= bodies))
      throw std::invalid_argument("chain: body index " + std::to_string(index[i]) +
                                  " out of range");
    if (index[i] == kWorld) {
      ends[i] = system.pointOn(kWorld, world[i]);
      continue;
    }
    const BodyDefinition& body = system.bodies()[index[i]];
    ends[i] = system.pointOn(index[i], body.pose.inverse().apply(world[i]));
    if (!body.fixed) inverse_mass += 1.0 / body.mass.mass;
  }
  if (a == b) throw std::invalid_argument("a chain needs two different bodies");
  if (!(inverse_mass > 0.0))
    throw std::invalid_argument("a chain between two fixed bodies does nothing");
  const double mass = properties.damping_mass ? *properties.damping_mass : 1.0 / inverse_mass;
  if (properties.guide) checkChainGuide(*properties.guide);
  const double length = properties.rest_length
                            ? *properties.rest_length
                            : chainPath(point_a, point_b, properties.guide).length;
  auto chain = std::make_shared<ChainCable>(std::move(ends[0]), std::move(ends[1]), properties,
                                            length, mass, system.forces().gravity());
  system.addForceSource(chain);
  return chain;
}

}  // namespace contactsim
