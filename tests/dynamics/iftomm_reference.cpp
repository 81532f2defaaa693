#include "iftomm_reference.h"

#include <Eigen/Dense>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include <initializer_list>
#include <utility>
#include "scene/scene_reader.h"

namespace contactsim::test {

Scene readBenchmarkScene(const std::string& file) {
  const auto path =
      std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/benchmarks" / file;
  return readScene(path, [](const SceneMesh&) -> TriMesh {
    throw std::runtime_error("the benchmarks have no meshes");
  });
}

int benchmarkBody(const Scene& scene, const std::string& name) {
  const int index = bodyIndex(scene, name);
  if (index < 0) throw std::invalid_argument("no body " + name + " in the benchmark scene");
  return index;
}

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

std::vector<double> fourBarTipX(int n, double g, double crank_inertia, double end, double sample) {
  const double inertia = (n + 1) * (crank_inertia + 0.25) + n, moment = g * ((n + 1) / 2.0 + n);
  std::vector<double> x =
      integrateOneDof([&](double theta, double) { return -moment * std::cos(theta) / inertia; },
                      M_PI / 2, -1.0, end, sample);
  for (double& value : x) value = std::cos(value);
  return x;
}

std::vector<double> fourBarTipX(const Scene& scene, int n, double g, double sample) {
  const double crank_inertia =
      scene.bodies[static_cast<std::size_t>(benchmarkBody(scene, "crank0"))].mass.inertia(2, 2);
  return fourBarTipX(n, g, crank_inertia, scene.end_time, sample);
}

}  // namespace contactsim::test

namespace contactsim::test {

namespace {

using Vec7 = Eigen::Matrix<double, 7, 1>;
using Jac = Eigen::Matrix<double, 2, 7>;

// ℓ·(cos ψ, sin ψ) with ψ = cᵀq + ψ0.
struct Arm {
  double length;
  Vec7 c;
  double offset;
};

// A planar point (or a difference of points) affine in arms.
struct PlanarPoint {
  Eigen::Vector2d base = Eigen::Vector2d::Zero();
  std::vector<Arm> arms;

