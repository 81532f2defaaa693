#include "volumetric/gjk.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace contactsim::volumetric {
namespace {

// A corner of the simplex in A − B with the two support points it came from, so the closest
// points on A and B are the same barycentric combination as the closest point of the simplex.
struct Corner {
  Vec3 w, a, b;
};

// The point of a simplex nearest to the origin as barycentric weights of its corners (the
// "distance sub-algorithm" of Gilbert et al., Sec. III). Each case falls back to the lower
// dimensional faces when the simplex is degenerate (collinear or coplanar corners), which GJK
// produces near convergence and on touching or flat inputs.
struct Nearest {
  Vec3 v = Vec3::Zero();
  std::array<double, 4> weight{0.0, 0.0, 0.0, 0.0};
};

Nearest onSegment(const Vec3& p, const Vec3& q) {
  Nearest n;
  const Vec3 d = q - p;
  const double dd = d.squaredNorm();
  double t = dd > 0.0 ? std::clamp(-p.dot(d) / dd, 0.0, 1.0) : 0.0;
  if (!std::isfinite(t)) t = 0.0;
  n.weight = {1.0 - t, t, 0.0, 0.0};
  n.v = p + t * d;
  return n;
}

// Ericson, "Real-Time Collision Detection" (2005), Sec. 5.1.5: the Voronoi regions of the
// triangle's corners and edges, then its face; collinear corners go to the best edge.
Nearest onTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a;
  const Vec3 ac = c - a;
  const double cross = ab.cross(ac).squaredNorm();
  if (!(cross > 1e-24 * ab.squaredNorm() * ac.squaredNorm()) || !(cross > 0.0)) {
    // Degenerate: the nearest of the three edges.
    Nearest best = onSegment(a, b);
    Nearest e = onSegment(a, c);
    if (e.v.squaredNorm() < best.v.squaredNorm())
      best = {e.v, {e.weight[0], 0.0, e.weight[1], 0.0}};
    e = onSegment(b, c);
    if (e.v.squaredNorm() < best.v.squaredNorm())
      best = {e.v, {0.0, e.weight[0], e.weight[1], 0.0}};
    return best;
  }
  Nearest n;
  const Vec3 ap = -a;
  const double d1 = ab.dot(ap);
  const double d2 = ac.dot(ap);
  if (d1 <= 0.0 && d2 <= 0.0) {
    n.v = a;
    n.weight = {1.0, 0.0, 0.0, 0.0};
    return n;
  }
  const Vec3 bp = -b;
  const double d3 = ab.dot(bp);
  const double d4 = ac.dot(bp);
  if (d3 >= 0.0 && d4 <= d3) {
    n.v = b;
    n.weight = {0.0, 1.0, 0.0, 0.0};
    return n;
  }
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double t = d1 / (d1 - d3);
    n.v = a + t * ab;
    n.weight = {1.0 - t, t, 0.0, 0.0};
    return n;
  }
  const Vec3 cp = -c;
  const double d5 = ab.dot(cp);
  const double d6 = ac.dot(cp);
  if (d6 >= 0.0 && d5 <= d6) {
    n.v = c;
    n.weight = {0.0, 0.0, 1.0, 0.0};
    return n;
  }
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double t = d2 / (d2 - d6);
    n.v = a + t * ac;
    n.weight = {1.0 - t, 0.0, t, 0.0};
    return n;
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    n.v = b + t * (c - b);
    n.weight = {0.0, 1.0 - t, t, 0.0};
    return n;
  }
  const double denom = va + vb + vc;
  const double v = vb / denom;
  const double w = vc / denom;
  n.v = a + v * ab + w * ac;
  n.weight = {1.0 - v - w, v, w, 0.0};
  return n;
}

Nearest onTetrahedron(const std::array<Vec3, 4>& p) {
  // Origin inside ⇔ all four barycentric coordinates (ratios of signed volumes) are ≥ 0, trusted
  // only when the tetrahedron has volume relative to its edge lengths.
  const double volume = (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0]));
  double edge = 0.0;
  for (int i = 1; i < 4; ++i) edge = std::max(edge, (p[i] - p[0]).norm());
  if (std::abs(volume) > 1e-12 * edge * edge * edge && std::abs(volume) > 0.0) {
    std::array<double, 4> lambda{};
    lambda[0] = p[1].dot(p[2].cross(p[3])) / volume;  // det(p1 − 0, p2 − 0, p3 − 0) / det
    lambda[1] = -p[0].dot(p[2].cross(p[3])) / volume;
    lambda[2] = p[0].dot(p[1].cross(p[3])) / volume;
    lambda[3] = -p[0].dot(p[1].cross(p[2])) / volume;
    if (lambda[0] >= 0.0 && lambda[1] >= 0.0 && lambda[2] >= 0.0 && lambda[3] >= 0.0) {
      Nearest n;
      n.weight = lambda;
      n.v = Vec3::Zero();
      return n;
    }
  }
  // Outside (or flat): the nearest point is on a face; the four faces cover a flat one too.
  static constexpr int kFaces[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  Nearest best;
  double best_norm = std::numeric_limits<double>::infinity();
  for (const auto& f : kFaces) {
    const Nearest t = onTriangle(p[f[0]], p[f[1]], p[f[2]]);
    const double norm = t.v.squaredNorm();
    if (norm < best_norm) {
      best_norm = norm;
      best.v = t.v;
      best.weight = {0.0, 0.0, 0.0, 0.0};
      for (int k = 0; k < 3; ++k) best.weight[f[k]] = t.weight[k];
    }
  }
  return best;
}

