// Conforming contact: surfaces that wrap around each other (a pin in a bore, a ball in a socket).
// δ must be the interference, not the sag of the contour beyond its plane.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "../chordal_error.h"
#include "../conforming_pressure.h"
#include "../mesh_rings.h"
#include "contact/contact_regions.h"
#include "contact/contact_tracker.h"
#include "contact/region_split.h"
#include "geometry/primitives.h"
#include "patch_fixtures.h"

using namespace contactsim;
using namespace contactsim::testing;
using contactsim::test::capPressurePerForce;
using contactsim::test::chordSag;
using contactsim::test::facetSag;
using contactsim::test::lunePressurePerForce;
using contactsim::test::ringAt;

TEST_CASE("a pin pressed against the wall of a bore: δ is the interference", "[conforming]") {
  // Pin of radius r (A) in a bore of radius R (B), pin axis moved by e toward direction u:
  // the circles overlap in a lune whose thickness along u is largest on the line of centres,
  // i = r + e − R. Both meshes are inscribed polygons, so the ray from a pin vertex may end on a
  // bore facet up to chordSag(R) nearer the axis than the circle (δ ≤ i + chordSag(R)), and a bore
  // vertex's ray may end on a pin facet up to chordSag(r) inside the pin; the nearest pin vertex to
  // the line of centres lies at most π r/n off it, where the lune is thinner by (πr/n)²/2·(1/r −
  // 1/R) < chordSag(r). Hence |δ − i| ≤ chordSag(r) + chordSag(R). The lune's half-angle (where
  // the circles cross) is acos(((R² − r² − e²) / (2 r e)): 14–25° for the wide clearances, 39°
  // for the shipped pin's 48/50 mm proportions pressed 0.5 mm and 60° for a clearance equal to
  // the interference. Its normals all lie across the axis and the overlap tapers to the tips, so
  // it is one patch however wide (a planar fan, not split by the 30° cone).
  const double r = 1.0;
  struct Case {
    double bore, interference, direction;
  };
  for (const Case c :
       {Case{1.25, 0.02, 0.1}, Case{1.5, 0.02, 0.77}, Case{1.25, 0.01, 2.3}, Case{1.5, 0.04, -1.2},
        Case{50.0 / 48, 0.5 / 48, 0.4}, Case{50.0 / 48, 1.0 / 48, -2.6}, Case{1.02, 0.02, 1.9}}) {
    for (const int n : {128, 256}) {
      const TriMesh pin = makeCylinder(r, 3.0, n, 6);
      const TriMesh bore = makeTube(c.bore, c.bore + 0.5, 1.0, n, 2);
      const Vec3 u(std::cos(c.direction), std::sin(c.direction), 0.0);
      const double e = c.interference + c.bore - r;
      const Pose pin_pose = at(e * u), bore_pose = at(Vec3::Zero());
      INFO("bore " << c.bore << " interference " << c.interference << " segments " << n);
      const ContactRegions result = contactOf(pin, pin_pose, bore, bore_pose);
      REQUIRE(result.patches.size() == 1);
      const ContactPatch& p = result.patches[0];
      const double bound = chordSag(r, n) + chordSag(c.bore, n);
      CHECK(std::abs(p.indentation - c.interference) <= bound);
      if (n == 256) CHECK(std::abs(p.indentation - c.interference) <= 0.02 * c.interference);
      // Radial, from the pin (A) into the bore's wall (B), to within one facet's angle 2π/n.
      CHECK(p.normal.dot(u) >= std::cos(2 * std::numbers::pi / n));
      // The lune presses with more than F_n in all (friction's load, interface_pressure.h).
      const double clearance = c.bore - r;
      INFO("pressure per force " << p.pressure_per_force << ", closed form "
                                 << lunePressurePerForce(e, clearance));
      CHECK(p.pressure_per_force >= 1.0);
      // The closed form's overlap e·cos θ − c holds for gaps small against r; to a few 1e-3 here.
      CHECK(p.pressure_per_force == Approx(lunePressurePerForce(e, clearance)).epsilon(0.01));

      // The same pair moved rigidly, and with A and B swapped.
      const Pose motion = at(Vec3(3.5, -12, 0.7), Vec3(0.4, -1.3, 0.9));
      const ContactRegions moved = contactOf(pin, motion * pin_pose, bore, motion * bore_pose);
      REQUIRE(moved.patches.size() == 1);
      CHECK(moved.patches[0].indentation == Approx(p.indentation).epsilon(1e-9));
      CHECK((moved.patches[0].normal - motion.rotation * p.normal).norm() < 1e-9);
      CHECK(moved.patches[0].pressure_per_force == Approx(p.pressure_per_force).epsilon(1e-9));
      const ContactRegions swapped = contactOf(bore, bore_pose, pin, pin_pose);
      REQUIRE(swapped.patches.size() == 1);
      CHECK(swapped.patches[0].indentation == Approx(p.indentation).epsilon(1e-9));
      CHECK((swapped.patches[0].normal + p.normal).norm() < 1e-9);
      CHECK(swapped.patches[0].pressure_per_force == Approx(p.pressure_per_force).epsilon(1e-9));
    }
  }
}

