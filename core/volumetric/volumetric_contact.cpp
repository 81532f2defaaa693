#include "volumetric/volumetric_contact.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactsim::volumetric {
namespace {

// max and min of n·v over the intersection's vertices.
std::pair<double, double> extent(const std::vector<Vec3>& vertices, const Vec3& n) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (const Vec3& v : vertices) {
    lo = std::min(lo, n.dot(v));
    hi = std::max(hi, n.dot(v));
  }
  return {lo, hi};
}

// When the area²-weighted normals cancel (coincident pieces; a piece with symmetric faces inside
// the other): the direction between the pieces' centroids if they differ, else the intersection
// face normal along which A ∩ B is thinnest, signed so its first non-zero component is positive.
Vec3 fallbackNormal(const ConvexPiece& a, const ConvexPiece& b, const ConvexIntersection& cut) {
  const Vec3 d = b.centroid - a.centroid;
  if (d.norm() > 1e-9 * std::min(a.size, b.size)) return d.normalized();
  Vec3 best = Vec3::UnitZ();
  double best_width = std::numeric_limits<double>::infinity();
  for (const IntersectionFace& t : cut.faces) {
    const auto [lo, hi] = extent(cut.vertices, t.normal);
    if (hi - lo < best_width * (1.0 - 1e-12)) {
      best_width = hi - lo;
      best = t.normal;
    }
  }
  for (int k = 0; k < 3; ++k) {
    if (std::abs(best[k]) > 1e-12) {
      if (best[k] < 0.0) best = -best;
      break;
    }
  }
  return best;
}

}  // namespace

std::optional<VolumetricContactPoint> contactFromIntersection(const ConvexPiece& a,
                                                              const ConvexPiece& b,
                                                              const ConvexIntersection& cut,
                                                              const VolumetricOptions& options) {
  if (cut.status != IntersectionStatus::Overlap || cut.faces.empty()) return std::nullopt;
  VolumetricContactPoint c;
  // Solfec goc.c lines 1–8: p = Σ a_i c_i / Σ a_i, n ∝ Σ_{∂A} a_i² n_i − Σ_{∂B} a_i² n_i. A face of
  // both boundaries adds +a² n and −a² n: nothing. The sums run over the polygonal faces, not
  // Solfec's triangles: a² of fan triangles depends on where the fan starts, which would make
  // the normal change under rigid motions and A ↔ B swaps (docs/volumetric.md).
  Vec3 n = Vec3::Zero();
  Vec3 p = Vec3::Zero();
  double total_area = 0.0;
  double total_weight = 0.0;
  for (const IntersectionFace& t : cut.faces) {
    const double w = t.area * t.area;
    if (t.owner == FaceOwner::A) n += w * t.normal;
    if (t.owner == FaceOwner::B) n -= w * t.normal;
    total_weight += w;
    p += t.area * t.centroid;
    total_area += t.area;
  }
  if (!(total_area > 0.0)) return std::nullopt;
  c.point = p / total_area;
  c.area = 0.5 * total_area;
  c.volume = cut.volume;
  const double n_norm = n.norm();
  if (n_norm > 1e-9 * total_weight) {
    c.normal = n / n_norm;
  } else {
    c.normal = fallbackNormal(a, b, cut);
    c.normal_fallback = true;
  }

  // Line 9: the point of a convex surface's centroid is inside it; if round-off put it outside
  // a piece, there is no trustworthy contact.
  const double size = std::min(a.size, b.size);
  const double outside = options.outside_tolerance * size;
  const double da = a.maxPlaneDistance(c.point, &c.face_a);
  const double db = b.maxPlaneDistance(c.point, &c.face_b);
  if (da > outside || db > outside) return std::nullopt;
  // Lines 10–11: for a point inside a convex polyhedron the nearest boundary face is the one whose
  // plane is nearest, i.e. the largest signed plane distance.
  c.surface_a = a.faces[static_cast<std::size_t>(c.face_a)].surface_id;
  c.surface_b = b.faces[static_cast<std::size_t>(c.face_b)].surface_id;
  c.piece_a = a.index;
  c.piece_b = b.index;
  c.intersection_surface.reserve(3 * cut.triangles.size());
  for (const IntersectionTriangle& t : cut.triangles) {
    for (const int corner : t.corners)
      c.intersection_surface.push_back(cut.vertices[static_cast<std::size_t>(corner)]);
  }

  // Line 12: gap = min n·v − max n·v.
  const auto [lo, hi] = extent(cut.vertices, c.normal);
  c.gap = lo - hi;
  // Lines 13–15. The extent along n overstates the penetration when A ∩ B is long along n, so the
  // pieces are pulled apart along n by 2|gap| and GJK measures what is left: gap = min(d − 2|gap|,
  // 0). The Solfec-1.0 manual prints A + n|gap|, B − n|gap|; with its own normal (from A's faces to
  // B's) that pushes the pieces together, so the separating direction is used (docs/volumetric.md).
  const double g = std::abs(c.gap);
  if (g > options.large_gap_ratio * std::sqrt(c.area)) {
    const GjkResult apart =
        gjkDistance(a.vertices, b.vertices, -g * c.normal, g * c.normal, options.intersection.gjk);
    c.gap = std::min(apart.distance - 2.0 * g, 0.0);
    c.gap_checked = true;
  }
  return c;
}

std::vector<VolumetricContactPoint> volumetricContacts(const ConvexPiece& a, const ConvexPiece& b,
                                                       const VolumetricOptions& options) {
  std::vector<VolumetricContactPoint> out;
  const ConvexIntersection cut = intersect(a, b, options.intersection);
  if (auto c = contactFromIntersection(a, b, cut, options)) out.push_back(*c);
  return out;
}

std::vector<VolumetricContactPoint> volumetricContacts(const std::vector<ConvexPiece>& a,
                                                       const std::vector<ConvexPiece>& b,
                                                       const VolumetricOptions& options) {
  std::vector<Box3> boxes_b;
  boxes_b.reserve(b.size());
  for (const ConvexPiece& piece : b) boxes_b.push_back(piece.bounds());
  std::vector<VolumetricContactPoint> out;
  for (const ConvexPiece& pa : a) {
    const Box3 box_a = pa.bounds();
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (!box_a.intersects(boxes_b[j])) continue;
      const ConvexIntersection cut = intersect(pa, b[j], options.intersection);
      if (auto c = contactFromIntersection(pa, b[j], cut, options)) out.push_back(*c);
    }
  }
  return out;
}

}  // namespace contactsim::volumetric
