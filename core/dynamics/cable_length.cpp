#include "dynamics/cable_length.h"

#include <algorithm>
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
  CableLength law;
  law.initial_ = initial;
  law.rate_ = rate;
  law.ramp_time_ = ramp_time;
  return law;
}

CableLength CableLength::table(std::vector<std::pair<double, double>> points) {
  if (points.size() < 2) throw std::invalid_argument("a length table needs at least 2 points");
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!std::isfinite(points[i].first) || !(points[i].second > 0.0) ||
        !std::isfinite(points[i].second)) {
      throw std::invalid_argument("table point " + std::to_string(i) +
                                  " needs a finite time and a positive length");
    }
    if (i > 0 && !(points[i].first > points[i - 1].first)) {
      throw std::invalid_argument("table times must increase strictly (point " + std::to_string(i) +
                                  ")");
    }
  }
  CableLength law;
  law.is_table_ = true;
  const std::size_t n = points.size();
  for (const auto& [t, L] : points) {
    law.times_.push_back(t);
    law.lengths_.push_back(L);
  }
  // Natural spline: tridiagonal system for the knot second derivatives (Thomas algorithm).
  std::vector<double> M(n, 0.0), diag(n, 1.0), upper(n, 0.0), rhs(n, 0.0);
  const std::vector<double>& x = law.times_;
  const std::vector<double>& y = law.lengths_;
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
  law.second_derivatives_ = M;
  return law;
}

CableLength::Value CableLength::at(double t) const { return is_table_ ? tableAt(t) : rampAt(t); }

CableLength::Value CableLength::rampAt(double t) const {
  if (rate_ == 0.0 || t <= 0.0) return {initial_, 0.0, 0.0};
  if (t >= ramp_time_) {
    // ∫₀¹ (3x² − 2x³) dx = ½: the ramp covers half the distance of full speed.
    return {initial_ + rate_ * (0.5 * ramp_time_ + (t - ramp_time_)), rate_, 0.0};
  }
  const double x = t / ramp_time_;
  const double integral = x * x * x - 0.5 * x * x * x * x;  // ∫₀ˣ (3s² − 2s³) ds
  return {initial_ + rate_ * ramp_time_ * integral, rate_ * (3.0 * x * x - 2.0 * x * x * x),
          rate_ * (6.0 * x - 6.0 * x * x) / ramp_time_};
}

CableLength::Value CableLength::tableAt(double t) const {
  const std::vector<double>& x = times_;
  const std::vector<double>& y = lengths_;
  const std::vector<double>& M = second_derivatives_;
  const std::size_t n = x.size();
  auto slopeAt = [&](std::size_t i, bool left_end) {
    const std::size_t a = left_end ? i : i - 1, b = a + 1;
    const double h = x[b] - x[a];
    const double secant = (y[b] - y[a]) / h;
    return left_end ? secant - h * (2.0 * M[a] + M[b]) / 6.0
                    : secant + h * (M[a] + 2.0 * M[b]) / 6.0;
  };
  if (t <= x.front()) {
    const double s = slopeAt(0, true);
    return {y.front() + s * (t - x.front()), s, 0.0};
  }
  if (t >= x.back()) {
    const double s = slopeAt(n - 1, false);
    return {y.back() + s * (t - x.back()), s, 0.0};
  }
  const std::size_t b = std::upper_bound(x.begin(), x.end(), t) - x.begin();
  const std::size_t a = b - 1;
  const double h = x[b] - x[a];
  const double A = (x[b] - t) / h, B = (t - x[a]) / h;
  const double L =
      A * y[a] + B * y[b] + ((A * A * A - A) * M[a] + (B * B * B - B) * M[b]) * h * h / 6.0;
  const double Ld = (y[b] - y[a]) / h - (3.0 * A * A - 1.0) / 6.0 * h * M[a] +
                    (3.0 * B * B - 1.0) / 6.0 * h * M[b];
  const double Ldd = A * M[a] + B * M[b];
  return {L, Ld, Ldd};
}

}  // namespace contactsim
