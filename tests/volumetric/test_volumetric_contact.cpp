// Contact point, normal, area, gap from intersections; swap symmetry and rigid-motion invariance.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>

#include "volumetric/volumetric_contact.h"
#include "volumetric_test_shapes.h"

using namespace contactsim;
using namespace contactsim::volumetric;

namespace {

VolumetricContactPoint contactOf(const ConvexPiece& a, const ConvexPiece& b) {
  const auto points = volumetricContacts(a, b);
  REQUIRE(points.size() == 1);
  const VolumetricContactPoint& c = points[0];
  REQUIRE(c.point.allFinite());
  REQUIRE(c.normal.allFinite());
  REQUIRE(std::isfinite(c.gap));
  CHECK(c.normal.norm() == Approx(1.0).epsilon(1e-12));
  return c;
}

}  // namespace

TEST_CASE("overlapping boxes: point, normal, area, gap and volume exact", "[volumetric]") {
  // A below, B pressed into its top: the overlap [0.5,1.5]×[0.3,2]×[0.8,1] is thinnest along z.
  const ConvexPiece A0 = test::boxPiece(Vec3(0, 0, 0), Vec3(2, 2, 1), 1);
  const ConvexPiece B0 = test::boxPiece(Vec3(0.5, 0.3, 0.8), Vec3(1.5, 2.5, 3), 2);
  const Vec3 lo(0.5, 0.3, 0.8), hi(1.5, 2.0, 1.0);
  const Vec3 e = hi - lo;
  // The surface centroid of a box is its centre; its area 2(e_x e_y + e_y e_z + e_z e_x).
  const double surface = 2 * (e.x() * e.y() + e.y() * e.z() + e.z() * e.x());
  // Normal: A's faces are the top (+z, area e_x e_y) and y = 2 (+y, e_x e_z); B's faces the
  // bottom (−z, e_x e_y), y = 0.3 (−y, e_x e_z) and x = 0.5, 1.5 (cancelling): Σ_A a²n − Σ_B a²n
  // = 2 (e_x e_y)² z + 2 (e_x e_z)² y.
  const Vec3 n_expected =
      Vec3(0, 2 * std::pow(e.x() * e.z(), 2), 2 * std::pow(e.x() * e.y(), 2)).normalized();
  const double extent = (n_expected.cwiseAbs()).dot(e);  // of the box along n
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const Pose pose = trial == 0 ? Pose::identity() : test::randomPose(rng, 100.0);
    const ConvexPiece A = posed(A0, pose), B = posed(B0, pose);
    const VolumetricContactPoint c = contactOf(A, B);
    const double tol = 1e-12 * (1.0 + pose.translation.norm());
    CHECK((c.point - pose.apply((lo + hi) / 2)).norm() < tol);
    CHECK((c.normal - pose.applyToDirection(n_expected)).norm() < 1e-12);
    // atan(0.08 / 5.78) = 0.0138 rad from z: the thin direction.
    CHECK(c.normal.dot(pose.applyToDirection(Vec3::UnitZ())) > std::cos(0.015));
    CHECK(c.area == Approx(surface / 2).epsilon(1e-12));
    CHECK(c.gap == Approx(-extent).epsilon(1e-12));
    CHECK(c.volume == Approx(e.prod()).epsilon(1e-12));
    CHECK_FALSE(c.gap_checked);
    CHECK_FALSE(c.normal_fallback);
    CHECK(c.surface_a == 1);
    CHECK(c.surface_b == 2);
    // The nearest faces: A's top and B's bottom (the point is at z = 0.9, 0.1 from both).
    CHECK(A.faces[c.face_a].normal.dot(pose.applyToDirection(Vec3::UnitZ())) ==
          Approx(1.0).epsilon(1e-12));
    CHECK(B.faces[c.face_b].normal.dot(pose.applyToDirection(Vec3::UnitZ())) ==
          Approx(-1.0).epsilon(1e-12));
  }
}

