// The overlap volume of a region (overlap_volume.h) against closed forms.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

Pose at(const Vec3& t, const Vec3& rotation_vector = Vec3::Zero()) {
  return Pose::fromTranslationRotationVector(t, rotation_vector);
}

ContactRegions contactOf(const TriMesh& a, const Pose& pa, const TriMesh& b, const Pose& pb) {
  return findContact(AabbTree(a), pa, AabbTree(b), pb);
}

double total(const ContactRegions& r) {
  double v = 0.0;
  for (const ContactPatch& p : r.patches) v += p.overlap_volume;
  return v;
}

}  // namespace

TEST_CASE("two boxes corner into corner share the box of their overlaps", "[overlap]") {
  // Axis-aligned boxes overlap in a box: along each axis the intersection of their intervals.
  // Exact for any tessellation of the faces; moved rigidly and with A and B swapped too.
  const Vec3 half_a(1.0, 1.0, 1.0), half_b(0.5, 0.7, 0.9);
  for (const int divisions : {1, 3}) {
    const TriMesh box_a = makeBox(half_a, divisions), box_b = makeBox(half_b, 2);
    for (const Vec3& offset :
         {Vec3(1.2, 0.9, 0.6), Vec3(-1.35, 0.25, -1.7), Vec3(0.3, -1.1, 1.4)}) {
      double expected = 1.0;
      for (int k = 0; k < 3; ++k) {
        const double low = std::max(-half_a[k], offset[k] - half_b[k]);
        const double high = std::min(half_a[k], offset[k] + half_b[k]);
        expected *= high - low;
      }
      INFO("divisions " << divisions << " offset " << offset.transpose());
      const ContactRegions r = contactOf(box_a, at(Vec3::Zero()), box_b, at(offset));
      REQUIRE(r.patches.size() == 1);
      CHECK(r.patches[0].overlap_volume == Approx(expected).epsilon(1e-9));
      const Pose motion = at(Vec3(40, -7, 3), Vec3(0.3, 1.1, -0.6));
      CHECK(total(contactOf(box_a, motion, box_b, motion * at(offset))) ==
            Approx(expected).epsilon(1e-9));
      CHECK(total(contactOf(box_b, at(offset), box_a, at(Vec3::Zero()))) ==
            Approx(expected).epsilon(1e-9));
    }
  }
}

TEST_CASE("a faceted ball pressed into a plate: the cap's volume within the facets", "[overlap]") {
  // The icosphere is inscribed in the sphere of radius R; its faces lie no nearer the centre
  // than the inradius r_i of its smallest face. Pressed so that its lowest vertex is δ below the
  // plate's face, the solid lies between the balls of radius r_i and R about the same centre, so
  // its cap below the face holds between the caps of those balls, of heights δ − (R − r_i) and
  // δ: π h² (3ρ − h)/3 for a ball of radius ρ cut at height h.
  const double R = 0.1;
  const TriMesh ball = makeIcosphere(R, 4);
  double inradius = R;
  for (std::size_t t = 0; t < ball.triangles().size(); ++t) {
    const auto& c = ball.triangles()[t];
    inradius = std::min(inradius, std::abs(ball.vertices()[c[0]].dot(ball.normals()[t])));
  }
  auto cap = [](double rho, double h) {
    return h > 0.0 ? std::numbers::pi * h * h * (3 * rho - h) / 3 : 0.0;
  };
  const TriMesh plate = makePlate(1.0, 1.0, 0.05, 8);
  for (const double depth : {0.002, 0.01, 0.03}) {
    const ContactRegions r =
        contactOf(ball, at(Vec3(0.013, -0.021, R - depth)), plate, at(Vec3::Zero()));
    REQUIRE(r.patches.size() == 1);
    INFO("depth " << depth);
    CHECK(r.patches[0].overlap_volume <= cap(R, depth) * (1 + 1e-9));
    CHECK(r.patches[0].overlap_volume >= cap(inradius, depth - (R - inradius)));
  }
}
