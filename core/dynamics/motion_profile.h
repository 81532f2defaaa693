// A prescribed joint motion x(t) — an angle θ(t) (rad) or a displacement s(t) (m) — twice
// continuously differentiable after t = 0, for the rheonomic drive constraints Φ(q, t) = 0
// (García de Jalón & Bayo 1994, §3.4 "driving constraints"; docs/dynamics.md, "Joint drives").
#pragma once

#include <utility>
#include <vector>

namespace contactsim {

class MotionProfile {
 public:
  struct Value {
    double position;      // x
    double rate;          // ẋ
    double acceleration;  // ẍ
  };

  // x = v·t: constant speed from t = 0 (the start projects the initial velocities onto it).
  static MotionProfile speed(double rate) { return ramp(rate, 0.0); }
  // ẋ rises from 0 to `rate` over `ramp_time` along the smoothstep 3u² − 2u³ (u = t/ramp_time), so
  // ẍ is continuous; then ẋ = rate. ramp_time = 0 is constant speed. x(0) = 0. Throws
  // std::invalid_argument for non-finite values or ramp_time < 0.
  static MotionProfile ramp(double rate, double ramp_time);
  // Natural cubic spline through (t_i, x_i) (C², zero ẍ at both ends), continued linearly beyond
  // the ends. Throws std::invalid_argument unless there are ≥ 2 finite points with strictly
  // increasing times.
  static MotionProfile table(std::vector<std::pair<double, double>> points);

  Value at(double t) const;

 private:
  MotionProfile() = default;
  Value rampAt(double t) const;
  Value tableAt(double t) const;

  bool is_table_ = false;
  double rate_ = 0.0, ramp_time_ = 0.0;
  std::vector<double> times_, positions_, second_derivatives_;
};

}  // namespace contactsim
