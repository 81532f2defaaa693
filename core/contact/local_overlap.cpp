#include "contact/local_overlap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

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

// Every triangle a candidate, for the few rays of the edge crossings: a grid over a region's
// triangles costs their projected boxes' cells, which for long slivers seen diagonally is far
// more than the rays.
struct TriangleList {
  std::vector<ProjectedTriangle> triangles;
  template <class F>
  void candidates(const Vec2&, F&& f) const {
    for (const ProjectedTriangle& t : triangles) f(t);
  }
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

bool hasCorner(const ProjectedTriangle& t, std::int32_t vertex) {
  return std::find(t.corners.begin(), t.corners.end(), vertex) != t.corners.end();
}

// Length of the ray from a point of side `side`'s surface at projected point q, height h, moving
// into its own body (−normal for A, +normal for B) up to the first projected triangle it meets,
// leaving out the triangles the point lies on: those with corner `from` (a vertex), or with both
// `from` and `to` (a point on the edge between them; `to` < 0 for a vertex).
// `candidates(q, f)` calls f on every triangle whose projection may hold q (ProjectedGrid,
// TriangleList).
template <class Candidates>
double rayLength(const Candidates& grid, int side, std::int32_t from, std::int32_t to,
                 const Vec2& q, double h, double tolerance) {
  const double sense = side == 0 ? -1.0 : 1.0;
  double nearest = std::numeric_limits<double>::infinity();
  grid.candidates(q, [&](const ProjectedTriangle& t) {
    const bool own = t.side == side;
    if (own && hasCorner(t, from) && (to < 0 || hasCorner(t, to))) return;
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
    const double overlap = rayLength(grid, side_index, o.vertex, -1, o.q, o.h, tolerance);
    out.push_back({o.vertex, overlap});
    if (std::isfinite(overlap)) {
      result.measured = true;
      result.deepest = std::max(result.deepest, overlap);
    }
  }
}

// An edge of a side's region triangles and the parameter intervals (from u) of its parts inside
// the other body, from its ends' inside status and the intersection curve's crossings on it.
struct InsideEdge {
  std::int32_t u, w;  // u < w
  Vec2 p0, p1;        // projected ends
  double h0, h1;      // heights along the normal
  std::vector<std::pair<double, double>> inside;

  // The projected span from its first inside point to its last: what the grid needs.
  Vec2 pointAt(double t) const { return p0 + t * (p1 - p0); }
  Vec2 spanStart() const { return pointAt(inside.front().first); }
  Vec2 spanEnd() const { return pointAt(inside.back().second); }
  // The span's highest and lowest points along the normal (at its ends: the edge is straight).
  double spanTop() const {
    return std::max(heightAt(inside.front().first), heightAt(inside.back().second));
  }
  double spanBottom() const {
    return std::min(heightAt(inside.front().first), heightAt(inside.back().second));
  }
  double heightAt(double t) const { return h0 + t * (h1 - h0); }

  // Within an inside part, up to `slack` of the edge (a point on the other body's surface counts).
  bool insideAt(double t, double slack) const {
    return std::any_of(inside.begin(), inside.end(), [&](const auto& part) {
      return t >= part.first - slack && t <= part.second + slack;
    });
  }
};

// The edges of `lists`' triangles that have a part inside the other body (InsideEdge).
std::vector<InsideEdge> insideEdges(const PosedMesh& m, const PenetratedSide& side,
                                    std::span<const std::span<const std::int32_t>> lists,
                                    const Frame& frame) {
  std::vector<std::pair<std::int32_t, std::int32_t>> keys;
  for (const std::span<const std::int32_t> list : lists) {
    for (const std::int32_t t : list) {
      const auto& c = m.mesh.triangles()[t];
      for (int k = 0; k < 3; ++k) keys.emplace_back(std::minmax(c[k], c[(k + 1) % 3]));
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  const auto inside = [&](std::int32_t v) {
    return std::binary_search(side.vertices.begin(), side.vertices.end(), v);
  };
  std::vector<InsideEdge> out;
  for (const auto& [u, w] : keys) {
    InsideEdge e{u, w, {}, {}, 0.0, 0.0, {}};
    auto it =
        std::lower_bound(side.edge_crossings.begin(), side.edge_crossings.end(), std::pair{u, w},
                         [](const EdgeCrossing& c, const std::pair<std::int32_t, std::int32_t>& k) {
                           return std::pair{c.u, c.w} < k;
                         });
    bool in = inside(u);
    double start = 0.0, last = -1.0;
    for (; it != side.edge_crossings.end() && it->u == u && it->w == w; ++it) {
      // One crossing is listed once per pair of triangles that found it (the edge's two
      // triangles, or two of the other surface's meeting on it): the same point to rounding.
      if (it->s - last <= 1e-9) continue;
      last = it->s;
      if (in) e.inside.emplace_back(start, it->s);
      in = !in;
      start = it->s;
    }
    if (in) e.inside.emplace_back(start, 1.0);
    if (e.inside.empty()) continue;
    const Vec3 x0 = frame.project(m.vertex(u)), x1 = frame.project(m.vertex(w));
    e.p0 = x0.head<2>();
    e.p1 = x1.head<2>();
    e.h0 = x0.z();
    e.h1 = x1.z();
    out.push_back(std::move(e));
  }
  return out;
}

// Both sides' inside spans in one uniform grid over the plane across the normal, each listed in
// every cell its projected segment passes through, with what the cell can hold at most: A's
// highest point less B's lowest among the spans' parts inside it. Every crossing lies in one cell
// and no column there is taller than that bound, so the cells are searched from the highest bound
// down and the search stops where the bound falls to the thickest column found — on two finely
// meshed bodies crossing at an angle (sliver cylinders) the overlay has far more crossings than
// either mesh has edges, and only those near the thickest column are visited.
class CrossingGrid {
 public:
  CrossingGrid(const std::vector<InsideEdge>& edges_a, const std::vector<InsideEdge>& edges_b) {
    for (const auto* edges : {&edges_a, &edges_b}) {
      for (const InsideEdge& e : *edges) box_.extend(e.spanStart()), box_.extend(e.spanEnd());
    }
    const Vec2 size = box_.sizes();
    const double count = static_cast<double>(edges_a.size() + edges_b.size());
    cell_ = std::max({2.0 * std::sqrt(size.x() * size.y() / count), size.maxCoeff() / 1024.0});
    if (!(cell_ > 0.0)) cell_ = std::max(size.maxCoeff(), 1.0);
    nx_ = static_cast<int>(size.x() / cell_) + 1;
    ny_ = static_cast<int>(size.y() / cell_) + 1;
    cells_.resize(static_cast<std::size_t>(nx_) * ny_);
    for (std::size_t k = 0; k < edges_a.size(); ++k) add(edges_a[k], k, 0);
    for (std::size_t k = 0; k < edges_b.size(); ++k) add(edges_b[k], k, 1);
  }

  struct Cell {
    std::vector<std::uint32_t> a, b;
    double top = -std::numeric_limits<double>::infinity();
    double bottom = std::numeric_limits<double>::infinity();
    double bound() const { return top - bottom; }
  };
  const std::vector<Cell>& cells() const { return cells_; }
  std::size_t cellOf(const Vec2& x) const {
    return static_cast<std::size_t>(row(x.y())) * nx_ + static_cast<std::size_t>(column(x.x()));
  }

 private:
  int column(double x) const {
    return std::clamp(static_cast<int>(std::floor((x - box_.min().x()) / cell_)), 0, nx_ - 1);
  }
  int row(double y) const {
    return std::clamp(static_cast<int>(std::floor((y - box_.min().y()) / cell_)), 0, ny_ - 1);
  }

  // The parameters of p + t·(q − p), 0 ≤ t ≤ 1, within [lo, hi] along one axis.
  static std::pair<double, double> slab(double p, double d, double lo, double hi) {
    if (d == 0.0) return p >= lo && p <= hi ? std::pair{0.0, 1.0} : std::pair{1.0, 0.0};
    const double t0 = (lo - p) / d, t1 = (hi - p) / d;
    return {std::max(0.0, std::min(t0, t1)), std::min(1.0, std::max(t0, t1))};
  }

  // Lists the span in each cell it meets, with its heights' extreme there (side 0: A's highest,
  // 1: B's lowest).
  void add(const InsideEdge& e, std::size_t k, int side) {
    const Vec2 p = e.spanStart(), q = e.spanEnd(), d = q - p;
    const double t_start = e.inside.front().first, t_end = e.inside.back().second;
    const auto height = [&](double t) { return e.heightAt(t_start + t * (t_end - t_start)); };
    const int i0 = column(std::min(p.x(), q.x())), i1 = column(std::max(p.x(), q.x()));
    const int j0 = row(std::min(p.y(), q.y())), j1 = row(std::max(p.y(), q.y()));
    for (int i = i0; i <= i1; ++i) {
      const double x0 = box_.min().x() + i * cell_;
      const auto [tx0, tx1] = i0 == i1 ? std::pair{0.0, 1.0} : slab(p.x(), d.x(), x0, x0 + cell_);
      for (int j = j0; j <= j1; ++j) {
        const double y0 = box_.min().y() + j * cell_;
        const auto [ty0, ty1] = j0 == j1 ? std::pair{0.0, 1.0} : slab(p.y(), d.y(), y0, y0 + cell_);
        const double t0 = std::max(tx0, ty0), t1 = std::min(tx1, ty1);
        if (t0 > t1) continue;
        Cell& cell = cells_[static_cast<std::size_t>(j) * nx_ + i];
        (side == 0 ? cell.a : cell.b).push_back(static_cast<std::uint32_t>(k));
        const double h0 = height(t0), h1 = height(t1);
        if (side == 0) cell.top = std::max({cell.top, h0, h1});
        if (side == 1) cell.bottom = std::min({cell.bottom, h0, h1});
      }
    }
  }

  Eigen::AlignedBox2d box_;
  double cell_ = 1.0;
  int nx_ = 1, ny_ = 1;
  std::vector<Cell> cells_;
};

// The thickest column of A ∩ B at a crossing of an inside edge of A with one of B, seen along the
// normal, both crossing points inside the other body (to 1e-9 of their edges: a point on the other
// surface counts). A's point lies above B's by the column's height (A presses along +normal); the
// ray from A's point, into A, says whether another surface cuts the column shorter. Columns no
// taller than `deepest` (the vertices' samples) are not measured.
void measureCrossings(const std::vector<InsideEdge>& edges_a,
                      const std::vector<InsideEdge>& edges_b, const TriangleList& grid,
                      double tolerance, double deepest, LocalOverlap& result) {
  constexpr double kSlack = 1e-9;
  const CrossingGrid crossings(edges_a, edges_b);
  const std::vector<CrossingGrid::Cell>& cells = crossings.cells();
  std::vector<std::size_t> order;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    if (!cells[c].a.empty() && !cells[c].b.empty()) order.push_back(c);
  }
  // Highest bound first; equal bounds in cell order, so the result does not depend on the sort.
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return cells[x].bound() != cells[y].bound() ? cells[x].bound() > cells[y].bound() : x < y;
  });
  for (const std::size_t c : order) {
    if (cells[c].bound() <= deepest) break;
    for (const std::uint32_t ka : cells[c].a) {
      const InsideEdge& ea = edges_a[ka];
      const Vec2 r = ea.p1 - ea.p0;
      for (const std::uint32_t kb : cells[c].b) {
        const InsideEdge& eb = edges_b[kb];
        const Vec2 s = eb.p1 - eb.p0;
        const double denominator = cross2(r, s);
        // Edges parallel in projection share no single column.
        if (!(std::abs(denominator) > 1e-12 * r.norm() * s.norm())) continue;
        const Vec2 d = eb.p0 - ea.p0;
        const double t = cross2(d, s) / denominator, u = cross2(d, r) / denominator;
        if (t < 0.0 || t > 1.0 || u < 0.0 || u > 1.0) continue;
        const Vec2 at = ea.pointAt(t);
        if (crossings.cellOf(at) != c) continue;  // that cell's to measure
        if (!ea.insideAt(t, kSlack) || !eb.insideAt(u, kSlack)) continue;
        const double top = ea.heightAt(t), height = top - eb.heightAt(u);
        if (!(height > deepest)) continue;
        const double column = std::min(rayLength(grid, 0, ea.u, ea.w, at, top, tolerance), height);
        result.crossings_measured = true;
        result.deepest_at_crossings = std::max(result.deepest_at_crossings, column);
        deepest = std::max(deepest, column);
      }
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

namespace {

// The frame of a region's measurements: its origin a point of the region (the first inside vertex
// of the whole side, so that every subset is measured in the same frame, to the same rounding;
// else a corner of A's first listed triangle). None for a side with nothing listed.
std::optional<Frame> regionFrame(const PosedMesh& a, const PenetratedSide& side_a,
                                 const PosedMesh& b, const PenetratedSide& side_b,
                                 const Vec3& normal) {
  std::optional<Vec3> origin;
  if (!side_a.vertices.empty())
    origin = a.vertex(side_a.vertices.front());
  else if (!side_b.vertices.empty())
    origin = b.vertex(side_b.vertices.front());
  else if (!side_a.triangles.empty())
    origin = a.corner(side_a.triangles.front(), 0);
  else if (!side_a.crossing.empty())
    origin = a.corner(side_a.crossing.front(), 0);
  if (!origin) return std::nullopt;
  return Frame{planeFromNormal(*origin, normal)};
}

// Any triangle of either body that a ray crosses ends it (crossing a surface leaves that body,
// hence A ∩ B), so the candidates may include more than the exit: the penetrated triangles and
// the colliding ones, which together hold all of A ∩ B's boundary.
std::vector<ProjectedTriangle> rayCandidates(const PosedMesh& a, const PenetratedSide& side_a,
                                             const PosedMesh& b, const PenetratedSide& side_b,
                                             const Frame& frame,
                                             const Eigen::AlignedBox2d& within) {
  std::vector<ProjectedTriangle> triangles;
  addTriangles(a, side_a.triangles, 0, frame, within, triangles);
  addTriangles(a, side_a.crossing, 0, frame, within, triangles);
  addTriangles(b, side_b.triangles, 1, frame, within, triangles);
  addTriangles(b, side_b.crossing, 1, frame, within, triangles);
  return triangles;
}

// The crossings of the edges of `lists_a` with those of `lists_b` (measureCrossings).
void measureCrossingsOf(const PosedMesh& a, const PenetratedSide& side_a,
                        std::span<const std::span<const std::int32_t>> lists_a, const PosedMesh& b,
                        const PenetratedSide& side_b,
                        std::span<const std::span<const std::int32_t>> lists_b, const Frame& frame,
                        double tolerance, LocalOverlap& result) {
  std::vector<InsideEdge> edges_a = insideEdges(a, side_a, lists_a, frame);
  std::vector<InsideEdge> edges_b = insideEdges(b, side_b, lists_b, frame);
  if (edges_a.empty() || edges_b.empty()) return;
  // A column at a crossing is no taller than A's edge's top less B's lowest point anywhere (and
  // A's highest less B's edge's bottom): edges that cannot beat the vertices' δ are left out.
  const double deepest = std::max(result.deepest, tolerance);
  double a_top = -std::numeric_limits<double>::infinity(), b_bottom = -a_top;
  for (const InsideEdge& e : edges_a) a_top = std::max(a_top, e.spanTop());
  for (const InsideEdge& e : edges_b) b_bottom = std::min(b_bottom, e.spanBottom());
  std::erase_if(edges_a, [&](const InsideEdge& e) { return e.spanTop() - b_bottom <= deepest; });
  std::erase_if(edges_b, [&](const InsideEdge& e) { return a_top - e.spanBottom() <= deepest; });
  if (edges_a.empty() || edges_b.empty()) return;
  Eigen::AlignedBox2d spans;
  for (const InsideEdge& e : edges_a) spans.extend(e.spanStart()), spans.extend(e.spanEnd());
  measureCrossings(edges_a, edges_b,
                   TriangleList{rayCandidates(a, side_a, b, side_b, frame, spans)}, tolerance,
                   deepest, result);
}

LocalOverlap measure(const PosedMesh& a, const PenetratedSide& side_a,
                     std::span<const std::int32_t> rays_a, const PosedMesh& b,
                     const PenetratedSide& side_b, std::span<const std::int32_t> rays_b,
                     const Vec3& normal, bool at_crossings) {
  LocalOverlap result;
  if (rays_a.empty() && rays_b.empty() && !at_crossings) return result;
  const std::optional<Frame> in_frame = regionFrame(a, side_a, b, side_b, normal);
  if (!in_frame) return result;
  const Frame& frame = *in_frame;
  Eigen::AlignedBox2d reach;
  const std::vector<RayOrigin> origins_a = rayOrigins(a, rays_a, frame, reach);
  const std::vector<RayOrigin> origins_b = rayOrigins(b, rays_b, frame, reach);
  // Rounding in the projected heights scales with the models' size.
  const double tolerance = roundingLength(a, b);
  if (!origins_a.empty() || !origins_b.empty()) {
    const ProjectedGrid grid(rayCandidates(a, side_a, b, side_b, frame, reach));
    measureSide(origins_a, 0, grid, tolerance, result.a, result);
    measureSide(origins_b, 1, grid, tolerance, result.b, result);
  }
  if (at_crossings) {
    const std::array<std::span<const std::int32_t>, 2> lists_a{side_a.triangles, side_a.crossing};
    const std::array<std::span<const std::int32_t>, 2> lists_b{side_b.triangles, side_b.crossing};
    measureCrossingsOf(a, side_a, lists_a, b, side_b, lists_b, frame, tolerance, result);
  }
  return result;
}

}  // namespace

LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 const PosedMesh& b, const PenetratedSide& side_b,
                                 const Vec3& normal, bool at_crossings) {
  return measure(a, side_a, side_a.vertices, b, side_b, side_b.vertices, normal, at_crossings);
}

LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 std::span<const std::int32_t> rays_a, const PosedMesh& b,
                                 const PenetratedSide& side_b, std::span<const std::int32_t> rays_b,
                                 const Vec3& normal) {
  return measure(a, side_a, rays_a, b, side_b, rays_b, normal, false);
}

void measureCrossingsOf(const PosedMesh& a, const PenetratedSide& side_a,
                        std::span<const std::int32_t> triangles_a,
                        std::span<const std::int32_t> crossing_a, const PosedMesh& b,
                        const PenetratedSide& side_b, std::span<const std::int32_t> triangles_b,
                        std::span<const std::int32_t> crossing_b, const Vec3& normal,
                        LocalOverlap& overlap) {
  const std::optional<Frame> frame = regionFrame(a, side_a, b, side_b, normal);
  if (!frame) return;
  const std::array<std::span<const std::int32_t>, 2> lists_a{triangles_a, crossing_a};
  const std::array<std::span<const std::int32_t>, 2> lists_b{triangles_b, crossing_b};
  measureCrossingsOf(a, side_a, lists_a, b, side_b, lists_b, *frame, roundingLength(a, b), overlap);
}

double patchIndentation(double deepest, bool measured, double depth_a, double depth_b,
                        double contour_spread) {
  const double seed = depth_a + depth_b;  // Dopico et al.'s deepest-point δ (§IV.F)
  return measured ? std::min(deepest, seed + contour_spread) : seed;
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
