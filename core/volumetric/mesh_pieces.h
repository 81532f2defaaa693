// The convex pieces of a body in volumetric mode (issue 16): each shell of its mesh file — the
// form in which convex decompositions are exported, one object per piece — replaced by its
// convex hull, with a warning for a shell far from convex (docs/volumetric.md, "Convex pieces of
// a mesh").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "geometry/tri_mesh.h"
#include "volumetric/convex_piece.h"

namespace contactsim::volumetric {

// The shells of a mesh: triangles connected across manifold edges (an edge with exactly two
// triangles). The files' objects stay apart after welding even where pieces of a decomposition
// share corners (no edge is crossed), edges (four triangles on it: non-manifold) or whole faces.
// Each shell lists its triangles in increasing order; shells are ordered by their first triangle,
// so the numbering follows the file.
std::vector<std::vector<std::int32_t>> meshShells(const TriMesh& mesh);

struct MeshPiecesOptions {
  // A shell whose hull volume exceeds its own volume (divergence theorem over its triangles) by
  // more than this factor is reported as far from convex. A convex shell's ratio is 1 up to
  // rounding; 1.1 tolerates the coarse tessellation of a slightly concave piece (10 % of the hull
  // is outside the piece) and flags real concavities (an L of two unit cubes: 4/3).
  double max_hull_volume_ratio = 1.1;
};

struct MeshPieces {
  std::vector<ConvexPiece> pieces;   // in the mesh's (body) frame
  std::vector<int> shell;            // the shell (index into meshShells) of each piece
  std::vector<double> shell_volume;  // each piece's own volume, before hulling
  std::vector<double> hull_ratio;    // hull volume / own volume (infinity when own volume ≤ 0)
  // One line per problem, naming the body (when given) and the piece or shell index:
  // far from convex, not closed (own volume not comparable), flat (no piece made).
  std::vector<std::string> warnings;
};

// `triangle_surface_ids`: one id per mesh triangle (surface labels kept on the hull faces, see
// convexPieceFromMesh), or empty. `body` names the body in the warnings ("" leaves it out).
MeshPieces convexPiecesOfMesh(const TriMesh& mesh,
                              const std::vector<int>& triangle_surface_ids = {},
                              const std::string& body = "", const MeshPiecesOptions& options = {});

}  // namespace contactsim::volumetric
