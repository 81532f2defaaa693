// What a curved piece adds to its point force (curved_piece.h), on elements sampled from exact
// surfaces: a flat disc, a cylinder's and a sphere's caps, and a thread flank (a screw surface).
// The couple: the point force plus F_n·κ has the distributed pressure's moment. The normal-rate
// spread S: on a disc ρ²(I − mmᵀ) with ρ² = R²/4 (∫y²dA/A), as flatNormalRateSpread gives from the
// area and second moment; zero variance for the motions that
// slide a surface over itself (a turn about a cylinder's axis or a sphere's centre, the screw of a
// flank), positive for a rocking; positive semidefinite; turning with a rigid motion.
#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

#include "contact/curved_piece.h"
#include "geometry/pose.h"

using namespace contactsim;

namespace {

using Vec6 = Eigen::Matrix<double, 6, 1>;
constexpr double kPi = std::numbers::pi;

// Elements of the surface x(u, v) over [u0, u1] × [v0, v1] on an n × n grid of midpoints, each
// weighted by its area |∂x/∂u × ∂x/∂v|·du·dv, its normal that cross product's direction.
template <class Surface>
std::vector<SurfaceElement> sample(Surface x, double u0, double u1, double v0, double v1,
                                   int n = 80) {
  std::vector<SurfaceElement> out;
  const double du = (u1 - u0) / n, dv = (v1 - v0) / n, h = 1e-6;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double u = u0 + (i + 0.5) * du, v = v0 + (j + 0.5) * dv;
      const Vec3 xu = (x(u + h * du, v) - x(u - h * du, v)) / (2 * h * du);
      const Vec3 xv = (x(u, v + h * dv) - x(u, v - h * dv)) / (2 * h * dv);
      const Vec3 c = xu.cross(xv);
      out.push_back({x(u, v), c.normalized(), c.norm() * du * dv});
    }
  }
  return out;
}

// The weighted means of the elements' centroids and normals.
std::pair<Vec3, Vec3> means(const std::vector<SurfaceElement>& elements) {
  Vec3 x = Vec3::Zero(), n = Vec3::Zero();
  double w = 0.0;
  for (const SurfaceElement& e : elements) x += e.w * e.x, n += e.w * e.n, w += e.w;
  return {x / w, n / w};
}

// The normal rate's variance (v, ω)ᵀ S (v, ω) for the twist at c of a turn ω about an axis
// through o, with a slide `lead`·ω along it (a screw).
double rateVariance(const Mat6& S, const Vec3& c, const Vec3& o, const Vec3& omega,
                    double lead = 0.0) {
  Vec6 twist;
  twist << omega.cross(c - o) + lead * omega, omega;
  return twist.dot(S * twist);
}

// A thread's loaded flank: the screw surface z = P·θ/2π + (r − r₀)·tan 30° swept by a line 60°
// off the axis, over azimuth ±β and radii r₀ … r₁ (its normals 30° off the axis).
constexpr double kPitch = 0.001, kInner = 0.0034, kOuter = 0.0039;
Vec3 flank(double r, double theta) {
  return {r * std::cos(theta), r * std::sin(theta),
          kPitch * theta / (2 * kPi) + (r - kInner) * std::tan(kPi / 6)};
}

}  // namespace

