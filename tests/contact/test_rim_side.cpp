// RimSide (which side of a closed mesh's surface a direction leaves from a point on an edge or at
// a vertex) against the winding number of a point a little way along that direction, at every
// vertex and edge of a convex box, an L-shaped prism (reflex edges and corners) and a torus
// (saddle vertices on its inner side).
#include <catch2/catch.hpp>
#include <random>

#include "contact/containment.h"
#include "contact/rim_side.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

// The L-shaped prism: the L of side 2 with a 1 × 1 notch, from z = 0 to z = 1; its notch's corner
// (1, 1) is a reflex edge, the ends of it reflex corners.
TriMesh makeLPrism() {
  const std::vector<Vec3> outline = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0},
                                     {1, 1, 0}, {1, 2, 0}, {0, 2, 0}};
  std::vector<Vec3> v;
  for (const double z : {0.0, 1.0})
    for (const Vec3& p : outline) v.push_back(p + Vec3(0, 0, z));
  // The L as four triangles about its reflex corner 3 (bottom facing −z, top +z), and the sides.
  std::vector<TriangleIndices> t = {{3, 1, 0}, {3, 2, 1}, {3, 0, 5},  {3, 5, 4},
                                    {9, 6, 7}, {9, 7, 8}, {9, 11, 6}, {9, 10, 11}};
  for (int k = 0; k < 6; ++k) {
    const int a = k, b = (k + 1) % 6;
    t.push_back({a, b, b + 6});
    t.push_back({a, b + 6, a + 6});
  }
  TriMesh prism(std::move(v), std::move(t));
  REQUIRE(windingNumber(PosedMesh{prism, Pose::identity()}, Vec3(0.5, 0.5, 0.5)) >
          0.5);  // the normals face out
  return prism;
}

// Every vertex and every edge's midpoint of `mesh`, 50 directions each: RimSide against the
// winding number at a step of 1e-4 of the mesh's size along the direction.
void checkAgainstWinding(const TriMesh& mesh) {
  REQUIRE(mesh.boundaryEdgeCount() == 0);
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  const double step = 1e-4 * mesh.scale();
  const Pose identity = Pose::identity();
  int checked = 0;
  const auto check = [&](const RimSide& side, const Vec3& at, const char* where, int index) {
    for (int k = 0; k < 50; ++k) {
      const Vec3 e = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
      const double w = windingNumber(PosedMesh{mesh, Pose::identity()}, at + step * e);
      if (std::abs(w - 0.5) < 0.25) continue;  // along the surface: the winding number says nothing
      INFO(where << " " << index << ", direction " << e.transpose() << ": winding " << w);
      REQUIRE(side.inside(e).has_value());
      CHECK(*side.inside(e) == (w > 0.5));
      ++checked;
    }
  };
  for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
    const auto side = RimSide::atVertex(mesh, static_cast<std::int32_t>(v), identity);
    REQUIRE(side);
    check(*side, mesh.vertices()[v], "vertex", static_cast<int>(v));
  }
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    for (int k = 0; k < 3; ++k) {
      const auto side = RimSide::atEdge(mesh, static_cast<std::int32_t>(t), k, identity);
      REQUIRE(side);
      check(*side, 0.5 * (mesh.corner(t, k) + mesh.corner(t, (k + 1) % 3)), "edge of triangle",
            static_cast<int>(t));
    }
  }
  CHECK(checked > 1000);
}

}  // namespace

TEST_CASE("the side of a surface at its edges and vertices: convex, reflex and saddle",
          "[penetration]") {
  SECTION("a box") { checkAgainstWinding(makeBox(Vec3(1.0, 0.5, 0.25))); }
  SECTION("an L-shaped prism") { checkAgainstWinding(makeLPrism()); }
  SECTION("a torus") { checkAgainstWinding(makeTorus(1.0, 0.4, 24, 12)); }
}

TEST_CASE("a direction along the surface has no side", "[penetration]") {
  const TriMesh box = makeBox(Vec3(1.0, 1.0, 1.0));
  const auto side = RimSide::atVertex(box, 0, Pose::identity());
  REQUIRE(side);
  const Vec3 corner = box.vertices()[0];
  // Along the box's edges from the corner, and along a face.
  for (std::size_t v = 1; v < box.vertexCount(); ++v) {
    const Vec3 d = box.vertices()[v] - corner;
    if ((d.array() != 0.0).count() <= 2) CHECK_FALSE(side->inside(d).has_value());
  }
  CHECK_FALSE(side->inside(Vec3::Zero()).has_value());
}

TEST_CASE("the side of a surface where it is not closed: none", "[penetration]") {
  const TriMesh open({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}});
  CHECK_FALSE(RimSide::atVertex(open, 0, Pose::identity()));
  CHECK_FALSE(RimSide::atEdge(open, 0, 0, Pose::identity()));
}