namespace {

using Vec2 = Eigen::Vector2d;

// The largest extent along u, on the line {p : p·w = s} (w ⟂ u), of a convex polygon, or NaN
// when the line misses it.
double extentAlong(const std::vector<Vec2>& polygon, const Vec2& u, const Vec2& w, double s) {
  double best = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2& a = polygon[i];
    const Vec2& b = polygon[(i + 1) % polygon.size()];
    const double sa = a.dot(w) - s, sb = b.dot(w) - s;
    if ((sa > 0) == (sb > 0) || sa == sb) continue;
    const double t = sa / (sa - sb);
    const double along = (a + t * (b - a)).dot(u);
    if (!(along <= best)) best = along;
  }
  return best;
}

}  // namespace

// The same pins and bores, checked against the overlap of the polygons the meshes really are (not
// the circles they approximate), computed by brute force from their vertices: across every line
// parallel to the line of centres through a vertex of either polygon (the thickness of the
// overlap along u is piecewise linear between those), the pin's reach less the bore wall's. δ is
// measured along the patch normal, which may be off u by up to one facet's angle θ = 2π/n, and
// crosses facets up to θ off square, so it lies between that thickness × cos θ and ÷ cos θ: 0.5 %
// at 64 segments (the shipped pin's), 0.03 % at 256 — not the circles' interference, which the
// polygons miss by up to both sags.
TEST_CASE("a pin in a bore: δ is the overlap of the meshes as tessellated", "[conforming]") {
  const double r = 1.0;
  for (const double bore : {1.25, 50.0 / 48}) {
    for (const double interference : {0.5 / 48, 0.02, 1.0 / 48}) {
      for (const int n : {64, 128, 256}) {
        const TriMesh pin = makeCylinder(r, 3.0, n, 6);
        const TriMesh tube = makeTube(bore, bore + 0.5, 1.0, n, 2);
        const double direction = 0.3;
        const Vec2 u(std::cos(direction), std::sin(direction)), w(-u.y(), u.x());
        const double e = interference + bore - r;
        const ContactRegions result =
            contactOf(pin, at(e * Vec3(u.x(), u.y(), 0.0)), tube, at(Vec3::Zero()));
        INFO("bore " << bore << " interference " << interference << " segments " << n);
        REQUIRE(result.patches.size() == 1);
        // Cross-sections at the bore's mid-height (the pin spans it): z of a ring of each.
        const double z_pin = pin.vertices()[0].z(), z_tube = tube.vertices()[0].z();
        std::vector<Vec2> pin_ring = ringAt(pin, z_pin, 0.5 * r, 1.01 * r);
        for (Vec2& v : pin_ring) v += e * u;
        std::vector<Vec2> hole = ringAt(tube, z_tube, 0.99 * bore, 1.01 * bore);
        REQUIRE(pin_ring.size() == static_cast<std::size_t>(n));
        REQUIRE(hole.size() == static_cast<std::size_t>(n));
        double thickest = 0.0;
        for (const std::vector<Vec2>* polygon : {&pin_ring, &hole}) {
          for (const Vec2& v : *polygon) {
            const double s = v.dot(w);
            const double reach = extentAlong(pin_ring, u, w, s), wall = extentAlong(hole, u, w, s);
            if (std::isfinite(reach) && std::isfinite(wall))
              thickest = std::max(thickest, reach - wall);
          }
        }
        const double theta = 2.0 * std::numbers::pi / n;
        CHECK(result.patches[0].indentation >= thickest * std::cos(theta));
        CHECK(result.patches[0].indentation <= thickest / std::cos(theta));
      }
    }
  }
}

