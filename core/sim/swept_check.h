// The tunnelling check (issue 14): did a body, apart from another at the last committed state,
// meet it within the step — pass into it, or through a thin part of it — where the step's end
// state alone cannot tell? Sampled vertices of the moving body are traced along the straight
// chord between its two poses relative to the other (docs/dynamics.md, "Tunnelling").
#pragma once

#include "collision/aabb_tree.h"
#include "geometry/pose.h"

namespace contactsim {

// Vertices of `moving` traced per check: evenly spread over its vertex list (all of a smaller
// mesh); a graze between them can be missed.
inline constexpr std::size_t kSweptVertices = 32;

// `before` and `now`: poses of `moving` in `other`'s mesh frame. `touching_now`: whether any
// triangles of the two intersect at `now`. True when a traced vertex
// - with nothing intersecting now, first crosses the other's surface inwards: it ended inside
//   (containment) or went in and out again unseen;
// - with triangles intersecting now, enters and leaves again through faces more than
//   kThinPartAngle apart — the two sides of a wall, plate or blade: it went through a thin part
//   to touch it from the far side.
// Not counted: a vertex that first crosses outwards (it started within the other, a resting
// contact's overlap: it is leaving), and one that cuts a corner — in through one face, out through
// a neighbour less than kThinPartAngle away (a cube sliding µm on an equal cube it stands on).
bool sweptThrough(const AabbTree& moving, const Pose& before, const Pose& now,
                  const AabbTree& other, bool touching_now);

}  // namespace contactsim
