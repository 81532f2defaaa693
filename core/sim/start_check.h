// The start check (issue 20): before a run, every contact pair of the scene that interpenetrates
// at t = 0 is reported with its depth, where it is and how to clear it, because a law fed a deep
// initial δ fires the bodies apart with an arbitrary impulse instead of simulating the scene.
#pragma once

#include <string>
#include <vector>

#include "geometry/types.h"
#include "scene/scene.h"

namespace contactsim {

// Overlaps up to this fraction of the smaller body's size (its bounding-box diagonal) are not
// listed, only counted. Why this rule rather than the law's static δ under the body's weight:
// the start check has no load path (a body may rest on another, hang from a cable or be pressed
// by a joint), whereas the size is always known. And it separates the two cases well: a settled
// contact's δ is micrometres (Hertz, steel, kg-scale bodies: δ/size ~ 1e-5), while a placement
// mistake is a fair fraction of a body; 1e-3 also sits at the faceting scale of typical meshes
// (a 0.1 m sphere of 1280 triangles is up to ~0.3 mm inside the true one), below which "how deep"
// is no longer a property of the scene but of its tessellation.
inline constexpr double kStartOverlapRelativeThreshold = 1e-3;

struct StartOverlap {
  std::string body_a, body_b;  // scene names, A before B in scene order (as the pair)
  // The largest indentation δ over the pair's patches (m), and the threshold it exceeds.
  double depth = 0.0;
  double threshold = 0.0;
  Vec3 where = Vec3::Zero();  // world centroid of the deepest patch
  // A hint, exact for one flat patch: translating B by lift_distance along lift_direction (the
  // deepest patch's normal, from A into B) removes that patch's overlap.
  Vec3 lift_direction = Vec3::UnitZ();
  double lift_distance = 0.0;
  int patches = 0;  // patches of the pair at t = 0
};

struct StartCheck {
  std::vector<StartOverlap> overlaps;  // above their threshold, in pair order
  // Pairs in contact at t = 0 no deeper than their threshold (settled or touching): counted only.
  int small_overlaps = 0;
};

// The threshold of a pair: kStartOverlapRelativeThreshold × the smaller TriMesh::scale() (the
// bounding-box diagonal) of the two meshes.
double startOverlapThreshold(const TriMesh& a, const TriMesh& b);

// Queries every contact pair of the scene (contactPairsFromScene) at the bodies' poses as the
// scene writes them (the integrator's projection onto joints moves a consistent scene little).
// Throws SceneError naming the scene and the pair when one body is entirely inside the other:
// there is no surface for a law to act on, so that is an error, not a warning. Also throws
// what contactPairsFromScene throws.
StartCheck checkStart(const Scene& scene);

// One line per overlap (no "warning: " prefix; names with control characters escaped), e.g.
// "'plate'–'ball' start 35 mm interpenetrating at (0.12, -0.07, 0) m: lift 'ball' 35 mm along
// (0, 0, 1) to clear".
std::string describe(const StartOverlap& overlap);
// The summary line of the smaller overlaps; empty when there are none.
std::string describeSmallOverlaps(const StartCheck& check);

}  // namespace contactsim