TEST_CASE("a ball in a spherical socket: δ is the interference, the normal joins the centres",
          "[conforming]") {
  // Ball of radius r (A) in a cavity of radius R (B), centres e apart along u: the overlap is
  // thickest on the line of centres, i = r + e − R. As for the pin, the meshes' facets lie within
  // facetSag of their spheres, so |δ − i| ≤ facetSag(ball) + facetSag(cavity). The overlap's
  // rim (where the spheres cross) lies acos((R² − r² − e²)/(2re)) off u seen from the ball's
  // centre: 28° for the 0.6 ball, 42° for the 0.9 one and 62° for 0.97, a clearance equal to the
  // interference. The overlap is a solid of revolution about u with the pin's lune as its section,
  // thickest on u, so it stays one patch however wide (a cap of normals round their mean).
  const double cavity = 1.0, i = 0.03;
  const Vec3 u = Vec3(0.3, -0.5, 0.8).normalized();
  for (const double r : {0.6, 0.9, 0.97})
    for (const int level : {4, 5}) {
      const TriMesh ball = makeIcosphere(r, level);
      const TriMesh socket = makeSphericalShell(cavity, 1.3, level);
      const ContactRegions result =
          contactOf(ball, at((i + cavity - r) * u), socket, at(Vec3::Zero()));
      INFO("ball " << r << ", level " << level);
      REQUIRE(result.patches.size() == 1);
      const ContactPatch& p = result.patches[0];
      const double bound = facetSag(ball, r) + facetSag(makeIcosphere(cavity, level), cavity);
      CHECK(std::abs(p.indentation - i) <= bound);
      if (level == 5) CHECK(std::abs(p.indentation - i) <= 0.02 * i);
      // The contour is a circle about the line of centres up to the facets: within 1°.
      CHECK(p.normal.dot(u) >= std::cos(std::numbers::pi / 180));
      const double clearance = cavity - r, e = i + clearance;
      INFO("pressure per force " << p.pressure_per_force << ", closed form "
                                 << capPressurePerForce(e, clearance));
      CHECK(p.pressure_per_force >= 1.0);
      CHECK(p.pressure_per_force == Approx(capPressurePerForce(e, clearance)).epsilon(0.01));
      // The depths beyond the contour's plane are the caps' heights, far more than the overlap.
      CHECK(p.depth_a + p.depth_b > 2 * i);
    }
}

TEST_CASE("a shaft interfering all around its bore is split into patches within the cone",
          "[conforming][split]") {
  // Shaft of radius r = R + t in a bore of radius R, axes e apart: the contact surface is the
  // whole bore wall, its normals turning through 360°, so no single plane holds it. Every patch
  // must keep the wall's normals within kPatchConeHalfAngle (+ one facet, 2π/n) of its own,
  // normal radial (no axial part) and δ the overlap along it: the band's radial thickness
  // t − e·cos(angle) ≥ t − e, seen up to the cone's half-angle off radial, ≤ (t + e)/cos(cone),
  // each within the chords' sags.
  const double R = 1.0, t = 0.02, e = 0.004, length = 1.0;
  const int n = 192;
  const double facet = 2 * std::numbers::pi / n;
  // The shaft's rings of vertices stay off the bore's end faces (a vertex exactly on a face is on
  // the surface, not inside; that case is tested with the touching pin).
  const TriMesh shaft = makeCylinder(R + t, 3.1, n, 6);
  const TriMesh bore = makeTube(R, R + 0.5, length, n, 2);
  const ContactRegions result = contactOf(shaft, at(Vec3(e, 0, 0)), bore, at(Vec3::Zero()));
  REQUIRE(result.patches.size() > 1);
  double area = 0.0;
  for (const ContactPatch& p : result.patches) {
    INFO("normal " << p.normal.transpose() << " δ " << p.indentation);
    CHECK(std::abs(p.normal.z()) < 1e-6);
    const double sags = chordSag(R + t, n) + chordSag(R, n);
    CHECK(p.indentation >= t - e - sags);
    CHECK(p.indentation <= (t + e) / std::cos(kPatchConeHalfAngle) + sags);
    // The wall under the patch's contour: every contour point's radial direction in the cone.
    double widest = 0.0;
    for (const auto& loop : p.loops) {
      for (const Vec3& x : loop) {
        const Vec3 radial = Vec3(x.x(), x.y(), 0).normalized();
        widest = std::max(widest, std::acos(std::clamp(radial.dot(p.normal), -1.0, 1.0)));
      }
    }
    CHECK(widest <= kPatchConeHalfAngle + facet);
    area += p.area;
  }
  // The patches cover the band: their projected areas add up to between the chords of their
  // sectors and the band itself, 2πR·length.
  CHECK(area <= 2 * std::numbers::pi * (R + t) * length * 1.01);
  CHECK(area >= 2 * std::numbers::pi * R * length * std::sin(kPatchConeHalfAngle) /
                    kPatchConeHalfAngle * 0.95);
}

