// The gaps by which a kept collision cut passes over a triangle's walk (TriangleProbe::gapToBox,
// gapToTriangle; CollisionFront): never more than the distance between the padded shapes, checked
// against their nearest points found feature by feature, so that a relative motion shorter than
// the gap — toward each other along the line of their nearest points included — never lets them
// touch; at any scale and far from the origin. And they are no bare zeros: flush faces give their
// distance, and some triangles that miss each other with both planes cutting across them get a
// positive gap from the other's plane.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "collision/box_overlap.h"
#include "collision/mesh_collision.h"
#include "collision/triangle_intersection.h"
#include "collision_reference.h"

using namespace contactsim;

namespace {

Vec3 randomPoint(std::mt19937& rng, double size) {
  std::uniform_real_distribution<double> u(-size, size);
  return Vec3(u(rng), u(rng), u(rng));
}

// A triangle of about `size` around `centre`; every fifth a sliver (one corner near an edge).
Triangle randomTriangle(std::mt19937& rng, const Vec3& centre, double size, int index) {
  Triangle t{centre + randomPoint(rng, size), centre + randomPoint(rng, size),
             centre + randomPoint(rng, size)};
  if (index % 5 == 4) t[2] = 0.5 * (t[0] + t[1]) + randomPoint(rng, 1e-4 * size);
  return t;
}

Triangle translated(const Triangle& t, const Vec3& by) { return {t[0] + by, t[1] + by, t[2] + by}; }

}  // namespace

TEST_CASE("a triangle's gap to another is a distance no shorter move closes", "[collision]") {
  std::mt19937 rng(11);
  int positive = 0, crossing_planes = 0, crossing_planes_positive = 0;
  for (const double size : {1e-3, 1.0, 30.0}) {
    for (const double far : {0.0, 1e3}) {
      const Vec3 origin = far * Vec3(0.6, -0.48, 0.64);
      const double magnitude = far + 3.0 * size;
      // The query's padding for two models of this size (mesh_collision.cpp, boxPadding), which
      // exceeds the triangle test's tolerance; and none, for the bound alone.
      for (const double padding : {0.0, kBoxRelativePadding * 6.0 * size + 1e-12 * magnitude}) {
        for (int i = 0; i < 400; ++i) {
          CAPTURE(size, far, padding, i);
          const Triangle a = randomTriangle(rng, origin, size, i);
          const Triangle b = randomTriangle(rng, origin + randomPoint(rng, size), size, i + 2);
          if (intersectTriangles(a, b).contact != TriangleContact::None) continue;
          const TriangleProbe probe(a[0], a[1], a[2], padding);
          const double gap = probe.gapToTriangle(b[0], b[1], b[2]);
          const bool planes_cut = probe.mayTouch(b[0], b[1], b[2]);
          crossing_planes += planes_cut;
          if (!(gap > 0.0)) continue;
          ++positive;
          crossing_planes_positive += planes_cut;
          const testing::Nearest nearest = testing::nearestPoints(a, b);
          // The reference's own rounding: a few of the magnitude's.
          CHECK(gap <= nearest.distance - padding + 1e-14 * magnitude);
          // Moved by just under the gap straight at b, or along other directions: still apart.
          if (padding == 0.0) continue;
          const Vec3 toward = (nearest.on_second - nearest.on_first).normalized();
          for (const Vec3& direction :
               {toward, Vec3(randomPoint(rng, 1.0).normalized()), Vec3(-toward)}) {
            const Triangle moved = translated(a, (1.0 - 1e-9) * gap * direction);
            CHECK(intersectTriangles(moved, b).contact == TriangleContact::None);
          }
        }
      }
    }
  }
  CHECK(positive > 1000);
  // Some of those that both planes cut across are kept apart by the other's plane.
  CHECK(crossing_planes_positive > 0);
  CHECK(crossing_planes > crossing_planes_positive);
}