TEST_CASE("a box pressed into a larger one: normal exactly along the thin direction",
          "[volumetric]") {
  const ConvexPiece A = test::boxPiece(Vec3(0, 0, 0), Vec3(2, 2, 1));
  const ConvexPiece B = test::boxPiece(Vec3(0.5, 0.5, 0.75), Vec3(1.5, 1.5, 2));
  const VolumetricContactPoint c = contactOf(A, B);
  CHECK((c.normal - Vec3::UnitZ()).norm() < 1e-14);
  CHECK((c.point - Vec3(1, 1, 0.875)).norm() < 1e-14);
  CHECK(c.area == Approx(0.5 * (2 * 1.0 + 4 * 0.25)).epsilon(1e-14));
  CHECK(c.gap == Approx(-0.25).epsilon(1e-14));
  CHECK(c.volume == Approx(0.25).epsilon(1e-14));
  // Swapped: the normal points from the new A (the upper box) into the new B.
  const VolumetricContactPoint s = contactOf(B, A);
  CHECK((s.normal + Vec3::UnitZ()).norm() < 1e-14);
}

TEST_CASE("swapping A and B flips the normal only; rigid motions move everything along",
          "[volumetric]") {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> offset(-0.8, 0.8);
  int compared = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const ConvexPiece A = test::randomPiece(rng, Vec3::Zero(), 1.0, 20);
    const ConvexPiece B =
        test::randomPiece(rng, Vec3(offset(rng), offset(rng), offset(rng)), 0.7, 20);
    const auto ab = volumetricContacts(A, B);
    const auto ba = volumetricContacts(B, A);
    REQUIRE(ab.size() == ba.size());
    if (ab.empty()) continue;
    ++compared;
    const double tol = 1e-10;
    CHECK((ab[0].point - ba[0].point).norm() < tol);
    CHECK((ab[0].normal + ba[0].normal).norm() < tol);
    CHECK(ab[0].area == Approx(ba[0].area).epsilon(tol));
    CHECK(ab[0].gap == Approx(ba[0].gap).epsilon(tol));
    CHECK(ab[0].volume == Approx(ba[0].volume).epsilon(tol));
    CHECK(ab[0].face_a == ba[0].face_b);
    CHECK(ab[0].face_b == ba[0].face_a);
    // The same pair moved rigidly.
    const Pose pose = test::randomPose(rng, 50.0);
    const auto moved = volumetricContacts(posed(A, pose), posed(B, pose));
    REQUIRE(moved.size() == 1);
    CHECK((moved[0].point - pose.apply(ab[0].point)).norm() < 1e-9);
    CHECK((moved[0].normal - pose.applyToDirection(ab[0].normal)).norm() < 1e-9);
    CHECK(moved[0].area == Approx(ab[0].area).epsilon(1e-9));
    CHECK(moved[0].gap == Approx(ab[0].gap).epsilon(1e-9));
    CHECK(moved[0].volume == Approx(ab[0].volume).epsilon(1e-9));
    // The intersection's surface, for the viewer: closed and outward around the same volume.
    CHECK(test::enclosedVolume(ab[0].intersection_surface) == Approx(ab[0].volume).epsilon(1e-9));
    CHECK(test::enclosedVolume(moved[0].intersection_surface) ==
          Approx(ab[0].volume).epsilon(1e-9));
    // The point is inside both and the normal points from A's side to B's.
    CHECK(A.maxPlaneDistance(ab[0].point) <= 1e-9);
    CHECK(B.maxPlaneDistance(ab[0].point) <= 1e-9);
    CHECK(ab[0].gap <= 0.0);
  }
  WARN("swap and rigid-motion comparisons on " << compared << " overlapping random pairs");
  CHECK(compared >= 30);
}

