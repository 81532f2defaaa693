// Which parts of one mesh's surface lie inside the other, near their intersection curve and away
// from it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "contact/posed_mesh.h"

namespace contactsim {

// One connected piece of self's surface enclosed by the intersection curve (Dopico et al. §IV.F's
// "internal triangles"). Near the curve it is listed vertex by vertex; further in, whole
// clusters of self's SurfaceClusters that the curve does not touch stand for their triangles.
struct PenetratedComponent {
  // Inside vertices of the clusters the curve cuts (and the borders of those clusters).
  std::vector<std::int32_t> vertices;
  // Triangles of the cut clusters with at least one corner in this component, each once.
  std::vector<std::int32_t> triangles;
  // Clusters untouched by the curve whose triangles are all in this component.
  std::vector<std::int32_t> clusters;
};

// Where the intersection curve crosses an edge of self: the point u + s·(w − u) of the edge from
// its lower-numbered end u to w (one entry per crossing; an edge crossed twice has two).
struct EdgeCrossing {
  std::int32_t u, w;  // u < w
  double s;
};

struct Penetration {
  std::vector<PenetratedComponent> components;
  // Every crossing the inside test used, sorted by (u, w, s).
  std::vector<EdgeCrossing> crossings;
  // Per entry of `colliding`, the component of each corner of self's triangle (in its order),
  // or -1 for a corner that is not inside the other mesh.
  std::vector<std::array<std::int32_t, 3>> corner_components;

  std::size_t componentCount() const { return components.size(); }
};

// findPenetration's scratch marks, per vertex, triangle and cluster of the largest mesh it was
// given (grown, never shrunk), every mark undone before a call returns: a call then costs what it
// touches rather than the mesh's size. Whoever calls owns one and passes it in, so its size and
// lifetime are the owner's (the simulation keeps one per contact pair, a one-off query its own);
// one workspace serves any meshes, one call at a time.
struct PenetrationWorkspace {
  enum : std::uint8_t { kFree, kSeedInside, kSeedOutside };
  std::vector<std::int32_t> vertex_component;  // -1: not reached
  std::vector<std::uint8_t> seed_state;
  std::vector<double> seed_distance;  // from the seed to the crossing that decided its state
  std::vector<std::uint8_t> listed;   // triangle listed for the component being flooded
  std::vector<std::int32_t> cluster_component;  // -1: not reached
  std::vector<std::uint8_t> cluster_cut;        // the curve may cut it: flood it vertex by vertex
};

// `colliding` lists (triangle of self, triangle of other) for every non-coplanar intersecting
// pair. Where an edge of self crosses a triangle of other, the crossing decides which of the
// edge's ends is inside (the one behind other's triangle plane, or for a crossing on a ridge of
// other's surface, behind both of the ridge's faces' planes if it is convex and either if it is
// reflex); the nearest crossing on an end's edges decides it. Inside status then spreads over
// edges that no crossing cuts. Exact for closed curves: a vertex is inside iff it is reachable
// from a crossing's inside end without crossing the curve, so no depth threshold is involved.
// A cluster with no colliding triangle and no crossing's end has no cut edge, so the spread
// reaches all of it or none of it and takes it whole. The cost follows the curve and the number
// of whole clusters, not the number of inside triangles.
Penetration findPenetration(const PosedMesh& self, const PosedMesh& other,
                            std::span<const std::pair<std::int32_t, std::int32_t>> colliding,
                            PenetrationWorkspace& workspace);

// Every triangle of a component, each once (its listed triangles, then its clusters' triangles):
// for checks and drawing, not for the contact pipeline.
std::vector<std::int32_t> allTriangles(const TriMesh& mesh, const PenetratedComponent& component);

}  // namespace contactsim
