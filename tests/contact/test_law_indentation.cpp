// The indentation the normal law is given (ContactPatch::law_indentation, pressure_centre.h): the
// overlap's thickness at the area centroid, or its mean where larger; δ where the centroid lies
// outside the overlap. What matters for the dynamics: a tilt of a flat face changes it only to
// second order (the deepest corner, δ, moves to first order in either direction, which made a
// sliding block rock), while a convex cap keeps its Hertz δ.
#include <catch2/catch.hpp>
#include <cmath>

#include "contact/contact_regions.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;

TEST_CASE("a flat face pressed into a face: the law's δ is its mean depth, whatever its tilt",
          "[regions][law]") {
  const double hx = 0.1, hy = 0.15, hz = 0.05, depth = 1e-3;
  const TriMesh block = makeBox(Vec3(hx, hy, hz), 6);
  const TriMesh ground = makeBox(Vec3(1, 1, 0.5), 4);
  const Pose ground_pose = at(Vec3(0, 0, -0.5));
  // Level: the bottom face at depth d and the four walls below the plane over a height d, which
  // carry ∫d dA = perimeter·d²/2, so the mean over the footprint is d + P·d²/(2A); never more
  // than δ = d, the deepest point, which it is here.
  const double area = 4 * hx * hy, perimeter = 4 * (hx + hy);
  const ContactPatch level = onlyPatch(block, at(Vec3(0, 0, hz - depth)), ground, ground_pose);
  const double mean = depth + perimeter * depth * depth / (2 * area);
  CHECK(level.indentation == Approx(depth).epsilon(1e-9));
  CHECK(level.law_indentation == Approx(depth).epsilon(1e-9));

  // Tilted about the bottom face's centre, the whole face still below the plane: the deepest
  // corner goes down by θ·(half width) to first order, while the mean depth stays put to second
  // order (the face's own mean is d; the walls' share changes as θ²).
  for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, -2, 0).normalized()}) {
    for (const double theta : {1e-3, -2e-3, 4e-3}) {
      CAPTURE(axis.transpose(), theta);
      const Vec3 face_centre(0, 0, -depth);
      const Pose turn = at(Vec3::Zero(), theta * axis);
      const Pose pose = at(face_centre) * turn * at(Vec3(0, 0, hz));
      const ContactPatch tilted = onlyPatch(block, pose, ground, ground_pose);
      const double corner_drop = tilted.indentation - depth;
      CHECK(corner_drop > 0.9 * std::abs(theta) * std::min(hx, hy));
      CHECK(std::abs(tilted.law_indentation - mean) < 0.02 * corner_drop);

      // The same contact moved rigidly as a whole gives the same values.
      const Pose motion = at(Vec3(0.3, -1.2, 2.0), Vec3(0.4, -0.7, 1.1));
      const ContactPatch moved = onlyPatch(block, motion * pose, ground, motion * ground_pose);
      CHECK(moved.law_indentation == Approx(tilted.law_indentation).epsilon(1e-9));
    }
  }
}

TEST_CASE("a convex cap keeps its deepest column: the law's δ of a sphere on a flat is δ",
          "[regions][law]") {
  // Its mean depth is half of it (a paraboloid cap), so a law fed the mean would lose 2^1.5 of
  // the Hertz force. The centroid's column meets the cap within its facets' sag.
  const double radius = 0.1, depth = 2e-3;
  const TriMesh sphere = makeIcosphere(radius, 4);
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 20);
  for (const Vec3& turn : {Vec3(0, 0, 0), Vec3(0.3, -0.2, 0.1), Vec3(1.1, 0.7, -0.4)}) {
    CAPTURE(turn.transpose());
    const ContactPatch p =
        onlyPatch(sphere, at(Vec3(0, 0, radius - depth), turn), plate, at(Vec3::Zero()));
    CHECK(p.law_indentation <= p.indentation);
    CHECK(p.law_indentation > 0.9 * p.indentation);
  }
}

TEST_CASE("a ring region whose centroid lies in its hole: the law's δ is δ", "[regions][law]") {
  const double R = 0.2, r = 0.05, depth = 0.01;
  const ContactPatch p = onlyPatch(makeTorus(R, r, 128, 48), at(Vec3(0, 0, r - depth)),
                                   makePlate(1.0, 1.0, 0.02, 60), at(Vec3::Zero()));
  CHECK(p.centroid.head<2>().norm() < 1e-3);
  CHECK(p.law_indentation == p.indentation);
}
