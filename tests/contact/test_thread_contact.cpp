// A nut on a bolt (ISO M8×1, geometry/thread_mesh.h) pushed along the axis beyond its play: the
// helical strip of contact is split into patches on the loaded flanks only, whose δ is the
// flanks' normal interference.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numbers>
#include <tuple>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "contact/region_split.h"
#include "geometry/thread_mesh.h"

using namespace contactsim;

namespace {

constexpr double kPi = std::numbers::pi;

Pose axial(double z) {
  Pose p = Pose::identity();
  p.translation = Vec3(0, 0, z);
  return p;
}

// ISO M8×1 (ThreadSpec's default profile), finer than the shipped pair's mesh; the nut made from
// it gets radial clearance on its flats and axial play.
ThreadSpec m8Bolt() {
  ThreadSpec spec;
  spec.length = 0.012;
  spec.segments_per_turn = 192;
  spec.flank_divisions = 3;
  spec.radial_clearance = 0.05e-3;
  spec.axial_clearance = 0.1e-3;
  return spec;
}

// Runs the bodies last to first: what a loop on threads may do.
const IndexLoop kReversed = [](std::size_t count, const std::function<void(std::size_t)>& body) {
  for (std::size_t i = count; i-- > 0;) body(i);
};

void requireSamePatches(const std::vector<ContactPatch>& x, const std::vector<ContactPatch>& y) {
  REQUIRE(x.size() == y.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    CAPTURE(k);
    CHECK(x[k].centroid == y[k].centroid);
    CHECK(x[k].pressure_centre == y[k].pressure_centre);
    CHECK(x[k].normal == y[k].normal);
    CHECK(x[k].indentation == y[k].indentation);
    CHECK(x[k].law_indentation == y[k].law_indentation);
    CHECK(x[k].area == y[k].area);
    CHECK(x[k].depth_a == y[k].depth_a);
    CHECK(x[k].depth_b == y[k].depth_b);
    CHECK(x[k].triangles_a == y[k].triangles_a);
    CHECK(x[k].triangles_b == y[k].triangles_b);
    CHECK(x[k].loops == y[k].loops);
  }
}

}  // namespace

