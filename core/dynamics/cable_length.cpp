#include "dynamics/cable_length.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace contactsim {

CableLength CableLength::ramp(double initial, double rate, double ramp_time) {
  if (!(initial > 0.0) || !std::isfinite(initial)) {
    throw std::invalid_argument("initial cable length must be positive, got " +
                                std::to_string(initial));
  }
  if (!std::isfinite(rate) || !std::isfinite(ramp_time) || ramp_time < 0.0) {
    throw std::invalid_argument("rate and ramp_time must be finite and ramp_time >= 0");
  }
  if (rate != 0.0 && ramp_time == 0.0) {
    throw std::invalid_argument("a non-zero rate needs ramp_time > 0 (a jump in L̇ is not C²)");
  }
  return CableLength(initial, MotionProfile::ramp(rate, ramp_time));
}

CableLength CableLength::table(std::vector<std::pair<double, double>> points) {
  if (points.size() < 2) throw std::invalid_argument("a length table needs at least 2 points");
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!(points[i].second > 0.0) || !std::isfinite(points[i].second)) {
      throw std::invalid_argument("table point " + std::to_string(i) + " needs a positive length");
    }
  }
  return CableLength(0.0, MotionProfile::table(std::move(points)));
}

CableLength::Value CableLength::at(double t) const {
  const MotionProfile::Value x = profile_.at(t);
  return {initial_ + x.position, x.rate, x.acceleration};
}

}  // namespace contactsim
