#include "contact/overlap_volume.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace contactsim {
namespace {

// A segment of the region's curve on a triangle of one side, and the other side's triangle it
// crosses there.
struct SegmentOn {
  std::int32_t triangle, segment, other;
};

// One body's side of the region: its triangles that reach into the other body, clipped.
class SideClipper {
 public:
  SideClipper(const PosedMesh& self, const PenetratedSide& side, const PosedMesh& other,
              std::span<const ContourSegment> segments, double weld)
      : self_(self), side_(side), other_(other), segments_(segments), weld_(weld) {}

  // One entry per colliding pair of the region, sorted here by self's triangle.
  void setSegments(std::vector<SegmentOn> on_triangle) {
    std::sort(on_triangle.begin(), on_triangle.end(), [](const SegmentOn& x, const SegmentOn& y) {
      return std::pair(x.triangle, x.segment) < std::pair(y.triangle, y.segment);
    });
    on_triangle_ = std::move(on_triangle);
  }

  // ⅓((x − o)·n)|P| summed over the side's triangles.
  double volume(const Vec3& origin) const {
    double sum = 0.0;
    for (const auto* list : {&side_.triangles, &side_.crossing}) {
      for (const std::int32_t t : *list) {
        const Vec3 n = self_.normal(t).normalized();
        sum += (self_.corner(t, 0) - origin).dot(n) * insidePart(t).area / 3.0;
      }
    }
    return sum;
  }

  // P_t's area from ½ n·∮(x − x₀) × dx around it, walked counter-clockwise about n: the region's
  // segments on t, each with the inside (the other body's interior, behind its triangle's face)
  // on its left, and the inside pieces of t's edges between its corners and the ends of the
  // region's curve on them. Only this region's ends cut the edges: a triangle that two regions
  // cross holds a part of each, and the other's crossings would cut this one's edges. Its
  // centroid from the same walk: each step from → to closes a triangle (x₀, from, to) of signed
  // area ½ n·((from − x₀) × (to − x₀)) and centroid (x₀ + from + to)/3.
  InsidePart insidePart(std::int32_t t) const {
    const Vec3 n = self_.normal(t).normalized();
    const auto& corners = self_.mesh.triangles()[t];
    const Vec3 x0 = self_.corner(t, 0);
    double twice = 0.0;
    Vec3 moment = Vec3::Zero();  // Σ 2·(signed area)·(from + to − 2x₀), from x₀
    auto piece = [&](const Vec3& from, const Vec3& to) {
      const double fan = n.dot((from - x0).cross(to - x0));
      twice += fan;
      moment += fan * (from + to - 2.0 * x0);
    };
    const auto [first, last] = std::equal_range(
        on_triangle_.begin(), on_triangle_.end(), SegmentOn{t, 0, 0},
        [](const SegmentOn& x, const SegmentOn& y) { return x.triangle < y.triangle; });
    std::vector<Vec3> ends;
    for (auto e = first; e != last; ++e) {
      const ContourSegment& s = segments_[e->segment];
      const Vec3 n_other = other_.normal(e->other);
      const Vec3 into_other = -(n_other - n_other.dot(n) * n);
      const bool forward = n.cross(s.p1 - s.p0).dot(into_other) >= 0.0;
      forward ? piece(s.p0, s.p1) : piece(s.p1, s.p0);
      // An end shared by two segments on t lies inside it (the curve crossing an edge of the
      // other mesh); one met once is where the curve leaves t, on one of its edges.
      for (const Vec3& x : {s.p0, s.p1}) {
        const auto same = std::find_if(ends.begin(), ends.end(), [&](const Vec3& y) {
          return (x - y).squaredNorm() <= weld_ * weld_;
        });
        same == ends.end() ? ends.push_back(x) : (void)ends.erase(same);
      }
    }
    std::array<std::vector<double>, 3> cuts;  // per edge k → k + 1, as fractions along it
    const std::array<Vec3, 3> x{self_.corner(t, 0), self_.corner(t, 1), self_.corner(t, 2)};
    bool at_corner = false;
    for (const Vec3& end : ends) {
      for (const Vec3& corner : x) at_corner = at_corner || (end - corner).norm() <= weld_;
      int nearest = 0;
      double best = std::numeric_limits<double>::infinity(), at = 0.0;
      for (int k = 0; k < 3; ++k) {
        const Vec3 edge = x[(k + 1) % 3] - x[k];
        const double s = std::clamp((end - x[k]).dot(edge) / edge.squaredNorm(), 0.0, 1.0);
        const double distance = (x[k] + s * edge - end).squaredNorm();
        if (distance < best) best = distance, nearest = k, at = s;
      }
      cuts[nearest].push_back(at);
    }
    for (int k = 0; k < 3; ++k) {
      const Vec3& xi = x[k];
      const Vec3& xj = x[(k + 1) % 3];
      std::sort(cuts[k].begin(), cuts[k].end());
      // Inside from corner k until the first end, then alternating.
      bool in = inside(corners[k]);
      double from = 0.0;
      for (const double s : cuts[k]) {
        if (in) piece(xi + from * (xj - xi), xi + s * (xj - xi));
        in = !in;
        from = s;
      }
      if (in) piece(xi + from * (xj - xi), xj);
    }
    InsidePart part;
    part.at_corner = at_corner;
    part.area = 0.5 * twice;
    part.centroid = twice != 0.0 ? x0 + moment / (3.0 * twice) : x0;
    return part;
  }

 private:
  bool inside(std::int32_t vertex) const {
    return std::binary_search(side_.vertices.begin(), side_.vertices.end(), vertex);
  }

  const PosedMesh& self_;
  const PenetratedSide& side_;
  const PosedMesh& other_;
  std::span<const ContourSegment> segments_;
  double weld_;
  std::vector<SegmentOn> on_triangle_;
};

}  // namespace

struct RegionClip::Sides {
  SideClipper a, b;
};

RegionClip::RegionClip(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
                       const PenetratedSide& side_b, std::span<const std::int32_t> colliding,
                       std::span<const std::pair<std::int32_t, std::int32_t>> colliding_a,
                       std::span<const ContourSegment> segments, double weld)
    : sides_(new Sides{SideClipper(a, side_a, b, segments, weld),
                       SideClipper(b, side_b, a, segments, weld)}) {
  std::vector<SegmentOn> on_a, on_b;
  for (const std::int32_t p : colliding) {
    const auto [ta, tb] = colliding_a[p];
    on_a.push_back({ta, p, tb});
    on_b.push_back({tb, p, ta});
  }
  sides_->a.setSegments(std::move(on_a));
  sides_->b.setSegments(std::move(on_b));
}

RegionClip::~RegionClip() = default;

InsidePart RegionClip::partOfA(std::int32_t t) const { return sides_->a.insidePart(t); }
InsidePart RegionClip::partOfB(std::int32_t t) const { return sides_->b.insidePart(t); }

double RegionClip::volume(const Vec3& origin) const {
  return sides_->a.volume(origin) + sides_->b.volume(origin);
}

double overlapVolume(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
                     const PenetratedSide& side_b, std::span<const std::int32_t> colliding,
                     std::span<const std::pair<std::int32_t, std::int32_t>> colliding_a,
                     std::span<const ContourSegment> segments, double weld, const Vec3& origin) {
  return RegionClip(a, side_a, b, side_b, colliding, colliding_a, segments, weld).volume(origin);
}

}  // namespace contactsim
