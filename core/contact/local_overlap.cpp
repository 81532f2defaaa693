#include "contact/local_overlap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/patch_geometry.h"

namespace contactsim {
namespace {

using Vec2 = Eigen::Vector2d;

double cross2(const Vec2& x, const Vec2& y) { return x.x() * y.y() - x.y() * y.x(); }

// A penetrated triangle seen along the direction: its corners in the plane across it and their
// heights along it; and what every ray through it reuses: its projected edges from p[0] and
// their cross product.
struct ProjectedTriangle {
  std::array<Vec2, 3> p;
  std::array<double, 3> h;
  std::array<std::int32_t, 3> corners;
  int side;  // 0: A, 1: B
  Vec2 e1, e2;
  double det;
  // Seen edge-on (a wall along the ray: never crossed, only grazed), its projected area below
  // 1e-9 of its own area.
  bool edge_on;
};

// Point (u, v, h) of the frame (axis_u, axis_v, normal) about `origin`: coordinates relative to a
// point of the region keep their precision far from the world origin.
struct Frame {
  ContactPlane plane;
  Vec3 project(const Vec3& x) const {
    const Vec3 d = x - plane.origin;
    return {d.dot(plane.axis_u), d.dot(plane.axis_v), d.dot(plane.normal)};
  }
};

// A uniform grid over the projected triangles (about one cell per triangle), each triangle listed
// in the cells its box covers: a ray along the normal meets only its own cell's triangles.
class ProjectedGrid {
 public:
  explicit ProjectedGrid(std::vector<ProjectedTriangle> triangles)
      : triangles_(std::move(triangles)) {
    if (triangles_.empty()) return;
    for (const ProjectedTriangle& t : triangles_) {
      for (const Vec2& p : t.p) box_.extend(p);
    }
    const Vec2 size = box_.sizes();
    const double count = static_cast<double>(triangles_.size());
    cell_ = std::max(std::sqrt(size.x() * size.y() / count), size.maxCoeff() / count);
    if (!(cell_ > 0.0)) cell_ = 1.0;  // every triangle projects onto one point: one cell
    nx_ = cellCount(size.x());
    ny_ = cellCount(size.y());
    offsets_.assign(static_cast<std::size_t>(nx_ * ny_) + 1, 0);
    forEachCell([&](std::size_t cell, std::int32_t) { ++offsets_[cell + 1]; });
    for (std::size_t c = 1; c < offsets_.size(); ++c) offsets_[c] += offsets_[c - 1];
    entries_.resize(offsets_.back());
    std::vector<std::int32_t> fill(offsets_.begin(), offsets_.end() - 1);
    forEachCell([&](std::size_t cell, std::int32_t t) { entries_[fill[cell]++] = t; });
  }

  template <class F>
  void candidates(const Vec2& q, F&& f) const {
    if (triangles_.empty() || !box_.contains(q)) return;
    const std::size_t cell =
        index(column(q.x() - box_.min().x(), nx_), column(q.y() - box_.min().y(), ny_));
    for (std::int32_t k = offsets_[cell]; k < offsets_[cell + 1]; ++k) f(triangles_[entries_[k]]);
  }

 private:
  int cellCount(double extent) const {
    return std::clamp(static_cast<int>(extent / cell_) + 1, 1, 4096);
  }
  int column(double offset, int n) const {
    return std::clamp(static_cast<int>(offset / cell_), 0, n - 1);
  }
  std::size_t index(int i, int j) const { return static_cast<std::size_t>(j) * nx_ + i; }

  template <class F>
  void forEachCell(F&& f) const {
    for (std::size_t t = 0; t < triangles_.size(); ++t) {
      Eigen::AlignedBox2d b;
      for (const Vec2& p : triangles_[t].p) b.extend(p);
      const int i0 = column(b.min().x() - box_.min().x(), nx_);
      const int i1 = column(b.max().x() - box_.min().x(), nx_);
      const int j0 = column(b.min().y() - box_.min().y(), ny_);
      const int j1 = column(b.max().y() - box_.min().y(), ny_);
      for (int j = j0; j <= j1; ++j) {
        for (int i = i0; i <= i1; ++i) f(index(i, j), static_cast<std::int32_t>(t));
      }
    }
  }

