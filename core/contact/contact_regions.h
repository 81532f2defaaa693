// Seed 004 §IV.C–F: from intersecting triangle pairs to one contact patch per contact region.
#pragma once

#include <span>
#include <vector>

#include "contact/contact_patch.h"
#include "contact/containment.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// One intersecting triangle pair, as the collision query reports it.
struct IntersectingPair {
  std::int32_t triangle_a = -1;
  std::int32_t triangle_b = -1;
  bool coplanar = false;  // overlapping in one plane: no segment
  Vec3 p0, p1;            // intersection segment, world coordinates
};

struct ContactRegions {
  std::vector<ContactPatch> patches;
  // Set when there are no intersecting pairs although one body is inside the other: an error
  // state of the pair (the force laws cannot act on it), reported rather than ignored.
  Containment containment = Containment::None;
};

// Regions: segments chained into contours; contours bounding the same penetrated piece of
// either surface (a ring contact's inner and outer loop) form one region. Per region: the
// length-weighted plane, the normal oriented from A into B, projected area and centroid, the
// deepest point of each body beyond the plane and the indentation δ = depth_a + depth_b.
ContactRegions findContactRegions(const PosedMesh& a, const PosedMesh& b,
                                  std::span<const IntersectingPair> pairs);

}  // namespace contactsim
