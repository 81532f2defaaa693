// A motor or a stop acting along a joint coordinate, as a force source: Q = f·∇x with
// K = −∂Q/∂q = −(f_x ∇x∇xᵀ + f_ẋ ∇x(∇²x q̇)ᵀ + f ∇²x) and C = −∂Q/∂q̇ = −f_ẋ ∇x∇xᵀ
// (ẋ = ∇x·q̇, so ∂ẋ/∂q = ∇²x q̇ and ∂ẋ/∂q̇ = ∇x). Its work reaches the energy balance as
// the integrator's source work (docs/dynamics.md, "Joint drives, motors and limits").
#pragma once

#include <string>
#include <variant>

#include "dynamics/force_set.h"
#include "dynamics/joint_coordinate.h"
#include "dynamics/joint_laws.h"

namespace contactsim {

class JointActuator : public GeneralizedForceSource {
 public:
  using Law = std::variant<JointMotorLaw, JointStopLaw>;
  JointActuator(std::string joint, JointCoordinate coordinate, Law law);

  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;
  // Updates the angle's turn count and the reported position and effort.
  void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) override;
  // The position (with its turn count, which evaluate() continues from) and the effort.
  void saveState(StateWriter& out) const override;
  void restoreState(StateReader& in) override;

  const std::string& joint() const { return joint_; }
  bool isMotor() const { return std::holds_alternative<JointMotorLaw>(law_); }
  // At the last accepted step (t = 0 after Simulation's start): x and f.
  double position() const { return position_; }
  double effort() const { return effort_; }

 private:
  JointEffort lawAt(double x, double x_rate, double t) const;

  std::string joint_;
  JointCoordinate coordinate_;
  Law law_;
  double position_ = 0.0, effort_ = 0.0;
};

}  // namespace contactsim