TEST_CASE("a deep narrow overlap runs Solfec's gap check", "[volumetric]") {
  // A needle 0.1 wide, 0.5 deep into a unit cube: |gap| = 0.5 > √area = √0.11.
  const ConvexPiece A = test::boxPiece(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const ConvexPiece B = test::boxPiece(Vec3(0.45, 0.45, 0.5), Vec3(0.55, 0.55, 3));
  const VolumetricContactPoint c = contactOf(A, B);
  CHECK(c.gap_checked);
  CHECK((c.normal - Vec3::UnitZ()).norm() < 1e-12);
  // Pulled apart by 2·0.5 along z, the pieces are 0.5 apart: gap = 0.5 − 1 = −0.5.
  CHECK(c.gap == Approx(-0.5).epsilon(1e-12));
}

TEST_CASE("degenerate pairs give no contact or a flagged one, never NaN", "[volumetric]") {
  const ConvexPiece A = test::boxPiece(Vec3(0, 0, 0), Vec3(1, 1, 1));
  SECTION("disjoint and touching: no contact") {
    CHECK(volumetricContacts(A, test::boxPiece(Vec3(1.5, 0, 0), Vec3(2, 1, 1))).empty());
    CHECK(volumetricContacts(A, test::boxPiece(Vec3(0, 0, 1), Vec3(1, 1, 2))).empty());
    CHECK(volumetricContacts(A, test::boxPiece(Vec3(1, 1, 1), Vec3(2, 2, 2))).empty());
  }
  SECTION("coincident pieces: fallback normal, flagged") {
    const VolumetricContactPoint c = contactOf(A, A);
    CHECK(c.normal_fallback);
    CHECK(c.volume == Approx(1.0));
    CHECK(c.area == Approx(3.0));
    CHECK((c.point - Vec3(0.5, 0.5, 0.5)).norm() < 1e-12);
    CHECK(c.gap == Approx(-1.0));
  }
  SECTION("a symmetric piece inside: the centroid direction") {
    const ConvexPiece B = test::boxPiece(Vec3(0.2, 0.2, 0.6), Vec3(0.4, 0.4, 0.8));
    const VolumetricContactPoint c = contactOf(A, B);
    CHECK(c.normal_fallback);
    CHECK((c.normal - (B.centroid - A.centroid).normalized()).norm() < 1e-12);
    CHECK(c.volume == Approx(0.008));
  }
  SECTION("stacked flush boxes: the shared sides do not tilt the normal") {
    const VolumetricContactPoint c = contactOf(A, test::boxPiece(Vec3(0, 0, 0.9), Vec3(1, 1, 2)));
    CHECK_FALSE(c.normal_fallback);
    CHECK((c.normal - Vec3::UnitZ()).norm() < 1e-14);
    CHECK(c.gap == Approx(-0.1).epsilon(1e-12));
  }
}

TEST_CASE("pieces of two bodies: box-filtered pairs", "[volumetric]") {
  std::vector<ConvexPiece> a = {test::boxPiece(Vec3(0, 0, 0), Vec3(1, 1, 1)),
                                test::boxPiece(Vec3(1, 0, 0), Vec3(2, 1, 1))};
  std::vector<ConvexPiece> b = {test::boxPiece(Vec3(5, 5, 5), Vec3(6, 6, 6)),
                                test::boxPiece(Vec3(0.2, 0.2, 0.9), Vec3(0.8, 0.8, 2)),
                                test::boxPiece(Vec3(1.2, 0.2, 0.95), Vec3(1.8, 0.8, 2))};
  // Numbered as convexPiecesOfMesh numbers a body's pieces: the points name them.
  for (std::size_t i = 0; i < a.size(); ++i) a[i].index = static_cast<int>(i);
  for (std::size_t i = 0; i < b.size(); ++i) b[i].index = static_cast<int>(i);
  const auto points = volumetricContacts(a, b);
  REQUIRE(points.size() == 2);
  CHECK(points[0].gap == Approx(-0.1));
  CHECK(points[1].gap == Approx(-0.05));
  CHECK(points[0].piece_a == 0);
  CHECK(points[0].piece_b == 1);
  CHECK(points[1].piece_a == 1);
  CHECK(points[1].piece_b == 2);
  CHECK(test::enclosedVolume(points[0].intersection_surface) == Approx(0.6 * 0.6 * 0.1));
  CHECK(test::enclosedVolume(points[1].intersection_surface) == Approx(0.6 * 0.6 * 0.05));
}

// Hidden (run with `test_volumetric "[bench]"`): the cost of one pair query.
TEST_CASE("cost of one volumetric contact query", "[.][bench]") {
  std::mt19937 rng(1);
  auto time_per_call = [](const ConvexPiece& a, const ConvexPiece& b) {
    const int n = 2000;
    std::size_t found = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) found += volumetricContacts(a, b).size();
    const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    CHECK(found == static_cast<std::size_t>(n));
    return d.count() / n * 1e6;
  };
  const double boxes = time_per_call(test::boxPiece(Vec3(0, 0, 0), Vec3(2, 2, 1)),
                                     test::boxPiece(Vec3(0.5, 0.3, 0.8), Vec3(1.5, 2.5, 3)));
  const ConvexPiece a = test::randomPiece(rng, Vec3::Zero(), 1.0, 40);
  const ConvexPiece b = test::randomPiece(rng, Vec3(0.6, 0.2, 0.1), 1.0, 40);
  const double random40 = time_per_call(a, b);
  WARN("one query: boxes " << boxes << " µs; hulls of 40 random points (" << a.faces.size() << "+"
                           << b.faces.size() << " faces) " << random40 << " µs");
}

