#include "contact/rim_side.h"

#include <algorithm>
#include <cmath>

namespace contactsim {

std::optional<RimSide> RimSide::atEdge(const TriMesh& mesh, std::int32_t t, int k,
                                       const Pose& mesh_to_frame) {
  const std::int32_t across = mesh.neighbours()[t][k];
  if (across < 0) return std::nullopt;
  const Vec3 n_t = mesh_to_frame.rotation * mesh.normals()[t];
  const Vec3 n_across = mesh_to_frame.rotation * mesh.normals()[across];
  if (n_t.isZero() || n_across.isZero()) return std::nullopt;
  // Along the edge as t walks it; t lies to its left about n_t, the face across to its right.
  const Vec3 g =
      (mesh_to_frame.rotation * (mesh.corner(t, (k + 1) % 3) - mesh.corner(t, k))).normalized();
  RimSide side;
  side.faces_ = {{n_t, g, -g}, {n_across, -g, g}};
  side.edges_ = {{g, n_t + n_across}, {-g, n_t + n_across}};
  side.point_pseudonormal_ = n_t + n_across;  // each face's angle at the point is π
  return side;
}

std::optional<RimSide> RimSide::atVertex(const TriMesh& mesh, std::int32_t v,
                                         const Pose& mesh_to_frame) {
  RimSide side;
  const auto fan = mesh.trianglesAround(v);
  for (const std::int32_t t : fan) {
    const auto& tri = mesh.triangles()[t];
    const int k = tri[0] == v ? 0 : tri[1] == v ? 1 : 2;
    const Vec3 n = mesh_to_frame.rotation * mesh.normals()[t];
    if (n.isZero()) return std::nullopt;
    const Vec3 c = mesh.corner(t, k);
    const Vec3 from = (mesh_to_frame.rotation * (mesh.corner(t, (k + 1) % 3) - c)).normalized();
    const Vec3 to = (mesh_to_frame.rotation * (mesh.corner(t, (k + 2) % 3) - c)).normalized();
    side.faces_.push_back({n, from, to});
    side.point_pseudonormal_ += std::acos(std::clamp(from.dot(to), -1.0, 1.0)) * n;
    // The edge leaving along `from` (corner k to k + 1): t's and the face across it.
    const std::int32_t across = mesh.neighbours()[t][k];
    if (across < 0) return std::nullopt;
    const Vec3 n_across = mesh_to_frame.rotation * mesh.normals()[across];
    side.edges_.push_back({from, n + n_across});
  }
  if (side.faces_.size() < 3) return std::nullopt;
  return side;
}

std::optional<bool> RimSide::inside(const Vec3& direction) const {
  const double length = direction.norm();
  if (!(length > 0.0)) return std::nullopt;
  const Vec3 e = direction / length;
  // The feature nearest to the point at a small distance along e: its distance per unit of that
  // distance (the sine of e's angle to it), and e against its (pseudo)normal.
  double nearest = 1.0, side = e.dot(point_pseudonormal_);
  for (const Face& f : faces_) {
    const double height = e.dot(f.normal);
    const Vec3 in_plane = e - height * f.normal;
    if (f.from.cross(in_plane).dot(f.normal) < 0.0 || in_plane.cross(f.to).dot(f.normal) < 0.0)
      continue;
    if (std::abs(height) < nearest) nearest = std::abs(height), side = height;
  }
  for (const Edge& g : edges_) {
    const double along = e.dot(g.direction);
    if (!(along > 0.0)) continue;
    const Vec3 across = e - along * g.direction;
    if (across.norm() < nearest) nearest = across.norm(), side = across.dot(g.pseudonormal);
  }
  if (nearest <= kAlongSurface) return std::nullopt;
  return side < 0.0;
}

}  // namespace contactsim
