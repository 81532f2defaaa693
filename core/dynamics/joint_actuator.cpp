#include "dynamics/joint_actuator.h"

namespace contactsim {

JointActuator::JointActuator(std::string joint, JointCoordinate coordinate, Law law)
    : joint_(std::move(joint)), coordinate_(std::move(coordinate)), law_(std::move(law)) {}

JointEffort JointActuator::lawAt(double x, double x_rate, double t) const {
  if (const auto* motor = std::get_if<JointMotorLaw>(&law_)) return motor->at(x, x_rate, t);
  if (const auto* friction = std::get_if<JointFrictionLaw>(&law_))
    return friction->at(x_rate, load_);
  return std::get<JointStopLaw>(law_).at(x, x_rate);
}

void JointActuator::addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                              ForceValues& out) {
  const JointCoordinate::Evaluation x = coordinate_.evaluate(q, qdot, position_);
  const JointEffort f = lawAt(x.value, x.rate, t);
  if (f.effort == 0.0 && f.d_position == 0.0 && f.d_rate == 0.0) return;
  const std::vector<int>& offsets = coordinate_.blockOffsets();
  const auto n = static_cast<int>(x.gradient.size());
  Eigen::VectorXd qdot_local(n);
  for (std::size_t k = 0; k < offsets.size(); ++k)
    qdot_local.segment<3>(3 * k) = qdot.segment<3>(offsets[k]);
  const Eigen::VectorXd rate_gradient = x.hessian * qdot_local;  // ∂ẋ/∂q
  const Eigen::MatrixXd K =
      -(f.d_position * x.gradient * x.gradient.transpose() +
        f.d_rate * x.gradient * rate_gradient.transpose() + f.effort * x.hessian);
  const Eigen::MatrixXd C = -f.d_rate * x.gradient * x.gradient.transpose();
  const auto global = [&](int local) { return offsets[local / 3] + local % 3; };
  for (int i = 0; i < n; ++i) {
    out.q_force[global(i)] += f.effort * x.gradient[i];
    for (int j = 0; j < n; ++j) {
      if (K(i, j) != 0.0) out.stiffness.emplace_back(global(i), global(j), K(i, j));
      if (C(i, j) != 0.0) out.damping.emplace_back(global(i), global(j), C(i, j));
    }
  }
}

void JointActuator::acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) {
  const JointCoordinate::Evaluation x = coordinate_.evaluate(q, qdot, position_);
  position_ = x.value;
  if (load_source_) load_ = load_source_();
  effort_ = lawAt(x.value, x.rate, t).effort;
}

void JointActuator::saveState(StateWriter& out) const {
  out.real(position_);
  out.real(effort_);
  if (isFriction()) out.real(load_);
}

void JointActuator::restoreState(StateReader& in) {
  position_ = in.real();
  effort_ = in.real();
  if (isFriction()) load_ = in.real();
}

}  // namespace contactsim
