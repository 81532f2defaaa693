#include "dynamics/windlass.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace contactsim {

Windlass::Windlass(const WindlassSettings& settings, double initial_length)
    : settings_(settings), length_(initial_length) {
  const WindlassSettings& s = settings;
  if (!(s.speed > 0.0) || !std::isfinite(s.speed))
    throw std::invalid_argument("windlass speed must be positive and finite");
  if (!(s.ramp_time >= 0.0) || !std::isfinite(s.ramp_time))
    throw std::invalid_argument("windlass ramp_time must be >= 0 and finite");
  if (!(s.stop_length > 0.0) || !std::isfinite(s.stop_length))
    throw std::invalid_argument("windlass stop_length must be positive and finite");
  if (!(s.stall_tension > 0.0))
    throw std::invalid_argument("windlass stall_tension must be positive");
  if (!(s.stall_band > 0.0 && s.stall_band < 1.0))
    throw std::invalid_argument("windlass stall_band must be in (0, 1)");
  const bool no_housing = s.housing_speed == std::numeric_limits<double>::infinity();
  if (!no_housing && !(s.housing_speed > 0.0 && s.housing_speed <= s.speed))
    throw std::invalid_argument("windlass housing_speed must be positive and at most speed");
  if (!(s.housing_length >= 0.0) || !std::isfinite(s.housing_length))
    throw std::invalid_argument("windlass housing_length must be >= 0 and finite");
  if (!(initial_length > 0.0) || !std::isfinite(initial_length))
    throw std::invalid_argument("initial chain length must be positive and finite");
  acceleration_ =
      s.ramp_time > 0.0 ? s.speed / s.ramp_time : std::numeric_limits<double>::infinity();
  direction_ = s.stop_length > initial_length ? -1.0 : 1.0;
}

double Windlass::commandedSpeed(double t) const {
  const double tau = t - time_;
  const double r = remaining();
  if (!(tau > 0.0) || !(r > 0.0)) return 0.0;  // no time elapsed, or the brake holds
  double u = std::min(settings_.speed, r / tau);
  const double housing = settings_.housing_speed;
  const double beyond = r - settings_.housing_length;  // distance to the housing stretch
  if (!(beyond > 0.0)) u = std::min(u, housing);
  if (std::isfinite(acceleration_)) {
    u = std::min({u, command_ + acceleration_ * tau, std::sqrt(2.0 * acceleration_ * r)});
    if (beyond > 0.0) u = std::min(u, std::sqrt(housing * housing + 2.0 * acceleration_ * beyond));
  }
  return u;
}

Windlass::StallFactor Windlass::stallFactor(double tension) const {
  if (direction_ < 0.0 || !std::isfinite(settings_.stall_tension)) return {1.0, 0.0};
  const double band = stallBandWidth();
  const double x = (settings_.stall_tension - tension) / band;
  if (x >= 1.0) return {1.0, 0.0};
  if (x <= 0.0) return {0.0, 0.0};
  return {x, -1.0 / band};
}

double Windlass::lengthAt(double t, double speed) const {
  return length_ - direction_ * speed * std::max(0.0, t - time_);
}

void Windlass::accept(double t, double command, double speed) {
  length_ = lengthAt(t, speed);
  // r/τ in commandedSpeed lands L0 on the stop length up to round-off: snap it there.
  if (!(remaining() > 1e-12 * settings_.stop_length)) length_ = settings_.stop_length;
  command_ = command;
  speed_ = speed;
  time_ = t;
}

void Windlass::save(StateWriter& out) const {
  for (double v : {length_, speed_, command_, time_}) out.real(v);
}

void Windlass::restore(StateReader& in) {
  length_ = in.real();
  speed_ = in.real();
  command_ = in.real();
  time_ = in.real();
}

}  // namespace contactsim
