// NearestInCells against a scan of every member: the same index for every query, on the layouts
// contact regions give it — a thin helical sheet (a thread's flank), a flat sheet of facets much
// smaller than the cells, coincident points (ties go to the lowest index), and queries whose
// window holds no member.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <vector>

#include "geometry/nearest_in_cells.h"

using namespace contactsim;

namespace {

// The definition, by brute force: nearest within the 27 cells around x, lowest index among equals.
std::ptrdiff_t scanNearest(const std::vector<Vec3>& points, const std::vector<std::size_t>& members,
                           double cell, const Vec3& x) {
  const auto cellOf = [&](const Vec3& p) {
    return Eigen::Vector3i((p / cell).array().floor().cast<int>());
  };
  std::ptrdiff_t best = -1;
  double best_distance = INFINITY;
  for (const std::size_t i : members) {
    if ((cellOf(points[i]) - cellOf(x)).cwiseAbs().maxCoeff() > 1) continue;
    const double d = (points[i] - x).squaredNorm();
    const auto index = static_cast<std::ptrdiff_t>(i);
    if (d < best_distance || (d == best_distance && index < best)) best_distance = d, best = index;
  }
  return best;
}

void checkAgainstScan(const std::vector<Vec3>& points, const std::vector<std::size_t>& members,
                      double cell, const std::vector<Vec3>& queries) {
  const NearestInCells tree(points, members, cell);
  int found = 0;
  for (const Vec3& x : queries) {
    const std::ptrdiff_t expected = scanNearest(points, members, cell, x);
    INFO("query (" << x.transpose() << "), cell " << cell);
    REQUIRE(tree.nearest(x) == expected);
    found += expected >= 0;
  }
  // The layouts are meant to exercise both answers.
  CHECK(found > 0);
}

}  // namespace

TEST_CASE("NearestInCells finds what a scan of every member finds", "[geometry]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);

  SECTION("a helical sheet, every other point a member, queries on and off it") {
    // An M8-like flank: radius 3.5–4 mm, lead 1 mm, two turns, triangles ~0.05 mm.
    std::vector<Vec3> points;
    for (int k = 0; k < 6000; ++k) {
      const double turn = 4.0 * std::numbers::pi * unit(rng);
      const double r = 3.5e-3 + 0.5e-3 * unit(rng);
      points.emplace_back(r * std::cos(turn), r * std::sin(turn),
                          1e-3 * turn / (2 * std::numbers::pi) + 0.2e-3 * (r - 3.5e-3) / 0.5e-3);
    }
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < points.size(); i += 2) members.push_back(i);
    std::vector<Vec3> queries;
    for (std::size_t i = 1; i < points.size(); i += 7) queries.push_back(points[i]);
    for (int k = 0; k < 300; ++k)
      queries.emplace_back(5e-3 * (2 * unit(rng) - 1), 5e-3 * (2 * unit(rng) - 1),
                           3e-3 * unit(rng));
    for (const double cell : {0.15e-3, 0.5e-3, 4e-3})
      checkAgainstScan(points, members, cell, queries);
  }

  SECTION("a flat sheet of facets far smaller than the cells, with coincident points") {
    std::vector<Vec3> points;
    for (int k = 0; k < 3000; ++k)
      points.emplace_back(2.0 * unit(rng), 0.5 * unit(rng), 1e-6 * unit(rng));
    // Copies: the lowest index wins among equal distances.
    for (int k = 0; k < 500; ++k) points.push_back(points[static_cast<std::size_t>(k * 5)]);
    std::vector<std::size_t> members(points.size());
    for (std::size_t i = 0; i < members.size(); ++i) members[i] = points.size() - 1 - i;
    std::vector<Vec3> queries(points.begin(), points.begin() + 600);
    for (int k = 0; k < 300; ++k)
      queries.emplace_back(2.4 * unit(rng) - 0.2, 0.9 * unit(rng) - 0.2, 0.3 * unit(rng) - 0.15);
    for (const double cell : {0.01, 0.1}) checkAgainstScan(points, members, cell, queries);
  }

  SECTION("a lattice queried halfway between its points: exact ties at every distance") {
    std::vector<Vec3> points;
    for (int i = -6; i < 6; ++i) {
      for (int j = -6; j < 6; ++j) {
        for (int k = -2; k < 2; ++k) points.emplace_back(0.25 * i, 0.25 * j, 0.25 * k);
      }
    }
    std::shuffle(points.begin(), points.end(), rng);
    std::vector<std::size_t> members(points.size());
    std::iota(members.begin(), members.end(), std::size_t{0});
    std::vector<Vec3> queries;
    for (int k = 0; k < 500; ++k) {
      const auto half = [&](int n) { return 0.125 * (static_cast<int>(unit(rng) * 2 * n) - n); };
      queries.emplace_back(half(12), half(12), half(4));
    }
    for (const double cell : {0.25, 1.0}) checkAgainstScan(points, members, cell, queries);
  }

  SECTION("points on both sides of the grid's origin, and members none at all") {
    std::vector<Vec3> points;
    for (int k = 0; k < 400; ++k)
      points.emplace_back(2 * unit(rng) - 1, 2 * unit(rng) - 1, 2 * unit(rng) - 1);
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < points.size(); i += 3) members.push_back(i);
    std::vector<Vec3> queries(points.begin(), points.end());
    queries.emplace_back(10.0, 0.0, 0.0);
    checkAgainstScan(points, members, 0.05, queries);
    const NearestInCells empty(points, {}, 0.05);
    CHECK(empty.nearest(Vec3::Zero()) == -1);
  }
}
