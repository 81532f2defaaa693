#include "generator/through_hole.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace contactsim::models {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

using Surface = std::function<Vec3(double p, double s)>;

// Solves surface(p, s) = target(zeta) for (p, s, zeta) by Newton's method with a central
// difference Jacobian; x holds the starting guess and receives the solution.
bool solve(const Surface& surface, const std::function<Vec3(double)>& target, Vec3& x) {
  const auto residual = [&](const Vec3& v) { return Vec3(surface(v[0], v[1]) - target(v[2])); };
  Vec3 r = residual(x);
  for (int iteration = 0; iteration < 60; ++iteration) {
    if (r.norm() < 1e-12) return true;
    Mat3 jacobian;
    for (int k = 0; k < 3; ++k) {
      const double h = 1e-7 * std::max(1.0, std::abs(x[k]));
      Vec3 plus = x, minus = x;
      plus[k] += h;
      minus[k] -= h;
      jacobian.col(k) = (residual(plus) - residual(minus)) / (2.0 * h);
    }
    const Vec3 step = jacobian.fullPivLu().solve(-r);
    if (!step.allFinite()) return false;
    // Backtracking keeps the iteration from leaping off the side's smooth range.
    double t = 1.0;
    for (int halving = 0; halving < 30; ++halving, t *= 0.5) {
      const Vec3 next = x + t * step;
      const Vec3 rn = residual(next);
      if (rn.allFinite() && rn.norm() < r.norm()) {
        x = next;
        r = rn;
        break;
      }
    }
    if (t < 1e-8) return r.norm() < 1e-9;
  }
  return r.norm() < 1e-10;
}

// Angle of a parameter offset about the rim centre, measured in the tangent plane (so the
// parameters' scaling does not distort it); increases counter-clockwise seen from outside.
struct AngleGauge {
  Eigen::Matrix<double, 3, 2> jacobian;
  Vec3 t1, t2;
  Eigen::Vector2d centre;
  AngleGauge(const Surface& surface, const Eigen::Vector2d& c) : centre(c) {
    const double hp = 1e-6 * std::max(1.0, std::abs(c[0]));
    const double hs = 1e-6 * std::max(1.0, std::abs(c[1]));
    jacobian.col(0) = (surface(c[0] + hp, c[1]) - surface(c[0] - hp, c[1])) / (2 * hp);
    jacobian.col(1) = (surface(c[0], c[1] + hs) - surface(c[0], c[1] - hs)) / (2 * hs);
    const Vec3 n = jacobian.col(0).cross(jacobian.col(1)).normalized();
    t1 = jacobian.col(0).normalized();
    t2 = n.cross(t1);
  }
  double operator()(const Eigen::Vector2d& param) const {
    const Vec3 v = jacobian * (param - centre);
    return std::atan2(v.dot(t2), v.dot(t1));
  }
};

double unwrapNear(double angle, double reference) {
  return angle + kTwoPi * std::round((reference - angle) / kTwoPi);
}

struct RimPoint {
  double theta, zeta;
  Eigen::Vector2d param;
};

// For each window boundary vertex, the rim point on the same ray from the rim centre.
std::vector<RimPoint> matchRim(const WindowLoop& loop, const Rim& rim, const TubeSpec& tube,
                               int& theta_sense) {
  const AngleGauge gauge(loop.surface, rim.centre);
  const std::size_t n = rim.theta.size();
  std::vector<double> phi(n);
  phi[0] = gauge(rim.params[0]);
  for (std::size_t k = 1; k < n; ++k) phi[k] = unwrapNear(gauge(rim.params[k]), phi[k - 1]);
  const double turn = unwrapNear(gauge(rim.params[0]), phi[n - 1] + kTwoPi / n) - phi[0];
  const double sense = turn > 0 ? 1.0 : -1.0;  // phi grows with theta or against it
  if (std::abs(std::abs(turn) - kTwoPi) > 1e-6) throw std::runtime_error("rim is not a loop");
  for (std::size_t k = 1; k < n; ++k) {
    if ((phi[k] - phi[k - 1]) * sense <= 0) {
      throw std::runtime_error("rim is not star-shaped about its centre");
    }
  }
  theta_sense = sense > 0 ? 1 : -1;
  std::vector<RimPoint> out;
  double previous_phi = 0.0;
  for (std::size_t m = 0; m < loop.ids.size(); ++m) {
    double target = gauge(loop.params[m]);
    // Bring target into the sampled range [phi0, phi0 + 2 pi) (or its mirror).
    target =
        phi[0] + sense * std::fmod(std::fmod(sense * (target - phi[0]), kTwoPi) + kTwoPi, kTwoPi);
    std::size_t k = 0;
    while (k + 1 < n && (phi[k + 1] - target) * sense <= 0) ++k;
    const double phi_next = (k + 1 < n) ? phi[k + 1] : phi[0] + sense * kTwoPi;
    const double theta_next = (k + 1 < n) ? rim.theta[k + 1] : rim.theta[0] + kTwoPi;
    const double f = (target - phi[k]) / (phi_next - phi[k]);
    const double theta = rim.theta[k] + f * (theta_next - rim.theta[k]);
    Vec3 x(rim.params[k][0], rim.params[k][1], rim.zeta[k]);
    if (!solve(
            loop.surface, [&](double z) { return tube.wallPoint(theta, z); }, x)) {
      throw std::runtime_error("rim point solve failed");
    }
    out.push_back({theta, x[2], Eigen::Vector2d(x[0], x[1])});
    const double phi_m = gauge(out.back().param);
    if (m > 0 && (unwrapNear(phi_m, previous_phi) - previous_phi) <= 0) {
      throw std::runtime_error("window boundary and rim do not turn together");
    }
    previous_phi = phi_m;
  }
  return out;
}

}  // namespace

