// Dopico et al. §IV.C–F (docs/method.md, steps 3–6): from intersecting triangle pairs to one
// contact patch per contact region.
#pragma once

#include <span>
#include <vector>

#include "collision/mesh_collision.h"
#include "contact/contact_patch.h"
#include "contact/containment.h"
#include "contact/penetration.h"
#include "contact/posed_mesh.h"
#include "geometry/index_loop.h"

namespace contactsim {

struct ContactRegions {
  std::vector<ContactPatch> patches;
  // Set when there are no intersecting pairs although one body is inside the other: an error
  // state of the pair (the force laws cannot act on it), reported rather than ignored.
  Containment containment = Containment::None;
};

// Regions: segments chained into contours; contours bounding the same penetrated piece of
// either surface (a ring contact's inner and outer loop) form one region. Per region: the
// length-weighted plane, the normal from A into B (the contour's vector area, which is the plane's
// normal for a flat contour; docs/method.md "The normal of a region"), projected area and
// centroid, the deepest point of each body beyond the plane and the indentation δ, the largest
// local overlap of the two penetrated surfaces along the normal (local_overlap.h).
// The meshes' poses and the pairs' segments must be in one frame (the collision query's is body
// B's: pose B with the identity and A with relativePose); patches come out in that frame.
// Without pairs there are no regions (whether one body is inside the other is findContact's
// question, findContainment). `extras` says what else each patch carries. `workspace` is the
// inside tests' scratch (findPenetration).
// `loop` runs the regions, and a split region's pieces, side by side (results as without it).
ContactRegions findContactRegions(const PosedMesh& a, const PosedMesh& b,
                                  std::span<const TrianglePair> pairs,
                                  PenetrationWorkspace& workspace, RegionExtras extras = {},
                                  const IndexLoop* loop = nullptr);

// Where triangles of the two meshes lie coplanar and overlap — equal boxes stacked with aligned
// faces, whose side walls then share planes — the intersection curve runs along those planes and
// the contour, the inside test and δ all degenerate (δ = 0 for two equal cubes pressed 1 mm into
// each other). The collision query is then repeated with A moved by this fixed, generic rigid
// motion of 1e-9 of the models' size (docs/method.md, "Coplanar faces"), which makes every
// intersection transversal; what it changes in δ, area and normal is of that order.
// The collision query with that repetition: `a_in_b` (A's pose in B's frame) comes back moved
// when it was applied; the regions must be found at that pose.
// `front`: the pair's cut kept between queries (collide), or none.
CollisionResult collideTransversally(const AabbTree& a, const AabbTree& b, Pose& a_in_b,
                                     CollisionFront* front = nullptr,
                                     const IndexLoop* loop = nullptr);

// What a pair's queries keep between calls: the inside tests' scratch (findPenetration) and the
// collision descent's cut (CollisionFront). Either can be dropped at any time; results never
// depend on them.
struct ContactWorkspace {
  PenetrationWorkspace penetration;
  CollisionFront front;
};

// findContact's options. Without intersecting triangles it asks whether one body is inside the
// other (findContainment) unless `check_containment` is false — for a caller that knows the
// bodies were apart a moment ago and cannot have jumped inside each other. `extras` are
// passed on to findContactRegions.
struct ContactQueryOptions {
  bool check_containment = true;
  RegionExtras extras;
  const IndexLoop* loop = nullptr;  // for findContactRegions; must outlive the query
};

// What findContact reports beyond its regions, for a caller that tracks or profiles its queries.
struct ContactQueryReport {
  bool queried = false;            // the posed meshes' boxes overlapped, so the collision query ran
  bool touching = false;           // some triangles intersect (a touch can have pairs but no patch)
  double collision_seconds = 0.0;  // wall time of the collision query
  double regions_seconds = 0.0;    // and of findContactRegions
};

// The whole query for two bodies in the world, the one the CLI, the start check and the
// simulation all run: nothing when the posed meshes' boxes are apart; else the collision in B's
// frame, the regions, and the patches mapped to world coordinates, normal from A into B
// (docs/method.md, "Frames in names"). `workspace` is kept by the caller per pair of bodies.
ContactRegions findContact(const AabbTree& a, const Pose& world_a, const AabbTree& b,
                           const Pose& world_b, ContactWorkspace& workspace,
                           const ContactQueryOptions& options = {},
                           ContactQueryReport* report = nullptr);
// A one-off query, with a workspace of its own.
ContactRegions findContact(const AabbTree& a, const Pose& world_a, const AabbTree& b,
                           const Pose& world_b);

// The patch seen after a rigid motion of both bodies.
ContactPatch transformed(const ContactPatch& patch, const Pose& motion);

}  // namespace contactsim
