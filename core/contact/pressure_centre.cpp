#include "contact/pressure_centre.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace contactsim {
namespace {

struct DepthPoint {
  Vec3 x;
  double d;
};

// ∫_T f dA and ∫_T f·x dA for f linear on the triangle: A/3·Σf and A/12·(Σ f_i x_i + Σf·Σx).
void addTriangle(const DepthPoint& p0, const DepthPoint& p1, const DepthPoint& p2, double& weight,
                 Vec3& first_moment) {
  const double area = 0.5 * (p1.x - p0.x).cross(p2.x - p0.x).norm();
  const double sum_d = p0.d + p1.d + p2.d;
  weight += area / 3.0 * sum_d;
  first_moment +=
      area / 12.0 * (p0.d * p0.x + p1.d * p1.x + p2.d * p2.x + sum_d * (p0.x + p1.x + p2.x));
}

// The part of a triangle with d ≥ 0 (Sutherland–Hodgman against one plane): at most four
// corners, a convex polygon to fan from its first corner.
struct ClippedTriangle {
  std::array<DepthPoint, 4> corners;
  int count = 0;
};

ClippedTriangle clipAtZero(const std::array<DepthPoint, 3>& corners) {
  ClippedTriangle kept;
  for (int k = 0; k < 3; ++k) {
    const DepthPoint& p = corners[k];
    const DepthPoint& q = corners[(k + 1) % 3];
    if (p.d >= 0.0) kept.corners[kept.count++] = p;
    if ((p.d >= 0.0) != (q.d >= 0.0)) {
      const double s = p.d / (p.d - q.d);
      kept.corners[kept.count++] = {p.x + s * (q.x - p.x), 0.0};
    }
  }
  return kept;
}

void addClipped(const std::array<DepthPoint, 3>& corners, double& weight, Vec3& first_moment) {
  const ClippedTriangle kept = clipAtZero(corners);
  for (int k = 1; k + 1 < kept.count; ++k)
    addTriangle(kept.corners[0], kept.corners[k], kept.corners[k + 1], weight, first_moment);
}

// d(y) = gradient·y + offset for body-frame positions y.
struct BodyFrameDepth {
  Vec3 gradient;
  double offset;

  // The depth of the mesh's points beyond the plane along `direction` (world): affine in the
  // body-frame position, so integrals run on the mesh's own vertices and cluster moments.
  static BodyFrameDepth beyond(const PosedMesh& mesh, const ContactPlane& plane,
                               const Vec3& direction) {
    return {mesh.mesh_in_query.rotation.transpose() * direction,
            direction.dot(mesh.mesh_in_query.translation - plane.origin)};
  }

  double operator()(const Vec3& y) const { return gradient.dot(y) + offset; }
  // Smallest and largest d over a box.
  std::pair<double, double> range(const Box3& box) const {
    const double centre = (*this)(box.center());
    const double reach = gradient.cwiseAbs().dot(0.5 * box.sizes());
    return {centre - reach, centre + reach};
  }
};

// The deepest vertex offered so far; among equally deep ones the lowest index, so that the
// answer does not depend on the order in which vertices are offered.
struct DeepestVertex {
  std::int32_t vertex = -1;
  double depth = 0.0;

  void offer(std::int32_t v, double d) {
    if (d > depth || (d == depth && vertex >= 0 && v < vertex)) vertex = v, depth = d;
  }
};

// A corner's share: its depth, capped by the local overlap when caps are given.
double share(const BodyFrameDepth& depth, const Vec3& y, const std::vector<VertexOverlap>* caps,
             std::int32_t vertex) {
  const double d = depth(y);
  return caps ? std::min(d, overlapCap(*caps, vertex)) : d;
}

// Triangle t's corners (body frame) with their shares.
std::array<DepthPoint, 3> cornerShares(const TriMesh& mesh, std::int32_t t,
                                       const BodyFrameDepth& depth,
                                       const std::vector<VertexOverlap>* caps) {
  std::array<DepthPoint, 3> points;
  for (int k = 0; k < 3; ++k) {
    const Vec3& y = mesh.corner(t, k);
    points[k] = {y, share(depth, y, caps, mesh.triangles()[t][k])};
  }
  return points;
}

// The line through a body-frame point along a body-frame direction, and the deepest share found
// where it crosses the triangles offered.
struct ProbeLine {
  Vec3 point;
  Vec3 direction;
  double depth = 0.0;

