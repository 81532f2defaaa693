// The thickness of the penetrated volume A ∩ B along a direction, measured at the penetrated
// vertices of both bodies' surfaces in one contact region (docs/method.md, "Conforming contact").
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "contact/penetration.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// One body's penetrated surface in a region as plain lists: its listed pieces and the whole
// clusters' triangles and vertices, each once, sorted.
struct PenetratedSide {
  std::vector<std::int32_t> vertices;   // inside the other body
  std::vector<std::int32_t> triangles;  // with at least one inside corner
  // The region's colliding triangles without an inside corner: the overlap's boundary can lie on
  // a large triangle that the other body's surface cuts through (a nut's end face crossed by a
  // bolt's thread), so a ray may leave A ∩ B through one (local overlap only).
  std::vector<std::int32_t> crossing;
  // Where the intersection curve crosses the side's edges (Penetration::crossings).
  std::vector<EdgeCrossing> edge_crossings;

  // Whether `vertex` lies inside the other body (`vertices` is sorted).
  bool inside(std::int32_t vertex) const {
    return std::binary_search(vertices.begin(), vertices.end(), vertex);
  }
};

PenetratedSide penetratedSide(const TriMesh& mesh, const Penetration& penetration,
                              std::span<const std::int32_t> components);

// The local overlap at one inside vertex; +∞ when its ray leaves through no triangle of the
// region (a surface cut open by a mesh boundary), where no overlap can be measured.
struct VertexOverlap {
  std::int32_t vertex;
  double overlap;
};

struct LocalOverlap {
  // One entry per inside vertex of each side, sorted by vertex.
  std::vector<VertexOverlap> a, b;
  double deepest = 0.0;   // largest finite overlap of both sides; 0 when there is none
  bool measured = false;  // some vertex had a finite overlap
  // The largest overlap where an edge of one side crosses an edge of the other, seen along the
  // normal, both inside the other body (measured only when asked; 0 when there is none).
  double deepest_at_crossings = 0.0;
  bool crossings_measured = false;

  // Over every sample, vertices' and crossings': the thickest, and whether there was one.
  double deepestSample() const { return std::max(deepest, deepest_at_crossings); }
  bool sampled() const { return measured || crossings_measured; }
};

// The ray from an inside vertex of A runs along −normal (into A), from one of B along +normal
// (into B); the overlap is its length up to the first triangle of either side's penetrated surface
// (A ∩ B is bounded by exactly those two surfaces), excluding the vertex's own triangles. Cost: the
// region's penetrated triangles and vertices (a grid in the plane across `normal`), not the mesh.
// With `at_crossings`, the whole region's measurement also samples the overlay's edge crossings
// (deepest_at_crossings): A ∩ B's thickness along the normal is linear between the two surfaces'
// edges seen along it, so its largest value lies at an inside vertex or where an edge of A inside
// B crosses an edge of B inside A — the only samples of an edge pressed into a face with no vertex
// under it (docs/method.md, "Conforming contact"). Each such column is measured by the ray from
// A's edge point, excluding that edge's own triangles, and is never longer than the two edges'
// distance along the normal there.
LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 const PosedMesh& b, const PenetratedSide& side_b,
                                 const Vec3& normal, bool at_crossings);
// The same, with rays from the listed inside vertices only (sorted subsets of each side's
// `vertices`: a piece of a split region needs its own). Each ray's length is the one the whole
// measurement gives it; triangles whose projection no listed ray can reach are left out.
LocalOverlap measureLocalOverlap(const PosedMesh& a, const PenetratedSide& side_a,
                                 std::span<const std::int32_t> rays_a, const PosedMesh& b,
                                 const PenetratedSide& side_b, std::span<const std::int32_t> rays_b,
                                 const Vec3& normal);

// A split region's piece: the crossings of the edges of its own triangles (each side's penetrated
// ones and colliding ones) along its normal, measured against the whole region's triangles, into
// `overlap`'s deepest_at_crossings; columns no deeper than its `deepest` (the piece's vertices'
// δ) are not measured.
void measureCrossingsOf(const PosedMesh& a, const PenetratedSide& side_a,
                        std::span<const std::int32_t> triangles_a,
                        std::span<const std::int32_t> crossing_a, const PosedMesh& b,
                        const PenetratedSide& side_b, std::span<const std::int32_t> triangles_b,
                        std::span<const std::int32_t> crossing_b, const Vec3& normal,
                        LocalOverlap& overlap);

// δ of a patch (docs/method.md, "Conforming contact"): the thickest measured local overlap, but
// never more than Dopico et al.'s δ (§IV.F) — the deepest points of both sides beyond the contact
// plane, depth_a + depth_b — widened by the contour's own spread along the normal. For wrapping
// surfaces that value is far larger and the overlap stands; where the inside test is degenerate
// (faces touching exactly coplanar flood a whole flat face as "inside", and a ray from it would
// run through the other body's full thickness) that value bounds it. The paper's δ alone when no
// ray was measured.
// `deepest`: the sampled overlap (LocalOverlap), `measured`: whether any sample had one.
double patchIndentation(double deepest, bool measured, double depth_a, double depth_b,
                        double contour_spread);
// Spread along `normal` of the points of `loops` (max − min height).
double spreadAlong(const std::vector<std::vector<Vec3>>& loops, const Vec3& normal);

// The overlap at `vertex` for the Winkler pressure: the measured value at an inside vertex (+∞
// if unmeasured), 0 at a corner outside the other body (its pressure cannot be positive).
double overlapCap(std::span<const VertexOverlap> overlaps, std::int32_t vertex);

}  // namespace contactsim
