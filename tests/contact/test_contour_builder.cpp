#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "contact/contour_builder.h"

using namespace contactsim;

namespace {
std::vector<ContourSegment> polygonSegments(const std::vector<Vec3>& corners, bool closed) {
  std::vector<ContourSegment> segments;
  const std::size_t n = closed ? corners.size() : corners.size() - 1;
  for (std::size_t i = 0; i < n; ++i) {
    segments.push_back(
        {corners[i], corners[(i + 1) % corners.size()], static_cast<std::int32_t>(i)});
  }
  return segments;
}
}  // namespace

TEST_CASE("shuffled, reversed segments of a polygon close into one ordered loop", "[contour]") {
  const std::vector<Vec3> square = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  auto segments = polygonSegments(square, true);
  std::mt19937 rng(7);
  std::shuffle(segments.begin(), segments.end(), rng);
  std::swap(segments[1].p0, segments[1].p1);
  // Endpoints differ by round-off between the two pairs that compute them.
  segments[2].p0 += Vec3(1e-14, -1e-14, 0);
  const auto loops = buildContours(segments, 1e-9);
  REQUIRE(loops.size() == 1);
  CHECK(loops[0].closed);
  REQUIRE(loops[0].points.size() == 4);
  CHECK(loops[0].pairs.size() == 4);
  // Consecutive points are neighbours on the square (side length 1).
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK((loops[0].points[i] - loops[0].points[(i + 1) % 4]).norm() == Approx(1.0));
  }
}

TEST_CASE("separate polygons give separate loops; chains stay open", "[contour]") {
  auto segments = polygonSegments({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, true);
  const auto second = polygonSegments({{5, 0, 0}, {6, 0, 0}, {6, 1, 0}, {5, 1, 0}}, true);
  const auto chain = polygonSegments({{9, 0, 0}, {10, 0, 0}, {10, 1, 0}}, false);
  segments.insert(segments.end(), second.begin(), second.end());
  segments.insert(segments.end(), chain.begin(), chain.end());
  const auto loops = buildContours(segments, 1e-9);
  REQUIRE(loops.size() == 3);
  const auto open =
      std::count_if(loops.begin(), loops.end(), [](const ContourLoop& l) { return !l.closed; });
  CHECK(open == 1);
  for (const ContourLoop& l : loops) {
    if (!l.closed) {
      CHECK(l.points.size() == 3);
      CHECK(l.pairs.size() == 2);
    }
  }
}

TEST_CASE("duplicate and zero-length segments are dropped", "[contour]") {
  auto segments = polygonSegments({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, true);
  segments.push_back({Vec3(1, 0, 0), Vec3(0, 0, 0), 9});       // the same piece, reversed
  segments.push_back({Vec3(0, 1, 0), Vec3(0, 1, 1e-13), 10});  // a point
  const auto loops = buildContours(segments, 1e-9);
  REQUIRE(loops.size() == 1);
  CHECK(loops[0].closed);
  CHECK(loops[0].points.size() == 3);
}

TEST_CASE("no segments, no loops", "[contour]") { CHECK(buildContours({}, 1e-9).empty()); }