TEST_CASE("robustness sweep: near-coincident, touching, contained and random pairs",
          "[volumetric]") {
  std::mt19937 rng(2026);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double pi = 3.14159265358979323846;
  int status_count[4] = {0, 0, 0, 0};
  int contacts = 0, fallbacks = 0;
  for (int k = 0; k < 3000; ++k) {
    ConvexPiece A = k % 3 == 0 ? test::boxPiece(Vec3(0, 0, 0), Vec3(1, 0.5, 0.3))
                               : test::randomPiece(rng, Vec3::Zero(), 1.0, 6 + k % 30);
    ConvexPiece B;
    const int mode = k % 5;
    if (mode == 0) {  // A moved by 1e-14 … 1e-2 (rad and size)
      const double e = std::pow(10.0, -14 + 12 * u(rng));
      const Vec3 axis = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5).normalized();
      B = posed(A, Pose{Eigen::AngleAxisd(e, axis).toRotationMatrix(),
                        e * Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5)});
    } else if (mode == 1) {  // A turned over onto one of its faces, ± up to 1e-5 across it
      const ConvexFace& f = A.faces[k % A.faces.size()];
      const double e = (u(rng) - 0.5) * std::pow(10.0, -15 + 10 * u(rng));
      const Mat3 turn = Eigen::AngleAxisd(pi, f.normal.unitOrthogonal()).toRotationMatrix();
      const Vec3 c = A.vertices[f.loop[0]];
      B = posed(A, Pose{turn, c - turn * c - e * f.normal});
    } else if (mode == 2) {  // a shrunken copy inside
      std::vector<Vec3> v;
      const double s = 0.2 + 0.79 * u(rng);
      for (const Vec3& x : A.vertices) v.push_back(A.centroid + s * (x - A.centroid));
      B = *convexPieceFromPoints(v);
    } else {
      B = test::randomPiece(rng, Vec3(2 * u(rng) - 1, 2 * u(rng) - 1, 2 * u(rng) - 1), 0.3 + u(rng),
                            5 + k % 25);
    }
    if (u(rng) < 0.5) {
      const Pose pose = test::randomPose(rng, 1e3);
      A = posed(A, pose);
      B = posed(B, pose);
    }
    const ConvexIntersection cut = intersect(A, B);
    ++status_count[static_cast<int>(cut.status)];
    INFO("case " << k << " mode " << mode);
    if (cut.status == IntersectionStatus::Overlap) {
      const auto hull = convexPieceFromPoints(cut.vertices);
      REQUIRE(hull);
      // Relative agreement, except for the slivers of mode 1 (down to 1e-15 of the size thick):
      // there the vertices' rounding, ε·|x| with |x| up to the pose's 1e3, moves the surface of
      // area ~size² by more than the sliver's own thickness, so the two volumes may differ by
      // that much whatever the sliver's volume.
      double reach = 0.0;
      for (const Vec3& x : cut.vertices) reach = std::max(reach, x.norm());
      const double size = std::max(A.size, B.size);
      const double rounding = 100.0 * std::numeric_limits<double>::epsilon() * reach * size * size;
      CHECK(std::abs(hull->volume - cut.volume) <= 1e-6 * cut.volume + rounding);
    }
    for (const VolumetricContactPoint& c : volumetricContacts(A, B)) {
      ++contacts;
      fallbacks += c.normal_fallback;
      const double tol = 1e-7 * std::max(A.size, B.size);
      CHECK(c.point.allFinite());
      CHECK(std::abs(c.normal.norm() - 1.0) < 1e-9);
      CHECK(std::isfinite(c.gap));
      CHECK(c.gap <= 0.0);
      CHECK(c.volume > 0.0);
      CHECK(c.volume <= std::min(A.volume, B.volume) * (1 + 1e-8));
      CHECK(A.maxPlaneDistance(c.point) <= tol);
      CHECK(B.maxPlaneDistance(c.point) <= tol);
    }
  }
  WARN("sweep: " << status_count[0] << " disjoint, " << status_count[1] << " touching, "
                 << status_count[2] << " overlapping, " << status_count[3] << " failed; "
                 << contacts << " contacts, " << fallbacks << " with the fallback normal");
  CHECK(status_count[3] == 0);
}
