// A convex polyhedron, the primitive of volumetric contact (Solfec-1.0: a convex piece of a body,
// e.g. one part of a convex decomposition of a CAD mesh). Vertices plus outward face planes, as
// Solfec's cvi.c takes them (docs/volumetric.md, "Convex pieces").
#pragma once

#include <optional>
#include <vector>

#include "geometry/pose.h"
#include "geometry/types.h"

namespace contactsim::volumetric {

struct ConvexFace {
  Vec3 normal = Vec3::Zero();  // unit, outward
  double offset = 0.0;         // plane normal·x = offset; the piece is normal·x ≤ offset
  int surface_id = -1;         // the user's surface label (Solfec's surface pairing), -1 if none
  std::vector<int> loop;       // vertex indices, counter-clockwise seen from outside
};

struct ConvexPiece {
  std::vector<Vec3> vertices;
  std::vector<ConvexFace> faces;
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
  // Twice the largest distance of a vertex from the centroid: the length that relative
  // tolerances are multiplied by (never a bare tolerance in metres).
  double size = 0.0;
  // Its place among its body's pieces (convexPiecesOfMesh numbers them as its warnings do), kept
  // by posed(): a contact point names the pieces it came from. -1 for a piece made on its own.
  int index = -1;

  // Signed distance of x to the face's plane (> 0 outside of that face).
  double planeDistance(int face, const Vec3& x) const {
    const ConvexFace& f = faces[static_cast<std::size_t>(face)];
    return f.normal.dot(x) - f.offset;
  }
  // max over faces of planeDistance: ≤ 0 inside, and for x inside minus the distance to the
  // boundary (exact for a convex polyhedron).
  double maxPlaneDistance(const Vec3& x, int* face = nullptr) const;
  // The vertex with the largest projection on `direction` (the support mapping of GJK).
  int support(const Vec3& direction) const;
  Box3 bounds() const;
};

// The convex hull of `points` (Qhull), every face labelled `surface_id`. Nothing if the points
// span no volume (fewer than 4, or all nearly coplanar) or are not finite.
std::optional<ConvexPiece> convexPieceFromPoints(const std::vector<Vec3>& points,
                                                 int surface_id = -1);

// The convex hull of a mesh piece: its vertices' hull, each hull face labelled with the surface
// id of the input triangle lying on it whose normal agrees best (-1 where no triangle lies on the
// face, i.e. the face closes a non-convex piece). `triangle_surface_ids` has one id per triangle
// (or is empty: all -1).
std::optional<ConvexPiece> convexPieceFromMesh(const std::vector<Vec3>& vertices,
                                               const std::vector<TriangleIndices>& triangles,
                                               const std::vector<int>& triangle_surface_ids);

// A piece built from given faces (vertices and loops consistent): fills volume, centroid and
// size. Used by the constructors above and by tests.
void finishPiece(ConvexPiece& piece);

// The piece moved rigidly: vertices, planes, centroid transformed; no hull recomputed, so a force
// source can keep pieces in the body frame and pose them every step.
ConvexPiece posed(const ConvexPiece& piece, const Pose& pose);

}  // namespace contactsim::volumetric