// A split piece's force acts at the centre of its Winkler pressure, which follows the overlap:
// a shaft of radius R + t interfering all around a bore of radius R and length L, tilted by α
// about y, overlaps d(φ, z) = t + α·z·cos φ at azimuth φ and height z (first order in α), so
// over the azimuths [φ₀, φ₁] a piece spans, the pressure's centre lies at height
// z̄ = ∫∫d·z / ∫∫d = α·L²·⟨cos φ⟩/(12·t), ⟨cos φ⟩ = (sin φ₁ − sin φ₀)/(φ₁ − φ₀): the tilt's
// restoring moment. At the parts' area centroid every piece acted at mid-height and the ring of
// pieces resisted no tilt (docs/method.md, "Where a piece's force acts").
TEST_CASE("a tilted shaft's split pieces act at the centre of their Winkler pressure",
          "[conforming][split]") {
  const double R = 1.0, t = 0.02, length = 1.0;
  const int n = 192;
  // Each part's pressure sits at its centroid with its inside corners' mean overlap: a triangle
  // loses its own second moment of the pressure, and the parts the bore's ends cut take the
  // overlap of their corners below the cut. Both shrink with the rings' height: the pieces' z̄
  // must converge to the Winkler centre (measured: 4.6 % short with the shaft's rings 0.13 m
  // high and the bore's 0.125 m, 0.2 % at a quarter of that).
  struct Resolution {
    int shaft_rings, bore_rings;
    double tolerance;  // of the lever α·L²/(12·t)
  };
  for (const Resolution& r : {Resolution{24, 8, 0.06}, Resolution{96, 32, 0.01}}) {
    const TriMesh shaft = makeCylinder(R + t, 3.1, n, r.shaft_rings);
    const TriMesh bore = makeTube(R, R + 0.5, length, n, r.bore_rings);
    for (const double alpha : {0.002, -0.003}) {
      const ContactRegions result =
          contactOf(shaft, at(Vec3::Zero(), Vec3(0, alpha, 0)), bore, at(Vec3::Zero()));
      REQUIRE(result.patches.size() > 1);
      const double lever = std::abs(alpha) * length * length / (12 * t);  // z̄ at ⟨cos φ⟩ = 1
      for (const ContactPatch& p : result.patches) {
        const double facing = std::atan2(p.normal.y(), p.normal.x());
        double lo = INFINITY, hi = -INFINITY;  // the piece's azimuths about its normal's
        for (const auto& loop : p.loops) {
          for (const Vec3& x : loop) {
            const double d =
                std::remainder(std::atan2(x.y(), x.x()) - facing, 2 * std::numbers::pi);
            lo = std::min(lo, d), hi = std::max(hi, d);
          }
        }
        REQUIRE(hi > lo);
        const double mean_cos = (std::sin(facing + hi) - std::sin(facing + lo)) / (hi - lo);
        const double expected = alpha * length * length * mean_cos / (12 * t);
        INFO(r.shaft_rings << "/" << r.bore_rings << " rings, α " << alpha << ", piece facing "
                           << facing * 180 / std::numbers::pi << "°: z̄ " << p.pressure_centre.z()
                           << " m, Winkler " << expected << " m");
        CHECK(std::abs(p.pressure_centre.z() - expected) <= r.tolerance * lever);
      }
    }
  }
}

TEST_CASE("split patches are the same whatever the order, and tracked step to step",
          "[conforming][split]") {
  // The same pair with A and B swapped gives the same pieces (normals flipped), and as the shaft
  // creeps along the bore's wall each patch keeps its id.
  const TriMesh shaft = makeCylinder(1.02, 3.0, 160, 6);
  const TriMesh bore = makeTube(1.0, 1.5, 1.0, 160, 2);
  const auto base = contactOf(shaft, at(Vec3(0.004, 0.001, 0)), bore, at(Vec3::Zero()));
  const auto swapped = contactOf(bore, at(Vec3::Zero()), shaft, at(Vec3(0.004, 0.001, 0)));
  REQUIRE(base.patches.size() > 1);
  REQUIRE(swapped.patches.size() == base.patches.size());
  for (const ContactPatch& p : base.patches) {
    const auto twin =
        std::find_if(swapped.patches.begin(), swapped.patches.end(),
                     [&](const ContactPatch& s) { return (s.normal + p.normal).norm() < 1e-9; });
    REQUIRE(twin != swapped.patches.end());
    CHECK(twin->indentation == Approx(p.indentation).epsilon(1e-9));
    CHECK(twin->area == Approx(p.area).epsilon(1e-9));
  }

  ContactTracker tracker(TrackingOptions{.min_jump = 1e-3});
  std::vector<int> first_ids;
  for (int step = 0; step < 10; ++step) {
    auto r = contactOf(shaft, at(Vec3(0.004 + 2e-5 * step, 0.001, 0)), bore, at(Vec3::Zero()));
    REQUIRE(r.patches.size() == base.patches.size());
    tracker.update(1e-3 * step, r.patches);
    std::vector<int> ids;
    for (const ContactPatch& p : r.patches) ids.push_back(p.id);
    if (step == 0) first_ids = ids;
    CHECK(ids == first_ids);
  }
}

