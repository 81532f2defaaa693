// Intersection polyhedra: exact for boxes, against Qhull's own volume and Monte Carlo for random
// pieces, converging to the lens volume for icospheres, and the degenerate cases.
#include <catch2/catch.hpp>

#include <cmath>

#include "volumetric/convex_intersection.h"
#include "volumetric_test_shapes.h"

using namespace contactsim;
using namespace contactsim::volumetric;

namespace {

// Volume of the lens where balls of radii R and r with centres d apart overlap (R − r < d < R + r).
double lensVolume(double R, double r, double d) {
  const double pi = 3.14159265358979323846;
  return pi * std::pow(R + r - d, 2) *
         (d * d + 2 * d * r - 3 * r * r + 2 * d * R + 6 * r * R - 3 * R * R) / (12 * d);
}

void checkWellFormed(const ConvexIntersection& cut, const ConvexPiece& A, const ConvexPiece& B) {
  const double tol = 1e-9 * std::max(A.size, B.size);
  for (const Vec3& v : cut.vertices) {
    REQUIRE(v.allFinite());
    CHECK(test::inside(A, v, tol));
    CHECK(test::inside(B, v, tol));
  }
  for (const IntersectionTriangle& t : cut.triangles) {
    CHECK(t.area > 0.0);
    // The triangle lies in its owner's plane.
    for (int k : t.corners) {
      if (t.face_a >= 0) CHECK(std::abs(A.planeDistance(t.face_a, cut.vertices[k])) <= tol);
      if (t.face_b >= 0) CHECK(std::abs(B.planeDistance(t.face_b, cut.vertices[k])) <= tol);
    }
    CHECK((t.owner == FaceOwner::B) == (t.face_a < 0));
    CHECK((t.owner == FaceOwner::A) == (t.face_b < 0));
  }
}

}  // namespace

TEST_CASE("two boxes: the intersection is the box of the overlap", "[volumetric]") {
  std::mt19937 rng(11);
  const ConvexPiece A0 = test::boxPiece(Vec3(0, 0, 0), Vec3(2, 2, 1), 1);
  const ConvexPiece B0 = test::boxPiece(Vec3(0.5, 0.3, 0.8), Vec3(1.5, 2.5, 3), 2);
  const Vec3 lo(0.5, 0.3, 0.8), hi(1.5, 2.0, 1.0);
  const double volume = (hi - lo).prod();
  for (int trial = 0; trial < 10; ++trial) {
    const Pose pose = trial == 0 ? Pose::identity() : test::randomPose(rng, 10.0);
    const ConvexPiece A = posed(A0, pose), B = posed(B0, pose);
    const ConvexIntersection cut = intersect(A, B);
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    checkWellFormed(cut, A, B);
    CHECK(cut.volume == Approx(volume).epsilon(1e-12));
    CHECK((cut.centroid - pose.apply((lo + hi) / 2)).norm() < 1e-12);
    CHECK(cut.vertices.size() == 8);
    double area_a = 0, area_b = 0;
    for (const IntersectionTriangle& t : cut.triangles) {
      (t.owner == FaceOwner::A ? area_a : area_b) += t.area;
      CHECK(t.surface_a == (t.owner == FaceOwner::A ? 1 : -1));
    }
    // From A: the top (z = 1) and the side y = 2; from B: the rest.
    CHECK(area_a == Approx(1.0 * 1.7 + 1.0 * 0.2).epsilon(1e-12));
    CHECK(area_b == Approx(1.0 * 1.7 + 1.0 * 0.2 + 2 * 1.7 * 0.2).epsilon(1e-12));
  }
}

