// The normal of a region (not split into pieces) is the gradient of the overlap's volume with
// respect to a translation of B, pointing from A into B (docs/method.md, "The normal of a
// region"); checked against central differences of the volume itself (overlap_volume.h), which
// is computed from the penetrated surfaces, not from the contour the normal comes from.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <optional>

#include "../overlap_descent.h"
#include "contact/contact_regions.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"
#include "ridge_cases.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {

// The angle between the single patch's normal and −∇V (central differences of step h), or
// nothing when the bodies make other than one patch.
std::optional<double> angleToVolumeDescent(const TriMesh& a, const Pose& pa, const TriMesh& b,
                                           const Pose& pb, double h) {
  const AabbTree tree_a(a), tree_b(b);
  const ContactRegions regions = findContact(tree_a, pa, tree_b, pb);
  if (regions.patches.size() != 1) return std::nullopt;
  return test::angleBetween(regions.patches[0].normal,
                            test::overlapDescent(tree_a, pa, tree_b, pb, h));
}

}  // namespace

TEST_CASE("a bar pressed into a wedge's ridge: the normal is the overlap's gradient",
          "[conforming]") {
  // Corners and rounded edges on a sharp or blunt ridge: contours bent over one or both edges,
  // slivers where the bar's facet only just reaches the ridge.
  int checked = 0;
  forEachBarOnRidge([&](const RidgeCase& c, const TriMesh& bar, const TriMesh& wedge) {
    const auto angle =
        angleToVolumeDescent(wedge, Pose::identity(), bar, c.bar_pose, 0.01 * c.depth);
    if (!angle) return;  // a second facet or corner of the bar touches too
    INFO(c << ": " << *angle * 180 / std::numbers::pi << "° from −∇V");
    CHECK(*angle < 1e-3);
    ++checked;
  });
  CHECK(checked > 1000);
}

TEST_CASE("a bar's edge pressed across a bore's rim: the normal is the overlap's gradient",
          "[conforming]") {
  // The rim where the bore's wall meets its end face, a polygon of 72 sides: the bar leans into
  // the bore with one edge over the rim, as the anchor's shank over the hawse pipe's lip.
  const double bore = 0.05, plate = 0.04, half = 0.01;
  const TriMesh tube = makeTube(bore, 0.2, plate, 72, 2);
  const TriMesh bar = makeBox(Vec3(half, half, 0.1));
  int checked = 0;
  for (const double azimuth : {0.0, 0.021, 0.7, 2.0}) {
    const Vec3 radial(std::cos(azimuth), std::sin(azimuth), 0.0);
    const Vec3 tangent(-std::sin(azimuth), std::cos(azimuth), 0.0);
    const Vec3 rim = bore * radial + Vec3(0, 0, plate / 2);
    for (const double tilt : {0.1, 0.3, 0.6, 0.9}) {
      const Vec3 axis = std::sin(tilt) * radial + std::cos(tilt) * Vec3::UnitZ();
      // Out of the tube's material (r > bore, z < plate/2) across the rim and the bar's edge.
      Vec3 out = tangent.cross(axis).normalized();
      if (out.dot(Vec3::UnitZ() - radial) < 0) out = -out;
      for (const double spin : {-0.3, 0.0, 0.25}) {
        const Mat3 rotation = barTowards(axis, out, spin);
        for (const double depth : {2e-4, 6e-4}) {
          const Vec3 edge = rim - depth * out;
          const Pose pose{rotation, edge - rotation * Vec3(half, half, 0.0)};
          const auto angle = angleToVolumeDescent(tube, Pose::identity(), bar, pose, 0.01 * depth);
          if (!angle) continue;
          INFO("azimuth " << azimuth << ", tilt " << tilt << ", spin " << spin << ", depth "
                          << depth << ": " << *angle * 180 / std::numbers::pi << "° from −∇V");
          CHECK(*angle < 1e-3);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 80);
}

// Two convex surfaces meet in one non-conforming contact however far their facets turn: a
// faceted round bar across a convex ridge or a bore's rim presses with its rounded side on the
// two faces that meet there, normals up to 90° and more apart, and is one patch (only the
// pieces of a split region report no overlap volume; docs/method.md, "Splitting non-planar
// regions"). These bars are kept whole by the facing tests before the convexity one; the case
// that needed it, the anchor's shank across the hawse pipe's lip, is test_lip_edge_contact's.
TEST_CASE("a faceted round bar across a convex edge is one contact, never split", "[conforming]") {
  int regions = 0;
  forEachBarOnRidge([&](const RidgeCase& c, const TriMesh& bar, const TriMesh& wedge) {
    const AabbTree tree_a(wedge), tree_b(bar);
    const ContactRegions found = findContact(tree_a, Pose::identity(), tree_b, c.bar_pose);
    for (const ContactPatch& p : found.patches) {
      INFO(c);
      CHECK(p.overlap_volume > 0.0);
      ++regions;
    }
  });
  CHECK(regions > 1000);
  const double bore = 0.05, plate = 0.04, radius = 0.03;
  const TriMesh tube = makeTube(bore, 0.2, plate, 72, 2);
  for (const int sides : {16, 24}) {
    const TriMesh bar = makeCylinder(radius, 0.2, sides, 4);
    for (const double tilt : {0.2, 0.5, 0.8}) {
      // The bar's axis leans into the bore across its rim; its side dips `depth` below the rim.
      const Vec3 axis(std::sin(tilt), 0.0, std::cos(tilt));
      const Vec3 out = Vec3(-std::cos(tilt), 0.0, std::sin(tilt));
      for (const double depth : {2e-4, 6e-4, 1.5e-3}) {
        const Vec3 rim(bore, 0.0, plate / 2);
        Mat3 rotation;
        rotation.col(2) = axis;
        rotation.col(0) = out;
        rotation.col(1) = axis.cross(out);
        const Pose pose{rotation, rim + (radius - depth) * out};
        const ContactRegions found =
            findContact(AabbTree(tube), Pose::identity(), AabbTree(bar), pose);
        // At the steepest tilt the bar's lower end also meets the bore's far wall, a conforming
        // contact whose split is right: only the rim's region is checked.
        int at_rim = 0;
        for (const ContactPatch& p : found.patches) {
          if ((p.centroid - rim).norm() > radius) continue;
          INFO(sides << " sides, tilt " << tilt << ", depth " << depth);
          CHECK(p.overlap_volume > 0.0);
          ++at_rim;
        }
        CHECK(at_rim == 1);
      }
    }
  }
}