Vec3 TubeSpec::wallPoint(double theta, double zeta) const {
  return origin + zeta * axis +
         radius(theta, zeta) * (std::cos(theta) * e1 + std::sin(theta) * e2());
}

Eigen::Vector2d Rim::lo() const {
  Eigen::Vector2d v = params.front();
  for (const auto& p : params) v = v.cwiseMin(p);
  return v;
}

Eigen::Vector2d Rim::hi() const {
  Eigen::Vector2d v = params.front();
  for (const auto& p : params) v = v.cwiseMax(p);
  return v;
}

Rim traceRim(const Surface& surface, Eigen::Vector2d guess, const TubeSpec& tube, int samples) {
  Rim rim;
  Vec3 x(guess[0], guess[1], (surface(guess[0], guess[1]) - tube.origin).dot(tube.axis));
  if (!solve(
          surface, [&](double z) { return Vec3(tube.origin + z * tube.axis); }, x)) {
    throw std::runtime_error("tube axis does not meet the surface");
  }
  rim.centre = Eigen::Vector2d(x[0], x[1]);
  rim.centre_zeta = x[2];
  // March out from the axis to the wall at theta = 0, then around.
  for (int step = 1; step <= 8; ++step) {
    const double f = step / 8.0;
    if (!solve(
            surface,
            [&](double z) {
              return Vec3(tube.origin + z * tube.axis + f * tube.radius(0.0, z) * tube.e1);
            },
            x)) {
      throw std::runtime_error("tube wall does not meet the surface");
    }
  }
  for (int k = 0; k < samples; ++k) {
    const double theta = kTwoPi * k / samples;
    if (!solve(
            surface, [&](double z) { return tube.wallPoint(theta, z); }, x)) {
      throw std::runtime_error("rim trace failed");
    }
    rim.theta.push_back(theta);
    rim.zeta.push_back(x[2]);
    rim.params.emplace_back(x[0], x[1]);
  }
  return rim;
}

Eigen::Vector2d nearestNodeToAxis(const Loft& loft, int side, const TubeSpec& tube) {
  const LoftSpec& spec = loft.spec();
  double best = std::numeric_limits<double>::infinity();
  Eigen::Vector2d out = Eigen::Vector2d::Zero();
  for (const AroundNode& n : spec.around) {
    if (n.side != side) continue;
    for (const double s : spec.along) {
      const Vec3 d = spec.surface(side, n.p, s) - tube.origin;
      const double distance = (d - d.dot(tube.axis) * tube.axis).norm();
      if (distance < best) {
        best = distance;
        out = Eigen::Vector2d(n.p, s);
      }
    }
  }
  return out;
}

