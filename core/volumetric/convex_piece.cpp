#include "volumetric/convex_piece.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "volumetric/qhull_hull.h"

namespace contactsim::volumetric {

double ConvexPiece::maxPlaneDistance(const Vec3& x, int* face) const {
  double best = -std::numeric_limits<double>::infinity();
  int best_face = -1;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const double d = faces[i].normal.dot(x) - faces[i].offset;
    if (d > best) {
      best = d;
      best_face = static_cast<int>(i);
    }
  }
  if (face != nullptr) *face = best_face;
  return best;
}

int ConvexPiece::support(const Vec3& direction) const {
  int best = 0;
  double best_dot = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const double d = vertices[i].dot(direction);
    if (d > best_dot) {
      best_dot = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

Box3 ConvexPiece::bounds() const {
  Box3 box;
  for (const Vec3& v : vertices) box.extend(v);
  return box;
}

void finishPiece(ConvexPiece& piece) {
  // Divergence theorem on a fan of each face: tetrahedra from a reference point inside (the
  // vertex mean) to the face triangles, volume and first moment summed.
  Vec3 ref = Vec3::Zero();
  for (const Vec3& v : piece.vertices) ref += v;
  if (!piece.vertices.empty()) ref /= static_cast<double>(piece.vertices.size());
  double volume = 0.0;
  Vec3 moment = Vec3::Zero();
  for (const ConvexFace& f : piece.faces) {
    const Vec3& a = piece.vertices[static_cast<std::size_t>(f.loop[0])];
    for (std::size_t k = 1; k + 1 < f.loop.size(); ++k) {
      const Vec3& b = piece.vertices[static_cast<std::size_t>(f.loop[k])];
      const Vec3& c = piece.vertices[static_cast<std::size_t>(f.loop[k + 1])];
      const double v = (a - ref).dot((b - ref).cross(c - ref)) / 6.0;
      volume += v;
      moment += v * (ref + a + b + c) / 4.0;
    }
  }
  piece.volume = volume;
  piece.centroid = volume > 0.0 ? Vec3(moment / volume) : ref;
  // Twice the largest distance from the centroid: unchanged by rigid motions, unlike the
  // bounding box's diagonal, so a posed piece keeps the tolerances it had.
  double radius = 0.0;
  for (const Vec3& v : piece.vertices) radius = std::max(radius, (v - piece.centroid).norm());
  piece.size = 2.0 * radius;
}

namespace {

// The piece made of the hull's faces, vertices renumbered to the hull's corners only.
ConvexPiece pieceFromHull(const std::vector<Vec3>& points, const Hull& hull, int surface_id) {
  ConvexPiece piece;
  std::vector<int> new_index(points.size(), -1);
  for (int i : hull.vertices) {
    new_index[static_cast<std::size_t>(i)] = static_cast<int>(piece.vertices.size());
    piece.vertices.push_back(points[static_cast<std::size_t>(i)]);
  }
  for (const HullFacet& h : hull.facets) {
    ConvexFace f;
    f.normal = h.normal;
    f.offset = h.offset;
    f.surface_id = surface_id;
    for (int i : h.loop) f.loop.push_back(new_index[static_cast<std::size_t>(i)]);
    piece.faces.push_back(std::move(f));
  }
  finishPiece(piece);
  return piece;
}

}  // namespace

std::optional<ConvexPiece> convexPieceFromPoints(const std::vector<Vec3>& points, int surface_id) {
  const std::optional<Hull> hull = convexHull(points);
  if (!hull) return std::nullopt;
  ConvexPiece piece = pieceFromHull(points, *hull, surface_id);
  if (!(piece.volume > 0.0)) return std::nullopt;
  return piece;
}

std::optional<ConvexPiece> convexPieceFromMesh(const std::vector<Vec3>& vertices,
                                               const std::vector<TriangleIndices>& triangles,
                                               const std::vector<int>& triangle_surface_ids) {
  std::optional<ConvexPiece> piece = convexPieceFromPoints(vertices, -1);
  if (!piece || triangle_surface_ids.empty()) return piece;
  // A triangle labels a hull face when its corners lie on the face's plane (within a relative
  // 1e-7 of the piece's size: CAD vertices are welded at far coarser tolerances) and its normal
  // agrees; the best-agreeing one wins.
  const double on_plane = 1e-7 * piece->size;
  for (ConvexFace& f : piece->faces) {
    double best = 0.99;  // cosine: at most ~8° between the triangle's and the face's normals
    for (std::size_t t = 0; t < triangles.size() && t < triangle_surface_ids.size(); ++t) {
      const Vec3& a = vertices[static_cast<std::size_t>(triangles[t][0])];
      const Vec3& b = vertices[static_cast<std::size_t>(triangles[t][1])];
      const Vec3& c = vertices[static_cast<std::size_t>(triangles[t][2])];
      if (std::abs(f.normal.dot(a) - f.offset) > on_plane ||
          std::abs(f.normal.dot(b) - f.offset) > on_plane ||
          std::abs(f.normal.dot(c) - f.offset) > on_plane)
        continue;
      const Vec3 n = (b - a).cross(c - a);
      const double length = n.norm();
      if (!(length > 0.0)) continue;
      const double agreement = n.dot(f.normal) / length;
      if (agreement > best) {
        best = agreement;
        f.surface_id = triangle_surface_ids[t];
      }
    }
  }
  return piece;
}

ConvexPiece posed(const ConvexPiece& piece, const Pose& pose) {
  ConvexPiece out;
  out.vertices.reserve(piece.vertices.size());
  for (const Vec3& v : piece.vertices) out.vertices.push_back(pose.apply(v));
  out.faces = piece.faces;
  for (ConvexFace& f : out.faces) {
    // n·x ≤ h in the piece's frame; with x = R⁻¹(y − t): (Rn)·y ≤ h + (Rn)·t.
    f.normal = pose.applyToDirection(f.normal);
    f.offset += f.normal.dot(pose.translation);
  }
  out.volume = piece.volume;
  out.centroid = pose.apply(piece.centroid);
  out.size = piece.size;
  out.index = piece.index;
  return out;
}

}  // namespace contactsim::volumetric
