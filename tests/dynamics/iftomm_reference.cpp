#include "iftomm_reference.h"

#include <cmath>

namespace contactsim::test {

std::vector<double> integrateOneDof(const std::function<double(double, double)>& acceleration,
                                    double theta0, double rate0, double end, double sample) {
  constexpr int kStepsPerSample = 100;
  const double h = sample / kStepsPerSample;
  const auto samples = static_cast<int>(std::lround(end / sample));
  std::vector<double> theta{theta0};
  double x = theta0, v = rate0;
  for (int s = 0; s < samples; ++s) {
    for (int i = 0; i < kStepsPerSample; ++i) {
      const double k1x = v, k1v = acceleration(x, v);
      const double k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, k2x);
      const double k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, k3x);
      const double k4x = v + h * k3v, k4v = acceleration(x + h * k3x, k4x);
      x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
      v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    }
    theta.push_back(x);
  }
  return theta;
}

std::vector<double> fourBarTipX(int n, double g, double end, double sample) {
  const double inertia = (n + 1) / 3.0 + n, moment = g * ((n + 1) / 2.0 + n);
  std::vector<double> x =
      integrateOneDof([&](double theta, double) { return -moment * std::cos(theta) / inertia; },
                      M_PI / 2, -1.0, end, sample);
  for (double& value : x) value = std::cos(value);
  return x;
}

}  // namespace contactsim::test