TEST_CASE("intersection volume against Qhull's volume of its vertices and Monte Carlo",
          "[volumetric]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> offset(-1.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int overlaps = 0;
  double worst_qhull = 0.0, worst_mc_sigmas = 0.0;
  for (int trial = 0; trial < 60; ++trial) {
    const ConvexPiece A = test::randomPiece(rng, Vec3::Zero(), 1.0, 25);
    const ConvexPiece B =
        test::randomPiece(rng, Vec3(offset(rng), offset(rng), offset(rng)), 0.8, 25);
    const ConvexIntersection cut = intersect(A, B);
    if (cut.status != IntersectionStatus::Overlap) continue;
    ++overlaps;
    checkWellFormed(cut, A, B);
    const auto hull = convexPieceFromPoints(cut.vertices);
    REQUIRE(hull);
    worst_qhull = std::max(worst_qhull, std::abs(hull->volume - cut.volume) / cut.volume);
    CHECK(cut.volume == Approx(hull->volume).epsilon(1e-10));
    // Monte Carlo in B's bounding box.
    const Box3 box = B.bounds();
    const int n = 20000;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
      const Vec3 p = box.min() + Vec3(unit(rng), unit(rng), unit(rng)).cwiseProduct(box.sizes());
      if (test::inside(A, p, 0.0) && test::inside(B, p, 0.0)) ++hits;
    }
    const double f = static_cast<double>(hits) / n;
    const double estimate = f * box.volume();
    const double sigma = std::sqrt(std::max(f * (1 - f), 1.0 / n) / n) * box.volume();
    worst_mc_sigmas = std::max(worst_mc_sigmas, std::abs(estimate - cut.volume) / sigma);
    CHECK(std::abs(estimate - cut.volume) < 5 * sigma);
  }
  WARN("random pairs overlapping: "
       << overlaps << "; worst relative difference to Qhull: " << worst_qhull
       << "; worst Monte-Carlo deviation: " << worst_mc_sigmas << " sigma");
  CHECK(overlaps >= 20);
}

TEST_CASE("icospheres: the volume converges to the lens formula", "[volumetric]") {
  const double R = 1.0, r = 0.7, d = 1.2;
  const double exact = lensVolume(R, r, d);
  double previous = 1.0;
  for (int level = 0; level <= 4; ++level) {
    const auto A = convexPieceFromPoints(test::icosphere(Vec3::Zero(), R, level));
    // Rotated so that the two meshes' vertices are not aligned with the axis of centres.
    std::vector<Vec3> pb = test::icosphere(Vec3::Zero(), r, level);
    const Mat3 turn = Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    for (Vec3& p : pb) p = turn * p + Vec3(d, 0, 0);
    const auto B = convexPieceFromPoints(pb);
    REQUIRE(A);
    REQUIRE(B);
    const ConvexIntersection cut = intersect(*A, *B);
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    const double error = std::abs(cut.volume - exact) / exact;
    WARN("icosphere level " << level << ": " << A->faces.size() << "+" << B->faces.size()
                            << " faces, lens volume " << cut.volume << " vs " << exact
                            << ", relative error " << error);
    CHECK(error < previous);
    if (level >= 1) CHECK(error < 0.7 * previous);
    previous = error;
  }
  CHECK(previous < 0.02);
}

