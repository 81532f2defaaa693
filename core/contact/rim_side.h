// Which side of a closed mesh's surface a direction leaves from a point of it that lies on an
// edge or at a vertex (to rounding), where a single face's plane does not say: the penetration's
// inside test at crossings on the rim of the other body's triangle (penetration.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "geometry/pose.h"
#include "geometry/tri_mesh.h"

namespace contactsim {

// The mesh's surface around the point, as the faces meeting there (each a sector between two
// rays from the point, counter-clockwise about its outward normal) and the edges (rays) between
// them. A direction is inside when the feature it is nearest to — a face, an edge or the point
// itself — has it behind: the face's normal, the edge's pseudonormal (the sum of its two faces'
// normals) or the point's angle-weighted pseudonormal (Bærentzen and Aanæs, "Signed distance
// computation using the angle weighted pseudonormal", IEEE TVCG 11(3), 2005). Exact for a convex
// ridge or corner (behind every face), a reflex one (behind any) and a saddle.
class RimSide {
 public:
  // At a point of edge k of triangle t (corner k to corner k + 1), or at vertex v of the mesh,
  // with `mesh_to_frame` taking the mesh's coordinates to the frame the directions are given in.
  // None where the mesh is not a closed surface there (a boundary or non-manifold edge, a
  // degenerate face).
  static std::optional<RimSide> atEdge(const TriMesh& mesh, std::int32_t t, int k,
                                       const Pose& mesh_to_frame);
  static std::optional<RimSide> atVertex(const TriMesh& mesh, std::int32_t v,
                                         const Pose& mesh_to_frame);

  // Whether `direction` (any length; from the point) enters the body; none when it runs along
  // the surface (within kAlongSurface radians of it, or of zero length), where the caller's own
  // convention for touching surfaces decides.
  std::optional<bool> inside(const Vec3& direction) const;

  static constexpr double kAlongSurface = 1e-9;

 private:
  struct Face {
    Vec3 normal, from, to;  // unit; the sector from `from` to `to` counter-clockwise about normal
  };
  struct Edge {
    Vec3 direction, pseudonormal;
  };
  std::vector<Face> faces_;
  std::vector<Edge> edges_;
  Vec3 point_pseudonormal_ = Vec3::Zero();
};

}  // namespace contactsim