  Eigen::Vector2d value(const Vec7& q) const {
    Eigen::Vector2d x = base;
    for (const Arm& a : arms) {
      const double psi = a.c.dot(q) + a.offset;
      x += a.length * Eigen::Vector2d(std::cos(psi), std::sin(psi));
    }
    return x;
  }
  Jac jacobian(const Vec7& q) const {
    Jac j = Jac::Zero();
    for (const Arm& a : arms) {
      const double psi = a.c.dot(q) + a.offset;
      j += a.length * Eigen::Vector2d(-std::sin(psi), std::cos(psi)) * a.c.transpose();
    }
    return j;
  }
  // J̇ q̇.
  Eigen::Vector2d bias(const Vec7& q, const Vec7& qdot) const {
    Eigen::Vector2d b = Eigen::Vector2d::Zero();
    for (const Arm& a : arms) {
      const double psi = a.c.dot(q) + a.offset, rate = a.c.dot(qdot);
      b -= a.length * rate * rate * Eigen::Vector2d(std::cos(psi), std::sin(psi));
    }
    return b;
  }
};

PlanarPoint operator+(PlanarPoint a, const PlanarPoint& b) {
  a.base += b.base;
  a.arms.insert(a.arms.end(), b.arms.begin(), b.arms.end());
  return a;
}
PlanarPoint operator-(const PlanarPoint& a, PlanarPoint b) {
  b.base = -b.base;
  for (Arm& arm : b.arms) arm.length = -arm.length;
  return a + b;
}
PlanarPoint fixedPoint(double x, double y) { return {Eigen::Vector2d(x, y), {}}; }
// ℓ along the angle Σ_k coefficient_k q_k + offset.
PlanarPoint arm(double length, std::initializer_list<std::pair<int, double>> angle,
                double offset = 0.0) {
  Vec7 c = Vec7::Zero();
  for (const auto& [k, coefficient] : angle) c[k] = coefficient;
  return {Eigen::Vector2d::Zero(), {Arm{length, c, offset}}};
}

struct PlanarBody {
  double mass, inertia;
  PlanarPoint com;
  Vec7 angle;  // the body's absolute angle is angleᵀq
};

enum : int { kBeta, kTheta, kGamma, kPhi, kDelta, kOmega, kEpsilon };

class Andrews {
 public:
  Andrews() {
    // Hairer & Wanner's data (SI).
    const double m[] = {0.04325, 0.00365, 0.02373, 0.00706, 0.07050, 0.00706, 0.05498};
    const double in[] = {2.194e-6, 4.410e-7, 5.255e-6, 5.667e-7, 1.169e-5, 5.667e-7, 1.912e-5};
    const double xa = -0.06934, ya = -0.00227, xb = -0.03635, yb = 0.03273;
    const double rr = 0.007, ra = 0.00092, d = 0.028, da = 0.0115, e = 0.02, ea = 0.01421;
    const double zf = 0.02, zt = 0.04, fa = 0.01421, ss = 0.035, sa = 0.01874, sb = 0.01043;
    const double sc = 0.018, sd = 0.02, ta = 0.02308, tb = 0.00916, u = 0.04, ua = 0.01228;
    const double ub = 0.00449;
    const double down = -M_PI / 2;  // (sin ψ, −cos ψ) = (cos(ψ − π/2), sin(ψ − π/2))
    const PlanarPoint a = fixedPoint(xa, ya), b = fixedPoint(xb, yb);
    const PlanarPoint f = arm(rr, {{kBeta, 1}});
    const PlanarPoint g = a + arm(zt, {{kDelta, 1}});
    const PlanarPoint h = a + arm(u, {{kEpsilon, 1}}, down);
    const PlanarPoint e2 = f + arm(-d, {{kBeta, 1}, {kTheta, 1}});
    const PlanarPoint e3 = b + arm(ss, {{kGamma, 1}}, down);
    const PlanarPoint e4 = g + arm(e, {{kPhi, 1}, {kDelta, 1}}, down);
    const PlanarPoint e6 = h + arm(zf, {{kOmega, 1}, {kEpsilon, 1}});
    loops_ = {e2 - e3, e2 - e4, e2 - e6};
    spring_point_ = b + arm(sd, {{kGamma, 1}}) + arm(sc, {{kGamma, 1}}, down);
    auto angle = [](std::initializer_list<int> ks) {
      Vec7 c = Vec7::Zero();
      for (int k : ks) c[k] = 1.0;
      return c;
    };
    bodies_ = {
        {m[0], in[0], arm(ra, {{kBeta, 1}}), angle({kBeta})},
        {m[1], in[1], f + arm(-da, {{kBeta, 1}, {kTheta, 1}}), angle({kBeta, kTheta})},
        {m[2], in[2], b + arm(sa, {{kGamma, 1}}, down) + arm(sb, {{kGamma, 1}}), angle({kGamma})},
        {m[3], in[3], g + arm(e - ea, {{kPhi, 1}, {kDelta, 1}}, down), angle({kPhi, kDelta})},
        {m[4], in[4], a + arm(ta, {{kDelta, 1}}) + arm(tb, {{kDelta, 1}}, M_PI / 2),
         angle({kDelta})},
        {m[5], in[5], h + arm(zf - fa, {{kOmega, 1}, {kEpsilon, 1}}), angle({kOmega, kEpsilon})},
        {m[6], in[6], a + arm(ua, {{kEpsilon, 1}}, down) + arm(ub, {{kEpsilon, 1}}),
         angle({kEpsilon})},
    };
  }

