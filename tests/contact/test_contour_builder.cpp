#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "contact/contour_builder.h"
#include "contact/patch_geometry.h"

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

// Two loops touching at one point, four segments meeting there (a region pinched to a point: two
// bumps pressed into a face whose contours touch). Whatever the segments' order and direction,
// the loops bound the two squares together: two simple loops, or one figure-eight whose lobes
// turn the same way, with the area of both (projectRegion, as findContactRegions takes it) — not
// their difference, which a figure-eight reversing at the shared point gives.
// Finding (issue 19), hence [!mayfail]: walk() closes a loop only on returning to the vertex it
// started from, so a walk started elsewhere passes through the shared point into the other loop
// along whichever unused edge comes first there. For 58 (squares) and 56 (diamonds) of these 200
// orders the result is one figure-eight whose lobes turn opposite ways, and its area is the
// difference, 3 m² and 6 m² — not the simple loops contour_builder.h promises.
TEST_CASE("loops touching at a point bound the sum of their areas in any segment order",
          "[contour][!mayfail]") {
  struct Case {
    std::vector<Vec3> first, second;
    double area;  // of both, exactly
  };
  const std::vector<Case> cases = {
      // Squares of 1 m² and 4 m² corner to corner at (1, 1): difference 3 m².
      {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}},
       {{1, 1, 0}, {3, 1, 0}, {3, 3, 0}, {1, 3, 0}},
       5.0},
      // Diamonds of 2 m² and 8 m² tip to tip at the origin: difference 6 m².
      {{{-2, 0, 0}, {-1, -1, 0}, {0, 0, 0}, {-1, 1, 0}},
       {{0, 0, 0}, {2, -2, 0}, {4, 0, 0}, {2, 2, 0}},
       10.0},
  };
  const ContactPlane plane = planeFromNormal(Vec3::Zero(), Vec3::UnitZ());
  std::mt19937 rng(19);
  for (const Case& c : cases) {
    auto segments = polygonSegments(c.first, true);
    for (ContourSegment s : polygonSegments(c.second, true)) {
      s.pair += 4;
      segments.push_back(s);
    }
    int wrong = 0;
    double wrong_area = 0.0;
    std::size_t wrong_loops = 0;
    for (int trial = 0; trial < 200; ++trial) {
      std::shuffle(segments.begin(), segments.end(), rng);
      for (ContourSegment& s : segments) {
        if (rng() % 2) std::swap(s.p0, s.p1);
      }
      const auto loops = buildContours(segments, 1e-9);
      std::vector<std::vector<Vec3>> points;
      std::vector<std::int32_t> pairs;
      for (const ContourLoop& l : loops) {
        CHECK(l.closed);
        points.push_back(l.points);
        pairs.insert(pairs.end(), l.pairs.begin(), l.pairs.end());
      }
      std::sort(pairs.begin(), pairs.end());
      CHECK(pairs == std::vector<std::int32_t>{0, 1, 2, 3, 4, 5, 6, 7});  // each segment once
      const double area = projectRegion(plane, points).area;
      if (std::abs(area - c.area) > 1e-12 * c.area)
        ++wrong, wrong_area = area, wrong_loops = std::max(wrong_loops, loops.size());
    }
    INFO(wrong << " of 200 segment orders give an area other than " << c.area << " m², e.g. "
               << wrong_area << " m², as at most " << wrong_loops << " loop(s)");
    CHECK(wrong == 0);
  }
}
