// Prescribed cable length L(t), twice continuously differentiable in time: a constant, a
// smoothstep ramp of L̇ from an initial length, or a spline table of lengths — a MotionProfile
// (the drives' x(t)) offset by the initial length.
#pragma once

#include <utility>
#include <vector>

#include "dynamics/motion_profile.h"

namespace contactsim {

class CableLength {
 public:
  struct Value {
    double length;        // L
    double rate;          // L̇
    double acceleration;  // L̈
  };

  // L̇ goes from 0 to `rate` over `ramp_time` with the smoothstep 3x² − 2x³ (x = t/ramp_time), so
  // L̈ is continuous and L is C²; afterwards L̇ = rate. Throws std::invalid_argument when
  // rate ≠ 0 and ramp_time ≤ 0, or when initial ≤ 0.
  static CableLength ramp(double initial, double rate, double ramp_time);
  // Natural cubic spline through (t_i, L_i) (C², zero L̈ at both ends), extended linearly beyond
  // the ends (still C²). Throws std::invalid_argument unless there are ≥ 2 points with strictly
  // increasing times and positive lengths.
  static CableLength table(std::vector<std::pair<double, double>> points);
  static CableLength constant(double length) { return ramp(length, 0.0, 0.0); }

  Value at(double t) const;

 private:
  CableLength(double initial, MotionProfile profile)
      : initial_(initial), profile_(std::move(profile)) {}

  double initial_;  // added to the profile's x (0 for a table, whose x are the lengths)
  MotionProfile profile_;
};

}  // namespace contactsim