TEST_CASE("faces touching exactly coplanar have no overlap, however coarse the other mesh",
          "[conforming]") {
  // An icosphere standing on one facet on a coarse plate: the facet lies in the plate's top face.
  // The inside test is degenerate there (points on the boundary); whatever it floods, no overlap
  // can exceed the intersection's extent along the normal, which is zero (local_overlap.h).
  const TriMesh plate = makePlate(3.0, 1.0, 0.02, 12);
  const TriMesh sphere = makeIcosphere(0.1, 5);
  const Mat3 turn =
      Eigen::Quaterniond::FromTwoVectors(sphere.normals()[0], -Vec3::UnitZ()).toRotationMatrix();
  double lowest = 0.0;
  for (const Vec3& v : sphere.vertices()) lowest = std::min(lowest, (turn * v).z());
  Pose pose;
  pose.rotation = turn;
  for (const double sink : {0.0, 1e-9, 1e-6}) {
    pose.translation = Vec3(-1.0, 0, -lowest - sink);
    const ContactRegions regions = contactOf(plate, Pose::identity(), sphere, pose);
    INFO("sunk " << sink << " m");
    REQUIRE(regions.patches.size() == 1);
    // δ is the sinking depth. The coplanar facet makes the query repeat with the sphere moved by
    // the generic motion of 1e-9 of the plate's size (contact_regions.h): that is all that may add.
    CHECK(regions.patches[0].indentation == Approx(sink).margin(2e-9 * 3.0));
  }
}

TEST_CASE("a pin lying exactly on its bore's wall touches it: no overlap, whatever the rounding",
          "[conforming][touching]") {
  // Pin r in a bore r + c, moved c toward the wall: the circles touch along a line, and the
  // polygons (same number of sides, a vertex on that line) overlap at most by their chords'
  // sags. Every vertex there lies on the other's facets up to rounding, and the pin's end caps
  // pass through the bore's vertices: neither may make the touch a deep overlap (it read 41 mm).
  const double r = 0.02, c = 5e-4;
  const int n = 256;
  const TriMesh bore = makeTube(r + c, r + 0.005, 0.4, n, 8);
  const TriMesh pin = makeCylinder(r, 0.2, n, 8);
  const Vec3 turn(0.3, -0.2, 0.5);  // the whole scene turned and moved: rounding changes
  for (const double scale : {1.0, 1.0 + 1e-12, 1.0 - 1e-12, 1.0 - 1e-9}) {
    for (const bool turned : {false, true}) {
      const Pose world = turned ? at(Vec3(1.7, -0.4, 2.2), turn) : Pose();
      const ContactRegions result = contactOf(bore, world, pin, world * at(Vec3(0, -c * scale, 0)));
      INFO("offset " << scale << " c, turned " << turned);
      for (const ContactPatch& p : result.patches) {
        CHECK(p.indentation <= chordSag(r, n) + chordSag(r + c, n));
        CHECK(p.area >= 0.0);
        // At most the strip of facets on either side of the line of touch, the pin's length long.
        CHECK(p.area <= 0.2 * 2 * (2 * std::numbers::pi * (r + c) / n));
      }
    }
  }
}