TEST_CASE("a flat disc: no couple, rocking damped with rho^2 = R^2/4 about in-plane axes",
          "[curved-piece]") {
  const double R = 0.02;
  const Vec3 o(0.1, -0.2, 0.3);
  // A disc in the plane through o normal to m, m tilted off every axis.
  const Vec3 m = Vec3(0.3, -0.4, 0.866).normalized();
  const Vec3 e1 = m.unitOrthogonal(), e2 = m.cross(e1);
  const auto disc = [&](double r, double t) -> Vec3 {
    return o + r * (std::cos(t) * e1 + std::sin(t) * e2);
  };
  // Sampled with its normal from the parametrisation's orientation, m.
  std::vector<SurfaceElement> elements = sample(disc, 0.0, R, 0.0, 2 * kPi, 120);
  for (SurfaceElement& e : elements) e.n = m;
  const CurvedPieceTerms terms = curvedPieceTerms(elements, m, o);
  CHECK(terms.pressure_couple.norm() < 1e-12);
  const Mat3 expected = R * R / 4 * (Mat3::Identity() - m * m.transpose());
  CHECK((terms.normal_rate_spread.bottomRightCorner<3, 3>() - expected).norm() <
        1e-3 * expected.norm());
  // The normal is the same everywhere: no force or cross terms.
  CHECK(terms.normal_rate_spread.topRows<3>().norm() < 1e-12 * R * R);
  // What a whole region is given from its area and second moment (flatNormalRateSpread): the
  // sampled disc's, to the sampling's error; the same from the area alone (the disc's floor).
  const Mat3 in_plane = Mat3::Identity() - m * m.transpose();
  for (const Mat3& second_moment : {Mat3(R * R / 4 * in_plane), Mat3(Mat3::Zero())}) {
    const Mat6 flat = flatNormalRateSpread(kPi * R * R, second_moment, m);
    CHECK((flat - terms.normal_rate_spread).norm() < 1e-3 * expected.norm());
    CHECK((flat.bottomRightCorner<3, 3>() * m).norm() < 1e-12 * expected.norm());
  }
  CHECK(flatNormalRateSpread(0.0, R * R / 4 * in_plane, m).isZero());
}

TEST_CASE("a flat strip: its own length's moment across it, at least a disc's along it",
          "[curved-piece]") {
  // A w × L strip along u in the plane normal to m (a shaft's line on a pipe's bottom, an edge).
  const double w = 0.002, L = 0.2;
  const Vec3 o(0.4, 0.1, -0.3), m = Vec3(-0.2, 0.6, 0.77).normalized();
  const Vec3 u = m.unitOrthogonal(), across = m.cross(u);
  std::vector<SurfaceElement> elements =
      sample([&](double s, double t) -> Vec3 { return o + s * u + t * across; }, -L / 2, L / 2,
             -w / 2, w / 2, 200);
  for (SurfaceElement& e : elements) e.n = m;
  const Mat6 sampled = curvedPieceTerms(elements, m, o).normal_rate_spread;
  const Mat3 second_moment =
      L * L / 12 * u * u.transpose() + w * w / 12 * across * across.transpose();
  const Mat6 flat = flatNormalRateSpread(w * L, second_moment, m);
  // Pitching about `across` lifts the ends: the rates vary as the strip's length, L²/12, exactly
  // as the sampled covariance says.
  const auto variance = [&](const Mat6& S, const Vec3& omega) {
    return rateVariance(S, o, o, omega);
  };
  CHECK(variance(flat, across) == Approx(L * L / 12).epsilon(1e-3));
  CHECK(variance(sampled, across) == Approx(L * L / 12).epsilon(1e-3));
  // Rolling about its own line: w²/12 sampled, raised to the disc's wL/(4π).
  CHECK(variance(sampled, u) == Approx(w * w / 12).epsilon(1e-3));
  CHECK(variance(flat, u) == Approx(w * L / (4 * kPi)).epsilon(1e-12));
  // No cross term between the two axes, nothing about m.
  Vec6 pitch, roll;
  pitch << Vec3::Zero(), across;
  roll << Vec3::Zero(), u;
  CHECK(std::abs(pitch.dot(flat * roll)) < 1e-12 * L * L);
  CHECK(variance(flat, m) < 1e-12 * L * L);
}