  // The line through `probe` (world) along the direction `depth` measures.
  static ProbeLine through(const PosedMesh& mesh, const BodyFrameDepth& depth, const Vec3& probe) {
    return {mesh.mesh_in_query.rotation.transpose() * (probe - mesh.mesh_in_query.translation),
            depth.gradient};
  }

  // Offers triangle (corners y, shares d): where the line crosses it, the share interpolated
  // linearly. Barycentric weights from the signed volumes the line spans with each edge; a line
  // along the triangle's plane (all zero) crosses nothing.
  void offer(const std::array<DepthPoint, 3>& corners) {
    if (const std::optional<double> d = crossing(corners)) depth = std::max(depth, *d);
  }
  // The share interpolated where the line crosses the triangle; none where it misses.
  std::optional<double> crossing(const std::array<DepthPoint, 3>& corners) const {
    std::array<double, 3> w;
    for (int k = 0; k < 3; ++k) {
      const Vec3 p = corners[(k + 1) % 3].x - point, q = corners[(k + 2) % 3].x - point;
      w[k] = direction.dot(p.cross(q));
    }
    const bool positive = w[0] >= 0.0 && w[1] >= 0.0 && w[2] >= 0.0;
    const bool negative = w[0] <= 0.0 && w[1] <= 0.0 && w[2] <= 0.0;
    const double sum = w[0] + w[1] + w[2];
    if (!(positive || negative) || sum == 0.0) return std::nullopt;
    return (w[0] * corners[0].d + w[1] * corners[1].d + w[2] * corners[2].d) / sum;
  }
  // Whether the line can cross anything inside `box` (slab test).
  bool reaches(const Box3& box) const {
    double enter = -std::numeric_limits<double>::infinity();
    double leave = std::numeric_limits<double>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
      const double lo = box.min()[axis] - point[axis], hi = box.max()[axis] - point[axis];
      if (direction[axis] == 0.0) {
        if (lo > 0.0 || hi < 0.0) return false;
        continue;
      }
      const double t0 = lo / direction[axis], t1 = hi / direction[axis];
      enter = std::max(enter, std::min(t0, t1));
      leave = std::min(leave, std::max(t0, t1));
    }
    return enter <= leave;
  }
};

void addTriangleClipped(const TriMesh& mesh, std::int32_t t, const BodyFrameDepth& depth,
                        const std::vector<VertexOverlap>* caps, double& weight, Vec3& moment,
                        ProbeLine* probe) {
  const std::array<DepthPoint, 3> points = cornerShares(mesh, t, depth, caps);
  const bool whole = points[0].d >= 0.0 && points[1].d >= 0.0 && points[2].d >= 0.0;
  if (probe) probe->offer(points);
  if (whole)
    addTriangle(points[0], points[1], points[2], weight, moment);
  else
    addClipped(points, weight, moment);
}

}  // namespace

PenetratedSurface& PenetratedSurface::operator+=(const PenetratedSurface& o) {
  weight += o.weight;
  first_moment += o.first_moment;
  probe_depth = std::max(probe_depth, o.probe_depth);
  if (o.deepest_depth > deepest_depth) {
    deepest_depth = o.deepest_depth;
    deepest_point = o.deepest_point;
  }
  return *this;
}

