#include "volumetric/convex_intersection.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "volumetric/qhull_hull.h"

namespace contactsim::volumetric {
namespace {

// Clips the segment p→q to the half-spaces of `piece` (Cyrus–Beck) and appends what is left.
void appendClippedSegment(const Vec3& p, const Vec3& q, const ConvexPiece& piece,
                          std::vector<Vec3>& out) {
  const Vec3 d = q - p;
  double t0 = 0.0;
  double t1 = 1.0;
  for (const ConvexFace& f : piece.faces) {
    const double dist = f.normal.dot(p) - f.offset;  // > 0: p outside this plane
    const double dn = f.normal.dot(d);
    if (dn == 0.0) {
      if (dist > 0.0) return;
      continue;
    }
    const double t = -dist / dn;
    if (dn > 0.0)
      t1 = std::min(t1, t);
    else
      t0 = std::max(t0, t);
    if (t0 > t1) return;
  }
  out.push_back(p + t0 * d);
  out.push_back(p + t1 * d);
}

void appendClippedEdges(const ConvexPiece& edges_of, const ConvexPiece& clip_by,
                        std::vector<Vec3>& out) {
  for (const ConvexFace& f : edges_of.faces) {
    for (std::size_t k = 0; k < f.loop.size(); ++k) {
      const int i = f.loop[k];
      const int j = f.loop[(k + 1) % f.loop.size()];
      if (i < j)  // each edge is in two faces, once in each direction
        appendClippedSegment(edges_of.vertices[static_cast<std::size_t>(i)],
                             edges_of.vertices[static_cast<std::size_t>(j)], clip_by, out);
    }
  }
}

double smallestSlack(const ConvexPiece& a, const ConvexPiece& b, const Vec3& x) {
  return -std::max(a.maxPlaneDistance(x), b.maxPlaneDistance(x));
}

}  // namespace

std::pair<Vec3, double> deepCommonPoint(const ConvexPiece& a, const ConvexPiece& b,
                                        const Vec3& fallback) {
  // Every vertex of A ∩ B is a vertex of one piece inside the other or an edge of one crossing a
  // face of the other: all are endpoints of the clipped edges. Their mean is a convex combination
  // of points of A ∩ B with every vertex weighted, so it is interior when A ∩ B has volume.
  std::vector<Vec3> candidates;
  appendClippedEdges(a, b, candidates);
  appendClippedEdges(b, a, candidates);
  Vec3 x = fallback;
  if (!candidates.empty()) {
    x = Vec3::Zero();
    for (const Vec3& c : candidates) x += c;
    x /= static_cast<double>(candidates.size());
  }
  double depth = smallestSlack(a, b, x);
  if (!(depth > 0.0)) return {x, depth};

  // Damped Newton on φ(x) = −Σ log s_i, s_i = h_i − n_i·x, from the strictly interior x. A few
  // steps suffice: the point only has to be well inside, not optimal.
  std::vector<const ConvexFace*> planes;
  planes.reserve(a.faces.size() + b.faces.size());
  for (const ConvexFace& f : a.faces) planes.push_back(&f);
  for (const ConvexFace& f : b.faces) planes.push_back(&f);
  auto phi = [&](const Vec3& y) {
    double sum = 0.0;
    for (const ConvexFace* f : planes) {
      const double s = f->offset - f->normal.dot(y);
      if (!(s > 0.0)) return std::numeric_limits<double>::infinity();
      sum -= std::log(s);
    }
    return sum;
  };
  double value = phi(x);
  for (int iteration = 0; iteration < 20; ++iteration) {
    Vec3 g = Vec3::Zero();
    Mat3 h = Mat3::Zero();
    for (const ConvexFace* f : planes) {
      const double s = f->offset - f->normal.dot(x);
      g += f->normal / s;
      h += f->normal * f->normal.transpose() / (s * s);
    }
    const Eigen::LDLT<Mat3> ldlt(h);
    if (ldlt.info() != Eigen::Success) break;
    const Vec3 step = -ldlt.solve(g);
    const double decrement = -g.dot(step);  // Newton decrement squared
    if (!std::isfinite(decrement) || decrement < 1e-10) break;
    double t = 1.0;
    bool moved = false;
    for (int halving = 0; halving < 40; ++halving, t *= 0.5) {
      const Vec3 y = x + t * step;
      const double v = phi(y);
      if (v <= value - 0.25 * t * decrement) {  // Armijo, staying strictly inside
        x = y;
        value = v;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  depth = smallestSlack(a, b, x);
  return {x, depth};
}

ConvexIntersection intersect(const ConvexPiece& a, const ConvexPiece& b,
                             const IntersectionOptions& options) {
  ConvexIntersection out;
  out.gjk = gjkDistance(a, b, options.gjk);
  if (!out.gjk.overlap) return out;  // Disjoint

  const double size = std::min(a.size, b.size);
  const auto [x, depth] = deepCommonPoint(a, b, 0.5 * (out.gjk.point_a + out.gjk.point_b));
  out.interior_point = x;
  out.interior_depth = depth;
  if (!(depth > options.touching_depth * size)) {
    out.status = IntersectionStatus::Touching;
    return out;
  }

  // Planes relative to x: n·(y − x) ≤ s with slack s > 0, i.e. (n/s)·(y − x) ≤ 1. The dual point
  // n/s is Solfec's plane scaled to d = −1; A ∩ B − x = {y : p·y ≤ 1 for all dual points p}, the
  // polar of their convex hull (Muller & Preparata, Sec. 3).
  struct Dual {
    Vec3 point;
    Vec3 normal;
    FaceOwner owner;
    int face_a;
    int face_b;
  };
  std::vector<Dual> duals;
  duals.reserve(a.faces.size() + b.faces.size());
  for (std::size_t i = 0; i < a.faces.size(); ++i) {
    const ConvexFace& f = a.faces[i];
    duals.push_back(
        {f.normal / (f.offset - f.normal.dot(x)), f.normal, FaceOwner::A, static_cast<int>(i), -1});
  }
  const std::size_t count_a = duals.size();
  const double same_offset = options.same_plane * size;
  for (std::size_t j = 0; j < b.faces.size(); ++j) {
    const ConvexFace& f = b.faces[j];
    bool merged = false;
    for (std::size_t i = 0; i < count_a && !merged; ++i) {
      const ConvexFace& g = a.faces[i];
      // Same outward side, normals within `same_plane` radians (the cross product, not the
      // cosine, which cannot resolve angles below ~1e-8), offsets within same_plane·size.
      if (duals[i].owner == FaceOwner::A && f.normal.dot(g.normal) > 0.0 &&
          f.normal.cross(g.normal).norm() <= options.same_plane &&
          std::abs(f.offset - g.offset) <= same_offset) {
        duals[i].owner = FaceOwner::Both;
        duals[i].face_b = static_cast<int>(j);
        merged = true;
      }
    }
    if (!merged)
      duals.push_back({f.normal / (f.offset - f.normal.dot(x)), f.normal, FaceOwner::B, -1,
                       static_cast<int>(j)});
  }

  std::vector<Vec3> dual_points;
  dual_points.reserve(duals.size());
  for (const Dual& d : duals) dual_points.push_back(d.point);
  const std::optional<Hull> hull = convexHull(dual_points);
  if (!hull) {
    out.status = IntersectionStatus::Failed;
    return out;
  }

  // Each facet ν·p ≤ c of the dual hull (c > 0: x is inside) is the vertex x + ν/c of A ∩ B.
  // Facets Qhull left unmerged but nearly coplanar give nearly equal vertices: welded within a
  // relative 1e-10 so that faces get no zero-length edges.
  const double weld = 1e-10 * size;
  std::vector<int> facet_vertex(hull->facets.size(), -1);
  for (std::size_t k = 0; k < hull->facets.size(); ++k) {
    const HullFacet& f = hull->facets[k];
    if (!(f.offset > 0.0)) {
      out.status = IntersectionStatus::Failed;
      return out;
    }
    const Vec3 y = x + f.normal / f.offset;
    if (!y.allFinite()) {
      out.status = IntersectionStatus::Failed;
      return out;
    }
    int id = -1;
    for (std::size_t v = 0; v < out.vertices.size(); ++v)
      if ((out.vertices[v] - y).squaredNorm() <= weld * weld) id = static_cast<int>(v);
    if (id < 0) {
      id = static_cast<int>(out.vertices.size());
      out.vertices.push_back(y);
    }
    facet_vertex[k] = id;
  }

  // Each dual point that is a hull corner is a face of A ∩ B; its corners are the vertices of the
  // dual facets around it. Dual points inside the hull are planes that do not touch A ∩ B.
  std::vector<std::vector<int>> face_corners(duals.size());
  for (std::size_t k = 0; k < hull->facets.size(); ++k)
    for (int d : hull->facets[k].loop) {
      std::vector<int>& corners = face_corners[static_cast<std::size_t>(d)];
      if (std::find(corners.begin(), corners.end(), facet_vertex[k]) == corners.end())
        corners.push_back(facet_vertex[k]);
    }
  double volume = 0.0;
  Vec3 moment = Vec3::Zero();
  for (std::size_t d = 0; d < duals.size(); ++d) {
    std::vector<int>& loop = face_corners[d];
    if (loop.size() < 3) continue;  // a plane touching A ∩ B in an edge or a corner only
    const Dual& dual = duals[d];
    orderLoop(out.vertices, dual.normal, loop);
    IntersectionFace face;
    face.normal = dual.normal;
    face.owner = dual.owner;
    face.face_a = dual.face_a;
    face.face_b = dual.face_b;
    if (face.face_a >= 0)
      face.surface_a = a.faces[static_cast<std::size_t>(face.face_a)].surface_id;
    if (face.face_b >= 0)
      face.surface_b = b.faces[static_cast<std::size_t>(face.face_b)].surface_id;
    const int face_index = static_cast<int>(out.faces.size());
    for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
      IntersectionTriangle t;
      t.face = face_index;
      t.corners = {loop[0], loop[k], loop[k + 1]};
      const Vec3& p = out.vertices[static_cast<std::size_t>(t.corners[0])];
      const Vec3& q = out.vertices[static_cast<std::size_t>(t.corners[1])];
      const Vec3& r = out.vertices[static_cast<std::size_t>(t.corners[2])];
      t.area = 0.5 * (q - p).cross(r - p).dot(dual.normal);
      if (!(t.area > 0.0)) continue;  // sliver of welded corners
      t.normal = dual.normal;
      t.centroid = (p + q + r) / 3.0;
      t.owner = dual.owner;
      t.face_a = dual.face_a;
      t.face_b = dual.face_b;
      t.surface_a = face.surface_a;
      t.surface_b = face.surface_b;
      const double v = (p - x).dot((q - x).cross(r - x)) / 6.0;
      volume += v;
      moment += v * (x + p + q + r) / 4.0;
      face.area += t.area;
      face.centroid += t.area * t.centroid;
      out.triangles.push_back(t);
    }
    if (!(face.area > 0.0)) continue;
    face.centroid /= face.area;
    face.loop = std::move(loop);
    out.faces.push_back(std::move(face));
  }
  out.volume = volume;
  out.centroid = volume > 0.0 ? Vec3(moment / volume) : x;
  out.status = out.triangles.empty() ? IntersectionStatus::Touching : IntersectionStatus::Overlap;
  return out;
}

}  // namespace contactsim::volumetric
