// The intersection A ∩ B of two convex pieces as a triangulated convex polyhedron whose faces
// remember which piece's face (and surface) they lie on: Solfec-1.0's cvi.c, after Muller &
// Preparata ("Finding the intersection of two convex polyhedra", Theor. Comput. Sci. 7, 217–236,
// 1978): with a point x inside both pieces, the intersection is the polar of the convex hull of
// the pieces' planes' dual points (docs/volumetric.md, "Intersection").
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "volumetric/convex_piece.h"
#include "volumetric/gjk.h"

namespace contactsim::volumetric {

// Which piece's boundary an intersection face lies on. `Both`: a face of A and a face of B lie in
// the same plane with the same outward side (e.g. flush sides of coincident or stacked pieces);
// the face belongs to both boundaries and is counted once.
enum class FaceOwner : std::uint8_t { A, B, Both };

// One face of A ∩ B: a convex polygon in one plane of A, of B, or of both.
struct IntersectionFace {
  std::vector<int> loop;       // into ConvexIntersection::vertices, counter-clockwise outside
  Vec3 normal = Vec3::Zero();  // unit, outward of A ∩ B: the owning face's outward normal
  Vec3 centroid = Vec3::Zero();
  double area = 0.0;
  FaceOwner owner = FaceOwner::A;
  int face_a = -1;  // index into A's faces (owner A or Both), else -1
  int face_b = -1;  // index into B's faces (owner B or Both), else -1
  int surface_a = -1;
  int surface_b = -1;
};

// A fan triangle of a face; carries the face's tags so a renderer or a per-triangle consumer
// (Solfec's goc.c loops over triangles) needs no look-up.
struct IntersectionTriangle {
  int face = -1;                 // into ConvexIntersection::faces
  std::array<int, 3> corners{};  // into ConvexIntersection::vertices, counter-clockwise outside
  Vec3 normal = Vec3::Zero();    // unit, outward of A ∩ B: the owning face's outward normal
  Vec3 centroid = Vec3::Zero();
  double area = 0.0;
  FaceOwner owner = FaceOwner::A;
  int face_a = -1;  // index into A's faces (owner A or Both), else -1
  int face_b = -1;  // index into B's faces (owner B or Both), else -1
  int surface_a = -1;
  int surface_b = -1;
};

enum class IntersectionStatus : std::uint8_t {
  Disjoint,  // GJK found a positive distance
  // The pieces meet but no point is deeper inside both than `touching_depth`: touching faces,
  // edges or corners, or an overlap thinner than round-off can resolve. No polyhedron.
  Touching,
  Overlap,  // vertices, faces, triangles, volume and centroid are filled
  Failed,   // Qhull refused the dual points (not seen in the tests; reported, never thrown)
};

struct ConvexIntersection {
  IntersectionStatus status = IntersectionStatus::Disjoint;
  std::vector<Vec3> vertices;
  std::vector<IntersectionFace> faces;
  std::vector<IntersectionTriangle> triangles;
  double volume = 0.0;
  Vec3 centroid = Vec3::Zero();
  // The point inside both pieces the planes were translated to, and its distance to the nearer
  // of the two boundaries (the smallest slack of all planes there).
  Vec3 interior_point = Vec3::Zero();
  double interior_depth = 0.0;
  GjkResult gjk;
};

struct IntersectionOptions {
  // Relative to the smaller piece's size: an interior point less deep than this means Touching.
  double touching_depth = 1e-9;
  // Two planes (one of A, one of B) with the same outward side whose normals differ by at most
  // this angle (radians) and whose offsets differ by at most this times the smaller piece's size
  // are the same plane (owner Both).
  double same_plane = 1e-9;
  GjkOptions gjk;
};

ConvexIntersection intersect(const ConvexPiece& a, const ConvexPiece& b,
                             const IntersectionOptions& options = {});

// A point deep inside the intersection of the half-spaces n·x ≤ h of both pieces, starting from
// `start`: the mean of the intersection's candidate vertices (edges of each piece clipped by the
// other), then Newton steps towards the analytic centre (the minimiser of −Σ log(h − n·x), Boyd
// & Vandenberghe, "Convex Optimization", 2004, Sec. 8.5.3) which stays away from all planes.
// Returns the point and its depth (smallest slack); depth ≤ 0 when no interior point was found.
std::pair<Vec3, double> deepCommonPoint(const ConvexPiece& a, const ConvexPiece& b,
                                        const Vec3& fallback);

}  // namespace contactsim::volumetric