TEST_CASE("degenerate pairs: documented outcomes, no NaN", "[volumetric]") {
  const ConvexPiece A = test::boxPiece(Vec3(0, 0, 0), Vec3(1, 1, 1));
  SECTION("disjoint") {
    const ConvexIntersection cut = intersect(A, test::boxPiece(Vec3(2, 0, 0), Vec3(3, 1, 1)));
    CHECK(cut.status == IntersectionStatus::Disjoint);
    CHECK(cut.gjk.distance == Approx(1.0));
  }
  SECTION("touching faces: no polyhedron") {
    const ConvexIntersection cut = intersect(A, test::boxPiece(Vec3(0.2, 0.2, 1), Vec3(2, 2, 2)));
    CHECK(cut.status == IntersectionStatus::Touching);
    CHECK(cut.triangles.empty());
  }
  SECTION("touching edges and corners") {
    CHECK(intersect(A, test::boxPiece(Vec3(1, 1, 0), Vec3(2, 2, 1))).status ==
          IntersectionStatus::Touching);
    CHECK(intersect(A, test::boxPiece(Vec3(1, 1, 1), Vec3(2, 2, 2))).status ==
          IntersectionStatus::Touching);
  }
  SECTION("overlap thinner than round-off counts as touching") {
    const ConvexIntersection cut =
        intersect(A, test::boxPiece(Vec3(0, 0, 1 - 1e-13), Vec3(1, 1, 2)));
    CHECK(cut.status == IntersectionStatus::Touching);
  }
  SECTION("thin but resolvable overlap") {
    const ConvexIntersection cut =
        intersect(A, test::boxPiece(Vec3(0.1, 0.1, 1 - 1e-6), Vec3(2, 2, 2)));
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    CHECK(cut.volume == Approx(0.81e-6).epsilon(1e-6));
  }
  SECTION("coincident pieces: every face is owned by both") {
    const ConvexIntersection cut = intersect(A, A);
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    CHECK(cut.volume == Approx(1.0).epsilon(1e-12));
    for (const IntersectionTriangle& t : cut.triangles) CHECK(t.owner == FaceOwner::Both);
    checkWellFormed(cut, A, A);
  }
  SECTION("one inside the other: the inner piece") {
    const ConvexPiece B = test::boxPiece(Vec3(0.2, 0.3, 0.4), Vec3(0.5, 0.6, 0.7));
    const ConvexIntersection cut = intersect(A, B);
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    CHECK(cut.volume == Approx(B.volume).epsilon(1e-12));
    for (const IntersectionTriangle& t : cut.triangles) CHECK(t.owner == FaceOwner::B);
  }
  SECTION("flush sides (stacked boxes): the shared side faces are owned by both") {
    const ConvexIntersection cut = intersect(A, test::boxPiece(Vec3(0, 0, 0.9), Vec3(1, 1, 2)));
    REQUIRE(cut.status == IntersectionStatus::Overlap);
    CHECK(cut.volume == Approx(0.1).epsilon(1e-12));
    int both = 0;
    for (const IntersectionTriangle& t : cut.triangles) both += t.owner == FaceOwner::Both;
    CHECK(both == 8);  // four sides, two triangles each
  }
  SECTION("nearly coincident planes both bounding the intersection") {
    for (double angle : {1e-2, 1e-5, 1e-8, 1e-11, 1e-14}) {
      const Mat3 tilt = Eigen::AngleAxisd(angle, Vec3::UnitX()).toRotationMatrix();
      // B's bottom z = tan(angle)·(y − 0.5) against A's bottom z = 0: A ∩ B loses a wedge of
      // volume tan(angle)/8 (planes within 1e-9 rad and 1e-9·size are merged: error ≤ 1.25e-10).
      const ConvexPiece B =
          posed(test::boxPiece(Vec3(-1, -1, 0), Vec3(1, 1, 2)), Pose{tilt, Vec3(0.5, 0.5, 0.0)});
      const ConvexIntersection cut = intersect(A, B);
      INFO("angle " << angle);
      REQUIRE(cut.status == IntersectionStatus::Overlap);
      checkWellFormed(cut, A, B);
      CHECK(std::abs(cut.volume - (1.0 - std::tan(angle) / 8)) < 2e-10);
    }
  }
  SECTION("nearly parallel planes") {
    for (double angle : {1e-3, 1e-7, 1e-10, 1e-14}) {
      const Mat3 tilt = Eigen::AngleAxisd(angle, Vec3::UnitX()).toRotationMatrix();
      ConvexPiece B = test::boxPiece(Vec3(-1, -1, 0), Vec3(1, 1, 2));
      B = posed(B, Pose{tilt, Vec3(0.5, 0.5, 0.9)});  // bottom face at z ≈ 0.9, tilted by angle
      const ConvexIntersection cut = intersect(A, B);
      INFO("angle " << angle);
      REQUIRE(cut.status == IntersectionStatus::Overlap);
      checkWellFormed(cut, A, B);
      // The tilt is about x through (0.5, 0.5, 0.9), so the wedges above and below cancel.
      CHECK(cut.volume == Approx(0.1).epsilon(1e-9));
      const auto hull = convexPieceFromPoints(cut.vertices);
      REQUIRE(hull);
      CHECK(cut.volume == Approx(hull->volume).epsilon(1e-9));
    }
  }
}