void addThroughHole(MeshBuilder& builder, const WindowLoop& a, const Rim& rim_a,
                    const WindowLoop& b, const Rim& rim_b, const TubeSpec& tube) {
  const std::size_t n = a.ids.size();
  if (b.ids.size() != n) throw std::invalid_argument("hole windows differ in perimeter");
  int sense_a = 0, sense_b = 0;
  const std::vector<RimPoint> points_a = matchRim(a, rim_a, tube, sense_a);
  std::vector<RimPoint> points_b = matchRim(b, rim_b, tube, sense_b);
  if (sense_a == sense_b) throw std::invalid_argument("hole windows face the same way");

  // Annuli: rings from the window boundary to the rim, interpolated in parameter space.
  const auto annulus = [&](const WindowLoop& loop, const std::vector<RimPoint>& points) {
    double boundary = 0.0, radial = 0.0;
    for (std::size_t m = 0; m < n; ++m) {
      boundary += (builder.vertex(loop.ids[(m + 1) % n]) - builder.vertex(loop.ids[m])).norm();
      radial += (loop.surface(points[m].param[0], points[m].param[1]) - builder.vertex(loop.ids[m]))
                    .norm();
    }
    const int rings = std::max(1, static_cast<int>(std::lround(radial / boundary)));
    std::vector<std::int32_t> outer = loop.ids, inner(n);
    for (int r = 1; r <= rings; ++r) {
      const double f = static_cast<double>(r) / rings;
      for (std::size_t m = 0; m < n; ++m) {
        const Eigen::Vector2d q = (1 - f) * loop.params[m] + f * points[m].param;
        inner[m] = builder.addVertex(r == rings ? tube.wallPoint(points[m].theta, points[m].zeta)
                                                : loop.surface(q[0], q[1]));
      }
      builder.addStrip(outer, inner, true);
      outer = inner;
    }
    return outer;  // the rim's vertices, in the loop's order
  };
  const std::vector<std::int32_t> ring_a = annulus(a, points_a);
  std::vector<std::int32_t> ring_b = annulus(b, points_b);

  // Put b's rim in a's angular order, then align the starts.
  std::reverse(ring_b.begin(), ring_b.end());
  std::reverse(points_b.begin(), points_b.end());
  std::size_t best_shift = 0;
  double best_cost = std::numeric_limits<double>::infinity();
  for (std::size_t shift = 0; shift < n; ++shift) {
    double cost = 0.0;
    for (std::size_t m = 0; m < n; ++m) {
      const double d = points_b[(m + shift) % n].theta - points_a[m].theta;
      cost += std::abs(unwrapNear(d, 0.0));
    }
    if (cost < best_cost) {
      best_cost = cost;
      best_shift = shift;
    }
  }
  std::rotate(ring_b.begin(), ring_b.begin() + best_shift, ring_b.end());
  std::rotate(points_b.begin(), points_b.begin() + best_shift, points_b.end());

  double rim_length = 0.0, longest = 0.0;
  for (std::size_t m = 0; m < n; ++m) {
    rim_length += (builder.vertex(ring_a[(m + 1) % n]) - builder.vertex(ring_a[m])).norm();
    longest = std::max(longest, (builder.vertex(ring_b[m]) - builder.vertex(ring_a[m])).norm());
  }
  const double spacing = tube.ring_spacing > 0 ? tube.ring_spacing : rim_length / n;
  const int rings = std::max(1, static_cast<int>(std::ceil(longest / spacing)));
  std::vector<std::int32_t> outer = ring_a, inner(n);
  for (int r = 1; r <= rings; ++r) {
    if (r == rings) {
      inner = ring_b;
    } else {
      const double f = static_cast<double>(r) / rings;
      for (std::size_t m = 0; m < n; ++m) {
        const double theta_b =
            points_a[m].theta + unwrapNear(points_b[m].theta - points_a[m].theta, 0.0);
        const double theta = (1 - f) * points_a[m].theta + f * theta_b;
        const double zeta = (1 - f) * points_a[m].zeta + f * points_b[m].zeta;
        inner[m] = builder.addVertex(tube.wallPoint(theta, zeta));
      }
    }
    builder.addStrip(outer, inner, true);
    outer = inner;
  }
}

HolePlan planHole(const Loft& loft, int side_a, int side_b, const TubeSpec& tube, int margin) {
  HolePlan plan;
  plan.tube = tube;
  const auto surface = [&](int side) {
    const LoftSurface s = loft.spec().surface;
    return [s, side](double p, double q) { return s(side, p, q); };
  };
  plan.rim_a = traceRim(surface(side_a), nearestNodeToAxis(loft, side_a, tube), tube);
  plan.rim_b = traceRim(surface(side_b), nearestNodeToAxis(loft, side_b, tube), tube);
  const auto fit = [&](int side, const Rim& rim) {
    return loft.windowAround(side, rim.lo()[0], rim.hi()[0], rim.lo()[1], rim.hi()[1], margin);
  };
  plan.window_a = fit(side_a, plan.rim_a);
  plan.window_b = fit(side_b, plan.rim_b);
  const int difference = plan.window_a.perimeter() - plan.window_b.perimeter();
  if (difference > 0) plan.window_b = loft.grow(plan.window_b, difference / 2);
  if (difference < 0) plan.window_a = loft.grow(plan.window_a, -difference / 2);
  return plan;
}

}  // namespace contactsim::models
