#include "dynamics/mouse_spring.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace contactsim {

namespace {
constexpr double kStandardGravity = 9.80665;  // m/s², for the cap only
}  // namespace

MouseSpring::MouseSpring(MouseSpringSettings settings) : settings_(settings) {
  if (!(settings_.frequency > 0.0) || !std::isfinite(settings_.frequency))
    throw std::invalid_argument("mouse spring frequency must be positive and finite");
  if (!(settings_.damping_ratio >= 0.0) || !std::isfinite(settings_.damping_ratio))
    throw std::invalid_argument("mouse spring damping ratio must be >= 0 and finite");
  if (!(settings_.max_force_weights > 0.0) || !std::isfinite(settings_.max_force_weights))
    throw std::invalid_argument("mouse spring force cap must be positive and finite");
}

bool MouseSpring::attach(const MultibodySystem& system, BodyIndex body, const Vec3& point_on_body,
                         const Vec3& target_world) {
  release();
  if (body < 0 || body >= static_cast<BodyIndex>(system.bodies().size())) return false;
  const BodyDefinition& definition = system.bodies()[body];
  if (definition.fixed) return false;
  const double mass = definition.mass.mass;
  const double omega = 2.0 * std::numbers::pi * settings_.frequency;
  body_ = body;
  point_ = system.pointOn(body, point_on_body);
  target_world_ = target_world;
  stiffness_ = mass * omega * omega;
  damping_ = 2.0 * settings_.damping_ratio * mass * omega;
  max_force_ = settings_.max_force_weights * mass * kStandardGravity;
  return true;
}

void MouseSpring::setTarget(const Vec3& target_world) { target_world_ = target_world; }

void MouseSpring::release() {
  body_.reset();
  point_ = AffineVec3{};
  stiffness_ = damping_ = max_force_ = 0.0;
}

MouseSpring::Evaluation MouseSpring::evaluate(const Eigen::VectorXd& q,
                                              const Eigen::VectorXd& qdot) const {
  Evaluation e;
  if (!body_) return e;
  e.point_world = point_.value(q);
  e.velocity_world = point_.rate(qdot);
  e.force_world = stiffness_ * (target_world_ - e.point_world) - damping_ * e.velocity_world;
  const double magnitude = e.force_world.norm();
  if (magnitude > max_force_) {
    e.force_world *= max_force_ / magnitude;
    e.capped = true;
  }
  return e;
}

void MouseSpring::addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                            ForceValues& out) {
  (void)t;
  if (!body_) return;
  const Evaluation e = evaluate(q, qdot);
  // Q = C(x̄)ᵀ F (a force at a body point).
  point_.addTransposed(e.force_world, out.q_force);
  // −∂F/∂x = k·G and −∂F/∂ẋ = c·G with G = I below the cap; on it F = F_max·F_raw/|F_raw|, whose
  // derivative along F_raw is G = (F_max/|F_raw|)(I − uuᵀ), u = F/|F| (its length no longer
  // changes). So K = Cᵀ k G C and C_damp = Cᵀ c G C, both symmetric positive semi-definite.
  Mat3 G = Mat3::Identity();
  if (e.capped) {
    const Vec3 raw = stiffness_ * (target_world_ - e.point_world) - damping_ * e.velocity_world;
    const Vec3 u = raw.normalized();
    G = (max_force_ / raw.norm()) * (Mat3::Identity() - u * u.transpose());
  }
  addBlocks(point_, point_, stiffness_ * G, out.stiffness);
  if (damping_ > 0.0) addBlocks(point_, point_, damping_ * G, out.damping);
}

}  // namespace contactsim
