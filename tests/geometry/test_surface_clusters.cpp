// SurfaceClusters: a partition of the surface into edge-connected clusters whose moments add up
// to the whole surface's.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "geometry/primitives.h"
#include "geometry/tri_mesh.h"

using namespace contactsim;

namespace {

// The surface's moments summed triangle by triangle, independently of any clustering.
AreaMoments wholeSurface(const TriMesh& mesh) {
  AreaMoments sum;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t)
    sum = combined(sum, triangleMoments(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2)));
  return sum;
}

// Triangles of one cluster reachable from its first over shared edges inside the cluster.
std::size_t reachableInside(const TriMesh& mesh, const SurfaceClusters& clusters, std::int32_t k) {
  const auto members = clusters.triangles(k);
  std::set<std::int32_t> seen{members[0]};
  std::vector<std::int32_t> stack{members[0]};
  while (!stack.empty()) {
    const std::int32_t t = stack.back();
    stack.pop_back();
    for (const std::int32_t across : mesh.neighbours()[t]) {
      if (across >= 0 && clusters.clusterOf(across) == k && seen.insert(across).second)
        stack.push_back(across);
    }
  }
  return seen.size();
}

}  // namespace

TEST_CASE("clusters partition the surface into connected pieces of bounded size", "[clusters]") {
  const TriMesh sphere = makeIcosphere(1.0, 4);  // 5120 triangles
  for (const int target : {1, 7, SurfaceClusters::kDefaultTargetSize, 400}) {
    INFO("target size " << target);
    const SurfaceClusters clusters(sphere, target);
    std::vector<int> seen(sphere.triangleCount(), 0);
    for (std::int32_t k = 0; k < static_cast<std::int32_t>(clusters.count()); ++k) {
      const auto members = clusters.triangles(k);
      REQUIRE(!members.empty());
      CHECK(members.size() <= static_cast<std::size_t>(target));
      for (const std::int32_t t : members) {
        ++seen[t];
        CHECK(clusters.clusterOf(t) == k);
      }
      CHECK(reachableInside(sphere, clusters, k) == members.size());
    }
    CHECK(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    if (target == 1) CHECK(clusters.count() == sphere.triangleCount());
    // Breadth-first growth on a closed surface fills most clusters completely.
    if (target == SurfaceClusters::kDefaultTargetSize)
      CHECK(clusters.count() < 2 * sphere.triangleCount() / target);
  }
}

TEST_CASE("cluster vertices, boxes and borders agree with the triangles", "[clusters]") {
  const TriMesh box = makeBox(Vec3(1.0, 2.0, 0.5), 6);
  const SurfaceClusters& clusters = box.clusters();
  REQUIRE(clusters.count() > 4);
  for (std::int32_t k = 0; k < static_cast<std::int32_t>(clusters.count()); ++k) {
    std::set<std::int32_t> corners;
    for (const std::int32_t t : clusters.triangles(k))
      corners.insert(box.triangles()[t].begin(), box.triangles()[t].end());
    const auto listed = clusters.vertices(k);
    CHECK(std::set<std::int32_t>(listed.begin(), listed.end()) == corners);
    CHECK(listed.size() == corners.size());
    for (const std::int32_t v : corners) CHECK(clusters.box(k).contains(box.vertices()[v]));
    for (const SurfaceClusters::Border& border : clusters.borders(k)) {
      CHECK(border.cluster != k);
      CHECK(corners.count(border.vertex) == 1);
      // The same border seen from the other side.
      const auto back = clusters.borders(border.cluster);
      CHECK(std::any_of(back.begin(), back.end(), [&](const SurfaceClusters::Border& b) {
        return b.cluster == k && b.vertex == border.vertex;
      }));
      const auto theirs = clusters.vertices(border.cluster);
      CHECK(std::find(theirs.begin(), theirs.end(), border.vertex) != theirs.end());
    }
  }
}

TEST_CASE("cluster moments add up to the box surface's closed form", "[clusters]") {
  // Surface of the box |x| ≤ a, |y| ≤ b, |z| ≤ c: area 8(ab+bc+ca), centroid 0, and
  // ∫x² dA = 2·4bc·a² (faces x = ±a) + 2·(2a³/3)(2c) (faces y = ±b) + 2·(2a³/3)(2b) (z = ±c).
  const double a = 1.0, b = 2.0, c = 0.5;
  const Vec3 offset(3.0, -1.0, 2.0);  // off the origin, so the parallel-axis terms matter
  const TriMesh box0 = makeBox(Vec3(a, b, c), 5);
  std::vector<Vec3> moved;
  for (const Vec3& v : box0.vertices()) moved.push_back(v + offset);
  const TriMesh box(moved, box0.triangles());

  AreaMoments sum;
  for (std::int32_t k = 0; k < static_cast<std::int32_t>(box.clusters().count()); ++k)
    sum = combined(sum, box.clusters().moments(k));
  const double area = 8.0 * (a * b + b * c + c * a);
  auto second = [](double p, double q, double r) {  // ∫ along the first axis, squared
    return 8.0 * p * p * q * r + 8.0 * p * p * p * (q + r) / 3.0;
  };
  CHECK(sum.area == Approx(area).epsilon(1e-13));
  CHECK((sum.centroid - offset).norm() < 1e-13);
  CHECK(sum.central_second(0, 0) == Approx(second(a, b, c)).epsilon(1e-12));
  CHECK(sum.central_second(1, 1) == Approx(second(b, c, a)).epsilon(1e-12));
  CHECK(sum.central_second(2, 2) == Approx(second(c, a, b)).epsilon(1e-12));
  CHECK(std::abs(sum.central_second(0, 1)) < 1e-12 * area);
  CHECK(std::abs(sum.central_second(1, 2)) < 1e-12 * area);

  const AreaMoments direct = wholeSurface(box);
  CHECK((sum.central_second - direct.central_second).norm() < 1e-12 * direct.central_second.norm());
}

TEST_CASE("a cluster target size below one is refused", "[clusters]") {
  CHECK_THROWS_AS(SurfaceClusters(makeBox(Vec3::Ones()), 0), std::invalid_argument);
}