  std::vector<ProjectedTriangle> triangles_;
  Eigen::AlignedBox2d box_;
  double cell_ = 1.0;
  int nx_ = 1, ny_ = 1;
  std::vector<std::int32_t> offsets_, entries_;
};

// Triangles whose projected box, widened by the barycentric test's margin, meets `reach` (the box
// of the rays' projected origins): the others cannot hold a ray.
void addTriangles(const PosedMesh& m, std::span<const std::int32_t> list, int side_index,
                  const Frame& frame, const Eigen::AlignedBox2d& reach,
                  std::vector<ProjectedTriangle>& out) {
  for (const std::int32_t t : list) {
    ProjectedTriangle pt;
    pt.side = side_index;
    Eigen::AlignedBox2d box;
    for (int k = 0; k < 3; ++k) {
      const Vec3 x = frame.project(m.corner(t, k));
      pt.p[k] = x.head<2>();
      pt.h[k] = x.z();
      pt.corners[k] = m.mesh.triangles()[t][k];
      box.extend(pt.p[k]);
    }
    const double margin = 1e-6 * box.sizes().maxCoeff();
    box.min().array() -= margin;
    box.max().array() += margin;
    if (!box.intersects(reach)) continue;
    pt.e1 = pt.p[1] - pt.p[0];
    pt.e2 = pt.p[2] - pt.p[0];
    pt.det = cross2(pt.e1, pt.e2);
    const Vec3 e1_3(pt.e1.x(), pt.e1.y(), pt.h[1] - pt.h[0]);
    const Vec3 e2_3(pt.e2.x(), pt.e2.y(), pt.h[2] - pt.h[0]);
    pt.edge_on = !(std::abs(pt.det) > 1e-9 * e1_3.cross(e2_3).norm());
    out.push_back(pt);
  }
}

// Length of the ray from vertex `vertex` of side `side` at projected point q, height h, moving
// into its own body (−normal for A, +normal for B) up to the first projected triangle it meets.
double rayLength(const ProjectedGrid& grid, int side, std::int32_t vertex, const Vec2& q, double h,
                 double tolerance) {
  const double sense = side == 0 ? -1.0 : 1.0;
  double nearest = std::numeric_limits<double>::infinity();
  grid.candidates(q, [&](const ProjectedTriangle& t) {
    const bool own = t.side == side;
    if (own && std::find(t.corners.begin(), t.corners.end(), vertex) != t.corners.end()) return;
    if (t.edge_on) return;
    const Vec2 d = q - t.p[0];
    const double b1 = cross2(d, t.e2) / t.det, b2 = cross2(t.e1, d) / t.det;
    const double margin = -1e-12;  // a ray through a shared edge meets one of its triangles
    if (b1 < margin || b2 < margin || 1.0 - b1 - b2 < margin) return;
    const double hit = t.h[0] + b1 * (t.h[1] - t.h[0]) + b2 * (t.h[2] - t.h[0]);
    const double length = sense * (hit - h);
    // The other body's surface may be met at the start (a vertex just inside); the own surface
    // only beyond it, where it folds back across the ray.
    if (own ? length > tolerance : length >= -tolerance) nearest = std::min(nearest, length);
  });
  return std::max(nearest, 0.0);
}

// A ray's origin: an inside vertex, its projected point and height.
struct RayOrigin {
  std::int32_t vertex;
  Vec2 q;
  double h;
};

std::vector<RayOrigin> rayOrigins(const PosedMesh& m, std::span<const std::int32_t> vertices,
                                  const Frame& frame, Eigen::AlignedBox2d& reach) {
  std::vector<RayOrigin> out;
  out.reserve(vertices.size());
  for (const std::int32_t v : vertices) {
    const Vec3 x = frame.project(m.vertex(v));
    out.push_back({v, x.head<2>(), x.z()});
    reach.extend(out.back().q);
  }
  return out;
}

void measureSide(std::span<const RayOrigin> origins, int side_index, const ProjectedGrid& grid,
                 double tolerance, std::vector<VertexOverlap>& out, LocalOverlap& result) {
  out.reserve(origins.size());
  for (const RayOrigin& o : origins) {
    const double overlap = rayLength(grid, side_index, o.vertex, o.q, o.h, tolerance);
    out.push_back({o.vertex, overlap});
    if (std::isfinite(overlap)) {
      result.measured = true;
      result.deepest = std::max(result.deepest, overlap);
    }
  }
}

}  // namespace

PenetratedSide penetratedSide(const TriMesh& mesh, const Penetration& penetration,
                              std::span<const std::int32_t> components) {
  PenetratedSide side;
  const SurfaceClusters& clusters = mesh.clusters();
  for (const std::int32_t c : components) {
    const PenetratedComponent& piece = penetration.components[c];
    side.vertices.insert(side.vertices.end(), piece.vertices.begin(), piece.vertices.end());
    side.triangles.insert(side.triangles.end(), piece.triangles.begin(), piece.triangles.end());
    for (const std::int32_t k : piece.clusters) {
      const auto vertices = clusters.vertices(k);
      const auto triangles = clusters.triangles(k);
      side.vertices.insert(side.vertices.end(), vertices.begin(), vertices.end());
      side.triangles.insert(side.triangles.end(), triangles.begin(), triangles.end());
    }
  }
  for (auto* list : {&side.vertices, &side.triangles}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  side.edge_crossings = penetration.crossings;
  return side;
}

LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 const PosedMesh& b, const PenetratedSide& side_b,
                                 const Vec3& normal) {
  return measureLocalOverlap(a, side_a, side_a.vertices, b, side_b, side_b.vertices, normal);
}

LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 std::span<const std::int32_t> rays_a, const PosedMesh& b,
                                 const PenetratedSide& side_b, std::span<const std::int32_t> rays_b,
                                 const Vec3& normal) {
  LocalOverlap result;
  if (rays_a.empty() && rays_b.empty()) return result;
  // The frame's origin is a point of the region (the first inside vertex of the whole side, so
  // that every subset of rays is measured in the same frame, to the same rounding).
  const Vec3 origin = side_a.vertices.empty() ? b.vertex(side_b.vertices.front())
                                              : a.vertex(side_a.vertices.front());
  const Frame frame{planeFromNormal(origin, normal)};
  Eigen::AlignedBox2d reach;
  const std::vector<RayOrigin> origins_a = rayOrigins(a, rays_a, frame, reach);
  const std::vector<RayOrigin> origins_b = rayOrigins(b, rays_b, frame, reach);
  std::vector<ProjectedTriangle> triangles;
  // Any triangle of either body that a ray crosses ends it (crossing a surface leaves that body,
  // hence A ∩ B), so the candidates may include more than the exit: the penetrated triangles and
  // the colliding ones, which together hold all of A ∩ B's boundary.
  addTriangles(a, side_a.triangles, 0, frame, reach, triangles);
  addTriangles(a, side_a.crossing, 0, frame, reach, triangles);
  addTriangles(b, side_b.triangles, 1, frame, reach, triangles);
  addTriangles(b, side_b.crossing, 1, frame, reach, triangles);
  const ProjectedGrid grid(std::move(triangles));
  // Rounding in the projected heights scales with the models' size.
  const double tolerance = roundingLength(a, b);
  measureSide(origins_a, 0, grid, tolerance, result.a, result);
  measureSide(origins_b, 1, grid, tolerance, result.b, result);
  return result;
}

double patchIndentation(const LocalOverlap& overlap, double depth_a, double depth_b,
                        double contour_spread) {
  const double seed = depth_a + depth_b;  // Dopico et al.'s deepest-point δ (§IV.F)
  return overlap.measured ? std::min(overlap.deepest, seed + contour_spread) : seed;
}

double spreadAlong(const std::vector<std::vector<Vec3>>& loops, const Vec3& normal) {
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const auto& loop : loops) {
    for (const Vec3& x : loop) {
      low = std::min(low, x.dot(normal));
      high = std::max(high, x.dot(normal));
    }
  }
  return high >= low ? high - low : 0.0;
}

double overlapCap(std::span<const VertexOverlap> overlaps, std::int32_t vertex) {
  const auto it =
      std::lower_bound(overlaps.begin(), overlaps.end(), vertex,
                       [](const VertexOverlap& o, std::int32_t v) { return o.vertex < v; });
  return it != overlaps.end() && it->vertex == vertex ? it->overlap : 0.0;
}

}  // namespace contactsim