PenetratedSurface integratePenetratedSurface(const PosedMesh& mesh,
                                             const PenetratedComponent& component,
                                             const ContactPlane& plane, const Vec3& direction,
                                             const std::vector<VertexOverlap>* caps,
                                             const Vec3* probe) {
  // Only the integral's two results are moved into the plane's frame.
  const BodyFrameDepth depth = BodyFrameDepth::beyond(mesh, plane, direction);
  const auto& vertices = mesh.mesh.vertices();
  const SurfaceClusters& clusters = mesh.mesh.clusters();
  DeepestVertex deepest;
  for (const std::int32_t v : component.vertices) deepest.offer(v, depth(vertices[v]));
  std::optional<ProbeLine> line;
  if (probe) line = ProbeLine::through(mesh, depth, *probe);
  ProbeLine* probe_line = line ? &*line : nullptr;

  double weight = 0.0;
  Vec3 moment = Vec3::Zero();  // ∫ d·y dA
  for (const std::int32_t t : component.triangles)
    addTriangleClipped(mesh.mesh, t, depth, caps, weight, moment, probe_line);
  // Where the overlap is below the depth somewhere on a cluster, the share is not linear on it.
  auto uncapped = [&](std::int32_t k) {
    if (!caps) return true;
    for (const std::int32_t v : clusters.vertices(k)) {
      if (overlapCap(*caps, v) < depth(vertices[v])) return false;
    }
    return true;
  };
  // A whole cluster wholly beyond the plane and uncapped: d is linear on it, so with its area A,
  // centroid c and central second moment C, ∫d dA = A·d(c) and ∫d·y dA = C·m + A·d(c)·c. One that
  // the plane cuts, or that a cap lowers, goes triangle by triangle like the listed ones.
  double best_bound = -std::numeric_limits<double>::infinity();
  std::int32_t best_bound_cluster = -1;
  for (const std::int32_t k : component.clusters) {
    const auto [lowest, highest] = depth.range(clusters.box(k));
    if (lowest >= 0.0 && uncapped(k)) {
      const AreaMoments& a = clusters.moments(k);
      const double d_centroid = depth(a.centroid);
      weight += a.area * d_centroid;
      moment += a.central_second * depth.gradient + a.area * d_centroid * a.centroid;
      // Its triangles are visited only for the probe, and only when the line can reach them; it
      // is uncapped, so its shares are the depths.
      if (probe_line && probe_line->reaches(clusters.box(k))) {
        for (const std::int32_t t : clusters.triangles(k))
          probe_line->offer(cornerShares(mesh.mesh, t, depth, nullptr));
      }
    } else {
      for (const std::int32_t t : clusters.triangles(k))
        addTriangleClipped(mesh.mesh, t, depth, caps, weight, moment, probe_line);
    }
    if (highest > best_bound) best_bound = highest, best_bound_cluster = k;
  }
  // The deepest vertex of the whole clusters: the most promising cluster first, then only those
  // whose box could still hold a deeper vertex, or an equally deep one of lower index (the tie
  // rule of DeepestVertex would otherwise depend on the clusters' order).
  auto scan = [&](std::int32_t k) {
    for (const std::int32_t v : clusters.vertices(k)) deepest.offer(v, depth(vertices[v]));
  };
  if (best_bound_cluster >= 0) scan(best_bound_cluster);
  for (const std::int32_t k : component.clusters) {
    if (k != best_bound_cluster && depth.range(clusters.box(k)).second >= deepest.depth) scan(k);
  }

  PenetratedSurface out;
  out.weight = weight;
  if (line) out.probe_depth = line->depth;
  out.first_moment = mesh.mesh_in_query.rotation * moment + weight * mesh.mesh_in_query.translation;
  if (deepest.vertex >= 0) {
    out.deepest_depth = deepest.depth;
    out.deepest_point = mesh.vertex(deepest.vertex);
  }
  return out;
}

bool negligibleSide(const PenetratedSurface& side, const PenetratedSurface& other) {
  return !(side.weight >= kNegligibleDepthShare * (side.weight + other.weight));
}

std::vector<TriangleDepth> triangleDepths(const PosedMesh& mesh,
                                          std::span<const std::int32_t> triangles,
                                          const ContactPlane& plane, const Vec3& direction,
                                          const std::vector<VertexOverlap>* caps) {
  const BodyFrameDepth depth = BodyFrameDepth::beyond(mesh, plane, direction);
  std::vector<TriangleDepth> out;
  for (const std::int32_t t : triangles) {
    // The part that presses, fanned as integratePenetratedSurface's clipping does.
    const ClippedTriangle kept = clipAtZero(cornerShares(mesh.mesh, t, depth, caps));
    double weight = 0.0, area = 0.0;
    Vec3 unused_moment = Vec3::Zero();
    for (int k = 1; k + 1 < kept.count; ++k) {
      const DepthPoint &p0 = kept.corners[0], &p1 = kept.corners[k], &p2 = kept.corners[k + 1];
      addTriangle(p0, p1, p2, weight, unused_moment);
      area += 0.5 * (p1.x - p0.x).cross(p2.x - p0.x).norm();
    }
    if (!(weight > 0.0)) continue;  // nothing beyond the plane, or a degenerate triangle
    out.push_back({t, area, weight});
  }
  return out;
}

namespace {

// The contour centroid's weight in the centre of pressure, area·δ/10 (pressure_centre.h): a
// fifth of a wedge's own ∫d dA = area·δ/2, a tenth of a flat face's.
double contourWeight(double area, double indentation) { return 0.1 * area * indentation; }

}  // namespace