TEST_CASE("a triangle's gap to a node's box is a distance no shorter move closes", "[collision]") {
  std::mt19937 rng(5);
  int positive = 0;
  for (const double size : {1e-3, 1.0}) {
    for (const double far : {0.0, 1e3}) {
      const Vec3 origin = far * Vec3(-0.36, 0.48, 0.8);
      const double magnitude = far + 3.0 * size;
      for (int i = 0; i < 400; ++i) {
        CAPTURE(size, far, i);
        const Triangle t = randomTriangle(rng, origin, size, i);
        const Vec3 c = origin + randomPoint(rng, size), h = randomPoint(rng, size).cwiseAbs();
        // A node's box is stored as floats, rounded outward.
        float lo[3], hi[3];
        for (int k = 0; k < 3; ++k) {
          lo[k] = std::nextafter(static_cast<float>(c[k] - h[k]), -INFINITY);
          hi[k] = std::nextafter(static_cast<float>(c[k] + h[k]), INFINITY);
        }
        const TriangleProbe probe(t[0], t[1], t[2], 0.0);
        const double gap = probe.gapToBox(lo, hi);
        CHECK((gap > 0.0) == !probe.overlapsBox(lo, hi));
        if (!(gap > 0.0)) continue;
        ++positive;
        const Vec3 box_lo(lo[0], lo[1], lo[2]), box_hi(hi[0], hi[1], hi[2]);
        CHECK(gap <= testing::nearestPoints(t, box_lo, box_hi).distance + 1e-14 * magnitude);
      }
    }
  }
  CHECK(positive > 400);
}

TEST_CASE("a face parallel to another at a distance has that distance as its gap", "[collision]") {
  // A's triangle 0.3 mm above B's, both horizontal and overlapping in plan, at 20 m from the
  // origin: the axes' and both normals' separations agree on the distance, less the padding.
  const Vec3 at(20.0, -3.0, 1.5);
  const Triangle below{at, at + Vec3(0.1, 0.0, 0.0), at + Vec3(0.0, 0.1, 0.0)};
  const Triangle above = translated(
      Triangle{at + Vec3(0.02, 0.02, 0.0), at + Vec3(0.08, 0.01, 0.0), at + Vec3(0.01, 0.08, 0.0)},
      Vec3(0.0, 0.0, 3e-4));
  const double padding = 1e-9;
  const double gap = TriangleProbe(above[0], above[1], above[2], padding)
                         .gapToTriangle(below[0], below[1], below[2]);
  CHECK(gap == Approx(3e-4 - padding).epsilon(1e-9));
  float lo[3] = {20.0f, -3.0f, 1.0f}, hi[3] = {20.1f, -2.9f, 1.5f};
  CHECK(TriangleProbe(above[0], above[1], above[2], padding).gapToBox(lo, hi) ==
        Approx(1.5 + 3e-4 - padding - static_cast<double>(hi[2])).epsilon(1e-9));
}

TEST_CASE("a degenerate triangle's gap is still no longer than the distance", "[collision]") {
  // A needle (three collinear corners) and a point (three equal ones) have no normal: their own
  // slab says nothing (−∞), and the frame's axes and the other's plane still bound the distance.
  const Triangle b{Vec3(0.0, 0.0, 0.0), Vec3(1.0, 0.0, 0.0), Vec3(0.0, 1.0, 0.0)};
  const Triangle needle{Vec3(0.2, 0.2, 0.3), Vec3(0.4, 0.3, 0.2), Vec3(0.6, 0.4, 0.1)};
  const Triangle point{Vec3(0.3, 0.3, 0.25), Vec3(0.3, 0.3, 0.25), Vec3(0.3, 0.3, 0.25)};
  for (const Triangle& a : {needle, point}) {
    const TriangleProbe probe(a[0], a[1], a[2], 1e-9);
    const double gap = probe.gapToTriangle(b[0], b[1], b[2]);
    const testing::Nearest nearest = testing::nearestPoints(a, b);
    CHECK(gap > 0.0);  // B's plane separates them
    CHECK(gap <= nearest.distance);
    float lo[3] = {0.0f, 0.0f, -1.0f}, hi[3] = {1.0f, 1.0f, 0.0f};
    CHECK(probe.gapToBox(lo, hi) <=
          testing::nearestPoints(a, Vec3(0, 0, -1), Vec3(1, 1, 0)).distance);
    // And seen from B, whose plane is the only one.
    const TriangleProbe from_b(b[0], b[1], b[2], 1e-9);
    CHECK(from_b.gapToTriangle(a[0], a[1], a[2]) <= nearest.distance);
  }
}
