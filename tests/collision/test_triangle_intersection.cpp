// The triangle–triangle test alone: generic crossings against an independent computation, and
// every degenerate case the issue names, on purpose.
#include <catch2/catch.hpp>
#include <random>

#include "collision_reference.h"

using namespace contactsim;
using contactsim::testing::planeLineSegment;
using contactsim::testing::sameSegment;

namespace {

Triangle scaled(const Triangle& t, double s) { return {s * t[0], s * t[1], s * t[2]}; }

Triangle moved(const Pose& pose, const Triangle& t) {
  return {pose.apply(t[0]), pose.apply(t[1]), pose.apply(t[2])};
}

Triangle randomTriangle(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  return {Vec3(u(rng), u(rng), u(rng)), Vec3(u(rng), u(rng), u(rng)), Vec3(u(rng), u(rng), u(rng))};
}

// A unit right triangle in z = 0, counter-clockwise seen from +z.
const Triangle kFloor = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)};

}  // namespace

TEST_CASE("generic crossings match the plane-line clipping reference", "[triangle]") {
  std::mt19937 rng(7);
  int crossings = 0, disjoint = 0;
  for (int i = 0; i < 20000; ++i) {
    const Triangle p = randomTriangle(rng);
    const Triangle q = randomTriangle(rng);
    const auto reference = planeLineSegment(p, q);
    const TriangleIntersection hit = intersectTriangles(p, q);
    REQUIRE(hit.contact != TriangleContact::Coplanar);
    if (reference) {
      REQUIRE(hit.contact == TriangleContact::Segment);
      REQUIRE(sameSegment(hit.p0, hit.p1, reference->first, reference->second, 1e-9));
      ++crossings;
    } else {
      REQUIRE(hit.contact == TriangleContact::None);
      ++disjoint;
    }
  }
  // Both outcomes well represented, or the comparison proves little.
  CHECK(crossings > 1000);
  CHECK(disjoint > 1000);
}

TEST_CASE("swapping the triangles gives the identical segment", "[triangle]") {
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const Triangle p = randomTriangle(rng);
    const Triangle q = randomTriangle(rng);
    const TriangleIntersection pq = intersectTriangles(p, q);
    const TriangleIntersection qp = intersectTriangles(q, p);
    REQUIRE(pq.contact == qp.contact);
    if (pq.contact == TriangleContact::Segment) {
      REQUIRE(sameSegment(pq.p0, pq.p1, qp.p0, qp.p1, 0.0));  // bit-identical as a set
    }
  }
}

TEST_CASE("one rigid motion of both triangles moves the segment with them", "[triangle]") {
  std::mt19937 rng(13);
  for (int i = 0; i < 20000; ++i) {
    const Triangle p = randomTriangle(rng);
    const Triangle q = randomTriangle(rng);
    const Pose motion = testing::randomRigidMotion(rng, 100.0);
    const TriangleIntersection before = intersectTriangles(p, q);
    const TriangleIntersection after = intersectTriangles(moved(motion, p), moved(motion, q));
    // Away from touching configurations (measure zero for random triangles) the answer is stable.
    REQUIRE(before.contact == after.contact);
    if (before.contact == TriangleContact::Segment) {
      REQUIRE(
          sameSegment(motion.apply(before.p0), motion.apply(before.p1), after.p0, after.p1, 1e-9));
    }
  }
}

