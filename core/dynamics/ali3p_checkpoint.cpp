// The integrator's checkpoint (Simulation::checkpoint): its state, works, last powers, penalty
// carry and tangent pattern as a flat byte image (geometry/state_archive.h), and their checked
// restore.
#include <cmath>

#include "dynamics/ali3p_integrator.h"
#include "geometry/state_archive.h"

namespace contactsim {

namespace {

// A vector that is empty or has `size` entries (Powers::source_force without sources).
Eigen::VectorXd emptyOrSized(StateReader& in, Eigen::Index size) {
  const std::vector<double> values = in.reals(static_cast<std::size_t>(size));
  if (!values.empty() && values.size() != static_cast<std::size_t>(size))
    in.fail("a force vector of another size than the coordinates");
  return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

}  // namespace

void Ali3pIntegrator::saveState(StateWriter& out) const {
  out.real(state_.t);
  for (const Eigen::VectorXd* v :
       {&state_.q, &state_.qdot, &state_.qddot, &state_.lambda, &state_.multipliers})
    out.vector(*v);
  out.real(next_substep_);
  for (double v :
       {work_.load_work, work_.source_work, work_.dissipated, work_.cable_work, work_.drive_work})
    out.real(v);
  for (double v :
       {last_powers_.load, last_powers_.dissipation, last_powers_.cable, last_powers_.drive})
    out.real(v);
  out.vector(last_powers_.source_force);
  out.vector(last_powers_.qdot);
  out.real(state_violation_.t);
  out.real(state_violation_.value);
  out.real(penalty_carry_);
  assembly_.savePattern(out);
}

void Ali3pIntegrator::restoreState(StateReader& in) {
  const auto n = static_cast<Eigen::Index>(system_.coordinateCount());
  const auto m = static_cast<Eigen::Index>(system_.constraintCount());
  MultibodyState s;
  s.t = in.real();
  s.q = in.vector(n);
  s.qdot = in.vector(n);
  s.qddot = in.vector(n);
  s.lambda = in.vector(m);
  s.multipliers = in.vector(m);
  if (!std::isfinite(s.t) || !s.q.allFinite() || !s.qdot.allFinite() || !s.qddot.allFinite())
    in.fail("a state that is not finite");
  const double next_substep = in.real();
  EnergyReport work;
  for (double* v :
       {&work.load_work, &work.source_work, &work.dissipated, &work.cable_work, &work.drive_work})
    *v = in.real();
  Powers powers;
  for (double* v : {&powers.load, &powers.dissipation, &powers.cable, &powers.drive})
    *v = in.real();
  powers.source_force = emptyOrSized(in, n);
  powers.qdot = emptyOrSized(in, n);
  Violation violation;
  violation.t = in.real();
  violation.value = in.real();
  const double penalty_carry = in.real();
  if (!(penalty_carry >= 1.0 && penalty_carry <= kMaxPenaltyGrowth))
    in.fail("a penalty growth outside its range");
  assembly_.restorePattern(in, static_cast<int>(n));
  state_ = std::move(s);
  next_substep_ = next_substep;
  work_ = work;
  last_powers_ = std::move(powers);
  state_violation_ = violation;
  attempt_violation_ = {};
  penalty_carry_ = penalty_carry;
}

}  // namespace contactsim
