// The procedural models of the flagship scene (hull, two-body anchor) and the small demo
// shapes: closed, outward, free of self-intersections, with the documented key features.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <utility>

#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "generator/anchor_model.h"
#include "generator/demo_shapes.h"
#include "generator/flagship_pose.h"
#include "generator/grading.h"
#include "generator/hull_model.h"
#include "geometry/mass_properties.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::models;

namespace {

const HullModel& hull() {
  static const HullModel model = makeHull();
  return model;
}
const AnchorModel& anchor() {
  static const AnchorModel model = makeAnchor();
  return model;
}

long eulerCharacteristic(const TriMesh& mesh) {  // closed surface: E = 3F/2
  return static_cast<long>(mesh.vertexCount()) - static_cast<long>(mesh.triangleCount()) / 2;
}

void checkClosedOutward(const TriMesh& mesh) {
  CHECK(mesh.watertight());
  CHECK(mesh.consistentlyOriented());
  CHECK(mesh.degenerateTriangleCount() == 0);
  const MassProperties props = computeMassProperties(mesh, 1.0);
  CHECK(props.exact());
  CHECK(props.volume > 0.0);  // outward normals enclose a positive volume
}

// Pairs of triangles that share no vertex yet intersect: through the mesh's own AABB tree.
std::size_t selfIntersections(const TriMesh& mesh) {
  const AabbTree tree(mesh);
  const CollisionResult result = collide(tree, tree, Pose::identity());
  std::size_t count = 0;
  for (const TrianglePair& pair : result.pairs) {
    if (pair.a >= pair.b) continue;  // each unordered pair once, no triangle with itself
    const auto& ta = mesh.triangles()[pair.a];
    const auto& tb = mesh.triangles()[pair.b];
    bool adjacent = false;
    for (const auto va : ta) {
      for (const auto vb : tb) adjacent = adjacent || va == vb;
    }
    if (!adjacent) ++count;
  }
  return count;
}

// Segment [p, q] against one triangle (Möller–Trumbore), including its boundary.
bool segmentHitsTriangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b,
                         const Vec3& c) {
  const Vec3 d = q - p, e1 = b - a, e2 = c - a;
  const Vec3 h = d.cross(e2);
  const double det = e1.dot(h);
  if (std::abs(det) < 1e-15) return false;
  const Vec3 s = p - a;
  const double u = s.dot(h) / det;
  if (u < 0 || u > 1) return false;
  const Vec3 r = s.cross(e1);
  const double v = d.dot(r) / det;
  if (v < 0 || u + v > 1) return false;
  const double t = e2.dot(r) / det;
  return t >= 0 && t <= 1;
}

std::size_t segmentHits(const TriMesh& mesh, const Vec3& p, const Vec3& q) {
  std::size_t hits = 0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    hits += segmentHitsTriangle(p, q, mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2));
  }
  return hits;
}

std::size_t crossings(const TriMesh& a, const TriMesh& b, const Pose& a_in_b) {
  const AabbTree ta(a), tb(b);
  return collide(ta, tb, a_in_b).pairs.size();
}

}  // namespace

TEST_CASE("the hull is a closed genus-1 solid of CAD density", "[models][hull]") {
  const TriMesh& mesh = hull().mesh;
  checkClosedOutward(mesh);
  CHECK(mesh.triangleCount() >= 60000);
  CHECK(mesh.triangleCount() <= 250000);
  const long genus = (2 - eulerCharacteristic(mesh)) / 2;
  CHECK(genus >= 1);
  CHECK(selfIntersections(mesh) == 0);
}

