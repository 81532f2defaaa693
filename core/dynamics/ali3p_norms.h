// Helpers the ALI3-P integrator's files share (ali3p_integrator.cpp, ali3p_step_control.cpp):
// the max norm its convergence and error tests use, and numbers in its one-line failures.
#pragma once

#include <Eigen/Core>
#include <cstdio>
#include <string>

namespace contactsim::ali3p {

// Of an expression too, evaluated without a temporary vector.
template <typename Derived>
double maxNorm(const Eigen::MatrixBase<Derived>& v) {
  return v.size() ? v.template lpNorm<Eigen::Infinity>() : 0.0;
}

inline std::string formatReal(double value, int digits = 9) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

}  // namespace contactsim::ali3p
