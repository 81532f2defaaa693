// One contact patch per piece of a split region (region_split.h).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "contact/contact_patch.h"
#include "contact/contour_builder.h"
#include "contact/overlap_volume.h"
#include "contact/region_split.h"
#include "geometry/index_loop.h"

namespace contactsim {

// Per piece, on the plane through the centroid of its penetrated triangles across the piece's
// normal: area = half the projected area of both sides' penetrated triangles (each side covers the
// contact once; a triangle crossing the curve counts by its share of inside corners), δ = largest
// local overlap along the normal at the piece's inside vertices (rays may leave through the whole
// region's triangles) and, with `extras.overlap_at_crossings`, at the crossings of its own
// triangles' edges; the deepest points as for a whole region. The force acts at the centroid of
// the piece's pressing parts along their mean normal (curved_piece.h, pieceAction), from the
// region's triangles clipped by `clip`.
// The region's contour segments go to the piece holding their colliding triangle, or else the
// piece whose normal is nearest the pair's; each run of consecutive segments becomes one loop,
// closed by a chord (has_open_loop). `colliding[p]` is (A's, B's) triangle of segment p. The
// depth fields (ContactPatch::depth_field_a/b) only with `extras.depth_fields`. `loop` runs the
// pieces side by side (results as without it).
std::vector<ContactPatch> piecePatches(
    const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
    const PenetratedSide& side_b, std::span<const RegionPiece> pieces,
    std::span<const ContourLoop* const> loops,
    std::span<const std::pair<std::int32_t, std::int32_t>> colliding, const RegionClip& clip,
    RegionExtras extras, const IndexLoop* loop = nullptr);

}  // namespace contactsim
