// Convex pieces of a mesh file: shells split apart where decomposition pieces share corners,
// edges or whole faces; each hulled; far-from-convex, open and flat shells reported by index.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "geometry/primitives.h"
#include "geometry/weld.h"
#include "volumetric/mesh_pieces.h"

using namespace contactsim;
using namespace contactsim::volumetric;

namespace {

struct Soup {
  std::vector<Vec3> points;
  std::vector<TriangleIndices> triangles;
  // Appends `mesh` moved by `shift`; `mirror_z` reflects z (and reverses the winding, so the
  // surface stays outward).
  void add(const TriMesh& mesh, const Vec3& shift, bool mirror_z = false) {
    const auto base = static_cast<std::int32_t>(points.size());
    for (Vec3 v : mesh.vertices()) {
      if (mirror_z) v.z() = -v.z();
      points.push_back(v + shift);
    }
    for (TriangleIndices t : mesh.triangles()) {
      if (mirror_z) std::swap(t[1], t[2]);
      triangles.push_back({base + t[0], base + t[1], base + t[2]});
    }
  }
  TriMesh welded() const { return weldTriangleSoup(points, triangles); }
};

bool mentions(const std::vector<std::string>& lines, const std::string& a, const std::string& b) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.find(a) != std::string::npos && l.find(b) != std::string::npos;
  });
}

}  // namespace

TEST_CASE("mesh pieces: separate, corner-, edge- and face-sharing boxes are separate pieces",
          "[volumetric][pieces]") {
  const TriMesh unit = makeBox(Vec3(0.5, 0.5, 0.5), GENERATE(1, 2));
  // Offsets of the second cube: apart, sharing a corner, an edge, a face.
  const Vec3 offset = GENERATE(Vec3(3, 0, 0), Vec3(1, 1, 1), Vec3(1, 1, 0), Vec3(1, 0, 0));
  Soup soup;
  soup.add(unit, Vec3::Zero());
  soup.add(unit, offset);
  const TriMesh mesh = soup.welded();
  const auto shells = meshShells(mesh);
  REQUIRE(shells.size() == 2);
  CHECK(shells[0].size() == unit.triangleCount());
  CHECK(shells[1].size() == unit.triangleCount());
  const MeshPieces pieces = convexPiecesOfMesh(mesh, {}, "pair");
  CHECK(pieces.warnings.empty());
  REQUIRE(pieces.pieces.size() == 2);
  for (int i = 0; i < 2; ++i) {
    CHECK(pieces.pieces[i].volume == Approx(1.0).epsilon(1e-12));
    CHECK(pieces.shell_volume[i] == Approx(1.0).epsilon(1e-12));
    CHECK(pieces.hull_ratio[i] == Approx(1.0).epsilon(1e-12));
    CHECK(pieces.pieces[i].faces.size() == 6);
    CHECK(pieces.pieces[i].index == i);  // numbered as the warnings number them
    CHECK(posed(pieces.pieces[i], Pose{}).index == i);
  }
  CHECK(pieces.pieces[0].centroid.isApprox(Vec3::Zero(), 1e-12));
  CHECK((pieces.pieces[1].centroid - offset).norm() < 1e-12);
}

TEST_CASE("mesh pieces: a face shared triangle for triangle, and a stack of four",
          "[volumetric][pieces]") {
  // The mirror image of a box below it: the shared face z = 0 has the same triangles, reversed.
  const TriMesh half = makeBox(Vec3(1.0, 1.0, 0.5), 2);
  Soup soup;
  for (int level = 0; level < 4; level += 2) {
    soup.add(half, Vec3(0, 0, 0.5 + level));
    soup.add(half, Vec3(0, 0, -0.5 + level), true);  // mirror about z = 0, then lifted
  }
  // levels: [-1, 0] mirrored, [0, 1], [1, 2] mirrored, [2, 3]: every neighbour shares a face.
  const MeshPieces pieces = convexPiecesOfMesh(soup.welded());
  CHECK(pieces.warnings.empty());
  REQUIRE(pieces.pieces.size() == 4);
  std::vector<double> bottoms;
  for (const ConvexPiece& p : pieces.pieces) {
    CHECK(p.volume == Approx(4.0).epsilon(1e-12));
    bottoms.push_back(p.bounds().min().z());
  }
  std::sort(bottoms.begin(), bottoms.end());
  CHECK(bottoms == std::vector<double>{-1.0, 0.0, 1.0, 2.0});
}

