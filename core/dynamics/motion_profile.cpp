#include "dynamics/motion_profile.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace contactsim {

MotionProfile MotionProfile::ramp(double rate, double ramp_time) {
  if (!std::isfinite(rate) || !std::isfinite(ramp_time) || ramp_time < 0.0) {
    throw std::invalid_argument("speed and ramp_time must be finite and ramp_time >= 0");
  }
  MotionProfile p;
  p.rate_ = rate;
  p.ramp_time_ = ramp_time;
  return p;
}

MotionProfile MotionProfile::table(std::vector<std::pair<double, double>> points) {
  if (points.size() < 2) throw std::invalid_argument("a motion table needs at least 2 points");
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!std::isfinite(points[i].first) || !std::isfinite(points[i].second)) {
      throw std::invalid_argument("table point " + std::to_string(i) + " is not finite");
    }
    if (i > 0 && !(points[i].first > points[i - 1].first)) {
      throw std::invalid_argument("table times must increase strictly (point " + std::to_string(i) +
                                  ")");
    }
  }
  MotionProfile p;
  p.is_table_ = true;
  const std::size_t n = points.size();
  for (const auto& [t, x] : points) {
    p.times_.push_back(t);
    p.positions_.push_back(x);
  }
  // Natural spline: tridiagonal system for the knot second derivatives (Thomas algorithm).
  std::vector<double> M(n, 0.0), diag(n, 1.0), upper(n, 0.0), rhs(n, 0.0);
  const std::vector<double>& x = p.times_;
  const std::vector<double>& y = p.positions_;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double h0 = x[i] - x[i - 1], h1 = x[i + 1] - x[i];
    const double lower = h0 / 6.0;
    diag[i] = (h0 + h1) / 3.0;
    upper[i] = h1 / 6.0;
    rhs[i] = (y[i + 1] - y[i]) / h1 - (y[i] - y[i - 1]) / h0;
    const double w = lower / diag[i - 1];
    diag[i] -= w * upper[i - 1];
    rhs[i] -= w * rhs[i - 1];
  }
  for (std::size_t i = n - 1; i-- > 1;) M[i] = (rhs[i] - upper[i] * M[i + 1]) / diag[i];
  p.second_derivatives_ = M;
  return p;
}

MotionProfile::Value MotionProfile::at(double t) const {
  return is_table_ ? tableAt(t) : rampAt(t);
}

MotionProfile::Value MotionProfile::rampAt(double t) const {
  if (rate_ == 0.0 || t <= 0.0) return {0.0, ramp_time_ > 0.0 ? 0.0 : rate_, 0.0};
  if (t >= ramp_time_) {
    // ∫₀¹ (3u² − 2u³) du = ½: the ramp covers half the distance of full speed.
    return {rate_ * (0.5 * ramp_time_ + (t - ramp_time_)), rate_, 0.0};
  }
  const double u = t / ramp_time_;
  const double integral = u * u * u - 0.5 * u * u * u * u;  // ∫₀ᵘ (3s² − 2s³) ds
  return {rate_ * ramp_time_ * integral, rate_ * (3.0 * u * u - 2.0 * u * u * u),
          rate_ * (6.0 * u - 6.0 * u * u) / ramp_time_};
}

MotionProfile::Value MotionProfile::tableAt(double t) const {
  const std::vector<double>& x = times_;
  const std::vector<double>& y = positions_;
  const std::vector<double>& M = second_derivatives_;
  const std::size_t n = x.size();
  // End slopes of the spline, for the linear continuation.
  auto endSlope = [&](bool left_end) {
    const std::size_t a = left_end ? 0 : n - 2, b = a + 1;
    const double h = x[b] - x[a];
    const double secant = (y[b] - y[a]) / h;
    return left_end ? secant - h * (2.0 * M[a] + M[b]) / 6.0
                    : secant + h * (M[a] + 2.0 * M[b]) / 6.0;
  };
  if (t <= x.front()) {
    const double s = endSlope(true);
    return {y.front() + s * (t - x.front()), s, 0.0};
  }
  if (t >= x.back()) {
    const double s = endSlope(false);
    return {y.back() + s * (t - x.back()), s, 0.0};
  }
  const std::size_t b = std::upper_bound(x.begin(), x.end(), t) - x.begin();
  const std::size_t a = b - 1;
  const double h = x[b] - x[a];
  const double A = (x[b] - t) / h, B = (t - x[a]) / h;
  const double value =
      A * y[a] + B * y[b] + ((A * A * A - A) * M[a] + (B * B * B - B) * M[b]) * h * h / 6.0;
  const double rate = (y[b] - y[a]) / h - (3.0 * A * A - 1.0) / 6.0 * h * M[a] +
                      (3.0 * B * B - 1.0) / 6.0 * h * M[b];
  return {value, rate, A * M[a] + B * M[b]};
}

}  // namespace contactsim
