#include "pair_oracle.h"

#include <optional>

namespace contactsim::testing {
namespace {

struct Interval {
  Vec3 p, q;
};

// The part of triangle (v0, v1, v2) on the plane with signed vertex distances d: the points where
// edges change sign. nullopt when the triangle lies entirely on one side or touches in a point.
std::optional<Interval> clipToPlane(const std::array<Vec3, 3>& v, const std::array<double, 3>& d) {
  std::vector<Vec3> points;
  for (int k = 0; k < 3; ++k) {
    const int j = (k + 1) % 3;
    if (d[k] == 0.0) points.push_back(v[k]);
    if ((d[k] < 0 && d[j] > 0) || (d[k] > 0 && d[j] < 0)) {
      points.push_back(v[k] + d[k] / (d[k] - d[j]) * (v[j] - v[k]));
    }
  }
  if (points.size() < 2) return std::nullopt;
  return Interval{points[0], points[1]};
}

}  // namespace

std::vector<TrianglePair> bruteForcePairs(const PosedMesh& a, const PosedMesh& b) {
  std::vector<std::array<Vec3, 3>> ta(a.mesh.triangleCount()), tb(b.mesh.triangleCount());
  std::vector<Box3> box_a(ta.size()), box_b(tb.size());
  for (std::size_t t = 0; t < ta.size(); ++t) {
    box_a[t].setEmpty();
    for (int k = 0; k < 3; ++k)
      box_a[t].extend(ta[t][k] = a.corner(static_cast<std::int32_t>(t), k));
  }
  for (std::size_t t = 0; t < tb.size(); ++t) {
    box_b[t].setEmpty();
    for (int k = 0; k < 3; ++k)
      box_b[t].extend(tb[t][k] = b.corner(static_cast<std::int32_t>(t), k));
  }
  std::vector<TrianglePair> pairs;
  for (std::size_t i = 0; i < ta.size(); ++i) {
    for (std::size_t j = 0; j < tb.size(); ++j) {
      if (!box_a[i].intersects(box_b[j])) continue;
      const Vec3 na = (ta[i][1] - ta[i][0]).cross(ta[i][2] - ta[i][0]);
      const Vec3 nb = (tb[j][1] - tb[j][0]).cross(tb[j][2] - tb[j][0]);
      std::array<double, 3> da, db;
      for (int k = 0; k < 3; ++k) {
        da[k] = nb.dot(ta[i][k] - tb[j][0]);
        db[k] = na.dot(tb[j][k] - ta[i][0]);
      }
      const auto on_a = clipToPlane(tb[j], db);  // B's part on A's plane
      const auto on_b = clipToPlane(ta[i], da);  // A's part on B's plane
      if (!on_a || !on_b) continue;
      // Both intervals lie on the planes' common line: overlap them along its direction.
      const Vec3 dir = na.cross(nb);
      if (dir.squaredNorm() == 0.0) continue;  // parallel planes: not used by these tests
      double s0 = dir.dot(on_b->p), s1 = dir.dot(on_b->q);
      Vec3 ps0 = on_b->p, ps1 = on_b->q;
      if (s0 > s1) std::swap(s0, s1), std::swap(ps0, ps1);
      double t0 = dir.dot(on_a->p), t1 = dir.dot(on_a->q);
      Vec3 pt0 = on_a->p, pt1 = on_a->q;
      if (t0 > t1) std::swap(t0, t1), std::swap(pt0, pt1);
      if (std::max(s0, t0) > std::min(s1, t1)) continue;
      TrianglePair pair;
      pair.a = static_cast<std::int32_t>(i);
      pair.b = static_cast<std::int32_t>(j);
      pair.p0 = s0 >= t0 ? ps0 : pt0;
      pair.p1 = s1 <= t1 ? ps1 : pt1;
      pairs.push_back(pair);
    }
  }
  return pairs;
}

}  // namespace contactsim::testing
