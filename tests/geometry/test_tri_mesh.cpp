#include <catch2/catch.hpp>
#include <limits>

#include "geometry/tri_mesh.h"

using namespace contactsim;

namespace {
// Regular tetrahedron, outward oriented.
TriMesh tetrahedron() {
  return TriMesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                 {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}});
}
}  // namespace

TEST_CASE("two triangles sharing an edge are neighbours across it", "[topology]") {
  // 0-1-2 and 2-1-3 share the edge 1-2 (in opposite directions).
  const TriMesh mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}, {{0, 1, 2}, {2, 1, 3}});
  CHECK(mesh.neighbours()[0] == std::array<std::int32_t, 3>{kBoundaryEdge, 1, kBoundaryEdge});
  CHECK(mesh.neighbours()[1] == std::array<std::int32_t, 3>{0, kBoundaryEdge, kBoundaryEdge});
  CHECK(mesh.boundaryEdgeCount() == 4);
  CHECK(mesh.nonManifoldEdgeCount() == 0);
  CHECK(mesh.consistentlyOriented());
  CHECK_FALSE(mesh.watertight());
  CHECK(mesh.normals()[0].isApprox(Vec3(0, 0, 1)));
  CHECK(mesh.normals()[1].isApprox(Vec3(0, 0, 1)));
}

TEST_CASE("a closed tetrahedron is watertight and consistently oriented", "[topology]") {
  const TriMesh mesh = tetrahedron();
  CHECK(mesh.watertight());
  CHECK(mesh.consistentlyOriented());
  for (const auto& n : mesh.neighbours()) {
    for (const std::int32_t t : n) CHECK(t >= 0);
  }
  CHECK(mesh.scale() == Approx(std::sqrt(3.0)));
  // Every vertex of a tetrahedron is used by exactly three triangles, each of which uses it.
  for (std::int32_t v = 0; v < 4; ++v) {
    const auto around = mesh.trianglesAround(v);
    REQUIRE(around.size() == 3);
    for (const std::int32_t t : around) {
      const auto& tri = mesh.triangles()[t];
      CHECK(std::count(tri.begin(), tri.end(), v) == 1);
    }
  }
}

TEST_CASE("one flipped triangle makes the orientation inconsistent", "[topology]") {
  const TriMesh mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                     {{0, 2, 1}, {0, 3, 1}, {1, 2, 3}, {0, 3, 2}});
  CHECK(mesh.watertight());
  CHECK_FALSE(mesh.consistentlyOriented());
}

TEST_CASE("three triangles on one edge make it non-manifold", "[topology]") {
  const TriMesh mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}},
                     {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}});
  CHECK(mesh.nonManifoldEdgeCount() == 1);
  CHECK(mesh.neighbours()[0][0] == kNonManifoldEdge);
  CHECK(mesh.neighbours()[1][0] == kNonManifoldEdge);
  CHECK(mesh.neighbours()[2][0] == kNonManifoldEdge);
  CHECK(mesh.boundaryEdgeCount() == 6);
  CHECK_FALSE(mesh.watertight());
}

TEST_CASE("degenerate triangles are counted and get a zero normal", "[topology]") {
  // Collinear corners: zero area at any scale.
  for (const double scale : {1e-3, 1.0, 1e3}) {
    const TriMesh mesh({{0, 0, 0}, {scale, 0, 0}, {2 * scale, 0, 0}, {0, scale, 0}},
                       {{0, 1, 2}, {0, 1, 3}});
    CHECK(mesh.degenerateTriangleCount() == 1);
    CHECK(mesh.normals()[0] == Vec3::Zero());
    CHECK(mesh.normals()[1].isApprox(Vec3(0, 0, 1)));
  }
}

TEST_CASE("invalid meshes are rejected with a reason", "[topology]") {
  CHECK_THROWS_WITH(TriMesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 3}}),
                    Catch::Contains("triangle 0 refers to vertex 3"));
  CHECK_THROWS_WITH(TriMesh({{0, 0, 0}, {1, 0, 0}, {0, -1, 0}}, {{0, 1, -1}}),
                    Catch::Contains("vertex -1"));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_WITH(TriMesh({{0, 0, 0}, {1, nan, 0}, {0, 1, 0}}, {{0, 1, 2}}),
                    Catch::Contains("vertex 1 has a non-finite"));
}
