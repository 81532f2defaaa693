#include "geometry/thread_mesh.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace contactsim {
namespace {

constexpr double kPi = std::numbers::pi;
const double kSqrt3 = std::sqrt(3.0);

// A trapezoidal thread profile: the high flat (radius r_top) spans |u| ≤ a, the low flat
// (r_bottom) spans b ≤ |u| ≤ P/2, straight flanks between (u measured from the nearest multiple
// of P). Nodes from −a to P − a, each flank cut into `divisions` cells.
ThreadProfile trapezoid(double pitch, double a, double b, double r_top, double r_bottom,
                        int divisions) {
  if (!(a > 0.0 && b > a && b < pitch / 2 && r_bottom > 0.0 && r_top > r_bottom)) {
    throw std::invalid_argument("thread profile has no crest or root flat left");
  }
  ThreadProfile p;
  p.pitch = pitch;
  auto add = [&](double u, double r) {
    p.u.push_back(u);
    p.r.push_back(r);
  };
  add(-a, r_top);
  add(a, r_top);
  for (int k = 1; k < divisions; ++k) {
    const double f = static_cast<double>(k) / divisions;
    add(a + f * (b - a), r_top + f * (r_bottom - r_top));
  }
  add(b, r_bottom);
  add(pitch - b, r_bottom);
  for (int k = 1; k < divisions; ++k) {
    const double f = static_cast<double>(k) / divisions;
    add(pitch - b + f * (b - a), r_bottom + f * (r_top - r_bottom));
  }
  return p;
}

// One column of the thread wall at angle θ_i: its vertices from z = 0 to z = length, each with
// its phase t = z − P·θ_i/2π (the helical surface's parameter along the column).
struct Column {
  std::vector<std::int32_t> vertex;
  std::vector<double> phase;
};

void addVertex(std::vector<Vec3>& vertices, Column& column, double theta, double radius, double z,
               double phase) {
  column.vertex.push_back(static_cast<std::int32_t>(vertices.size()));
  column.phase.push_back(phase);
  vertices.emplace_back(radius * std::cos(theta), radius * std::sin(theta), z);
}

// The helical wall r = ρ(z − P·θ/2π), θ_i = 2πi/N, z ∈ [0, L]: every column holds the profile's
// nodes that fall inside (0, L) and two end vertices on the planes z = 0 and z = L. Neighbouring
// columns are zipped in order of phase, so a node joins the same node of the next column (the
// edges follow the helix) and the ends, whose phases differ, are fanned in between. Triangles face
// away from the axis when `outward`, towards it otherwise. Returns the columns (ends first/last).
std::vector<Column> addHelicalWall(const ThreadProfile& profile, double length, int n, bool outward,
                                   std::vector<Vec3>& vertices,
                                   std::vector<TriangleIndices>& triangles) {
  const double pitch = profile.pitch;
  const double tie = 1e-9 * pitch;
  std::vector<Column> columns(n);
  for (int i = 0; i < n; ++i) {
    const double theta = 2 * kPi * i / n, shift = pitch * i / n;
    Column& c = columns[i];
    addVertex(vertices, c, theta, profile.radiusAt(-shift), 0.0, -shift);
    // Nodes u_k + m·P with shift + u_k + m·P in (0, L), ascending.
    const auto first = static_cast<long>(std::floor((-shift - profile.u.back()) / pitch));
    for (long m = first;; ++m) {
      bool beyond = false;
      for (std::size_t k = 0; k < profile.u.size(); ++k) {
        const double phase = profile.u[k] + static_cast<double>(m) * pitch;
        const double z = phase + shift;
        if (z >= length - tie) {
          beyond = true;
          break;
        }
        if (z > tie) addVertex(vertices, c, theta, profile.r[k], z, phase);
      }
      if (beyond) break;
    }
    addVertex(vertices, c, theta, profile.radiusAt(length - shift), length, length - shift);
  }
  auto emit = [&](std::int32_t a, std::int32_t b, std::int32_t c) {
    if (outward)
      triangles.push_back({a, b, c});
    else
      triangles.push_back({a, c, b});
  };
  for (int i = 0; i < n; ++i) {
    const Column& left = columns[i];
    const Column& right = columns[(i + 1) % n];
    // Column N is column 0 a full turn on: the same points, phases one pitch lower.
    const double offset = i + 1 == n ? -pitch : 0.0;
    const std::size_t nl = left.vertex.size(), nr = right.vertex.size();
    std::size_t a = 0, b = 0;
    // (θ, z) increasing is (e_θ, e_z), whose cross product e_r faces away from the axis.
    while (a + 1 < nl || b + 1 < nr) {
      const double next_left = a + 1 < nl ? left.phase[a + 1] : INFINITY;
      const double next_right = b + 1 < nr ? right.phase[b + 1] + offset : INFINITY;
      const std::int32_t la = left.vertex[a], rb = right.vertex[b];
      if (std::abs(next_left - next_right) <= tie) {
        emit(la, rb, right.vertex[b + 1]);
        emit(la, right.vertex[b + 1], left.vertex[a + 1]);
        ++a;
        ++b;
      } else if (next_left < next_right) {
        emit(la, rb, left.vertex[a + 1]);
        ++a;
      } else {
        emit(la, rb, right.vertex[b + 1]);
        ++b;
      }
    }
  }
  return columns;
}

void checkSpec(const ThreadSpec& s) {
  if (!(s.nominal_diameter > 0 && s.pitch > 0 && s.length > 0) || s.segments_per_turn < 3 ||
      s.flank_divisions < 1 || s.radial_clearance < 0 || s.axial_clearance < 0) {
    throw std::invalid_argument(
        "thread needs positive diameter, pitch and length, at least 3 segments per turn and one "
        "flank division, clearances ≥ 0");
  }
}

}  // namespace