// Sampled at inside vertices only, an edge through a face with no vertex inside read δ = 0, or,
// with a face vertex under it, that vertex's shorter ray; the overlay's edge crossings are
// sampled too (local_overlap.h). Either body may be A, anywhere in space.
TEST_CASE("an edge pressed into a coarse face: δ is its depth wherever the face's vertices are",
          "[conforming]") {
  // A prism's edge (apex angle α, along y, longer than the block is wide) pressed d into the top
  // face of a coarsely meshed block and slid across it in x. The overlap is a prism under the
  // face whose thickness along the normal is d on the edge, wherever the face's vertices happen to
  // lie: δ = d at every position. Sampled only at vertices, it fell whenever a face vertex came
  // under the edge (its ray ends on the prism's face, short of the edge) — a δ(x) with jumps,
  // which a sliding body's passivity ledger reads as unpaid loading and unloading (README, the
  // anchor's hull–shank contact).
  const double half = 0.05;
  // Rounding: the crossings' points are found to 1e-9 of their edges (the prism's is 0.3 m long).
  const double rounding = 1e-8 * 6 * half;
  // Top face vertices 33 and 14 mm apart.
  for (const int divisions : {3, 7})
    for (const double alpha : {90.0, 111.0, 140.0}) {
      const TriMesh block = makeBox(Vec3::Constant(half), divisions);
      const double a = alpha * std::numbers::pi / 180;
      // The prism about the y axis: apex on the axis, opening towards +z, 3 half-widths long.
      const double side = 0.04, x = side * std::sin(a / 2), z = side * std::cos(a / 2);
      std::vector<Vec3> v;
      for (const double y : {-3 * half, 3 * half})
        v.emplace_back(0, y, 0), v.emplace_back(x, y, z), v.emplace_back(-x, y, z);
      const TriMesh prism(
          std::move(v),
          {{0, 1, 2}, {3, 5, 4}, {0, 3, 4}, {0, 4, 1}, {1, 4, 5}, {1, 5, 2}, {2, 5, 3}, {2, 3, 0}});
      for (const double d : {2e-4, 2e-3})
        for (const double yaw : {0.0, 0.37})
          for (int k = 0; k <= 40; ++k) {
            const double slide = -0.8 * half + k * 0.04 * half;
            const Pose pressed = at(Vec3(slide, 0.0, half - d), Vec3(0.0, 0.0, yaw));
            const ContactRegions r = contactOf(prism, pressed, block, Pose::identity());
            INFO(divisions << " divisions, α " << alpha << "°, d " << d * 1e3 << " mm, yaw " << yaw
                           << ", edge at x = " << slide * 1e3 << " mm");
            REQUIRE(r.patches.size() == 1);
            // Yawed, the edge leaves the block through two walls that are not opposite, whose
            // pieces of the contour tilt the normal (its vector area) a little: δ is the layer's
            // thickness along it, d/cos(tilt).
            const double cos_tilt = -r.patches[0].normal.z();
            if (yaw == 0.0) CHECK(cos_tilt == Approx(1.0).margin(1e-9));
            CHECK(cos_tilt > std::cos(5.0 * std::numbers::pi / 180));
            CHECK(r.patches[0].indentation == Approx(d / cos_tilt).epsilon(1e-6).margin(rounding));
            const Pose motion = at(Vec3(0.3, -1.2, 2.0), Vec3(0.4, -0.9, 1.3));
            const ContactRegions swapped = contactOf(block, motion, prism, motion * pressed);
            REQUIRE(swapped.patches.size() == 1);
            const double swapped_cos_tilt =
                swapped.patches[0].normal.dot(motion.rotation * Vec3::UnitZ());
            CHECK(swapped_cos_tilt == Approx(cos_tilt).margin(1e-9));
            CHECK(swapped.patches[0].indentation ==
                  Approx(d / cos_tilt).epsilon(1e-6).margin(rounding));
          }
    }
}