  Vec7 acceleration(const Vec7& q, const Vec7& qdot) const {
    constexpr double kTorque = 0.033, kSpring = 4530.0, kRest = 0.07785;
    const Eigen::Vector2d c(0.014, 0.072);
    Eigen::Matrix<double, 13, 13> a = Eigen::Matrix<double, 13, 13>::Zero();
    Eigen::Matrix<double, 13, 1> rhs = Eigen::Matrix<double, 13, 1>::Zero();
    for (const PlanarBody& body : bodies_) {
      const Jac j = body.com.jacobian(q);
      a.topLeftCorner<7, 7>() +=
          body.mass * j.transpose() * j + body.inertia * body.angle * body.angle.transpose();
      rhs.head<7>() -= body.mass * j.transpose() * body.com.bias(q, qdot);
    }
    rhs[kBeta] += kTorque;
    const Eigen::Vector2d stretch = spring_point_.value(q) - c;
    const double length = stretch.norm();
    const Eigen::Vector2d force = -kSpring * (length - kRest) / length * stretch;
    rhs.head<7>() += spring_point_.jacobian(q).transpose() * force;
    for (int i = 0; i < 3; ++i) {
      const Jac j = loops_[i].jacobian(q);
      a.block<2, 7>(7 + 2 * i, 0) = j;
      a.block<7, 2>(0, 7 + 2 * i) = j.transpose();
      rhs.segment<2>(7 + 2 * i) = -loops_[i].bias(q, qdot);
    }
    return a.partialPivLu().solve(rhs).head<7>();
  }

