// Distance between two convex polytopes given by their vertices, by the algorithm of Gilbert,
// Johnson & Keerthi ("A fast procedure for computing the distance between complex objects in
// three-dimensional space", IEEE J. Robotics and Automation 4(2), 193–203, 1988): the point of
// the Minkowski difference A − B nearest to the origin, approached through simplices of support
// points. Solfec-1.0 runs it first in every convex–convex test (docs/volumetric.md).
#pragma once

#include <vector>

#include "geometry/types.h"
#include "volumetric/convex_piece.h"

namespace contactsim::volumetric {

struct GjkResult {
  // ‖point_a − point_b‖, or 0 when the polytopes overlap (or touch within the tolerance).
  double distance = 0.0;
  bool overlap = false;
  // Closest points: point_a in conv(A), point_b in conv(B). On overlap a common point (both equal
  // within the tolerance), on the boundary of A ∩ B in general, not deep inside it.
  Vec3 point_a = Vec3::Zero();
  Vec3 point_b = Vec3::Zero();
  int iterations = 0;
};

struct GjkOptions {
  // Relative tolerances, multiplied by the larger of the two point sets' sizes (twice the
  // largest distance from their vertex means). Overlap is declared when the Minkowski
  // difference's closest point is within overlap_tolerance·size of the origin.
  double overlap_tolerance = 1e-10;
  // Stop when ‖v‖² − v·w ≤ convergence·‖v‖² (Gilbert et al.'s test on the support point w).
  double convergence = 1e-12;
  int max_iterations = 64;
};

// conv(a + shift_a) against conv(b + shift_b); the shifts let the gap check of
// volumetric_contact.h translate the pieces without copying them.
GjkResult gjkDistance(const std::vector<Vec3>& a, const std::vector<Vec3>& b,
                      const Vec3& shift_a = Vec3::Zero(), const Vec3& shift_b = Vec3::Zero(),
                      const GjkOptions& options = {});

inline GjkResult gjkDistance(const ConvexPiece& a, const ConvexPiece& b,
                             const GjkOptions& options = {}) {
  return gjkDistance(a.vertices, b.vertices, Vec3::Zero(), Vec3::Zero(), options);
}

}  // namespace contactsim::volumetric