Vec3 pressureCentre(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                    const ContactPlane& plane, const Vec3& contour_centroid, double area,
                    double indentation) {
  const double contour_weight = contourWeight(area, indentation);
  const double total = side_a.weight + side_b.weight + contour_weight;
  if (!(total > 0.0)) return contour_centroid;
  const Vec3 point =
      (side_a.first_moment + side_b.first_moment + contour_weight * contour_centroid) / total;
  return point - (point - plane.origin).dot(plane.normal) * plane.normal;
}

Mat3 pressureCentreTurn(const PenetratedSurface& side_a, const PenetratedSurface& side_b,
                        const ContactPlane& plane, const Vec3& contour_centroid, double area,
                        const Mat3& second_moment, double indentation,
                        const Vec3& pressure_centre) {
  // Where the sides hold next to no weight (an edge crossing a face) the point found sits at the
  // contour centroid: its own weight bounds the lever, which the sides' alone would not.
  const double total = std::max(side_a.weight + side_b.weight, contourWeight(area, indentation));
  if (!(total > 0.0) || !(area > 0.0)) return Mat3::Zero();
  const Vec3& n = plane.normal;
  Vec3 offset = contour_centroid - pressure_centre;
  offset -= offset.dot(n) * n;
  return -(area / total) * (second_moment + offset * offset.transpose()) * skew(n);
}

double probeDepth(const PosedMesh& mesh, std::span<const std::int32_t> triangles,
                  const ContactPlane& plane, const Vec3& direction,
                  const std::vector<VertexOverlap>* caps, const Vec3& probe) {
  const BodyFrameDepth depth = BodyFrameDepth::beyond(mesh, plane, direction);
  ProbeLine line = ProbeLine::through(mesh, depth, probe);
  for (const std::int32_t t : triangles) line.offer(cornerShares(mesh.mesh, t, depth, caps));
  return line.depth;
}

namespace {

// The signed height beyond the plane along `direction` where the line through `probe` along it
// crosses a listed triangle facing that way, the crossing nearest the plane where there are
// several (a thread's region lists its flank and, farther along the normal, its crest); none when
// it crosses none.
std::optional<double> facingCrossing(const PosedMesh& mesh, SideTriangles triangles,
                                     const ContactPlane& plane, const Vec3& direction,
                                     const Vec3& probe) {
  const BodyFrameDepth depth = BodyFrameDepth::beyond(mesh, plane, direction);
  const ProbeLine line = ProbeLine::through(mesh, depth, probe);
  std::optional<double> nearest;
  for (const auto list : {triangles.penetrated, triangles.colliding}) {
    for (const std::int32_t t : list) {
      if (!(mesh.mesh.normals()[t].dot(depth.gradient) > 0.0)) continue;
      // Uncapped: the surface's own height where the line crosses it.
      if (const std::optional<double> d = line.crossing(cornerShares(mesh.mesh, t, depth, nullptr)))
        if (!nearest || std::abs(*d) < std::abs(*nearest)) nearest = *d;
    }
  }
  return nearest;
}

}  // namespace

std::optional<OverlapColumn> overlapColumn(const PosedMesh& a, SideTriangles triangles_a,
                                           const PosedMesh& b, SideTriangles triangles_b,
                                           const ContactPlane& plane, const Vec3& probe) {
  const std::optional<double> height_a = facingCrossing(a, triangles_a, plane, plane.normal, probe);
  if (!height_a) return std::nullopt;
  const std::optional<double> height_b =
      facingCrossing(b, triangles_b, plane, -plane.normal, probe);
  // Surfaces flush to rounding have no column.
  if (!height_b || !(*height_a + *height_b > roundingLength(a, b))) return std::nullopt;
  return OverlapColumn{*height_a, *height_b};
}

double lawIndentation(double at_centroid, bool ring, const PenetratedSurface& side_a,
                      const PenetratedSurface& side_b, double area, double indentation) {
  if (!(area > 0.0)) return indentation;
  const double mean = (side_a.weight + side_b.weight) / area;
  if (at_centroid > 0.0) return std::min(indentation, std::max(at_centroid, mean));
  // No overlap on the centroid's line. A ring's band runs round its centroid: δ, as a line contact
  // bent into a circle. A single outline has it outside: lobes joined by a neck. A paraboloid
  // cap's mean thickness over its footprint is half its depth, so 2·mean weighs such lobes by
  // their share of the area, where δ took the deepest: as the anchor's crown sat on a neck, δ made
  // five times the force of the same lobes apart, and Newton cycled at every step.
  if (ring || !(mean > 0.0)) return indentation;
  return std::min(indentation, 2.0 * mean);
}

}  // namespace contactsim