TEST_CASE("the hawse pipe's bore is free and the plating is not", "[models][hull]") {
  const HullModel& h = hull();
  CHECK(h.bore_radius >= 0.225);
  CHECK(h.bore_radius <= 0.3);
  const Vec3 axis = h.pipe_axis;
  CHECK(axis.z() < -0.3);  // inclined: down from the deck to the shell
  CHECK((h.pipe_lower - h.pipe_upper).norm() > 3.0);
  // Both openings are on the surface: upper on the deck, lower on the port shell.
  CHECK(h.pipe_upper.z() > h.pipe_lower.z() + 2.0);
  CHECK(h.pipe_lower.y() > h.pipe_upper.y());
  // Along the axis, from above the deck to beyond the shell: nothing in the way.
  const Vec3 from = h.pipe_upper - 0.5 * axis, to = h.pipe_lower + 0.5 * axis;
  CHECK(segmentHits(h.mesh, from, to) == 0);
  // Parallel segments just outside the bore run through the solid's surface.
  const Vec3 side = axis.cross(Vec3::UnitZ()).normalized();
  const Vec3 up = side.cross(axis).normalized();
  for (const Vec3& offset : {side, Vec3(-side), up, Vec3(-up)}) {
    const Vec3 shift = (h.bore_radius + 0.05) * offset;
    CHECK(segmentHits(h.mesh, from + shift, to + shift) > 0);
  }
  // The pocket floor is recessed into the shell around the lower opening.
  CHECK(h.pocket_depth >= 0.2);
  CHECK((h.pocket_centre - h.pipe_lower).norm() < 0.6);
  CHECK(h.pocket_normal.y() > 0.5);
}

// The pocket's walls curve at up to 6·depth/wall² = 20 /m (hull_model.cpp): its facets must be
// fine enough that neighbours meet at small angles, or an edge sliding over the wall catches on
// each ridge between them. Over the pocket (within 1 m of its centre, away from the pipe's mouth,
// whose lip is a real edge) the steepest 1 % of the facet junctions turn by 29° or more at 5 cm
// cells, by 19° at the pocket's 2.5 cm.
TEST_CASE("the pocket's facets follow its curved walls", "[models][hull]") {
  const HullModel& h = hull();
  const TriMesh& mesh = h.mesh;
  std::vector<double> angles;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    for (int k = 0; k < 3; ++k) {
      const std::int32_t across = mesh.neighbours()[t][k];
      REQUIRE(across >= 0);                                 // watertight
      if (across < static_cast<std::int32_t>(t)) continue;  // each edge once
      const Vec3 middle = 0.5 * (mesh.corner(t, k) + mesh.corner(t, (k + 1) % 3));
      if ((middle - h.pocket_centre).norm() > 1.0) continue;
      if ((middle - h.pipe_lower).norm() < 2.0 * h.bore_radius) continue;
      const double cosine = std::clamp(mesh.normals()[t].dot(mesh.normals()[across]), -1.0, 1.0);
      angles.push_back(std::acos(cosine));
    }
  }
  REQUIRE(angles.size() > 1000);
  std::sort(angles.begin(), angles.end());
  const double p99 = angles[static_cast<std::size_t>(0.99 * (angles.size() - 1))];
  INFO("pocket facet junctions: " << angles.size() << ", 99th percentile " << p99 * 180 / M_PI
                                  << " deg");
  CHECK(p99 < 25.0 * M_PI / 180.0);
}

TEST_CASE("graded nodes take the finest spacing any band asks", "[models]") {
  // 5 cm over [1, 3], 2.5 cm over [1.5, 2] nested in it, 0.3 m elsewhere, growth 12 % per cell.
  const std::vector<double> nodes =
      gradedNodes(0.0, 5.0, {{1.0, 3.0, 0.05}, {1.5, 2.0, 0.025}}, 0.3);
  REQUIRE(nodes.front() == 0.0);
  REQUIRE(nodes.back() == 5.0);
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) {
    const double middle = 0.5 * (nodes[i] + nodes[i + 1]), cell = nodes[i + 1] - nodes[i];
    REQUIRE(cell > 0.0);
    if (middle > 1.55 && middle < 1.95) CHECK(cell == Approx(0.025).epsilon(0.05));
    if ((middle > 1.1 && middle < 1.4) || (middle > 2.1 && middle < 2.9))
      CHECK(cell <= 0.05 * 1.05);
    CHECK(cell <= 0.3 * 1.05);
  }
  // One band is the old form.
  CHECK(gradedNodes(0.0, 5.0, 1.0, 3.0, 0.05, 0.3) ==
        gradedNodes(0.0, 5.0, {{1.0, 3.0, 0.05}}, 0.3));
}

