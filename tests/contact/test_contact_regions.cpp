#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "geometry/primitives.h"
#include "pair_oracle.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {
ContactRegions regionsOf(const TriMesh& a, const Pose& pa, const TriMesh& b, const Pose& pb) {
  const PosedMesh ma{a, pa}, mb{b, pb};
  const auto pairs = bruteForcePairs(ma, mb);
  PenetrationWorkspace workspace;
  return findContactRegions(ma, mb, pairs, workspace);
}

Pose at(const Vec3& t, const Vec3& rotation_vector = Vec3::Zero()) {
  return Pose::fromTranslationRotationVector(t, rotation_vector);
}

double meanRadius(const ContactPatch& patch) {
  double sum = 0.0;
  std::size_t n = 0;
  for (const auto& loop : patch.loops) {
    for (const Vec3& p : loop) sum += (p - patch.centroid).norm(), ++n;
  }
  return sum / static_cast<double>(n);
}

TriMesh merged(const TriMesh& first, const Vec3& offset_first, const TriMesh& second,
               const Vec3& offset_second) {
  std::vector<Vec3> vertices;
  for (const Vec3& v : first.vertices()) vertices.push_back(v + offset_first);
  for (const Vec3& v : second.vertices()) vertices.push_back(v + offset_second);
  std::vector<TriangleIndices> triangles = first.triangles();
  const auto base = static_cast<std::int32_t>(first.vertexCount());
  for (auto t : second.triangles()) triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
  return TriMesh(std::move(vertices), std::move(triangles));
}
// A prism whose edge along z through the origin has apex angle `apex`, opening towards +y; its
// two sides `side` long, its length 2·half_length.
TriMesh makeWedge(double apex, double side, double half_length) {
  const double x = side * std::sin(apex / 2), y = side * std::cos(apex / 2);
  std::vector<Vec3> v;
  for (const double z : {-half_length, half_length}) {
    v.emplace_back(0, 0, z), v.emplace_back(x, y, z), v.emplace_back(-x, y, z);
  }
  std::vector<TriangleIndices> t = {{0, 2, 1}, {3, 4, 5}, {0, 1, 4}, {0, 4, 3},
                                    {1, 2, 5}, {1, 5, 4}, {2, 0, 3}, {2, 3, 5}};
  return TriMesh(std::move(v), std::move(t));
}

Vec3 faceNormal(const TriMesh& mesh, std::int32_t t) {
  const auto& c = mesh.triangles()[t];
  const auto& v = mesh.vertices();
  return (v[c[1]] - v[c[0]]).cross(v[c[2]] - v[c[0]]).normalized();
}

double angle(const Vec3& u, const Vec3& w) { return std::acos(std::clamp(u.dot(w), -1.0, 1.0)); }
}  // namespace

TEST_CASE("two overlapping spheres: circle contour, centre-line normal, overlap depth",
          "[regions]") {
  // Unit spheres 1.6 apart: overlap 0.4, contour radius √(1 − 0.8²) = 0.6 in the mid-plane.
  const Vec3 axis = Vec3(1, 0.4, -0.3).normalized();  // off any mesh symmetry
  double previous_depth_error = INFINITY, previous_radius_error = INFINITY;
  double previous_area_error = INFINITY;
  for (int level = 2; level <= 4; ++level) {
    const TriMesh sphere = makeIcosphere(1.0, level);
    const auto result =
        regionsOf(sphere, at(Vec3::Zero()), sphere, at(1.6 * axis, Vec3(0.2, 0.1, 0.3)));
    REQUIRE(result.patches.size() == 1);
    const ContactPatch& p = result.patches[0];
    CHECK(p.loops.size() == 1);
    CHECK_FALSE(p.has_open_loop);
    CHECK(p.normal.dot(axis) >
          std::cos(0.5 * std::numbers::pi / 180 * (5 - level)));  // from A into B
    CHECK((p.centroid - 0.8 * axis).norm() < 0.02 / level);
    const double radius_error = std::abs(meanRadius(p) - 0.6);
    const double depth_error = std::abs(p.indentation - 0.4);
    const double area_error = std::abs(p.area / (std::numbers::pi * 0.36) - 1);
    // Errors shrink as the icospheres are refined.
    CHECK(radius_error < previous_radius_error);
    CHECK(depth_error < previous_depth_error);
    CHECK(area_error < previous_area_error / 3);  // polygonal chords: second order
    previous_area_error = area_error;
    previous_radius_error = radius_error;
    previous_depth_error = depth_error;
    if (level == 4) {
      CHECK(radius_error < 0.01);
      CHECK(depth_error < 0.01);
      CHECK(area_error < 0.005);
    }
  }
}

