// Which vertices of one mesh lie inside the other, near their intersection curve.
#pragma once

#include <span>
#include <vector>

#include "contact/posed_mesh.h"

namespace contactsim {

// Inside vertices of mesh `self` grouped in connected components: a component is a piece of
// self's surface enclosed by the intersection curve (seed 004 §IV.F's "internal triangles").
struct Penetration {
  // Per vertex of self: its component, or -1 when it is not inside the other mesh.
  std::vector<std::int32_t> component_of_vertex;
  std::vector<std::vector<std::int32_t>> vertices_of_component;
  // Per component: the triangles with at least one corner in it, each once.
  std::vector<std::vector<std::int32_t>> triangles_of_component;

  std::int32_t componentOf(std::int32_t v) const { return component_of_vertex[v]; }
  std::size_t componentCount() const { return vertices_of_component.size(); }
};

// `colliding` lists (triangle of self, triangle of other) for every non-coplanar intersecting
// pair. Where an edge of self crosses a triangle of other, the crossing decides which of the
// edge's ends is inside (the one behind other's triangle plane). Inside status then spreads over
// edges that no crossing cuts. Exact for closed curves: a vertex is inside iff it is reachable
// from a crossing's inside end without crossing the curve, so no depth threshold is involved.
Penetration findPenetration(const PosedMesh& self, const PosedMesh& other,
                            std::span<const std::pair<std::int32_t, std::int32_t>> colliding);

}  // namespace contactsim
