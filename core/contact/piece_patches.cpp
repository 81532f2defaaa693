#include "contact/piece_patches.h"

#include <algorithm>
#include <cmath>

#include "contact/patch_geometry.h"
#include "contact/pressure_centre.h"

namespace contactsim {
namespace {

bool holds(const std::vector<std::int32_t>& sorted, std::int32_t x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

// Σ w and Σ w·centroid over one side's triangles of a piece, w = projected area × share of inside
// corners; the piece's inside vertices of that side.
void projectSide(const PosedMesh& m, const PenetratedSide& side,
                 const std::vector<std::int32_t>& triangles, const Vec3& n, double& weight,
                 Vec3& moment, PenetratedComponent& component) {
  component.triangles = triangles;
  for (const std::int32_t t : triangles) {
    int inside = 0;
    for (const std::int32_t v : m.mesh.triangles()[t]) {
      if (!holds(side.vertices, v)) continue;
      ++inside;
      component.vertices.push_back(v);
    }
    const Vec3 p0 = m.corner(t, 0), p1 = m.corner(t, 1), p2 = m.corner(t, 2);
    const double w = 0.5 * std::abs((p1 - p0).cross(p2 - p0).dot(n)) * inside / 3.0;
    weight += w;
    moment += w * (p0 + p1 + p2) / 3.0;
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
    std::span<const std::pair<std::int32_t, std::int32_t>> colliding) {
  const std::vector<std::vector<int>> piece_of = segmentPieces(a, b, pieces, loops, colliding);
  std::vector<ContactPatch> patches;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Vec3& n = pieces[k].normal;
    double weight = 0.0;
    Vec3 moment = Vec3::Zero();
    PenetratedComponent component_a, component_b;
    projectSide(a, side_a, pieces[k].triangles_a, n, weight, moment, component_a);
    projectSide(b, side_b, pieces[k].triangles_b, n, weight, moment, component_b);
    if (!(weight > 0.0)) continue;
    const ContactPlane plane = planeFromNormal(moment / weight, n);
    ContactPatch patch;
    patch.normal = n;
    patch.area = weight / 2;
    patch.centroid = plane.origin;
    const LocalOverlap overlap = measureLocalOverlap(a, side_a, b, side_b, n);
    const PenetratedSurface surface_a =
        integratePenetratedSurface(a, component_a, plane, n, &overlap.a);
    const PenetratedSurface surface_b =
        integratePenetratedSurface(b, component_b, plane, -n, &overlap.b);
    patch.depth_a = surface_a.deepest_depth;
    patch.depth_b = surface_b.deepest_depth;
    patch.deepest_point_a = patch.depth_a > 0.0 ? surface_a.deepest_point : plane.origin;
    patch.deepest_point_b = patch.depth_b > 0.0 ? surface_b.deepest_point : plane.origin;
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
    // The piece's own vertices only; bounded like a whole region's δ (patchIndentation).
    LocalOverlap own;
    own.deepest = std::max(deepestOverlap(overlap.a, component_a.vertices, own.measured),
                           deepestOverlap(overlap.b, component_b.vertices, own.measured));
    patch.indentation =
        patchIndentation(own, patch.depth_a, patch.depth_b, spreadAlong(patch.loops, n));
    patch.pressure_centre =
        pressureCentre(surface_a, surface_b, plane, patch.centroid, patch.area, patch.indentation);
    patches.push_back(std::move(patch));
  }
  return patches;
}

}  // namespace contactsim
