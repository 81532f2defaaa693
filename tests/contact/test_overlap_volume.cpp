// The overlap volume of a region (overlap_volume.h) against closed forms.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

#include "../mesh_rings.h"
#include "contact/contact_regions.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;
using contactsim::test::ringAt;

namespace {

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

namespace {

using Vec2 = Eigen::Vector2d;

double polygonArea(const std::vector<Vec2>& p) {
  double twice = 0.0;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const Vec2& a = p[k];
    const Vec2& b = p[(k + 1) % p.size()];
    twice += a.x() * b.y() - b.x() * a.y();
  }
  return std::abs(twice) / 2;
}

// Sutherland–Hodgman: the part of `subject` inside the convex counter-clockwise `clip`.
std::vector<Vec2> clipConvex(std::vector<Vec2> subject, const std::vector<Vec2>& clip) {
  for (std::size_t k = 0; k < clip.size() && !subject.empty(); ++k) {
    const Vec2 a = clip[k], edge = clip[(k + 1) % clip.size()] - a;
    auto side = [&](const Vec2& x) { return edge.x() * (x - a).y() - edge.y() * (x - a).x(); };
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < subject.size(); ++i) {
      const Vec2 p = subject[i], q = subject[(i + 1) % subject.size()];
      const double sp = side(p), sq = side(q);
      if (sp >= 0) out.push_back(p);
      if ((sp >= 0) != (sq >= 0)) out.push_back(p + sp / (sp - sq) * (q - p));
    }
    subject = std::move(out);
  }
  return subject;
}

}  // namespace

TEST_CASE("a tilted pin on a bore's rim: the overlap volume by brute force", "[overlap]") {
  // The pin's faceted side meets the rim's two faces (the bore's wall and its end face, 90°
  // apart) along a curved contour: a corner contact, not a flat one.
  const TriMesh pin = makeCylinder(0.048, 0.15, 64, 40);
  const TriMesh tube = makeTube(0.05, 0.2, 0.04, 72, 2);
  const Mat3 rotation = Eigen::AngleAxisd(0.07, Vec3(0.6, 0.8, 0.0)).toRotationMatrix();
  const Vec3 axis = rotation * Vec3::UnitZ();
  const Vec3 toward = -Vec3(axis.x(), axis.y(), 0.0).normalized();
  const Pose pin_pose{rotation,
                      (0.05 + 6e-4 - 0.048 / std::cos(0.07)) * toward - Vec3(0.0, 0.0, 0.02)};
  const ContactRegions r = contactOf(pin, pin_pose, tube, at(Vec3::Zero()));
  REQUIRE(!r.patches.empty());
  // Reference, independently of the meshes' triangles: in each horizontal slice through the
  // bore's wall the tilted pin is the pin's polygon mapped by an affine map (its vertices slid
  // along the axis to that height), the bore's hole the wall's 72-gon, and the overlap the pin's
  // slice less its part inside the hole; the slices' areas integrated over the wall's height.
  const std::vector<Vec2> section = ringAt(pin, 0.075, 0.04, 0.06);
  const std::vector<Vec2> hole = ringAt(tube, 0.02, 0.04, 0.06);
  REQUIRE(section.size() == 64);
  REQUIRE(hole.size() == 72);
  const int slices = 4000;
  double brute = 0.0;
  for (int s = 0; s < slices; ++s) {
    const double z = -0.02 + (s + 0.5) * 0.04 / slices;
    std::vector<Vec2> slice;
    for (const Vec2& v : section) {
      const Vec3 at_zero = pin_pose.apply(Vec3(v.x(), v.y(), 0.0));
      const Vec3 x = at_zero + (z - at_zero.z()) / axis.z() * axis;
      slice.emplace_back(x.x(), x.y());
    }
    brute += (polygonArea(slice) - polygonArea(clipConvex(slice, hole))) * 0.04 / slices;
  }
  // The midpoint rule's error over 4000 slices, where the slice area has kinks (a pin vertex
  // crossing a hole edge), is far below the tolerance.
  CHECK(total(r) == Approx(brute).epsilon(1e-4));
}