TEST_CASE(
    "a cylinder's cap and a sphere's cap: no couple, no damping of a turn about the axis or "
    "centre",
    "[curved-piece]") {
  const double rho = 0.05, beta = 0.7;  // radius, half span of azimuth (rad)
  const Vec3 o(0.02, 0.03, -0.01);
  const auto cylinder = [&](double theta, double z) -> Vec3 {
    return o + Vec3(rho * std::cos(theta), rho * std::sin(theta), z);
  };
  const std::vector<SurfaceElement> wall = sample(cylinder, -beta, beta, -0.01, 0.01);
  const Vec3 m = Vec3::UnitX();
  const Vec3 c = means(wall).first;
  const CurvedPieceTerms on_wall = curvedPieceTerms(wall, m, c);
  CHECK(on_wall.pressure_couple.norm() < 1e-9 * rho);
  const double scale = on_wall.normal_rate_spread.norm();
  CHECK(rateVariance(on_wall.normal_rate_spread, c, o, Vec3::UnitZ()) < 1e-9 * scale);
  // Tilting the pin in its bore changes the normal rate along it.
  CHECK(rateVariance(on_wall.normal_rate_spread, c, c, Vec3::UnitY()) > 1e-6 * scale);

  const auto sphere = [&](double polar, double azimuth) -> Vec3 {
    return o + rho * Vec3(std::sin(polar) * std::cos(azimuth), std::sin(polar) * std::sin(azimuth),
                          std::cos(polar));
  };
  const std::vector<SurfaceElement> cap = sample(sphere, 0.0, 0.6, 0.0, 2 * kPi);
  const Vec3 top = means(cap).first;
  const CurvedPieceTerms on_cap = curvedPieceTerms(cap, Vec3::UnitZ(), top);
  CHECK(on_cap.pressure_couple.norm() < 1e-9 * rho);
  for (const Vec3& axis : {Vec3(Vec3::UnitX()), Vec3(Vec3(0.3, -0.5, 0.8).normalized())})
    CHECK(rateVariance(on_cap.normal_rate_spread, top, o, axis) <
          1e-9 * on_cap.normal_rate_spread.norm());
}

TEST_CASE(
    "a thread flank: the couple gives the pressure's moment about the axis, the screw is "
    "not damped",
    "[curved-piece]") {
  for (const double beta : {0.2, 0.5, 1.0}) {
    const std::vector<SurfaceElement> elements = sample(flank, kInner, kOuter, -beta, beta);
    const auto [centroid, mean_normal] = means(elements);
    const Vec3 m = mean_normal.normalized();
    const CurvedPieceTerms terms = curvedPieceTerms(elements, m, centroid);
    // F_n along m at x̄ plus F_n·κ against the distributed Σ wᵢ xᵢ × nᵢ, F_n = Σ wᵢ nᵢ·m.
    double force = 0.0;
    Vec3 moment = Vec3::Zero();
    for (const SurfaceElement& e : elements)
      force += e.w * e.n.dot(m), moment += e.w * e.x.cross(e.n);
    const Vec3 point = centroid.cross(force * m) + force * terms.pressure_couple;
    INFO("half span " << beta << " rad");
    CHECK(point.z() == Approx(moment.z()).epsilon(1e-9));
    // Without the couple the moment about the axis falls short (sin β/β)².
    CHECK(std::abs(centroid.cross(force * m).z()) < std::abs(moment.z()) * (1 - 0.1 * beta * beta));

    const Mat6& S = terms.normal_rate_spread;
    const double scale = S.norm() * kOuter * kOuter;
    CHECK(rateVariance(S, centroid, Vec3::Zero(), Vec3::UnitZ(), kPitch / (2 * kPi)) <
          1e-9 * scale);
    // A turn alone moves every point along its normal at nearly −P/2π·n_z·ω, as a uniform slide
    // does: no spread either. Tipping the nut (a turn about a radius) is met.
    CHECK(rateVariance(S, centroid, Vec3::Zero(), Vec3::UnitZ()) < 1e-3 * scale);
    CHECK(rateVariance(S, centroid, centroid, Vec3::UnitX()) > 1e-3 * scale);
  }
}