Nearest nearest(const std::vector<Corner>& s) {
  switch (s.size()) {
    case 1: {
      Nearest n;
      n.v = s[0].w;
      n.weight[0] = 1.0;
      return n;
    }
    case 2:
      return onSegment(s[0].w, s[1].w);
    case 3:
      return onTriangle(s[0].w, s[1].w, s[2].w);
    default:
      return onTetrahedron({s[0].w, s[1].w, s[2].w, s[3].w});
  }
}

int supportIndex(const std::vector<Vec3>& points, const Vec3& direction) {
  int best = 0;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double d = points[i].dot(direction);
    if (d > best_dot) {
      best_dot = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

double setSize(const std::vector<Vec3>& points) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  mean /= static_cast<double>(points.size());
  double radius = 0.0;
  for (const Vec3& p : points) radius = std::max(radius, (p - mean).norm());
  return 2.0 * radius;
}

}  // namespace

GjkResult gjkDistance(const std::vector<Vec3>& a, const std::vector<Vec3>& b, const Vec3& shift_a,
                      const Vec3& shift_b, const GjkOptions& options) {
  GjkResult result;
  if (a.empty() || b.empty()) {
    result.distance = std::numeric_limits<double>::infinity();
    return result;
  }
  double size = std::max(setSize(a), setSize(b));
  if (!(size > 0.0)) size = std::max({1.0, a[0].norm(), b[0].norm()});  // two single points
  const double overlap_tol = options.overlap_tolerance * size;

  auto corner = [&](const Vec3& direction) {
    Corner c;
    c.a = a[static_cast<std::size_t>(supportIndex(a, direction))] + shift_a;
    c.b = b[static_cast<std::size_t>(supportIndex(b, -direction))] + shift_b;
    c.w = c.a - c.b;
    return c;
  };
  // Start from the support point along the difference of the sets' first vertices.
  std::vector<Corner> simplex{corner(b[0] + shift_b - a[0] - shift_a)};
  Nearest near = nearest(simplex);
  std::vector<Corner> best_simplex = simplex;
  Nearest best_near = near;

  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    result.iterations = iteration + 1;
    const Vec3 v = near.v;
    const double vv = v.squaredNorm();
    if (std::sqrt(vv) <= overlap_tol) break;
    const Corner w = corner(-v);
    // Gilbert et al.'s termination: v·w is a lower bound of the squared distance times ‖v‖.
    if (vv - v.dot(w.w) <= options.convergence * vv) break;
    bool repeated = false;
    for (const Corner& s : simplex)
      if ((s.w - w.w).squaredNorm() <= overlap_tol * overlap_tol) repeated = true;
    if (repeated) break;
    simplex.push_back(w);
    near = nearest(simplex);
    // A step that does not bring v closer to the origin is round-off: keep the previous simplex.
    if (!(near.v.squaredNorm() < vv) || !near.v.allFinite()) {
      simplex = best_simplex;
      near = best_near;
      break;
    }
    // Keep only the corners that carry weight (the support set of v).
    std::vector<Corner> reduced;
    Nearest renumbered;
    renumbered.v = near.v;
    for (std::size_t i = 0; i < simplex.size(); ++i) {
      if (near.weight[i] > 0.0) {
        renumbered.weight[reduced.size()] = near.weight[i];
        reduced.push_back(simplex[i]);
      }
    }
    if (reduced.empty()) break;
    simplex = std::move(reduced);
    near = renumbered;
    best_simplex = simplex;
    best_near = near;
  }

  double weight_sum = 0.0;
  result.point_a = Vec3::Zero();
  result.point_b = Vec3::Zero();
  for (std::size_t i = 0; i < simplex.size(); ++i) {
    result.point_a += near.weight[i] * simplex[i].a;
    result.point_b += near.weight[i] * simplex[i].b;
    weight_sum += near.weight[i];
  }
  if (weight_sum > 0.0) {
    result.point_a /= weight_sum;
    result.point_b /= weight_sum;
  }
  result.distance = near.v.norm();
  if (result.distance <= overlap_tol) {
    result.overlap = true;
    result.distance = 0.0;
  }
  return result;
}

}  // namespace contactsim::volumetric