TEST_CASE("the anchor: two closed steel bodies of 6414 kg", "[models][anchor]") {
  const AnchorModel& a = anchor();
  checkClosedOutward(a.shank);
  checkClosedOutward(a.crown);
  for (const TriMesh* mesh : {&a.shank, &a.crown}) {
    CHECK(mesh->triangleCount() >= 10000);
    CHECK(mesh->triangleCount() <= 40000);
    CHECK((2 - eulerCharacteristic(*mesh)) / 2 == 1);  // shackle eye; slot for the shank
    CHECK(selfIntersections(*mesh) == 0);
  }
  const MassProperties shank = computeMassProperties(a.shank, kSteelDensity);
  const MassProperties crown = computeMassProperties(a.crown, kSteelDensity);
  CHECK(shank.method == MassMethod::ClosedSurface);
  CHECK(crown.method == MassMethod::ClosedSurface);
  CHECK(shank.mass + crown.mass == Approx(kAnchorMass).epsilon(0.005));
  CHECK(a.shank_length >= 2.8);
  CHECK(a.shank_length <= 3.2);
  CHECK(a.fluke_tip_span >= 1.8);
  CHECK(a.fluke_tip_span <= 2.4);
  // The eye is at the shank's top end, the pin in the crown.
  CHECK(a.shackle_point.z() > a.shank.bounds().max().z() - 0.3);
  CHECK(a.crown.bounds().contains(a.pin_point));
}

TEST_CASE("shank and crown clear each other, and the slot stops the tilt", "[models][anchor]") {
  const AnchorModel& a = anchor();
  CHECK(crossings(a.crown, a.shank, Pose::identity()) == 0);
  const double limit = kFlukeTiltDegrees * M_PI / 180.0;
  for (const double angle : {-limit + 0.03, -0.3, 0.3, limit - 0.03}) {
    INFO("crown turned about the pin by " << angle << " rad");
    CHECK(crossings(a.crown, a.shank,
                    Pose::fromTranslationRotationVector(Vec3::Zero(), angle * a.pin_axis)) == 0);
  }
  for (const double angle : {-limit - 0.12, limit + 0.12}) {
    INFO("crown turned about the pin by " << angle << " rad");
    CHECK(crossings(a.crown, a.shank,
                    Pose::fromTranslationRotationVector(Vec3::Zero(), angle * a.pin_axis)) > 0);
  }
  // Pulled along the shank by more than the clearance, the crown touches the shank's neck.
  CHECK(crossings(
            a.crown, a.shank,
            Pose::fromTranslationRotationVector((2 * a.clearance) * a.pin_axis, Vec3::Zero())) > 0);
}

TEST_CASE("the anchor's hanging start pose clears the hull", "[models][anchor][hull]") {
  const Pose pose = hangingPose(anchor(), hull());
  CHECK(crossings(anchor().shank, hull().mesh, pose) == 0);
  CHECK(crossings(anchor().crown, hull().mesh, pose) == 0);
  // Against the pocket (no outboard offset) the crown would be inside the plating.
  CHECK(crossings(anchor().crown, hull().mesh, hangingPose(anchor(), hull(), 0.0)) > 0);
}

TEST_CASE("the small demo shapes are closed and outward", "[models][demo]") {
  const TriMesh ramp = makeRamp(2.0, 1.0, 30.0, 0.05);
  checkClosedOutward(ramp);
  CHECK(computeMassProperties(ramp, 1.0).volume == Approx(0.5 * 2.0 * 2.0 * std::tan(M_PI / 6)));
  const TriMesh plate = makeBorePlate(0.4, 0.04, 0.05);
  checkClosedOutward(plate);
  CHECK((2 - eulerCharacteristic(plate)) / 2 == 1);
  const TriMesh pin = makePin(0.048, 0.15, 64);
  checkClosedOutward(pin);
  // The pin stands in the bore without touching it.
  CHECK(crossings(pin, plate,
                  Pose::fromTranslationRotationVector(Vec3(0, 0, -0.1), Vec3::Zero())) == 0);
  CHECK(crossings(pin, plate,
                  Pose::fromTranslationRotationVector(Vec3(0.005, 0, -0.1), Vec3::Zero())) > 0);
}