double ThreadProfile::radiusAt(double phase) const {
  // Into [u_0, u_0 + P), then linear between the bracketing nodes (the last wraps to the first).
  const double x = u.front() + std::fmod(std::fmod(phase - u.front(), pitch) + pitch, pitch);
  const auto it = std::upper_bound(u.begin(), u.end(), x);
  const std::size_t k = static_cast<std::size_t>(it - u.begin()) - 1;
  const double u1 = k + 1 < u.size() ? u[k + 1] : u.front() + pitch;
  const double r1 = k + 1 < u.size() ? r[k + 1] : r.front();
  const double f = (x - u[k]) / (u1 - u[k]);
  return r[k] + std::clamp(f, 0.0, 1.0) * (r1 - r[k]);
}

double fundamentalHeight(double pitch) { return kSqrt3 / 2 * pitch; }

double pitchDiameter(const ThreadSpec& s) {
  return s.nominal_diameter - 0.75 * fundamentalHeight(s.pitch);
}

double minorDiameter(const ThreadSpec& s) {
  return s.nominal_diameter - 1.25 * fundamentalHeight(s.pitch);
}

ThreadProfile boltProfile(const ThreadSpec& s) {
  checkSpec(s);
  // Crest flat P/8 wide, flanks 5H/8 deep at 30° to the radial plane: each spans
  // (5H/8)·tan 30° = 5P/16 along the axis, so the root flat is P − P/8 − 5P/8 = P/4 wide.
  const double P = s.pitch;
  return trapezoid(P, P / 16, P / 16 + 5 * P / 16, s.nominal_diameter / 2, minorDiameter(s) / 2,
                   s.flank_divisions);
}

ThreadProfile nutProfile(const ThreadSpec& s) {
  checkSpec(s);
  // The nut's flank on a radius r sits c_a/2 further from the tooth's centre than the bolt's,
  // and its flats move out by c_r: along a 30° flank a radial step c_r is c_r·tan 30° axially.
  const double P = s.pitch, H = fundamentalHeight(P), ca = s.axial_clearance,
               cr = s.radial_clearance;
  const double a = P / 16 + ca / 2 - cr / kSqrt3;
  const double b = P / 16 + ca / 2 + (5 * H / 8 - cr) / kSqrt3;
  return trapezoid(P, a, b, s.nominal_diameter / 2 + cr, minorDiameter(s) / 2 + cr,
                   s.flank_divisions);
}

TriMesh makeBolt(const ThreadSpec& spec) {
  const ThreadProfile profile = boltProfile(spec);
  const int n = spec.segments_per_turn;
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  const std::vector<Column> columns =
      addHelicalWall(profile, spec.length, n, true, vertices, triangles);
  // Each end: a fan from the axis to the columns' end vertices (one per ray θ_i: star-shaped).
  for (const bool top : {false, true}) {
    const auto centre = static_cast<std::int32_t>(vertices.size());
    vertices.emplace_back(0.0, 0.0, top ? spec.length : 0.0);
    for (int i = 0; i < n; ++i) {
      const std::int32_t a = top ? columns[i].vertex.back() : columns[i].vertex.front();
      const Column& next = columns[(i + 1) % n];
      const std::int32_t b = top ? next.vertex.back() : next.vertex.front();
      if (top)
        triangles.push_back({centre, a, b});
      else
        triangles.push_back({centre, b, a});
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

TriMesh makeNut(const ThreadSpec& spec, const NutBody& body) {
  const ThreadProfile profile = nutProfile(spec);
  const int n = spec.segments_per_turn;
  const bool hex = body.across_flats > 0.0;
  if (hex && n % 6 != 0) throw std::invalid_argument("hex nut needs segments_per_turn % 6 == 0");
  const double outer = hex ? body.across_flats / 2 : body.outer_diameter / 2;
  if (!(outer > profile.r.front())) throw std::invalid_argument("nut body smaller than its bore");
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  const std::vector<Column> bore =
      addHelicalWall(profile, spec.length, n, false, vertices, triangles);
  // Outside: the hexagon (or circle) where the ray θ_i meets it, at both ends. With corners at
  // k·60° on rays (n a multiple of 6) the sampled hexagon is exact.
  std::vector<std::int32_t> low(n), high(n);
  for (int i = 0; i < n; ++i) {
    const double theta = 2 * kPi * i / n;
    // Distance to the flat centred at 30° + k·60°: apothem / cos(θ − that angle).
    const double off = std::fmod(theta, kPi / 3) - kPi / 6;
    const double radius = hex ? outer / std::cos(off) : outer;
    low[i] = static_cast<std::int32_t>(vertices.size());
    vertices.emplace_back(radius * std::cos(theta), radius * std::sin(theta), 0.0);
    high[i] = static_cast<std::int32_t>(vertices.size());
    vertices.emplace_back(radius * std::cos(theta), radius * std::sin(theta), spec.length);
  }
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    triangles.push_back({low[i], low[j], high[j]});
    triangles.push_back({low[i], high[j], high[i]});
    // Ends: the quad between two rays, the outside and the bore's end vertices, is convex (a
    // wedge cut by two chords), so either diagonal works.
    const std::int32_t bi = bore[i].vertex.front(), bj = bore[j].vertex.front();
    triangles.push_back({low[i], bi, bj});
    triangles.push_back({low[i], bj, low[j]});
    const std::int32_t ti = bore[i].vertex.back(), tj = bore[j].vertex.back();
    triangles.push_back({high[i], high[j], tj});
    triangles.push_back({high[i], tj, ti});
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

}  // namespace contactsim
