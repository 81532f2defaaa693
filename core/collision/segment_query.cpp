#include "collision/segment_query.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactsim {
namespace {

// signedCrossings: a crossing closer than this fraction of a triangle's barycentric range to its
// border, or a ray closer than this to parallel with its plane, is left to another ray.
constexpr double kBarycentricMargin = 1e-9;
// The origin within this fraction of the mesh's size of a triangle it meets is on the surface.
constexpr double kOnSurface = 1e-12;

}  // namespace

LineHit lineMeetsTriangle(const Vec3& p, const Vec3& d, const Vec3& a, const Vec3& b,
                          const Vec3& c) {
  const Vec3 e1 = b - a, e2 = c - a;
  const Vec3 h = d.cross(e2);
  LineHit hit;
  hit.det = e1.dot(h);
  const double inv = 1.0 / hit.det;
  const Vec3 s = p - a;
  hit.u = s.dot(h) * inv;
  const Vec3 q = s.cross(e1);
  hit.v = d.dot(q) * inv;
  hit.t = e2.dot(q) * inv;
  return hit;
}

bool segmentMeetsBox(const Vec3& p, const Vec3& d, double t_max, const AabbTree::Node& node,
                     double pad) {
  double enter = 0.0, leave = t_max;
  for (int k = 0; k < 3; ++k) {
    const double lo = node.lo[k] - pad, hi = node.hi[k] + pad;
    if (d[k] == 0.0) {
      if (p[k] < lo || p[k] > hi) return false;
      continue;
    }
    double t0 = (lo - p[k]) / d[k], t1 = (hi - p[k]) / d[k];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0);
    leave = std::min(leave, t1);
    if (enter > leave) return false;
  }
  return true;
}

std::optional<int> signedCrossings(const AabbTree& tree, const Vec3& origin,
                                   const Vec3& direction) {
  if (tree.empty()) return 0;
  const TriMesh& mesh = tree.mesh();
  const double on_surface = kOnSurface * mesh.scale();
  int crossings = 0;
  bool decided = true;
  forEachTriangleAlong(
      tree, origin, direction, std::numeric_limits<double>::infinity(), on_surface,
      [&](std::size_t t) {
        if (!decided) return;
        const Vec3 &a = mesh.corner(t, 0), &b = mesh.corner(t, 1), &c = mesh.corner(t, 2);
        const Vec3 normal = (b - a).cross(c - a);  // outward, |normal| = twice the area
        const double area2 = normal.norm();
        if (std::abs(direction.dot(normal)) <= kBarycentricMargin * area2) {
          // Parallel to the plane: a miss, unless the ray runs in it.
          if (std::abs(normal.dot(origin - a)) <= on_surface * area2) decided = false;
          return;
        }
        const LineHit hit = lineMeetsTriangle(origin, direction, a, b, c);
        const double w = 1.0 - hit.u - hit.v;
        if (hit.u < -kBarycentricMargin || hit.v < -kBarycentricMargin || w < -kBarycentricMargin ||
            hit.t < -on_surface)
          return;  // beside the triangle, or behind the origin
        if (hit.u <= kBarycentricMargin || hit.v <= kBarycentricMargin || w <= kBarycentricMargin ||
            hit.t <= on_surface) {
          decided = false;  // on an edge or a vertex, or the origin on the triangle
          return;
        }
        crossings += hit.det < 0.0 ? 1 : -1;  // det < 0: leaving through the outward side
      });
  if (!decided) return std::nullopt;
  return crossings;
}

}  // namespace contactsim