TEST_CASE("a box face pressed into a larger box face: the footprint rectangle, exactly",
          "[regions]") {
  const TriMesh lower = makeBox(Vec3(1, 1, 0.5), 4);
  const TriMesh upper = makeBox(Vec3(0.3, 0.2, 0.25), 3);
  const double depth = 0.01;
  const auto result =
      regionsOf(upper, at(Vec3(0.1, -0.2, 0.25 - depth)), lower, at(Vec3(0, 0, -0.5)));
  REQUIRE(result.patches.size() == 1);
  const ContactPatch& p = result.patches[0];
  CHECK(p.area == Approx(0.6 * 0.4).epsilon(1e-12));
  CHECK((p.centroid - Vec3(0.1, -0.2, 0)).norm() < 1e-12);
  CHECK((p.normal - Vec3(0, 0, -1)).norm() < 1e-12);  // upper (A) presses down into lower (B)
  CHECK(p.indentation == Approx(depth).epsilon(1e-9));
  CHECK(p.depth_a == Approx(depth).epsilon(1e-9));
  CHECK(p.deepest_point_a.z() == Approx(-depth));
}

namespace {
// Composite Simpson on [lo, hi]: exact for the cubic integrands of the tilted-box test.
template <class F>
double simpson(F f, double lo, double hi, int intervals = 8) {
  const double h = (hi - lo) / intervals;
  double sum = f(lo) + f(hi);
  for (int i = 1; i < intervals; ++i) sum += (i % 2 ? 4.0 : 2.0) * f(lo + i * h);
  return sum * h / 3.0;
}
}  // namespace

TEST_CASE("a tilted box pressed into a face: the Winkler centre of pressure, analytically",
          "[regions][pressure]") {
  // Box A (half extents hx, hy, hz) turned by θ about x, its whole bottom face below the lower
  // box's top face z = 0. Depth below the plane d = −z is linear on every face, so the centre of
  // pressure ∫d·x dA / ∫d dA over A's penetrated surface (bottom face + the parts of the four
  // walls below z = 0; B's top face lies in the plane, d = 0) has a closed form, blended with the
  // contour centroid at weight area·δ/10 (pressure_centre.h).
  const double hx = 0.1, hy = 0.15, hz = 0.05, theta = 0.05, zc = 0.04, tx = 0.02, ty = 0.01;
  const double c = std::cos(theta), s = std::sin(theta);
  const auto result =
      regionsOf(makeBox(Vec3(hx, hy, hz), 6), at(Vec3(tx, ty, zc), Vec3(theta, 0, 0)),
                makeBox(Vec3(1, 1, 0.5), 4), at(Vec3(0, 0, -0.5)));
  REQUIRE(result.patches.size() == 1);
  const ContactPatch& p = result.patches[0];

  // Body-frame point (y', z') → world y = y'c − z's + ty, depth d = −(y's + z'c + zc).
  // Along a wall at fixed y' the part below the plane runs from z' = −hz to z*(y'), length L.
  auto z_top = [&](double y) { return -(y * s + zc) / c; };
  auto length = [&](double y) { return z_top(y) + hz; };
  // ∫ d dz' and ∫ d·y_world dz' over that run (d = c·(z* − z')).
  auto wall_weight = [&](double y) { return c * length(y) * length(y) / 2; };
  auto wall_moment = [&](double y) {
    const double l = length(y);
    return (y * c + ty) * wall_weight(y) - s * c * (z_top(y) * l * l / 2 - l * l * l / 3);
  };
  const double bottom_depth = hz * c - zc;  // d at y' = 0 on the bottom face
  double weight = 2 * hx * 2 * hy * bottom_depth;
  double moment =
      2 * hx * (c * (-s * 2 * hy * hy * hy / 3) + (hz * s + ty) * 2 * hy * bottom_depth);
  weight += 2 * simpson(wall_weight, -hy, hy);  // walls x' = ±hx
  moment += 2 * simpson(wall_moment, -hy, hy);
  for (const double y : {-hy, hy}) {  // walls y' = ±hy
    weight += 2 * hx * wall_weight(y);
    moment += 2 * hx * wall_moment(y);
  }
  // The contour: the rectangle where the y' = ±hy walls and the x' = ±hx walls cross z = 0.
  const double y_low = -hy * c - z_top(-hy) * s + ty, y_high = hy * c - z_top(hy) * s + ty;
  const double area = 2 * hx * (y_high - y_low);
  const double indentation = hz * c + hy * s - zc;  // corner y' = −hy, z' = −hz
  CHECK(p.area == Approx(area).epsilon(1e-12));
  CHECK(p.indentation == Approx(indentation).epsilon(1e-12));
  const double contour_weight = 0.1 * area * indentation;
  const double expected_y =
      (moment + contour_weight * (y_low + y_high) / 2) / (weight + contour_weight);
  CHECK(p.pressure_centre.x() == Approx(tx).margin(1e-12));
  CHECK(p.pressure_centre.y() == Approx(expected_y).margin(1e-12));
  CHECK(p.pressure_centre.z() == Approx(0).margin(1e-12));
  // The deep end carries the load: the centre sits well toward it from the contour centroid.
  CHECK(p.centroid.y() - p.pressure_centre.y() > 0.1 * hy);
}

