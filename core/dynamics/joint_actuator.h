// A motor, a stop or friction acting along a joint coordinate, as a force source: Q = f·∇x with
// K = −∂Q/∂q = −(f_x ∇x∇xᵀ + f_ẋ ∇x(∇²x q̇)ᵀ + f ∇²x) and C = −∂Q/∂q̇ = −f_ẋ ∇x∇xᵀ
// (ẋ = ∇x·q̇, so ∂ẋ/∂q = ∇²x q̇ and ∂ẋ/∂q̇ = ∇x). Its work reaches the energy balance as
// the integrator's source work (docs/dynamics.md, "Joint drives, motors and limits").
#pragma once

#include <functional>
#include <string>
#include <variant>

#include "dynamics/force_set.h"
#include "dynamics/joint_coordinate.h"
#include "dynamics/joint_laws.h"

namespace contactsim {

class JointActuator : public GeneralizedForceSource {
 public:
  using Law = std::variant<JointMotorLaw, JointStopLaw, JointFrictionLaw>;
  JointActuator(std::string joint, JointCoordinate coordinate, Law law);
  // Friction's load: the force the joint carries at the state of the last accepted substep,
  // read at each acceptance (Simulation reads it from the integrator's multipliers); until one
  // is set the load is 0. Friction lags its load by a substep.
  void setLoadSource(std::function<double()> load) { load_source_ = std::move(load); }
  // The first of the joint's three constraint rows whose multipliers are that force
  // (MultibodySystem::addRevoluteJoint); −1 when not set.
  void setPinRow(int row) { pin_row_ = row; }
  int pinRow() const { return pin_row_; }

  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;
  // Updates the angle's turn count and the reported position and effort.
  void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) override;
  // The position (with its turn count, which evaluate() continues from) and the effort, and
  // friction's load.
  void saveState(StateWriter& out) const override;
  void restoreState(StateReader& in) override;

  const std::string& joint() const { return joint_; }
  bool isMotor() const { return std::holds_alternative<JointMotorLaw>(law_); }
  bool isFriction() const { return std::holds_alternative<JointFrictionLaw>(law_); }
  // At the last accepted step (t = 0 after Simulation's start): x and f.
  double position() const { return position_; }
  double effort() const { return effort_; }

 private:
  JointEffort lawAt(double x, double x_rate, double t) const;

  std::string joint_;
  JointCoordinate coordinate_;
  Law law_;
  std::function<double()> load_source_;
  int pin_row_ = -1;
  double position_ = 0.0, effort_ = 0.0;
  double load_ = 0.0;  // N, friction's (setLoadSource)
};

}  // namespace contactsim
