// What VolumetricForceSource publishes for the viewer (issue 16, the GUI's intersection volumes):
// each point's intersection surface in the world frame, its volume and its pair of pieces.
#include <catch2/catch.hpp>

#include "overlapping_boxes.h"

using namespace contactsim;
using contactsim::volumetric::test::enclosedVolume;

TEST_CASE("Volumetric diagnostics: each point's surface encloses its intersection box",
          "[volumetric_dyn]") {
  const test::OverlappingBoxes boxes;
  REQUIRE(boxes.contacts.size() == 2);
  // Largest area first: slab 0's overlap (0.2 × 0.2 m) before slab 1's (0.1 × 0.2 m).
  for (int slab = 0; slab < 2; ++slab) {
    INFO("slab " << slab);
    const ContactDiagnostics& c = boxes.contacts[static_cast<std::size_t>(slab)];
    const test::AxisBox expected = boxes.expected(slab);
    CHECK(c.body_a == boxes.body_a);
    CHECK(c.body_b == boxes.body_b);
    CHECK(c.piece_a == slab);
    CHECK(c.piece_b == 0);
    const std::vector<Vec3>& surface = c.intersection_surface_world;
    REQUIRE(surface.size() >= 3 * 12);  // a box: six faces, two triangles at least each
    REQUIRE(surface.size() % 3 == 0);
    // Closed and outward around exactly the closed-form box (0.2 × 0.2 × 0.01 m and
    // 0.1 × 0.2 × 0.01 m), in the world frame although B's pieces live in its turned frame.
    CHECK(enclosedVolume(surface) == Approx(expected.volume()).epsilon(1e-9));
    CHECK(c.intersection_volume == Approx(expected.volume()).epsilon(1e-9));
    Box3 bounds;
    for (const Vec3& v : surface) {
      CHECK(expected.contains(v, 1e-12));
      bounds.extend(v);
    }
    CHECK((bounds.min() - expected.lo_world).norm() < 1e-12);
    CHECK((bounds.max() - expected.hi_world).norm() < 1e-12);
    // The point is the surface's area centroid, the box's centre.
    CHECK((c.patch.pressure_centre - expected.centre()).norm() < 1e-12);
  }
}