TEST_CASE("an overhanging box: the contour is the overlap rectangle", "[regions]") {
  const TriMesh lower = makeBox(Vec3(1, 1, 0.5), 4);
  const TriMesh upper = makeBox(Vec3(0.5, 0.5, 0.25), 2);
  const auto result = regionsOf(upper, at(Vec3(0.8, 0, 0.25 - 0.01)), lower, at(Vec3(0, 0, -0.5)));
  REQUIRE(result.patches.size() == 1);
  const ContactPatch& p = result.patches[0];
  CHECK(p.area == Approx(0.7 * 1.0).epsilon(1e-3));  // x ∈ [0.3, 1], y ∈ [−0.5, 0.5]
  CHECK(p.centroid.x() == Approx(0.65).epsilon(1e-3));
  CHECK(p.normal.z() < -0.999);
}

TEST_CASE("a dumbbell across a plate makes two regions", "[regions]") {
  const TriMesh ball = makeIcosphere(0.1, 3);
  const TriMesh dumbbell = merged(ball, Vec3(-0.3, 0, 0), ball, Vec3(0.3, 0, 0));
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 20);
  const auto result = regionsOf(dumbbell, at(Vec3(0, 0, 0.08)), plate, at(Vec3::Zero()));
  REQUIRE(result.patches.size() == 2);
  for (const ContactPatch& p : result.patches) {
    CHECK(std::abs(std::abs(p.centroid.x()) - 0.3) < 1e-3);
    CHECK(p.normal.z() < -0.999);
    CHECK(p.indentation == Approx(0.02).epsilon(0.05));
  }
  CHECK(result.patches[0].area == Approx(result.patches[1].area).epsilon(0.02));
  CHECK(result.patches[0].centroid.x() * result.patches[1].centroid.x() < 0);
}

TEST_CASE("a torus pressed into a plate: one ring region with two loops", "[regions]") {
  const double R = 0.2, r = 0.05, depth = 0.01;
  const TriMesh torus = makeTorus(R, r, 128, 48);
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 60);
  const auto result = regionsOf(torus, at(Vec3(0, 0, r - depth)), plate, at(Vec3::Zero()));
  REQUIRE(result.patches.size() == 1);
  const ContactPatch& p = result.patches[0];
  CHECK(p.loops.size() == 2);
  const double half_width = std::sqrt(r * r - (r - depth) * (r - depth));
  CHECK(p.area == Approx(std::numbers::pi * 4 * R * half_width).epsilon(0.03));
  CHECK(p.centroid.head<2>().norm() < 1e-3);
  CHECK(p.normal.z() < -0.999);
  CHECK(p.indentation == Approx(depth).epsilon(0.05));
}

