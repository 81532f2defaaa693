// Convex pieces from point sets and meshes (Qhull), their volume, centroid and posing.
#include <catch2/catch.hpp>

#include "volumetric/convex_piece.h"
#include "volumetric_test_shapes.h"

using namespace contactsim;
using namespace contactsim::volumetric;

TEST_CASE("a box from its corners: six planar faces, volume, centroid", "[volumetric]") {
  const ConvexPiece box = test::boxPiece(Vec3(0, 0, 0), Vec3(2, 3, 4), 7);
  CHECK(box.vertices.size() == 8);
  REQUIRE(box.faces.size() == 6);  // Qhull's merged facets: quadrilaterals, not 12 triangles
  for (const ConvexFace& f : box.faces) {
    CHECK(f.loop.size() == 4);
    CHECK(f.surface_id == 7);
    CHECK(f.normal.norm() == Approx(1.0));
    // Counter-clockwise seen from outside.
    const Vec3& a = box.vertices[f.loop[0]];
    const Vec3& b = box.vertices[f.loop[1]];
    const Vec3& c = box.vertices[f.loop[2]];
    CHECK((b - a).cross(c - a).dot(f.normal) > 0.0);
  }
  CHECK(box.volume == Approx(24.0).epsilon(1e-12));
  CHECK((box.centroid - Vec3(1, 1.5, 2)).norm() < 1e-12);
  CHECK(box.maxPlaneDistance(Vec3(1, 1, 1)) == Approx(-1.0));
  CHECK(box.maxPlaneDistance(Vec3(3, 1, 1)) == Approx(1.0));
}

TEST_CASE("flat or too few points give no piece", "[volumetric]") {
  CHECK_FALSE(convexPieceFromPoints({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}));
  CHECK_FALSE(convexPieceFromPoints(
      {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(0.5, 0.5, 0)}));
  CHECK_FALSE(convexPieceFromPoints({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0),
                                     Vec3(0, 0, std::numeric_limits<double>::quiet_NaN())}));
}

TEST_CASE("mesh piece: hull faces take the surface id of the triangles on them", "[volumetric]") {
  // A unit cube as 12 triangles; the top (z = 1) labelled 5, the rest 2.
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) v.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  const std::vector<TriangleIndices> tris = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
                                             {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
                                             {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  const std::vector<int> ids = {2, 2, 5, 5, 2, 2, 2, 2, 2, 2, 2, 2};
  const auto piece = convexPieceFromMesh(v, tris, ids);
  REQUIRE(piece);
  REQUIRE(piece->faces.size() == 6);
  for (const ConvexFace& f : piece->faces) CHECK(f.surface_id == (f.normal.z() > 0.5 ? 5 : 2));
}

TEST_CASE("posing moves planes and keeps volume and size", "[volumetric]") {
  std::mt19937 rng(3);
  const ConvexPiece piece = test::randomPiece(rng, Vec3(0.1, 0.2, 0.3), 1.0, 30);
  for (int trial = 0; trial < 20; ++trial) {
    const Pose pose = test::randomPose(rng, 5.0);
    const ConvexPiece moved = posed(piece, pose);
    CHECK(moved.size == Approx(piece.size));
    ConvexPiece recomputed = moved;
    finishPiece(recomputed);
    CHECK(recomputed.volume == Approx(piece.volume).epsilon(1e-12));
    CHECK((recomputed.centroid - moved.centroid).norm() < 1e-12);
    CHECK(recomputed.size == Approx(moved.size).epsilon(1e-12));
    for (std::size_t i = 0; i < moved.faces.size(); ++i)
      for (int k : moved.faces[i].loop)
        CHECK(std::abs(moved.planeDistance(static_cast<int>(i), moved.vertices[k])) < 1e-12);
  }
}