TEST_CASE("a bar lying tilted across a plate's edge: δ is the overlap at the edge",
          "[conforming]") {
  // A bar (1 m × 50 mm × 50 mm) crosses the edge x = a of a plate at yaw ψ, its axis dipping by
  // β towards the edge, so its bottom face cuts into the plate's top face in a wedge that is
  // thickest where it leaves over the edge. Neither body has a vertex inside the other (the bar's
  // ends and the plate's corners are far away): the deepest column of the overlap stands on a
  // corner of the intersection curve. Reference: the overlap's thickness top − z(x, y) under the
  // bar's bottom plane is linear in (x, y), so its largest value over the overlap's footprint (the
  // plate's square ∩ the bar's bottom face seen from above, both convex) is at a corner of that
  // footprint: a corner of either inside the other, or a crossing of their edges.
  // δ is measured along the patch normal, which lies between the faces' normals β apart: it may
  // differ from the vertical thickness by the factor 1/cos β (< 2e-4 here).
  // Sampled at the bodies' inside vertices alone, of which there are none here, δ was 0 for every
  // case; the footprint's corners that are edge crossings are sampled too (local_overlap.h).
  const double a = 0.2, top = 0.01, half_width = 0.025, half_length = 0.5;
  const TriMesh plate = makeBox(Vec3(a, a, top));  // vertices at its corners only
  const TriMesh bar = makeBox(Vec3(half_length, half_width, half_width));
  for (const double yaw : {0.0, 0.3, -0.7}) {
    for (const double dip : {0.01, 0.02}) {
      for (const double depth : {2e-4, 1e-3, 3e-3}) {
        const Mat3 turn =
            (Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(dip, Vec3::UnitY()))
                .toRotationMatrix();
        const Vec3 e = turn * Vec3::UnitX(), w = turn * Vec3::UnitY(), m = turn * Vec3::UnitZ();
        // The bottom face's middle line crosses the edge's line x = a at y = 0, `depth` below
        // the plate's top there: B(s, r) = origin + s e + r w, |s| ≤ half_length, |r| ≤ half_width.
        const Vec3 origin = Vec3(a, 0.0, top - depth);
        const Vec3 centre = origin + half_width * m;
        // (s, r) of the point of the bottom face above (x, y).
        Eigen::Matrix2d across;
        across << e.x(), w.x(), e.y(), w.y();
        const auto face = [&](double x, double y) -> Eigen::Vector2d {
          return across.inverse() * Eigen::Vector2d(x - origin.x(), y - origin.y());
        };
        const auto thickness = [&](const Eigen::Vector2d& sr) {
          return top - (origin + sr.x() * e + sr.y() * w).z();
        };
        const auto in_face = [&](const Eigen::Vector2d& sr) {
          return std::abs(sr.x()) <= half_length * (1 + 1e-12) &&
                 std::abs(sr.y()) <= half_width * (1 + 1e-12);
        };
        const auto in_plate = [&](const Vec3& x) {
          return std::abs(x.x()) <= a * (1 + 1e-12) && std::abs(x.y()) <= a * (1 + 1e-12);
        };
        double reference = 0.0;
        const auto consider = [&](const Eigen::Vector2d& sr) {
          if (in_face(sr) && in_plate(origin + sr.x() * e + sr.y() * w))
            reference = std::max(reference, thickness(sr));
        };
        for (const double sx : {-1.0, 1.0}) {
          for (const double sy : {-1.0, 1.0}) {
            consider(Eigen::Vector2d(sx * half_length, sy * half_width));  // the bar's corners
            consider(face(sx * a, sy * a));                                // the plate's corners
          }
          for (const double r : {-half_width, half_width}) {
            // The bar's long edges (r fixed) crossing the plate's edges x = ±a and y = ±a.
            for (int axis = 0; axis < 2; ++axis) {
              const double s = (sx * a - origin[axis] - r * w[axis]) / e[axis];
              if (std::isfinite(s)) consider(Eigen::Vector2d(s, r));
            }
          }
        }
        REQUIRE(reference > 0.0);
        for (const Pose& motion :
             {Pose::identity(), at(Vec3(0.3, -1.2, 2.0), Vec3(0.4, -0.9, 1.3))}) {
          INFO("yaw " << yaw << ", dip " << dip << ", depth " << depth * 1e3 << " mm, reference "
                      << reference * 1e3 << " mm");
          const ContactRegions r = contactOf(plate, motion, bar, motion * Pose{turn, centre});
          REQUIRE(r.patches.size() == 1);
          CHECK(r.patches[0].indentation == Approx(reference).epsilon(1e-3));
          const ContactRegions swapped = contactOf(bar, motion * Pose{turn, centre}, plate, motion);
          REQUIRE(swapped.patches.size() == 1);
          CHECK(swapped.patches[0].indentation == Approx(reference).epsilon(1e-3));
        }
      }
    }
  }
}