TEST_CASE("an open sheet gives a sensible patch; cut at its border the contour stays open",
          "[regions]") {
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 20);
  std::vector<TriangleIndices> top;
  for (std::size_t t = 0; t < plate.triangleCount(); ++t) {
    if (plate.normals()[t].z() > 0.5) top.push_back(plate.triangles()[t]);
  }
  const TriMesh sheet(plate.vertices(), top);
  REQUIRE(sheet.boundaryEdgeCount() > 0);
  const TriMesh ball = makeIcosphere(0.1, 3);

  const auto inside = regionsOf(ball, at(Vec3(0, 0, 0.08)), sheet, at(Vec3::Zero()));
  REQUIRE(inside.patches.size() == 1);
  CHECK_FALSE(inside.patches[0].has_open_loop);
  CHECK(inside.patches[0].normal.z() < -0.999);
  CHECK(inside.patches[0].area == Approx(std::numbers::pi * (0.01 - 0.0064)).epsilon(0.05));

  const auto border = regionsOf(ball, at(Vec3(0.5, 0, 0.08)), sheet, at(Vec3::Zero()));
  REQUIRE(border.patches.size() == 1);
  CHECK(border.patches[0].has_open_loop);
  CHECK(border.patches[0].area == Approx(std::numbers::pi * (0.01 - 0.0064) / 2).epsilon(0.08));
  CHECK(border.patches[0].centroid.allFinite());
}

TEST_CASE("patches move with a rigid motion of both bodies and flip with A and B swapped",
          "[regions]") {
  const TriMesh sphere = makeIcosphere(0.5, 3);
  const TriMesh box = makeBox(Vec3(0.4, 0.3, 0.2), 3);
  const Pose pa = at(Vec3(0.1, 0.05, 0.55), Vec3(0.3, 0.2, 0.1));
  const Pose pb = at(Vec3(0, 0, 0), Vec3(0, 0, 0.4));
  const auto base = regionsOf(sphere, pa, box, pb);
  REQUIRE(base.patches.size() == 1);
  const ContactPatch& p = base.patches[0];
  const double scale = 1.0;

  const Pose motion = at(Vec3(12.5, -3, 40), Vec3(1.1, -0.7, 2.0));
  const auto moved = regionsOf(sphere, motion * pa, box, motion * pb);
  REQUIRE(moved.patches.size() == 1);
  const ContactPatch& m = moved.patches[0];
  CHECK((m.centroid - motion.apply(p.centroid)).norm() < 1e-9 * scale);
  CHECK((m.normal - motion.rotation * p.normal).norm() < 1e-9);
  CHECK(m.indentation == Approx(p.indentation).epsilon(1e-9));
  CHECK(m.area == Approx(p.area).epsilon(1e-9));
  CHECK((m.pressure_centre - motion.apply(p.pressure_centre)).norm() < 1e-9 * scale);

  const auto swapped = regionsOf(box, pb, sphere, pa);
  REQUIRE(swapped.patches.size() == 1);
  const ContactPatch& s = swapped.patches[0];
  CHECK((s.normal + p.normal).norm() < 1e-9);
  CHECK(s.indentation == Approx(p.indentation).epsilon(1e-9));
  CHECK(s.area == Approx(p.area).epsilon(1e-9));
  CHECK((s.centroid - p.centroid).norm() < 1e-9 * scale);
  CHECK(s.depth_a == Approx(p.depth_b).margin(1e-12));
  CHECK((s.pressure_centre - p.pressure_centre).norm() < 1e-9 * scale);
}

TEST_CASE("a mesh entirely inside another is reported as contained", "[regions]") {
  const TriMesh big = makeIcosphere(1.0, 2);
  const TriMesh small = makeBox(Vec3(0.1, 0.1, 0.1), 1);
  const AabbTree big_tree(big), small_tree(small);
  const auto query = [&](const AabbTree& a, const Vec3& at_a, const AabbTree& b, const Vec3& at_b) {
    return findContact(a, at(at_a), b, at(at_b));
  };
  const auto inside = query(small_tree, Vec3(0.2, 0, 0), big_tree, Vec3::Zero());
  CHECK(inside.patches.empty());
  CHECK(inside.containment == Containment::AInsideB);
  CHECK(query(big_tree, Vec3::Zero(), small_tree, Vec3(0.2, 0, 0)).containment ==
        Containment::BInsideA);
  CHECK(query(small_tree, Vec3(3, 0, 0), big_tree, Vec3::Zero()).containment == Containment::None);
  // Inside the bounding box but outside the sphere (a corner of the box around it).
  CHECK(query(small_tree, Vec3(0.85, 0.85, 0), big_tree, Vec3::Zero()).containment ==
        Containment::None);
  // A caller that knows the bodies were apart does not ask.
  ContactWorkspace workspace;
  CHECK(findContact(small_tree, at(Vec3(0.2, 0, 0)), big_tree, at(Vec3::Zero()), workspace,
                    {.check_containment = false})
            .containment == Containment::None);
}

