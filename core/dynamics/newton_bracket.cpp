#include "dynamics/newton_bracket.h"

#include <algorithm>
#include <cmath>

namespace contactsim {

namespace {

double weightedDot(const Eigen::VectorXd& a, const Eigen::VectorXd& b,
                   const Eigen::VectorXd& weights) {
  return (a.cwiseProduct(weights)).dot(b.cwiseProduct(weights));
}

}  // namespace

void NewtonBracket::reset() {
  active_ = false;
  has_previous_ = false;
}

void NewtonBracket::move(const Eigen::VectorXd& q, const Eigen::VectorXd& dq,
                         const Eigen::VectorXd& weights, Eigen::VectorXd& step) {
  if (!active_ && has_previous_) {
    const double previous_squared = weightedDot(previous_dq_, previous_dq_, weights);
    if (previous_squared > 0.0 &&
        -weightedDot(dq, previous_dq_, weights) >= kCycleReturn * previous_squared) {
      active_ = true;
      origin_ = previous_q_;
      direction_ = q - previous_q_;
      length_squared_ = weightedDot(direction_, direction_, weights);
      low_ = 0.0;
      high_ = 1.0;
      last_move_ = 1.0;
    }
  }
  previous_q_ = q;
  previous_dq_ = dq;
  has_previous_ = true;
  if (!active_ || !(length_squared_ > 0.0)) {
    step = dq;
    return;
  }
  // Where q is along the bracket's line, and where Newton's update would take it. The solution
  // lies on the side the update points to: q becomes that end of the bracket.
  const double position = weightedDot(q - origin_, direction_, weights) / length_squared_;
  const double sigma = weightedDot(dq, direction_, weights) / length_squared_;
  const double s = std::clamp(position, low_, high_);
  if (sigma > 0.0) {
    low_ = s;
  } else {
    high_ = s;
  }
  // Newton's step if it stays inside and at most halves the last move (rtsafe's test that it
  // converges faster than bisection would); otherwise the bracket's middle.
  const double target = position + sigma;
  if (target > low_ && target < high_ && std::abs(sigma) < 0.5 * last_move_) {
    step = dq;
    last_move_ = std::abs(sigma);
    return;
  }
  const double middle = 0.5 * (low_ + high_);
  step = (middle - position) * direction_ + (dq - sigma * direction_);
  last_move_ = std::abs(middle - position);
}

}  // namespace contactsim