TEST_CASE("a nut pressed along a bolt bears on the loaded flanks, δ = interference × cos 30°",
          "[conforming][thread]") {
  // Bolt (A, fixed) and nut (B) of M8×1; the nut has radial clearance c_r on its flats (crests
  // never touch) and axial play c_a. Placed a whole number of pitches up the bolt it is centred,
  // c_a/2 from either flank; moved down by c_a/2 + i its flanks' lower faces cut into the bolt's
  // upper flanks by i along the axis. Different columns per turn (192, 198) keep the two meshes'
  // facets out of step, as between any two real meshes.
  // Also at the shipped pair's resolution (assets/generator/generate_models.cpp: 96 and 102
  // columns, two divisions per flank), where the nut's crests, cutting the bolt's flanks without
  // a vertex inside, were taken to face the bolt's crests across the overlap: two radial pieces
  // (normal ⟂ axis) beside the flanks' until 2026-12-02 (region_split.h).
  const auto [bolt_columns, nut_columns, divisions] =
      GENERATE(std::tuple{192, 198, 3}, std::tuple{96, 102, 2});
  CAPTURE(bolt_columns, nut_columns, divisions);
  ThreadSpec bolt_spec = m8Bolt();
  bolt_spec.segments_per_turn = bolt_columns;
  bolt_spec.flank_divisions = divisions;
  ThreadSpec nut_spec = bolt_spec;
  nut_spec.length = 0.0065;
  nut_spec.segments_per_turn = nut_columns;
  const TriMesh bolt_mesh = makeBolt(bolt_spec);
  const TriMesh nut_mesh = makeNut(nut_spec, NutBody{0.013, 0.0});
  const AabbTree bolt(bolt_mesh), nut(nut_mesh);  // the trees refer to the meshes
  const double P = bolt_spec.pitch, d = bolt_spec.nominal_diameter;
  const double flank = kPi / 6;  // half the 60° thread angle

  // The helicoid r = ρ, z = c − r·tan 30° + P·θ/2π has, at radius r, the normal
  // (r/√3, −P/2π, r)/|·| in (e_r, e_θ, e_z): axial part cos 30°/√(1 + ¾·tan²λ_r) with
  // tan λ_r = P/(2π r), least at the minor radius.
  const double tan_lead = P / (2 * kPi * (d / 2 - 5 * std::sqrt(3.0) / 16 * P));
  const double axial_part = std::cos(flank) / std::sqrt(1 + 0.75 * tan_lead * tan_lead);
  // Every vertex lies on its surface and a facet at most the helix chord's sag
  // ρ(1 − cos(π/n)) inside it; each side's facets may shift δ by that much.
  const double sags = d / 2 * (1 - std::cos(kPi / bolt_columns)) +
                      (d / 2 + bolt_spec.radial_clearance) * (1 - std::cos(kPi / nut_columns));

  SECTION("within the play: no contact") {
    const ContactRegions r = findContact(bolt, Pose::identity(), nut,
                                         axial(0.003 - 0.8 * bolt_spec.axial_clearance / 2));
    CHECK(r.patches.empty());
  }
  for (const double i : {0.01e-3, 0.02e-3, 0.04e-3}) {
    const ContactRegions r =
        findContact(bolt, Pose::identity(), nut, axial(0.003 - bolt_spec.axial_clearance / 2 - i));
    INFO("axial interference " << i * 1e3 << " mm");
    // One turn's flank turns its normal through a cone of 30° about the axis, beyond any single
    // patch: at least two pieces.
    REQUIRE(r.patches.size() >= 2);
    double axial_area = 0.0;
    Vec3 area_normal = Vec3::Zero();
    for (const ContactPatch& p : r.patches) {
      INFO("normal " << p.normal.transpose() << " δ " << p.indentation << " area " << p.area);
      // Loaded flanks only: the bolt's upper flanks, whose normal (from the bolt into the nut)
      // leans 30° off the axis, upwards. A patch's normal is its flank normals' mean over an
      // azimuth span ±β (β ≤ 60°, where the flank normal has turned 30°): its tilt from the axis
      // is atan(tan 30°·sin β/β) ≥ 25.5°, and at most 30° plus the lead (≤ 1°).
      const double tilt = std::acos(std::clamp(p.normal.z(), -1.0, 1.0));
      CHECK(tilt >= std::atan(std::tan(flank) * std::sin(kPi / 3) / (kPi / 3)));
      CHECK(tilt <= flank + kPi / 180);
      // Two flanks parallel at axial distance i are i·n_z apart along their normal n, and
      // i·n_z/(m·n) along the patch's normal m. At the patch's centre m·n ≈ 1; over its contour
      // the flank normal (sin 30°·e_r(φ), cos 30°) turns with the azimuth φ, so δ (the largest
      // overlap) lies between the normal interference and its value where m·n is least.
      double least = 1.0;
      for (const auto& loop : p.loops) {
        for (const Vec3& x : loop) {
          const Vec3 radial = Vec3(x.x(), x.y(), 0).normalized();
          const Vec3 n = std::sin(flank) * radial + std::cos(flank) * Vec3::UnitZ();
          least = std::min(least, p.normal.dot(n));
        }
      }
      CHECK(p.indentation >= i * axial_part - sags);
      CHECK(p.indentation <= i * std::cos(flank) / least + sags);
      axial_area += p.area * p.normal.z();
      area_normal += p.area * p.normal;
      // The piece's wrench per unit normal force on the nut, (m, c × m + κ) about the axis, screws
      // as the flank's pressure does: on a helicoid every normal's moment about the axis is the
      // lead P/2π times its axial part, so a frictionless thread does no work along the screw
      // (docs/method.md, "Where a piece's force acts"). The piece's facets are off by up to 13 %
      // each (a twisted quad's two triangles lean either way) and its parts' sums by 0.5 %; the
      // centre of pressure in the piece's plane and the plane's normal put pieces tens of per
      // cent off until 2026-12-03. A right-hand thread: pushed up, the nut turns clockwise seen
      // from above, the way it screws down.
      const double moment = (p.pressure_centre.cross(p.normal) + p.pressure_couple).z();
      CHECK(moment / p.normal.z() == Approx(-P / (2 * kPi)).epsilon(0.02));
    }
    // The nut is loaded all round: the patches' radial parts cancel but for the last, incomplete
    // turn (6.5 turns engaged: half a turn of 6.5, radial/axial tan 30°, mean over a half turn
    // 2/π of it) — below 0.1 of the axial part.
    CHECK(area_normal.head<2>().norm() <= 0.1 * axial_area);
  }
}

// The query's loop (ContactQueryOptions::loop) runs the kept cut's blocks, the regions, the
// facing search's blocks and a split region's pieces side by side; whatever order they run in,
// the patches are those of the serial query, bit for bit. A nut tilted on its bolt gives many
// regions and pieces; a second query resumes from the first's cut.
TEST_CASE("a contact query gives the same patches whatever order its loop runs in",
          "[conforming][thread]") {
  ThreadSpec nut_spec = m8Bolt();
  nut_spec.length = 0.0065;
  nut_spec.segments_per_turn = 198;
  const TriMesh bolt_mesh = makeBolt(m8Bolt());
  const TriMesh nut_mesh = makeNut(nut_spec, NutBody{0.013, 0.0});
  const AabbTree bolt(bolt_mesh), nut(nut_mesh);
  ContactWorkspace serial, reversed;
  std::size_t most_patches = 0, most_cut = 0;
  for (int k = 0; k < 4; ++k) {
    CAPTURE(k);
    Pose pose = Pose::fromTranslationRotationVector(Vec3(0, 0, 0.00294 - 2e-6 * k),
                                                    Vec3(0.004 + 1e-4 * k, 0.002, 0.1 * k));
    const ContactRegions expected = findContact(bolt, Pose::identity(), nut, pose, serial);
    const ContactRegions found =
        findContact(bolt, Pose::identity(), nut, pose, reversed,
                    {.check_containment = true, .extras = {}, .loop = &kReversed});
    requireSamePatches(found.patches, expected.patches);
    CHECK(reversed.front.entries.size() == serial.front.entries.size());
    most_patches = std::max(most_patches, expected.patches.size());
    most_cut = std::max(most_cut, serial.front.entries.size());
  }
  CHECK(most_patches >= 4);
  CHECK(most_cut > 2 * kLoopGrain);  // the cut runs in several blocks
}