TEST_CASE("the tree query pipeline gives the oracle's patches in world coordinates", "[regions]") {
  const TriMesh ball = makeIcosphere(0.3, 3);
  const TriMesh torus = makeTorus(0.5, 0.15, 64, 24);
  const AabbTree ball_tree(ball), torus_tree(torus);
  const std::vector<std::pair<Pose, Pose>> poses = {
      {at(Vec3(0.55, 0.1, 0.2), Vec3(0.3, 0, 0.1)), at(Vec3::Zero())},
      {at(Vec3(5.5, -3, 1.1), Vec3(0, 1.2, 0)), at(Vec3(5, -3, 1), Vec3(0.4, -0.2, 2.5))},
  };
  for (const auto& [pose_ball, pose_torus] : poses) {
    const ContactRegions fast = findContact(ball_tree, pose_ball, torus_tree, pose_torus);
    const ContactRegions slow = regionsOf(ball, pose_ball, torus, pose_torus);
    REQUIRE(fast.patches.size() == slow.patches.size());
    REQUIRE_FALSE(fast.patches.empty());
    for (std::size_t i = 0; i < fast.patches.size(); ++i) {
      const ContactPatch& f = fast.patches[i];
      const ContactPatch& s = slow.patches[i];
      CHECK((f.centroid - s.centroid).norm() < 1e-9);
      CHECK((f.normal - s.normal).norm() < 1e-9);
      CHECK(f.indentation == Approx(s.indentation).epsilon(1e-9));
      CHECK(f.area == Approx(s.area).epsilon(1e-9));
      CHECK(f.triangles_a == s.triangles_a);
      CHECK(f.triangles_b == s.triangles_b);
    }
  }
}

TEST_CASE("crossed edges: normal from A into B, steady under small motions", "[regions]") {
  // A's lowest edge runs along x, B's highest along y; they cross with 5 mm overlap. The normal
  // must point from A (above) into B (below) and stay put when the bodies turn a little.
  const TriMesh box = makeBox(Vec3::Constant(0.1), 4);
  const double quarter = std::numbers::pi / 4, h = 0.1 * std::sqrt(2.0) - 0.0025;
  for (double wobble : {0.0, 1e-3, -2e-3, 3e-3}) {
    const ContactRegions r = regionsOf(box, at(Vec3(0, 0, h), Vec3(quarter + wobble, 0, 0)), box,
                                       at(Vec3(0, 0, -h), Vec3(0, quarter - wobble, wobble)));
    REQUIRE(r.patches.size() == 1);
    INFO("wobble " << wobble);
    CHECK(r.patches[0].normal.dot(-Vec3::UnitZ()) > std::cos(5.0 * std::numbers::pi / 180));
    CHECK(r.patches[0].indentation == Approx(0.005).epsilon(0.2));
  }
}

