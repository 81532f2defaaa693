#include <catch2/catch.hpp>

#include "geometry/primitives.h"
#include "geometry/weld.h"

using namespace contactsim;

namespace {
// The mesh as an STL file stores it: three points per triangle, nothing shared.
void toSoup(const TriMesh& mesh, std::vector<Vec3>& points, std::vector<TriangleIndices>& tris) {
  points.clear();
  tris.clear();
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const auto base = static_cast<std::int32_t>(points.size());
    for (int k = 0; k < 3; ++k) points.push_back(mesh.corner(t, k));
    tris.push_back({base, base + 1, base + 2});
  }
}
}  // namespace

TEST_CASE("welding a soup restores the indexed mesh and its topology", "[weld]") {
  for (const double scale : {1e-3, 1.0, 1e3}) {
    const TriMesh box = makeBox(Vec3(scale, 2 * scale, 0.5 * scale), 2);
    std::vector<Vec3> points;
    std::vector<TriangleIndices> tris;
    toSoup(box, points, tris);
    WeldStats stats;
    const TriMesh welded = weldTriangleSoup(points, tris, kDefaultWeldRelativeTolerance, &stats);
    CHECK(stats.input_vertices == 3 * box.triangleCount());
    CHECK(welded.vertexCount() == box.vertexCount());
    CHECK(welded.triangleCount() == box.triangleCount());
    CHECK(welded.watertight());
    CHECK(welded.consistentlyOriented());
    // Without welding there is no topology at all.
    const TriMesh unwelded(points, tris);
    CHECK(unwelded.boundaryEdgeCount() == 3 * box.triangleCount());
  }
}

TEST_CASE("welding tolerance is relative to the model size", "[weld]") {
  for (const double scale : {1e-3, 1.0, 1e3}) {
    // Two triangles whose shared edge is written with a small mismatch.
    const double gap_inside = 1e-8 * scale;   // well below 1e-7 of the ~1.4*scale diagonal
    const double gap_outside = 1e-5 * scale;  // far above it
    for (const double gap : {gap_inside, gap_outside}) {
      const std::vector<Vec3> points = {{0, 0, 0},           {scale, 0, 0},   {0, scale, 0},
                                        {scale + gap, 0, 0}, {gap, scale, 0}, {scale, scale, 0}};
      const TriMesh welded = weldTriangleSoup(points, {{0, 1, 2}, {4, 3, 5}});
      const bool merged = gap == gap_inside;
      CHECK(welded.vertexCount() == (merged ? 4u : 6u));
      CHECK(welded.boundaryEdgeCount() == (merged ? 4u : 6u));
    }
  }
}

TEST_CASE("triangles collapsed by welding are dropped and counted", "[weld]") {
  const std::vector<Vec3> points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1e-12, 0, 0}};
  WeldStats stats;
  const TriMesh welded = weldTriangleSoup(points, {{0, 1, 2}, {0, 3, 2}}, 1e-7, &stats);
  CHECK(welded.triangleCount() == 1);
  CHECK(stats.collapsed_triangles == 1);
}

TEST_CASE("welding rejects bad indices and non-finite points", "[weld]") {
  CHECK_THROWS(weldTriangleSoup({{0, 0, 0}}, {{0, 0, 1}}));
  CHECK_THROWS_WITH(weldTriangleSoup({{0, 0, 0}, {1, 0, 0}, {0, INFINITY, 0}}, {{0, 1, 2}}),
                    Catch::Contains("non-finite"));
  CHECK_THROWS(weldTriangleSoup({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}}, -1.0));
}
