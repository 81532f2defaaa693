// The volume two meshes share in one contact region, from its boundary (docs/method.md, "The
// overlap volume").
#pragma once

#include <memory>
#include <span>
#include <utility>

#include "contact/contour_builder.h"
#include "contact/local_overlap.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// The part P_t of one triangle that lies inside the other body: its area (m²) and centroid.
struct InsidePart {
  double area = 0.0;
  Vec3 centroid = Vec3::Zero();
  // The curve leaves the triangle through one of its corners (an edge lying in the other body's
  // face, a vertex on its surface): which of the corner's two edges the end cuts is then a tie
  // the walk cannot settle, and the area may be any of the parts on either side.
  bool at_corner = false;
};

// One region's triangles clipped by the region's intersection curve (see overlapVolume below for
// the walk); `colliding`, `colliding_a`, `segments` and `weld` as there.
class RegionClip {
 public:
  RegionClip(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
             const PenetratedSide& side_b, std::span<const std::int32_t> colliding,
             std::span<const std::pair<std::int32_t, std::int32_t>> colliding_a,
             std::span<const ContourSegment> segments, double weld);
  ~RegionClip();
  RegionClip(const RegionClip&) = delete;
  RegionClip& operator=(const RegionClip&) = delete;

  // Of a penetrated or crossing triangle of A (of B) in this region.
  InsidePart partOfA(std::int32_t t) const;
  InsidePart partOfB(std::int32_t t) const;
  // |A ∩ B| from the origin `origin` (overlapVolume).
  double volume(const Vec3& origin) const;

 private:
  struct Sides;
  std::unique_ptr<Sides> sides_;
};

// |A ∩ B| in one region, m³. The divergence theorem over the region's part of ∂(A ∩ B) — A's
// surface inside B and B's inside A — gives V = ⅓ Σ_t ((x_t − o)·n_t)·|P_t|: every point x_t of a
// flat triangle has the same height (x_t − o)·n_t along its normal, so each triangle needs only the
// area of its part P_t inside the other body. Triangles with no corner outside and no curve on them
// count whole; the others are clipped by Green's theorem along their edges' inside pieces (between
// corners and the ends of the region's curve on them) and the curve's segments on them, each
// oriented so that the inside lies on its left. `colliding` holds the region's entries of
// `colliding_a` (triangle of A, triangle of B), which `segments` is indexed by; segment ends closer
// than `weld` are one point (the contours' own tolerance).
double overlapVolume(const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
                     const PenetratedSide& side_b, std::span<const std::int32_t> colliding,
                     std::span<const std::pair<std::int32_t, std::int32_t>> colliding_a,
                     std::span<const ContourSegment> segments, double weld, const Vec3& origin);

}  // namespace contactsim
