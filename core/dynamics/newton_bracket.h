// A safeguard for Newton's iteration at kinks of a force law (Ali3pIntegrator::attempt).
//
// Where a law saturates — regularised Coulomb friction past its slip speed, a force clipped at
// zero — its tangent is zero on both sides of a narrow band, and a full Newton step jumps from
// one side to the other and back: the iterates cycle between two points for ever, however small
// the time step, whenever the band is narrower than what one step changes. A cycle shows as an
// update that goes at least kCycleReturn of the way back along the previous one. From there on
// the segment between those two iterates brackets the solution along that line, and the
// iteration becomes a safeguarded Newton method (Newton–bisection, as rtsafe in Press et al.,
// Numerical Recipes, 3rd ed., 2007, §9.4): each iterate closes the bracket on the side away
// from where Newton's update points; Newton's step is taken when it lands inside the bracket
// and at most halves the last move, otherwise the iterate goes to the bracket's middle plus
// Newton's correction across the line (the other coordinates converge as before).
//
// It is the integrator's last resort, for a step that has failed at the smallest substep: in a
// pile of tumbling bodies many contacts cycle at once, in different directions, and a bracket
// along one line made the iteration worse there (hopper demo, first 0.3 s: 491 rejected
// substeps instead of 206), while a single stopping contact is exactly what it solves.
#pragma once

#include <Eigen/Dense>

namespace contactsim {

// An update going back at least this fraction of the previous one is a cycle.
inline constexpr double kCycleReturn = 0.9;

class NewtonBracket {
 public:
  // For a new step's iteration.
  void reset();
  // The move from q given Newton's full update dq there: dq itself, or the bisection's move once
  // a cycle is bracketed. `weights` scale the coordinates for
  // the projections (1/s_i, as in the convergence norm).
  void move(const Eigen::VectorXd& q, const Eigen::VectorXd& dq, const Eigen::VectorXd& weights,
            Eigen::VectorXd& step);
  // A cycle was found in this step's iteration.
  bool active() const { return active_; }

 private:
  bool active_ = false, has_previous_ = false;
  Eigen::VectorXd previous_q_, previous_dq_;
  // The bracket: origin + s·direction for s in [low_, high_].
  Eigen::VectorXd origin_, direction_;
  double length_squared_ = 0.0;  // of direction_, in the weighted norm
  double low_ = 0.0, high_ = 1.0;
  double last_move_ = 1.0;  // along the line, in units of direction_
};

}  // namespace contactsim