TEST_CASE("degenerate configurations get consistent answers at every scale", "[triangle]") {
  for (const double s : {1e-3, 1.0, 1e3}) {
    CAPTURE(s);
    const Triangle floor = scaled(kFloor, s);

    SECTION("coplanar overlap is coplanar contact, coplanar apart is none") {
      const Triangle overlapping =
          scaled({Vec3(0.2, 0.2, 0), Vec3(0.9, 0.3, 0), Vec3(0.3, 0.9, 0)}, s);
      CHECK(intersectTriangles(floor, overlapping).contact == TriangleContact::Coplanar);
      const Triangle apart = scaled({Vec3(2, 2, 0), Vec3(3, 2, 0), Vec3(2, 3, 0)}, s);
      CHECK(intersectTriangles(floor, apart).contact == TriangleContact::None);
      // Touching along an edge in the plane still touches.
      const Triangle beside = scaled({Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(-1, 0, 0)}, s);
      CHECK(intersectTriangles(floor, beside).contact == TriangleContact::Coplanar);
      // Lifted above the plane by a visible gap: nothing; crossing it at a small angle: a segment.
      const Triangle lifted =
          scaled({Vec3(0.2, 0.2, 1e-6), Vec3(0.9, 0.3, 1e-6), Vec3(0.3, 0.9, 1e-6)}, s);
      CHECK(intersectTriangles(floor, lifted).contact == TriangleContact::None);
      const Triangle tilted =
          scaled({Vec3(0.2, 0.2, -1e-6), Vec3(0.6, 0.2, 1e-6), Vec3(0.2, 0.6, 1e-6)}, s);
      CHECK(intersectTriangles(floor, tilted).contact == TriangleContact::Segment);
    }

    SECTION("a vertex on the face touches at that point; on the plane outside it does not") {
      const Triangle standing =
          scaled({Vec3(0.25, 0.25, 0), Vec3(0.5, 0.5, 1), Vec3(0.0, 0.5, 1)}, s);
      const TriangleIntersection hit = intersectTriangles(floor, standing);
      REQUIRE(hit.contact == TriangleContact::Segment);
      CHECK((hit.p0 - standing[0]).norm() <= 1e-12 * s);
      CHECK((hit.p1 - standing[0]).norm() <= 1e-12 * s);
      const Triangle outside = scaled({Vec3(1, 1, 0), Vec3(1.5, 1.5, 1), Vec3(1.0, 1.5, 1)}, s);
      CHECK(intersectTriangles(floor, outside).contact == TriangleContact::None);
      // A vertex a hair (1e-13 of the size) above the face counts as on it; 1e-6 above does not.
      const Triangle hair =
          scaled({Vec3(0.25, 0.25, 1e-13), Vec3(0.5, 0.5, 1), Vec3(0.0, 0.5, 1)}, s);
      CHECK(intersectTriangles(floor, hair).contact == TriangleContact::Segment);
      const Triangle gap =
          scaled({Vec3(0.25, 0.25, 1e-6), Vec3(0.5, 0.5, 1), Vec3(0.0, 0.5, 1)}, s);
      CHECK(intersectTriangles(floor, gap).contact == TriangleContact::None);
    }

    SECTION("an edge in the face gives its part inside; crossing edges touch in one point") {
      const Triangle above = scaled({Vec3(0.2, 0.2, 0), Vec3(0.8, 0.8, 0), Vec3(0.5, 0.5, 1)}, s);
      const TriangleIntersection hit = intersectTriangles(floor, above);
      REQUIRE(hit.contact == TriangleContact::Segment);
      CHECK(sameSegment(hit.p0, hit.p1, s * Vec3(0.2, 0.2, 0), s * Vec3(0.5, 0.5, 0), 1e-12 * s));
      // The floor's hypotenuse x + y = 1 crosses this bottom edge along y = x at (½, ½).
      const Triangle crossing = scaled({Vec3(0.5, 0.5, 0), Vec3(1.5, 1.5, 0), Vec3(1, 1, 1)}, s);
      const TriangleIntersection point = intersectTriangles(floor, crossing);
      REQUIRE(point.contact == TriangleContact::Segment);
      CHECK((point.p0 - s * Vec3(0.5, 0.5, 0)).norm() <= 1e-12 * s);
      CHECK((point.p1 - s * Vec3(0.5, 0.5, 0)).norm() <= 1e-12 * s);
    }

    SECTION("a shared edge is the segment, whichever triangle comes first") {
      const Triangle hinge = scaled({Vec3(1, 0, 0), Vec3(0, 0, 0), Vec3(0.3, 0.0, 1)}, s);
      for (const bool swap : {false, true}) {
        const TriangleIntersection hit =
            swap ? intersectTriangles(hinge, floor) : intersectTriangles(floor, hinge);
        REQUIRE(hit.contact == TriangleContact::Segment);
        CHECK(sameSegment(hit.p0, hit.p1, s * Vec3(0, 0, 0), s * Vec3(1, 0, 0), 0.0));
      }
    }

    SECTION("touching corners touch in one point") {
      const Triangle corner = scaled({Vec3(1, 0, 0), Vec3(2, 0, 1), Vec3(2, 1, 1)}, s);
      const TriangleIntersection hit = intersectTriangles(floor, corner);
      REQUIRE(hit.contact == TriangleContact::Segment);
      CHECK(hit.p0 == s * Vec3(1, 0, 0));
      CHECK(hit.p1 == s * Vec3(1, 0, 0));
    }

    SECTION("identical triangles are coplanar contact") {
      CHECK(intersectTriangles(floor, floor).contact == TriangleContact::Coplanar);
    }

    SECTION("a zero-area triangle touches nothing") {
      const Triangle needle =
          scaled({Vec3(0.2, 0.2, -1), Vec3(0.2, 0.2, 1), Vec3(0.2, 0.2, 0.5)}, s);
      CHECK(intersectTriangles(floor, needle).contact == TriangleContact::None);
    }
  }
}

