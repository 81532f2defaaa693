#include "contact/piece_patches.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

#include "contact/curved_piece.h"
#include "contact/patch_geometry.h"
#include "contact/pressure_centre.h"

namespace contactsim {
namespace {

bool holds(const std::vector<std::int32_t>& sorted, std::int32_t x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

// The parameter along u → w of the curve's crossing nearest u, or ½ when none was recorded (an
// edge whose ends were told apart by the flood alone).
double crossingFrom(const PenetratedSide& side, std::int32_t u, std::int32_t w) {
  const std::int32_t lo = std::min(u, w), hi = std::max(u, w);
  const auto first =
      std::lower_bound(side.edge_crossings.begin(), side.edge_crossings.end(), std::pair{lo, hi},
                       [](const EdgeCrossing& c, const std::pair<std::int32_t, std::int32_t>& e) {
                         return std::pair{c.u, c.w} < e;
                       });
  const auto last = std::find_if(first, side.edge_crossings.end(),
                                 [&](const EdgeCrossing& c) { return c.u != lo || c.w != hi; });
  if (first == last) return 0.5;
  // Sorted by s from lo: the crossing nearest u is the first from lo, the last from hi.
  return u == lo ? first->s : 1.0 - std::prev(last)->s;
}

// The part of triangle t inside the other body: its inside corners and, on each edge from an
// inside to an outside corner, the curve's crossing (exact when the curve runs straight through
// the triangle, as it does on a fine mesh). Returns its area projected along n and its centroid.
std::pair<double, Vec3> insidePart(const PosedMesh& m, const PenetratedSide& side, std::int32_t t,
                                   const Vec3& n) {
  const auto& corners = m.mesh.triangles()[t];
  std::array<bool, 3> in{};
  for (int k = 0; k < 3; ++k) in[k] = holds(side.vertices, corners[k]);
  std::vector<Vec3> polygon;
  for (int k = 0; k < 3; ++k) {
    const int next = (k + 1) % 3;
    const Vec3 x = m.vertex(corners[k]), y = m.vertex(corners[next]);
    if (in[k]) polygon.push_back(x);
    if (in[k] != in[next]) {
      const std::int32_t from = in[k] ? corners[k] : corners[next];
      const std::int32_t to = in[k] ? corners[next] : corners[k];
      const double s = crossingFrom(side, from, to);
      polygon.push_back(in[k] ? x + s * (y - x) : y + s * (x - y));
    }
  }
  // Fan from the first point: the inside part of a triangle cut by one straight line is convex.
  double area = 0.0;
  Vec3 moment = Vec3::Zero();
  for (std::size_t k = 1; k + 1 < polygon.size(); ++k) {
    const double a =
        0.5 * std::abs((polygon[k] - polygon[0]).cross(polygon[k + 1] - polygon[0]).dot(n));
    area += a;
    moment += a * (polygon[0] + polygon[k] + polygon[k + 1]) / 3.0;
  }
  return {area, area > 0.0 ? Vec3(moment / area) : Vec3::Zero()};
}

// Σ area and Σ area·centroid over the inside parts of one side's triangles of a piece, projected
// along n; the piece's inside vertices of that side.
void projectSide(const PosedMesh& m, const PenetratedSide& side,
                 const std::vector<std::int32_t>& triangles, const Vec3& n, double& weight,
                 Vec3& moment, PenetratedComponent& component) {
  component.triangles = triangles;
  for (const std::int32_t t : triangles) {
    for (const std::int32_t v : m.mesh.triangles()[t]) {
      if (holds(side.vertices, v)) component.vertices.push_back(v);
    }
    const auto [area, centroid] = insidePart(m, side, t, n);
    weight += area;
    moment += area * centroid;
  }
  std::sort(component.vertices.begin(), component.vertices.end());
  component.vertices.erase(std::unique(component.vertices.begin(), component.vertices.end()),
                           component.vertices.end());
}

double deepestOverlap(const std::vector<VertexOverlap>& overlaps,
                      const std::vector<std::int32_t>& vertices, bool& measured) {
  double deepest = 0.0;
  for (const std::int32_t v : vertices) {
    const double o = overlapCap(overlaps, v);
    if (std::isfinite(o)) measured = true, deepest = std::max(deepest, o);
  }
  return deepest;
}

// The inside vertices whose local overlap the piece reads: the corners of its own triangles and
// of its contour's colliding ones (probeDepth) that lie inside the other body.
std::vector<std::int32_t> rayVertices(const PosedMesh& m, const PenetratedSide& side,
                                      const PenetratedComponent& component,
                                      const std::vector<std::int32_t>& contour_triangles) {
  std::vector<std::int32_t> out = component.vertices;
  for (const std::int32_t t : contour_triangles) {
    for (const std::int32_t v : m.mesh.triangles()[t]) {
      if (holds(side.vertices, v)) out.push_back(v);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The piece of each contour segment.
std::vector<std::vector<int>> segmentPieces(
    const PosedMesh& a, const PosedMesh& b, std::span<const RegionPiece> pieces,
    std::span<const ContourLoop* const> loops,
    std::span<const std::pair<std::int32_t, std::int32_t>> colliding) {
  std::vector<std::vector<int>> out;
  for (const ContourLoop* loop : loops) {
    std::vector<int>& of = out.emplace_back();
    for (const std::int32_t p : loop->pairs) {
      const auto [ta, tb] = colliding[p];
      int found = -1;
      for (std::size_t k = 0; k < pieces.size() && found < 0; ++k) {
        if (holds(pieces[k].triangles_a, ta)) found = static_cast<int>(k);
      }
      for (std::size_t k = 0; k < pieces.size() && found < 0; ++k) {
        if (holds(pieces[k].triangles_b, tb)) found = static_cast<int>(k);
      }
      if (found < 0) {
        const Vec3 n = a.normal(ta) - b.normal(tb);
        double best = -INFINITY;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
          const double c = n.dot(pieces[k].normal);
          if (c > best) best = c, found = static_cast<int>(k);
        }
      }
      of.push_back(found);
    }
  }
  return out;
}

// Runs of consecutive segments of piece k as polylines; a closed loop wholly in k stays whole.
void addRuns(const ContourLoop& loop, const std::vector<int>& piece_of, int k,
             std::vector<std::vector<Vec3>>& out) {
  const std::size_t n = loop.pairs.size();
  if (std::all_of(piece_of.begin(), piece_of.end(), [k](int p) { return p == k; })) {
    out.push_back(loop.points);
    return;
  }
  for (std::size_t s = 0; s < n; ++s) {
    const bool starts =
        piece_of[s] == k && (s == 0 && !loop.closed ? true : piece_of[(s + n - 1) % n] != k);
    if (!starts) continue;
    std::vector<Vec3>& run = out.emplace_back();
    std::size_t i = s;
    run.push_back(loop.points[i]);
    do {
      run.push_back(loop.points[(i + 1) % loop.points.size()]);
      i = (i + 1) % n;
    } while (piece_of[i] == k && i != s && (loop.closed || i != 0));
  }
}

}  // namespace

std::vector<ContactPatch> piecePatches(
    const PosedMesh& a, const PenetratedSide& side_a, const PosedMesh& b,
    const PenetratedSide& side_b, std::span<const RegionPiece> pieces,
    std::span<const ContourLoop* const> loops,
    std::span<const std::pair<std::int32_t, std::int32_t>> colliding, const RegionClip& clip,
    RegionExtras extras, const IndexLoop* loop) {
  const std::vector<std::vector<int>> piece_of = segmentPieces(a, b, pieces, loops, colliding);
  std::vector<std::optional<ContactPatch>> found(pieces.size());  // none: nothing beyond the plane
  const std::size_t triangles = side_a.triangles.size() + side_b.triangles.size();
  forEachIndex(loopFor(loop, triangles), pieces.size(), [&](std::size_t k) {
    const Vec3& n = pieces[k].normal;
    double weight = 0.0;
    Vec3 moment = Vec3::Zero();
    PenetratedComponent component_a, component_b;
    projectSide(a, side_a, pieces[k].triangles_a, n, weight, moment, component_a);
    projectSide(b, side_b, pieces[k].triangles_b, n, weight, moment, component_b);
    if (!(weight > 0.0)) return;
    const ContactPlane plane = planeFromNormal(moment / weight, n);
    ContactPatch patch;
    patch.normal = n;
    patch.area = weight / 2;
    patch.centroid = plane.origin;
    for (std::size_t l = 0; l < loops.size(); ++l) {
      addRuns(*loops[l], piece_of[l], static_cast<int>(k), patch.loops);
      for (std::size_t s = 0; s < loops[l]->pairs.size(); ++s) {
        if (piece_of[l][s] != static_cast<int>(k)) continue;
        patch.triangles_a.push_back(colliding[loops[l]->pairs[s]].first);
        patch.triangles_b.push_back(colliding[loops[l]->pairs[s]].second);
      }
    }
    patch.has_open_loop = true;
    for (auto* list : {&patch.triangles_a, &patch.triangles_b}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    const LocalOverlap overlap =
        measureLocalOverlap(a, side_a, rayVertices(a, side_a, component_a, patch.triangles_a), b,
                            side_b, rayVertices(b, side_b, component_b, patch.triangles_b), n);
    PenetratedSurface surface_a =
        integratePenetratedSurface(a, component_a, plane, n, &overlap.a, &patch.centroid);
    PenetratedSurface surface_b =
        integratePenetratedSurface(b, component_b, plane, -n, &overlap.b, &patch.centroid);
    patch.depth_a = surface_a.deepest_depth;
    patch.depth_b = surface_b.deepest_depth;
    patch.deepest_point_a = patch.depth_a > 0.0 ? surface_a.deepest_point : plane.origin;
    patch.deepest_point_b = patch.depth_b > 0.0 ? surface_b.deepest_point : plane.origin;
    // The piece's own vertices only; bounded like a whole region's δ (patchIndentation).
    LocalOverlap own;
    own.deepest = std::max(deepestOverlap(overlap.a, component_a.vertices, own.measured),
                           deepestOverlap(overlap.b, component_b.vertices, own.measured));
    const double spread = spreadAlong(patch.loops, n);
    // The law and the centre of pressure keep the vertices' δ (local_overlap.h, RegionExtras).
    const double vertex_indentation =
        patchIndentation(own.deepest, own.measured, patch.depth_a, patch.depth_b, spread);
    if (extras.overlap_at_crossings) {
      measureCrossingsOf(a, side_a, component_a.triangles, patch.triangles_a, b, side_b,
                         component_b.triangles, patch.triangles_b, n, own);
    }
    patch.indentation =
        patchIndentation(own.deepestSample(), own.sampled(), patch.depth_a, patch.depth_b, spread);
    surface_a.probe_depth =
        std::max(surface_a.probe_depth,
                 probeDepth(a, patch.triangles_a, plane, n, &overlap.a, patch.centroid));
    surface_b.probe_depth =
        std::max(surface_b.probe_depth,
                 probeDepth(b, patch.triangles_b, plane, -n, &overlap.b, patch.centroid));
    patch.law_indentation =
        lawIndentation(surface_a.probe_depth + surface_b.probe_depth, patch.loops.size() > 1,
                       surface_a, surface_b, patch.area, vertex_indentation);
    patch.pressure_centre =
        pressureCentre(surface_a, surface_b, plane, patch.centroid, patch.area, vertex_indentation);
    // The force acts where and along what the pressing surface's parts say (pieceAction): a
    // point off the surface, or a normal a fraction of a degree off theirs, turns a thread's
    // pressure into a torque that is not the lead times its axial force.
    const std::vector<SurfaceElement> elements =
        pressingElements(a, side_a, pieces[k].triangles_a, overlap.a, b, side_b,
                         pieces[k].triangles_b, overlap.b, clip, n);
    if (const std::optional<PieceAction> action = pieceAction(elements)) {
      patch.pressure_centre = action->centre;
      patch.normal = action->normal;
    }
    const CurvedPieceTerms curved = curvedPieceTerms(elements, patch.normal, patch.pressure_centre);
    patch.pressure_couple = curved.pressure_couple;
    patch.pressure_per_force = curved.pressure_per_force;
    // Fewer than two pressing triangles have no covariance: damped as a flat disc of the area.
    patch.normal_rate_spread = curved.normal_rate_spread.isZero()
                                   ? flatNormalRateSpread(patch.area, Mat3::Zero(), n)
                                   : curved.normal_rate_spread;
    if (extras.depth_fields && !negligibleSide(surface_a, surface_b))
      patch.depth_field_a = triangleDepths(a, component_a.triangles, plane, n, &overlap.a);
    if (extras.depth_fields && !negligibleSide(surface_b, surface_a))
      patch.depth_field_b = triangleDepths(b, component_b.triangles, plane, -n, &overlap.b);
    found[k] = std::move(patch);
  });
  std::vector<ContactPatch> patches;
  for (std::optional<ContactPatch>& patch : found) {
    if (patch) patches.push_back(std::move(*patch));
  }
  return patches;
}

}  // namespace contactsim
