#include "generator/rounded_rect.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace contactsim::models {

Eigen::Vector2d RoundedRect::point(int side, double p) const {
  const double fu = hu - radius, fv = hv - radius;
  switch (side) {
    case 0:
      return {p * fu, -hv};
    case 2:
      return {hu, p * fv};
    case 4:
      return {-p * fu, hv};
    case 6:
      return {-hu, -p * fv};
    default:
      break;
  }
  // Corner k (1, 3, 5, 7) follows flat k - 1; p is the angle on the quarter circle.
  static constexpr double kSign[4][2] = {{1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
  const int k = side / 2;
  const Eigen::Vector2d centre(kSign[k][0] * fu, kSign[k][1] * fv);
  return centre + radius * Eigen::Vector2d(std::cos(p), std::sin(p));
}

double RoundedRect::radial(double theta) const {
  const Eigen::Vector2d d(std::cos(theta), std::sin(theta));
  const double tu = std::abs(d.x()) > 1e-300 ? hu / std::abs(d.x()) : 1e300;
  const double tv = std::abs(d.y()) > 1e-300 ? hv / std::abs(d.y()) : 1e300;
  const double t = std::min(tu, tv);
  const Eigen::Vector2d q = t * d;
  const double fu = hu - radius, fv = hv - radius;
  if (std::abs(q.x()) <= fu || std::abs(q.y()) <= fv) return t;
  const Eigen::Vector2d c(std::copysign(fu, d.x()), std::copysign(fv, d.y()));
  const double b = d.dot(c);
  return b + std::sqrt(std::max(0.0, b * b - c.squaredNorm() + radius * radius));
}

std::vector<AroundNode> roundedRectAround(int nu, int nv, int nc) {
  std::vector<AroundNode> out;
  const double half_pi = std::numbers::pi / 2;
  for (int side = 0; side < 8; ++side) {
    const bool flat = side % 2 == 0;
    const int cells = flat ? (side % 4 == 0 ? nu : nv) : nc;
    // Corner after flat k starts at angle -pi/2 + (k/2) * pi/2 (bottom-right corner: -90..0).
    const double a0 = -half_pi + (side / 2) * half_pi;
    for (int i = flat ? 0 : 1; i < cells + (flat ? 1 : 0); ++i) {
      const double f = static_cast<double>(i) / cells;
      out.push_back({side, flat ? -1.0 + 2.0 * f : a0 + f * half_pi});
    }
  }
  return out;
}

}  // namespace contactsim::models