TEST_CASE("mesh pieces: a dented box is far from convex, named by its index",
          "[volumetric][pieces]") {
  const TriMesh box = makeBox(Vec3(1, 1, 1), 2);
  // Push the centre of the top face 1.9 down. The triangles around it cover 3 of the face's 4 m²
  // (two of the four cells' diagonals miss the centre), so a volume of 3 · 1.9 / 3 goes.
  std::vector<Vec3> vertices = box.vertices();
  for (Vec3& v : vertices) {
    if ((v - Vec3(0, 0, 1)).norm() < 1e-12) v.z() = -0.9;
  }
  Soup soup;
  soup.add(makeBox(Vec3(0.5, 0.5, 0.5)), Vec3(5, 0, 0));  // piece 0: a convex cube
  soup.add(TriMesh(vertices, box.triangles()), Vec3::Zero());
  const MeshPieces pieces = convexPiecesOfMesh(soup.welded(), {}, "bucket");
  REQUIRE(pieces.pieces.size() == 2);
  const double own = 8.0 - 1.9;
  CHECK(pieces.shell_volume[1] == Approx(own).epsilon(1e-12));
  CHECK(pieces.hull_ratio[1] == Approx(8.0 / own).epsilon(1e-12));
  REQUIRE(pieces.warnings.size() == 1);
  CHECK_THAT(pieces.warnings[0], Catch::StartsWith("body 'bucket': piece 1 (shell 1) is far from "
                                                   "convex: its hull's volume is 1.311 times"));
  // A laxer limit accepts it.
  MeshPiecesOptions lax;
  lax.max_hull_volume_ratio = 1.35;
  CHECK(convexPiecesOfMesh(soup.welded(), {}, "bucket", lax).warnings.empty());
}

TEST_CASE("mesh pieces: open and flat shells, surface ids", "[volumetric][pieces]") {
  const TriMesh cube = makeBox(Vec3(0.5, 0.5, 0.5));
  std::vector<TriangleIndices> open = cube.triangles();
  open.pop_back();  // a hole
  Soup soup;
  soup.add(TriMesh(cube.vertices(), open), Vec3::Zero());
  soup.add(TriMesh({Vec3(5, 0, 0), Vec3(6, 0, 0), Vec3(5, 1, 0)}, {TriangleIndices{0, 1, 2}}),
           Vec3::Zero());
  soup.add(cube, Vec3(0, 5, 0));
  const TriMesh mesh = soup.welded();
  std::vector<int> ids(mesh.triangleCount(), 0);
  for (std::size_t t = 0; t < ids.size(); ++t) ids[t] = static_cast<int>(t >= 12) * 7;
  const MeshPieces pieces = convexPiecesOfMesh(mesh, ids, "junk");
  REQUIRE(pieces.pieces.size() == 2);  // the triangle makes none
  CHECK(pieces.shell == std::vector<int>{0, 2});
  CHECK(mentions(pieces.warnings, "body 'junk': piece 0 (shell 0)", "not a closed surface"));
  CHECK(mentions(pieces.warnings, "body 'junk': shell 1", "spans no volume"));
  CHECK(pieces.warnings.size() == 2);
  CHECK(pieces.pieces[0].volume == Approx(1.0).epsilon(1e-12));  // the hull closes the hole
  for (const ConvexFace& f : pieces.pieces[1].faces) CHECK(f.surface_id == 7);
}
