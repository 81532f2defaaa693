// Disc cams for a flat-faced translating follower (formulas and conventions in disc_cam.h).
#include "generator/disc_cam.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "geometry/mesh_builder.h"

namespace contactsim::models {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Cycloidal rise of height h over β at x = (θ − start)/β ∈ [0, 1] (Norton 2009, ch. 3).
CamMotion cycloidalRise(double h, double beta, double x) {
  const double a = kTwoPi * x;
  return {h * (x - std::sin(a) / kTwoPi), h / beta * (1.0 - std::cos(a)),
          kTwoPi * h / (beta * beta) * std::sin(a)};
}

[[noreturn]] void refuse(const std::string& field, const std::string& why) {
  throw std::invalid_argument("disc cam: " + field + ": " + why);
}

}  // namespace

CamMotion camMotion(const CamLaw& law, double theta) {
  double t = std::fmod(theta, kTwoPi);
  if (t < 0) t += kTwoPi;
  const double rise_end = law.rise_start + law.rise;
  const double fall_start = rise_end + law.high_dwell;
  const double fall_end = fall_start + law.fall;
  if (t < law.rise_start || t >= fall_end) return {};  // low dwell
  if (t < rise_end) return cycloidalRise(law.lift, law.rise, (t - law.rise_start) / law.rise);
  if (t < fall_start) return {law.lift, 0.0, 0.0};  // high dwell
  const CamMotion r = cycloidalRise(law.lift, law.fall, (t - fall_start) / law.fall);
  return {law.lift - r.s, -r.ds, -r.dds};
}

Vec3 camFollowerDirection(double theta) { return Vec3(std::sin(theta), std::cos(theta), 0.0); }

Vec3 camProfilePoint(const DiscCamSpec& spec, double theta) {
  const CamMotion m = camMotion(spec.law, theta);
  const Vec3 u = camFollowerDirection(theta);
  const Vec3 du(std::cos(theta), -std::sin(theta), 0.0);
  return (spec.base_radius + m.s) * u + m.ds * du;
}

double camCurvatureRadius(const DiscCamSpec& spec, double theta) {
  const CamMotion m = camMotion(spec.law, theta);
  return spec.base_radius + m.s + m.dds;
}

double camMinCurvatureRadius(const DiscCamSpec& spec) {
  const int samples = 64 * std::max(spec.profile_points, 16);
  const double step = kTwoPi / samples;
  int best = 0;
  double best_rho = camCurvatureRadius(spec, 0.0);
  for (int i = 1; i < samples; ++i) {
    const double rho = camCurvatureRadius(spec, i * step);
    if (rho < best_rho) best_rho = rho, best = i;
  }
  // Golden-section search in the two sample intervals around the smallest sample (ρ is smooth
  // within a phase; at a phase boundary the sample itself is the minimum's neighbourhood).
  double a = (best - 1) * step, b = (best + 1) * step;
  const double g = (std::sqrt(5.0) - 1.0) / 2.0;
  for (int k = 0; k < 60; ++k) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    if (camCurvatureRadius(spec, c) < camCurvatureRadius(spec, d)) {
      b = d;
    } else {
      a = c;
    }
  }
  return std::min(best_rho, camCurvatureRadius(spec, (a + b) / 2));
}

double camMaxCurvatureRadiusBound(const DiscCamSpec& spec) {
  const double beta = std::min(spec.law.rise, spec.law.fall);
  return spec.base_radius + spec.law.lift + kTwoPi * spec.law.lift / (beta * beta);
}

double camChordalError(const DiscCamSpec& spec) {
  return camMaxCurvatureRadiusBound(spec) * (1.0 - std::cos(kPi / spec.profile_points));
}