 private:
  std::vector<PlanarBody> bodies_;
  std::vector<PlanarPoint> loops_;
  PlanarPoint spring_point_;
};

}  // namespace

std::vector<double> andrewsBeta(double end, double sample, int steps_per_sample) {
  const Andrews model;
  Vec7 q, v = Vec7::Zero();
  q << -0.0617138900142764496358948458001, 0.0, 0.455279819163070380255912382449,
      0.222668390165885884674473185609, 0.487364979543842550225598953530,
      -0.222668390165885884674473185609, 1.23054744454982119249735015568;
  const double h = sample / steps_per_sample;
  const auto samples = static_cast<int>(std::lround(end / sample));
  std::vector<double> beta{q[kBeta]};
  for (int s = 0; s < samples; ++s) {
    for (int i = 0; i < steps_per_sample; ++i) {
      const Vec7 k1q = v, k1v = model.acceleration(q, v);
      const Vec7 k2q = v + 0.5 * h * k1v, k2v = model.acceleration(q + 0.5 * h * k1q, k2q);
      const Vec7 k3q = v + 0.5 * h * k2v, k3v = model.acceleration(q + 0.5 * h * k2q, k3q);
      const Vec7 k4q = v + h * k3v, k4v = model.acceleration(q + h * k3q, k4q);
      q += h / 6.0 * (k1q + 2.0 * k2q + 2.0 * k3q + k4q);
      v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    }
    beta.push_back(q[kBeta]);
  }
  return beta;
}

std::vector<double> governorSleeve(double g, double end, double sample) {
  // Library data.
  constexpr double kDensity = 3000.0, kBar = 1.0, kWidth = 0.01, kCube = 0.1, kBall = 5.0;
  constexpr double kStiffness = 8e5, kDamping = 4e4, kRest = 0.5, kPivot = 0.05, kHeight = 1.0;
  const double bar_mass = kDensity * kBar * kWidth * kWidth;
  const double sleeve_mass = kDensity * kCube * kCube * kCube;
  // One arm with its ball: mass, centre of mass at `reach` from the pivot, moments about that
  // centre along the arm (axial) and across it.
  const double mass = bar_mass + kBall;
  const double reach = (bar_mass * 0.5 * kBar + kBall * kBar) / mass;
  const double axial = bar_mass * 2.0 * kWidth * kWidth / 12.0;
  const double across = bar_mass * (kBar * kBar + kWidth * kWidth) / 12.0 +
                        bar_mass * std::pow(0.5 * kBar - reach, 2) +
                        kBall * std::pow(kBar - reach, 2);
  // Spin inertia of the spindle and the sleeve about the vertical.
  const double spin_fixed =
      bar_mass * 2.0 * kWidth * kWidth / 12.0 + sleeve_mass * 2.0 * kCube * kCube / 12.0;
  // Per arm, T = ½ B θ̇² + ½ A(θ) φ̇² with the arm's direction (sin θ, 0, −cos θ) in the frame
  // turning with the spindle, whose angular velocity has components −φ̇ cos θ along the arm and
  // φ̇ sin θ across it in the vertical plane.
  const double b_moment = mass * reach * reach + across;
  auto a_of = [&](double th) {
    const double r = kPivot + reach * std::sin(th);
    return mass * r * r + axial * std::cos(th) * std::cos(th) +
           across * std::sin(th) * std::sin(th);
  };
  auto a_prime = [&](double th) {
    return 2.0 * mass * (kPivot + reach * std::sin(th)) * reach * std::cos(th) +
           2.0 * (across - axial) * std::sin(th) * std::cos(th);
  };
  auto spin_inertia = [&](double th) { return spin_fixed + 2.0 * a_of(th); };
  double theta = M_PI / 2 - M_PI / 6, s = 0.5, theta_rate = 0.0, s_rate = 0.0;
  const double momentum = spin_inertia(theta) * 2.0 * M_PI;
  // (θ̈, s̈) from Lagrange's equations; the spring runs from (a, 0, s) to the arm's midpoint
  // (a + ½ sin θ, 0, H − ½ cos θ) in the turning frame.
  auto accelerations = [&](double th, double th_rate, double sl, double sl_rate) {
    const double phi_rate = momentum / spin_inertia(th);
    const double dx = 0.5 * kBar * std::sin(th), dz = kHeight - 0.5 * kBar * std::cos(th) - sl;
    const double length = std::hypot(dx, dz);
    const double dl_dth =
        (dx * 0.5 * kBar * std::cos(th) + dz * 0.5 * kBar * std::sin(th)) / length;
    const double dl_ds = -dz / length;
    const double force =
        kStiffness * (length - kRest) + kDamping * (dl_dth * th_rate + dl_ds * sl_rate);
    const double th_acc = (a_prime(th) * phi_rate * phi_rate -
                           2.0 * mass * g * reach * std::sin(th) - 2.0 * force * dl_dth) /
                          (2.0 * b_moment);
    const double sl_acc = (-sleeve_mass * g - 2.0 * force * dl_ds) / sleeve_mass;
    return std::pair{th_acc, sl_acc};
  };
  constexpr double kStep = 1e-5;
  const auto steps_per_sample = static_cast<int>(std::lround(sample / kStep));
  const auto samples = static_cast<int>(std::lround(end / sample));
  std::vector<double> out{s};
  for (int n = 0; n < samples; ++n) {
    for (int i = 0; i < steps_per_sample; ++i) {
      const double h = kStep;
      const auto [a1, c1] = accelerations(theta, theta_rate, s, s_rate);
      const double t2 = theta_rate + 0.5 * h * a1, r2 = s_rate + 0.5 * h * c1;
      const auto [a2, c2] =
          accelerations(theta + 0.5 * h * theta_rate, t2, s + 0.5 * h * s_rate, r2);
      const double t3 = theta_rate + 0.5 * h * a2, r3 = s_rate + 0.5 * h * c2;
      const auto [a3, c3] = accelerations(theta + 0.5 * h * t2, t3, s + 0.5 * h * r2, r3);
      const double t4 = theta_rate + h * a3, r4 = s_rate + h * c3;
      const auto [a4, c4] = accelerations(theta + h * t3, t4, s + h * r3, r4);
      theta += h / 6.0 * (theta_rate + 2.0 * t2 + 2.0 * t3 + t4);
      s += h / 6.0 * (s_rate + 2.0 * r2 + 2.0 * r3 + r4);
      theta_rate += h / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
      s_rate += h / 6.0 * (c1 + 2.0 * c2 + 2.0 * c3 + c4);
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace contactsim::test