TEST_CASE("a pin sliding along its own axis through a bore's rim: the normal has no axial part",
          "[conforming]") {
  // A prism translated along its own axis keeps its shape, so the overlap with the fixed bore is
  // the same body at every position and the contact can have no normal rate: the patch normal
  // must be perpendicular to the axis. The pin (A, 64 sides, rings every 3.75 mm) is tilted in
  // the bore (B, 72 facets; tilts that keep the far side off the upper rim) and pressed against
  // the lower rim, where the bore's wall meets its
  // end face at 90°, so the contour runs over pin facets and both of the rim's faces and is not
  // flat; a plane fitted to it leaned up to 20° along the axis (a sliding pin read ±0.34 of its
  // speed as a normal rate). The contour's vector area is the overlap volume's gradient, which a
  // shape-preserving slide leaves without an axial part (docs/method.md, "The normal of a
  // region"). Exact up to rounding, whatever the slide does to the sampled δ; so is the overlap's
  // volume (overlap_volume.h), which the vertices' sampling does not enter.
  const double r = 0.048, bore = 0.05, plate = 0.04;
  const TriMesh pin = makeCylinder(r, 0.15, 64, 40);
  const TriMesh tube = makeTube(bore, 0.2, plate, 72, 2);
  const Pose tube_pose = at(Vec3::Zero());
  struct Case {
    double tilt, azimuth, spin, interference;
  };
  for (const Case c : {Case{0.03, 0.3, 0.1, 3e-4}, Case{0.07, 2.1, 0.9, 5e-4},
                       Case{0.06, 4.0, 0.02, 2e-4}, Case{0.05, 5.5, 0.6, 8e-4}}) {
    const Vec3 tilt_axis(std::cos(c.azimuth), std::sin(c.azimuth), 0.0);
    const Mat3 rotation =
        (Eigen::AngleAxisd(c.tilt, tilt_axis) * Eigen::AngleAxisd(c.spin, Vec3::UnitZ()))
            .toRotationMatrix();
    const Vec3 axis = rotation * Vec3::UnitZ();
    // The side of the rim the pin leans toward: across the axis, in the bore's end plane.
    const Vec3 toward = -Vec3(axis.x(), axis.y(), 0.0).normalized();
    // The pin's cross-section in the end plane is an ellipse reaching r/cos(tilt) along `toward`;
    // put it the interference beyond the rim there.
    const Vec3 at_rim =
        (bore + c.interference - r / std::cos(c.tilt)) * toward - Vec3(0.0, 0.0, plate / 2);
    double first_volume = -1.0;
    for (const double slide : {-0.006, -0.0023, 0.0, 0.0011, 0.0042, 0.0075}) {
      INFO("tilt " << c.tilt << " azimuth " << c.azimuth << " slide " << slide);
      const Pose pin_pose{rotation, at_rim + slide * axis};
      const ContactRegions result = contactOf(pin, pin_pose, tube, tube_pose);
      REQUIRE(!result.patches.empty());
      // The overlap is the same solid wherever the slide leaves the pin's rings: its volume too.
      double volume = 0.0;
      for (const ContactPatch& p : result.patches) volume += p.overlap_volume;
      if (first_volume < 0.0) first_volume = volume;
      CHECK(volume > 0.0);
      CHECK(volume == Approx(first_volume).epsilon(1e-9));
      for (const ContactPatch& p : result.patches) {
        CHECK(std::abs(p.normal.dot(axis)) < 1e-9);
        // Out of the pin across its axis at the patch (a tip of the lune may be a patch of its own
        // on the next facet, so not necessarily along `toward`).
        const Vec3 offset = p.centroid - pin_pose.translation;
        const Vec3 radial = (offset - offset.dot(axis) * axis).normalized();
        CHECK(p.normal.dot(radial) > 0.5);
      }
    }
  }
}

TEST_CASE("the edge crossings change the reported δ only, never what the force law is given",
          "[conforming]") {
  // A simulation skips the crossings (RegionExtras::overlap_at_crossings): its forces must be the
  // ones a static query's patch would give, for an edge pressed into a coarse face (where the
  // crossings decide δ) and for a pin in its bore (where the vertices do).
  const double half = 0.05, d = 1e-3;
  const TriMesh block = makeBox(Vec3::Constant(half), 3);
  std::vector<Vec3> v;
  for (const double y : {-3 * half, 3 * half})
    v.emplace_back(0, y, 0), v.emplace_back(0.03, y, 0.03), v.emplace_back(-0.03, y, 0.03);
  const TriMesh prism(
      std::move(v),
      {{0, 1, 2}, {3, 5, 4}, {0, 3, 4}, {0, 4, 1}, {1, 4, 5}, {1, 5, 2}, {2, 5, 3}, {2, 3, 0}});
  const TriMesh pin = makeCylinder(0.048, 0.15, 64, 8), bore = makeTube(0.05, 0.07, 0.04, 72, 2);
  struct Case {
    const TriMesh *a, *b;
    Pose pose_a;
  };
  for (const Case& c : {Case{&prism, &block, at(Vec3(0.011, 0.0, half - d), Vec3(0, 0, 0.2))},
                        Case{&pin, &bore, at(Vec3(0.0025, 0.0, -0.02))}}) {
    const AabbTree tree_a(*c.a), tree_b(*c.b);
    ContactWorkspace workspace;
    const ContactRegions with =
        findContact(tree_a, c.pose_a, tree_b, Pose::identity(), workspace, {});
    const ContactRegions without =
        findContact(tree_a, c.pose_a, tree_b, Pose::identity(), workspace,
                    {.extras = {.depth_fields = true, .overlap_at_crossings = false}});
    REQUIRE(with.patches.size() == without.patches.size());
    REQUIRE(!with.patches.empty());
    for (std::size_t k = 0; k < with.patches.size(); ++k) {
      const ContactPatch &p = with.patches[k], &q = without.patches[k];
      CHECK(p.law_indentation == q.law_indentation);
      CHECK(p.pressure_centre == q.pressure_centre);
      CHECK(p.normal == q.normal);
      CHECK(p.area == q.area);
      CHECK(p.indentation >= q.indentation);
    }
  }
}
