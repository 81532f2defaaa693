#include "generator/spur_gear.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "geometry/mesh_builder.h"

namespace contactsim::models {
namespace {

constexpr double kPi = std::numbers::pi;

void require(bool ok, const char* field, const char* what) {
  if (!ok) throw std::invalid_argument(std::string("makeSpurGear: ") + field + " " + what);
}

// Half-angle of the tooth at radius rho ≥ r_b (header: ψ(ρ)).
double halfAngle(const SpurGearDims& d, double pressure_angle, double rho) {
  const double t = std::sqrt(std::max(0.0, (rho / d.base_radius) * (rho / d.base_radius) - 1.0));
  return d.half_tooth_angle_pitch + involute(pressure_angle) - (t - std::atan(t));
}

// Indices into the outline of one tooth, each chain from the root side outwards.
struct ToothLoops {
  std::vector<int> lower, upper;  // flank chains, [0] on the root circle, back() on the tip
  std::vector<int> tip;           // tip arc from lower.back() to upper.back(), both included
};

}  // namespace

double involute(double x) { return std::tan(x) - x; }

SpurGearDims spurGearDims(const SpurGearSpec& spec) {
  require(std::isfinite(spec.module) && spec.module > 0, "module", "must be finite and > 0");
  require(std::isfinite(spec.face_width) && spec.face_width > 0, "face_width",
          "must be finite and > 0");
  const double alpha = spec.pressure_angle;
  require(std::isfinite(alpha) && alpha > 10.0 * kPi / 180 && alpha < 35.0 * kPi / 180,
          "pressure_angle", "must lie in (10°, 35°)");
  SpurGearDims d;
  d.min_teeth = static_cast<int>(
      std::ceil(2.0 * kAddendumCoefficient / (std::sin(alpha) * std::sin(alpha)) - 1e-9));
  require(spec.teeth >= d.min_teeth, "teeth",
          ("must be at least " + std::to_string(d.min_teeth) + " (undercut limit)").c_str());
  require(spec.flank_divisions >= 1, "flank_divisions", "must be >= 1");
  require(spec.tip_divisions >= 1, "tip_divisions", "must be >= 1");
  require(spec.root_divisions >= 1, "root_divisions", "must be >= 1");
  require(spec.width_divisions >= 1, "width_divisions", "must be >= 1");
  const double m = spec.module;
  const int z = spec.teeth;
  d.pitch_radius = m * z / 2.0;
  d.base_radius = d.pitch_radius * std::cos(alpha);
  d.tip_radius = d.pitch_radius + kAddendumCoefficient * m;
  d.root_radius = d.pitch_radius - kDedendumCoefficient * m;
  const double s = kPi * m / 2.0 - spec.thinning;
  require(std::isfinite(spec.thinning) && spec.thinning >= 0 && s > 0, "thinning",
          "must be finite, >= 0 and below the tooth thickness π m / 2");
  d.half_tooth_angle_pitch = s / (2.0 * d.pitch_radius);
  d.half_tooth_angle_base = d.half_tooth_angle_pitch + involute(alpha);
  require(halfAngle(d, alpha, d.tip_radius) > 0, "thinning", "leaves a pointed tooth");
  // The space between two teeth at the root must stay open.
  const double foot =
      d.root_radius < d.base_radius ? d.half_tooth_angle_base : halfAngle(d, alpha, d.root_radius);
  require(2.0 * foot < 2.0 * kPi / z, "teeth", "leave no space at the root");
  return d;
}

TriMesh makeSpurGear(const SpurGearSpec& spec) {
  const SpurGearDims d = spurGearDims(spec);
  const double alpha = spec.pressure_angle;
  const int z = spec.teeth;
  const double pitch_angle = 2.0 * kPi / z;

  // The flank's roll angles, evenly spaced: each chord turns the normal by the same Δt.
  const bool radial_foot = d.root_radius < d.base_radius;
  const double start_radius = radial_foot ? d.base_radius : d.root_radius;
  const auto roll = [&](double rho) {
    return std::sqrt(std::max(0.0, (rho / d.base_radius) * (rho / d.base_radius) - 1.0));
  };
  const double t0 = roll(start_radius), t1 = roll(d.tip_radius);
  std::vector<double> radii;  // of one flank chain, root side first
  if (radial_foot) radii.push_back(d.root_radius);
  for (int i = 0; i <= spec.flank_divisions; ++i) {
    const double t = t0 + (t1 - t0) * i / spec.flank_divisions;
    radii.push_back(i == spec.flank_divisions ? d.tip_radius
                                              : d.base_radius * std::sqrt(1.0 + t * t));
  }
  const auto flankHalfAngle = [&](double rho) {
    return rho < d.base_radius ? d.half_tooth_angle_base : halfAngle(d, alpha, rho);
  };

  // The outline, counter-clockwise seen from +z: per tooth the lower flank outwards, the tip,
  // the upper flank inwards, the root arc to the next tooth.
  std::vector<Eigen::Vector2d> outline;
  std::vector<ToothLoops> teeth(z);
  std::vector<int> root_polygon;  // outline indices on the root circle, in order
  const auto polar = [](double rho, double angle) {
    return Eigen::Vector2d(rho * std::cos(angle), rho * std::sin(angle));
  };
  for (int k = 0; k < z; ++k) {
    const double phi = k * pitch_angle;
    ToothLoops& tooth = teeth[k];
    for (const double rho : radii) {
      tooth.lower.push_back(static_cast<int>(outline.size()));
      outline.push_back(polar(rho, phi - flankHalfAngle(rho)));
    }
    const double tip_half = flankHalfAngle(d.tip_radius);
    tooth.tip.push_back(tooth.lower.back());
    for (int i = 1; i < spec.tip_divisions; ++i) {
      tooth.tip.push_back(static_cast<int>(outline.size()));
      outline.push_back(
          polar(d.tip_radius, phi - tip_half + 2.0 * tip_half * i / spec.tip_divisions));
    }
    tooth.upper.resize(radii.size());
    for (int i = static_cast<int>(radii.size()) - 1; i >= 0; --i) {
      tooth.upper[i] = static_cast<int>(outline.size());
      outline.push_back(polar(radii[i], phi + flankHalfAngle(radii[i])));
    }
    tooth.tip.push_back(tooth.upper.back());
    root_polygon.push_back(tooth.lower.front());
    root_polygon.push_back(tooth.upper.front());
    const double foot = flankHalfAngle(d.root_radius);
    const double from = phi + foot, to = phi + pitch_angle - foot;
    for (int i = 1; i < spec.root_divisions; ++i) {
      root_polygon.push_back(static_cast<int>(outline.size()));
      outline.push_back(polar(d.root_radius, from + (to - from) * i / spec.root_divisions));
    }
  }

  MeshBuilder builder;
  const int n = static_cast<int>(outline.size());
  std::vector<std::vector<std::int32_t>> rows(spec.width_divisions + 1);
  for (int j = 0; j <= spec.width_divisions; ++j) {
    const double zj = spec.face_width * (static_cast<double>(j) / spec.width_divisions - 0.5);
    for (const Eigen::Vector2d& p : outline)
      rows[j].push_back(builder.addVertex(Vec3(p.x(), p.y(), zj)));
  }
  // Side wall: the outline runs counter-clockwise about +z, so (i, i+1) lower then upper faces out.
  for (int j = 0; j < spec.width_divisions; ++j) {
    for (int i = 0; i < n; ++i) {
      const int next = (i + 1) % n;
      builder.addQuad(rows[j][i], rows[j][next], rows[j + 1][next], rows[j + 1][i]);
    }
  }
  // Caps: the top (z = +w/2) counter-clockwise seen from +z, the bottom mirrored.
  for (const bool top : {true, false}) {
    const std::vector<std::int32_t>& row = top ? rows.back() : rows.front();
    const auto tri = [&](int a, int b, int c) {
      if (top) {
        builder.addTriangle(row[a], row[b], row[c]);
      } else {
        builder.addTriangle(row[a], row[c], row[b]);
      }
    };
    const std::int32_t centre =
        builder.addVertex(Vec3(0, 0, top ? spec.face_width / 2 : -spec.face_width / 2));
    const int roots = static_cast<int>(root_polygon.size());
    for (int i = 0; i < roots; ++i) {
      const std::int32_t a = row[root_polygon[i]], b = row[root_polygon[(i + 1) % roots]];
      if (top) {
        builder.addTriangle(centre, a, b);
      } else {
        builder.addTriangle(centre, b, a);
      }
    }
    for (const ToothLoops& tooth : teeth) {
      for (std::size_t i = 0; i + 1 < tooth.lower.size(); ++i) {
        const int a = tooth.lower[i], b = tooth.lower[i + 1], c = tooth.upper[i + 1],
                  e = tooth.upper[i];
        if (top) {
          builder.addQuad(row[a], row[b], row[c], row[e]);
        } else {
          builder.addQuad(row[e], row[c], row[b], row[a]);
        }
      }
      for (std::size_t i = 1; i + 1 < tooth.tip.size(); ++i) {
        tri(tooth.tip[0], tooth.tip[i], tooth.tip[i + 1]);
      }
    }
  }
  return builder.build();
}

}  // namespace contactsim::models