void checkDiscCamSpec(const DiscCamSpec& spec) {
  const CamLaw& law = spec.law;
  const auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
  const auto non_negative = [](double v) { return std::isfinite(v) && v >= 0.0; };
  if (!positive(law.lift)) refuse("law.lift", "must be finite and > 0");
  if (!non_negative(law.rise_start)) refuse("law.rise_start", "must be finite and >= 0");
  if (!positive(law.rise)) refuse("law.rise", "must be finite and > 0");
  if (!non_negative(law.high_dwell)) refuse("law.high_dwell", "must be finite and >= 0");
  if (!positive(law.fall)) refuse("law.fall", "must be finite and > 0");
  if (law.rise_start + law.rise + law.high_dwell + law.fall > kTwoPi * (1.0 + 1e-12)) {
    refuse("law", "rise_start + rise + high_dwell + fall exceeds one turn (2*pi)");
  }
  if (!positive(spec.base_radius)) refuse("base_radius", "must be finite and > 0");
  if (!positive(spec.width)) refuse("width", "must be finite and > 0");
  if (spec.profile_points < 16) refuse("profile_points", "must be >= 16");
  if (spec.width_divisions < 1) refuse("width_divisions", "must be >= 1");
  // Convexity: ρ = r_b + s + s″ > 0 at every angle (Norton 2009, ch. 7).
  const double rho_min = camMinCurvatureRadius(spec);
  if (!(rho_min > 0.0)) {
    std::ostringstream why;
    why << "too small for a convex profile: the radius of curvature r_b + s + s'' reaches "
        << rho_min << " m (must stay > 0; the follower face would undercut the cam)";
    refuse("base_radius", why.str());
  }
}

TriMesh makeDiscCam(const DiscCamSpec& spec) {
  checkDiscCamSpec(spec);
  const int n = spec.profile_points;
  // The profile at θ_i = 2πi/N runs clockwise seen from +z (u turns clockwise as θ grows); the
  // loops below run counter-clockwise, so vertex j is θ_{(N − j) mod N}.
  std::vector<Vec3> profile(n);
  for (int j = 0; j < n; ++j) {
    profile[j] = camProfilePoint(spec, kTwoPi * ((n - j) % n) / n);
  }
  MeshBuilder builder;
  const int rows = spec.width_divisions;
  std::vector<std::vector<std::int32_t>> loops(rows + 1, std::vector<std::int32_t>(n));
  for (int r = 0; r <= rows; ++r) {
    const double z = -spec.width / 2 + spec.width * r / rows;
    for (int j = 0; j < n; ++j) loops[r][j] = builder.addVertex(profile[j] + Vec3(0, 0, z));
  }
  // Side: quad (B_j, B_{j+1}, T_{j+1}, T_j) with B below T; counter-clockwise seen from outside
  // because the loop runs counter-clockwise about +z (tangent × z points outward).
  for (int r = 0; r < rows; ++r) {
    for (int j = 0; j < n; ++j) {
      const int k = (j + 1) % n;
      builder.addQuad(loops[r][j], loops[r][k], loops[r + 1][k], loops[r + 1][j]);
    }
  }
  // Caps: the top loop is counter-clockwise seen from +z (outside); the bottom one reversed.
  builder.addRingCap(loops[rows], 1);
  std::vector<std::int32_t> bottom(loops[0].rbegin(), loops[0].rend());
  builder.addRingCap(bottom, 1);
  return builder.build();
}

DiscCamSpec camFollowerDemoCam() {
  const double deg = kPi / 180.0;
  DiscCamSpec spec;
  spec.law.lift = 0.01;
  spec.law.rise_start = 45 * deg;
  spec.law.rise = 120 * deg;
  spec.law.high_dwell = 45 * deg;
  spec.law.fall = 120 * deg;
  spec.base_radius = 0.03;
  spec.width = 0.012;
  spec.profile_points = 3600;
  spec.width_divisions = 1;
  return spec;
}

Vec3 camFollowerDemoFollowerHalfExtents() { return Vec3(0.02, 0.01, 0.012); }

}  // namespace contactsim::models