// Coulomb friction is μ times the pressure's integral ∫p dA; the piece's force F_n is the
// resultant |∫p n dA|, shorter where the normals spread. Under a uniform pressure over a cone's
// sector — normals α off its axis, azimuth ±β — the resultant keeps the axial part cos α and
// sin α·(sin β/β) of the radial one, so ∫p dA/F_n = 1/√(cos²α + sin²α·(sin β/β)²): β/sin β on a
// cylinder's arc (α = 90°), 1 on a flat face (α = 0), 1.024 on an M8 thread's flank piece of
// ±45° (α = 30°).
TEST_CASE("a curved piece presses with more than its resultant: the load friction takes",
          "[curved-piece]") {
  for (const double alpha : {0.0, kPi / 6, kPi / 3, kPi / 2}) {
    for (const double beta : {0.2, kPi / 4, 1.2}) {
      // The sector along 1 mm of the cone's generator from 3 mm off its axis z, the generator
      // α off the radial plane (so its normals are α off the axis).
      const auto cone = [&](double s, double theta) -> Vec3 {
        const double r = 0.003 + s * std::cos(alpha);
        return {r * std::cos(theta), r * std::sin(theta), s * std::sin(alpha)};
      };
      const std::vector<SurfaceElement> elements = sample(cone, 0.0, 0.001, -beta, beta);
      const auto [centroid, mean_normal] = means(elements);
      const CurvedPieceTerms terms = curvedPieceTerms(elements, mean_normal.normalized(), centroid);
      const double spread = std::sin(beta) / beta;
      const double expected =
          1.0 / std::sqrt(std::pow(std::cos(alpha), 2) + std::pow(std::sin(alpha) * spread, 2));
      INFO("normals " << alpha << " rad off the axis, azimuth ±" << beta << " rad");
      // The midpoint rule's 80 azimuth samples give sin β/β to (β/80)²/6 relative.
      CHECK(terms.pressure_per_force == Approx(expected).epsilon(1e-4));
    }
  }
}

TEST_CASE("the normal-rate spread is positive semidefinite and turns with a rigid motion",
          "[curved-piece]") {
  const std::vector<SurfaceElement> elements = sample(flank, kInner, kOuter, -0.6, 0.6, 30);
  const auto [centroid, mean_normal] = means(elements);
  const Vec3 m = mean_normal.normalized();
  const CurvedPieceTerms terms = curvedPieceTerms(elements, m, centroid);
  const Eigen::SelfAdjointEigenSolver<Mat6> eigen(terms.normal_rate_spread);
  CHECK(eigen.eigenvalues().minCoeff() > -1e-12 * eigen.eigenvalues().maxCoeff());

  const Pose motion{Eigen::AngleAxisd(0.9, Vec3(1, 2, -0.5).normalized()).toRotationMatrix(),
                    Vec3(0.3, -0.1, 0.25)};
  std::vector<SurfaceElement> moved = elements;
  for (SurfaceElement& e : moved) e.x = motion.apply(e.x), e.n = motion.rotation * e.n;
  const CurvedPieceTerms turned =
      curvedPieceTerms(moved, motion.rotation * m, motion.apply(centroid));
  Mat6 rotation = Mat6::Zero();
  rotation.topLeftCorner<3, 3>() = rotation.bottomRightCorner<3, 3>() = motion.rotation;
  const Mat6 expected = rotation * terms.normal_rate_spread * rotation.transpose();
  CHECK((turned.normal_rate_spread - expected).norm() < 1e-9 * expected.norm());
  CHECK((turned.pressure_couple - motion.rotation * terms.pressure_couple).norm() <
        1e-9 * terms.pressure_couple.norm());
}

TEST_CASE("no elements, or none pressing along m: no terms", "[curved-piece]") {
  CHECK(curvedPieceTerms({}, Vec3::UnitZ(), Vec3::Zero()).normal_rate_spread.isZero());
  const std::vector<SurfaceElement> facing_away{{Vec3::Zero(), -Vec3::UnitZ(), 1.0}};
  const CurvedPieceTerms terms = curvedPieceTerms(facing_away, Vec3::UnitZ(), Vec3::Zero());
  CHECK(terms.pressure_couple.isZero());
  CHECK(terms.normal_rate_spread.isZero());
}