// Nearly parallel planes, each triangle within the tolerance of the other's plane at one place
// only: q along its edge z = 0, p at its corner V = (2/3, 0, z_V). The planes' common line runs
// along x, so the crossings overlap on it for any z_V; whether the triangles meet is decided
// across the line. q fills 0 <= z <= x/2 and p lies in z <= z_V, so with z_V = −g they are at
// least g apart, and with z_V = +g the corner V lies inside q. g is chosen so that q's edge is
// half a tolerance from p's plane (θ·g = tolerance / 2), many tolerances in the plane.
TEST_CASE("nearly parallel faces touching corner-to-edge are decided across the common line",
          "[triangle]") {
  const Triangle q = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 0, 0.5)};
  std::mt19937 rng(19);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const auto randomVector = [&](double size) -> Vec3 {
    return Vec3(u(rng), u(rng), u(rng)) * size;
  };
  for (const double theta : {1e-2, 1e-4, 1.5e-6, 1e-8}) {
    // p's plane is y = θ·(z − z_V); its longest edge is about √(5/4 + 4/9) long.
    const double edge = std::sqrt(1.25 + 4.0 / 9.0);
    const double g = 0.5 * kTriangleRelativeTolerance * edge / theta;
    for (const double side : {-1.0, 1.0}) {
      const double z_v = side * g;
      const auto onPlane = [&](double x, double z) { return Vec3(x, theta * (z - z_v), z); };
      const Triangle p = {onPlane(2.0 / 3.0, z_v), onPlane(-1.0, z_v - 0.5),
                          onPlane(-1.0, z_v - 0.25)};
      for (int motion = 0; motion < 8; ++motion) {
        const Pose pose = motion == 0 ? Pose::identity()
                                      : Pose::fromTranslationRotationVector(randomVector(10.0),
                                                                            randomVector(3.0));
        const TriangleIntersection hit = intersectTriangles(moved(pose, p), moved(pose, q));
        INFO("theta " << theta << ", z_V " << z_v << ", motion " << motion);
        if (side < 0) {
          CHECK(hit.contact == TriangleContact::None);
        } else {
          REQUIRE(hit.contact == TriangleContact::Segment);
          // The touching point is V itself.
          CHECK((hit.p0 - pose.apply(p[0])).norm() < 1e-12);
        }
      }
    }
  }
}