TEST_CASE("a sharp edge pressed into a faceted cylinder: the cylinder's facet normal",
          "[regions]") {
  // A wedge's edge (apex angle α), crossing a 16-gon cylinder's axis (z) at χ, pressed δ into
  // its wall at polar angle φ, the wedge tilted by ψ about its edge. An edge indenting a face
  // has that face's normal (the direction of least penetration), not a mean with its own faces:
  // whatever α, χ, ψ, δ and φ, every patch's normal (from the wedge, A, into the cylinder, B)
  // lies in the cone of the facets it touches (one degree of slack): one facet's normal where
  // the edge presses a single facet, between two across a ridge. Like the
  // hawse pipe's lip on the anchor's faceted shank (issue 15): a short edge, a wedge whose
  // triangles are 15 times the cylinder's, φ across a ridge between facets.
  constexpr int kSegments = 16;
  constexpr double kPi = std::numbers::pi;
  const double radius = 0.1, side = 0.3, half_edge = 0.005;
  const TriMesh cylinder = makeCylinder(radius, 0.2, kSegments, 40);
  const double facet = 2 * kPi / kSegments;
  for (const double alpha : {90.0, 111.0}) {
    const TriMesh wedge = makeWedge(alpha * kPi / 180, side, half_edge);
    for (const double chi : {0.0, 30.0, 60.0, 90.0}) {
      for (const double psi : {0.0, 15.0, 30.0}) {
        for (const double delta : {2e-4, 1e-3}) {
          for (int k = 0; k <= 12; ++k) {
            const double phi = 0.3 * facet + k * 0.1 * facet;  // across a ridge at φ = facet
            // The polygon's wall at φ: its facet's mid-normal is at the nearest (i + ½)·facet.
            const double mid = (std::floor(phi / facet) + 0.5) * facet;
            const double wall = radius * std::cos(facet / 2) / std::cos(phi - mid);
            const Vec3 radial(std::cos(phi), std::sin(phi), 0.0);
            Pose pose;  // the wedge's apex (local −y) towards the axis, then tilted
            pose.rotation = Eigen::AngleAxisd(chi * kPi / 180, radial).toRotationMatrix() *
                            Eigen::AngleAxisd(phi - kPi / 2 + psi * kPi / 180, Vec3::UnitZ())
                                .toRotationMatrix();
            pose.translation = (wall - delta) * radial;
            const ContactRegions r = regionsOf(wedge, pose, cylinder, Pose::identity());
            INFO("α " << alpha << "°, χ " << chi << "°, ψ " << psi << "°, δ " << delta * 1e3
                      << " mm, φ " << phi * 180 / kPi << "°");
            REQUIRE(!r.patches.empty());
            for (const ContactPatch& patch : r.patches) {
              // The cone of the facets this patch touches: their mean and widest deviation.
              std::vector<Vec3> facets;
              Vec3 mean = Vec3::Zero();
              for (const std::int32_t t : patch.triangles_b) {
                const Vec3 n = faceNormal(cylinder, t);
                if (std::abs(n.z()) < 0.5) facets.push_back(n), mean += n;  // not the end caps
              }
              REQUIRE(!facets.empty());
              mean.normalize();
              double spread = 0.0;
              for (const Vec3& n : facets) spread = std::max(spread, angle(n, mean));
              INFO("normal " << patch.normal.transpose() << ", "
                             << angle(-patch.normal, mean) * 180 / kPi
                             << "° from the touched facets' mean, which spread "
                             << spread * 180 / kPi << "°");
              CHECK(angle(-patch.normal, mean) <= spread + kPi / 180);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("equal boxes stacked with aligned faces: the footprint, δ and the normal", "[regions]") {
  // Two equal cubes, the upper pressed d into the lower with every face aligned: their side walls
  // share planes, so the intersection runs along coplanar faces. The overlap is the d-thick slab
  // over the whole face: δ = d, area = the face, normal straight down (A above, into B below) —
  // for any tessellation, side and depth (d up to 1 % of the side), and with the upper cube
  // shifted along one wall (two walls still coplanar) or turned a quarter turn.
  for (const int divisions : {1, 2, 4}) {
    for (const double half : {0.025, 0.5}) {
      const TriMesh cube = makeBox(Vec3::Constant(half), divisions);
      const AabbTree tree(cube);
      for (const double d : {1e-5 * half, 1e-3 * half, 2e-2 * half}) {
        for (const Pose& pose :
             {at(Vec3(0, 0, 2 * half - d)), at(Vec3(0.1 * half, 0, 2 * half - d)),
              at(Vec3(0, 0, 2 * half - d), Vec3(0, 0, std::numbers::pi / 2))}) {
          const ContactRegions r = findContact(tree, pose, tree, Pose::identity());
          INFO("divisions " << divisions << ", half " << half << ", d " << d << ", pose "
                            << pose.translation.transpose());
          REQUIRE(r.patches.size() == 1);
          const ContactPatch& p = r.patches[0];
          const double footprint = 2 * half * (2 * half - std::abs(pose.translation.x()));
          CHECK(p.indentation == Approx(d).epsilon(1e-3));
          CHECK(p.area == Approx(footprint).epsilon(1e-3));
          // The contour runs round the slab's rim, d thick over the face's half-width: the plane
          // fitted to it may lean by up to about d / half.
          CHECK(std::acos(std::min(1.0, p.normal.dot(-Vec3::UnitZ()))) <= d / half + 1e-6);
        }
      }
    }
  }
}

// ContactPatch::pressure_turn against the centre of pressure found again after the turn (central
// differences of ±1e-9 rad about the centre itself; the plate is A, the turned body B). On a flat
// face the point found again moves with the sides' weight ∫d dA = area·δ plus the contour
// centroid's fixed 0.1·area·δ, so 1/1.1 of the foundation's own shift, which pressure_turn is
// (pressure_centre.h); for a disc that shift is R²/(4δ) per radian (J = R²/4). A cap rolls: its
// centre of pressure stays under the cap's centre, R per radian, the contour moving with it.
TEST_CASE("a turn moves the centre of pressure as pressure_turn says", "[regions][pressure]") {
  const TriMesh plate = makePlate(1.0, 1.0, 0.02, 8);  // top face z = 0
  const double R = 0.05, delta = 1e-6, eps = 1e-9;
  const auto found = [&](const TriMesh& body, const Pose& pose) {
    const auto regions = regionsOf(plate, Pose(), body, pose);
    REQUIRE(regions.patches.size() == 1);
    return regions.patches[0];
  };
  // The shift per radian of turn about `axis`, by central differences of the point found again.
  const auto differenced = [&](const TriMesh& body, const Pose& pose, const Vec3& centre,
                               const Vec3& axis) {
    Vec3 moved[2];
    for (int side = 0; side < 2; ++side) {
      const Pose turn = at(Vec3::Zero(), (side == 0 ? -eps : eps) * axis);
      Pose turned = pose;
      turned.rotation = turn.rotation * pose.rotation;
      turned.translation = centre + turn.rotation * (pose.translation - centre);
      moved[side] = found(body, turned).pressure_centre;
    }
    return Vec3((moved[1] - moved[0]) / (2.0 * eps));
  };
  SECTION("flat faces") {
    const TriMesh disc = makeCylinder(R, 0.01, 48, 1);
    const TriMesh block = makeBox(Vec3(0.1, 0.05, 0.02), 4);
    for (const auto& [body, pose] :
         {std::pair{&disc, at(Vec3(0.1, -0.05, 0.005 - delta), Vec3(0, 0, 0.3))},
          std::pair{&block, at(Vec3(0.1, -0.05, 0.02 - delta))}}) {
      const ContactPatch p = found(*body, pose);
      for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0.6, 0.8, 0)}) {
        const Vec3 expected = differenced(*body, pose, p.pressure_centre, axis);
        const Vec3 shift = p.pressure_turn * axis;
        INFO("axis " << axis.transpose() << ": " << shift.transpose() << " against "
                     << expected.transpose() << " found again");
        CHECK((shift - 1.1 * expected).norm() < 1e-3 * expected.norm());
      }
    }
    // The disc's lever in closed form: a regular N-gon of circumradius R has ∫y² dA / area =
    // R²(1 + 2cos²(π/N))/12 (R²/4 as N grows), here N = 48.
    const ContactPatch p = found(disc, at(Vec3(0.1, -0.05, 0.005 - delta)));
    const double c = std::cos(std::numbers::pi / 48.0);
    CHECK((p.pressure_turn * Vec3::UnitX()).y() ==
          Approx(-R * R * (1.0 + 2.0 * c * c) / (12.0 * delta)).epsilon(1e-4));
  }
  SECTION("a cap rolls") {
    const TriMesh ball = makeIcosphere(R, 5);
    const Pose pose = at(Vec3(0.1, -0.05, R - 1e-3));
    const ContactPatch p = found(ball, pose);
    for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 1, 0)}) {
      const Vec3 expected = differenced(ball, pose, p.pressure_centre, axis);
      const Vec3 shift = p.pressure_turn * axis;
      INFO("axis " << axis.transpose() << ": " << shift.transpose() << " against "
                   << expected.transpose() << " found again");
      // Under the centre: B turned by θ about x_c moves its centre by θ × (R·n) — to the
      // facets' error (the 10 mm wide cap spans six 1.7 mm facets, whose curvature is not the
      // sphere's) — and as the point found again moves, to 1 %.
      CHECK((shift - axis.cross(R * Vec3::UnitZ())).norm() < 0.05 * R);
      CHECK((shift - expected).norm() < 0.01 * R);
    }
  }
}
