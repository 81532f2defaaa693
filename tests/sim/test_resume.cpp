// Resuming from a checkpoint (Simulation::checkpoint/restore) continues a run bit for bit: the
// continued frames equal those of the run that was never interrupted, in every stored bit, on
// shipped scenes that exercise each piece of carried state — stick–slip friction anchors and
// passivity ledgers (block on the ramp, pin on the bore's rim), contacts coming and going with the
// tangent's pattern (stack of five), chains and the windlass (anchor), motors and stops (crank),
// the penalty carried through a singular position (N-four-bar).
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "shipped_scene.h"
#include "sim/simulation.h"

namespace contactsim {
namespace {

// Doubles compared by their bits: a NaN equals itself, −0 differs from +0.
bool same(double x, double y) {
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}
bool same(const Vec3& x, const Vec3& y) {
  return same(x[0], y[0]) && same(x[1], y[1]) && same(x[2], y[2]);
}

// What differs between two frames, or empty. Everything but the step's wall time.
std::string difference(const SimulationFrame& x, const SimulationFrame& y) {
  if (!same(x.time, y.time)) return "time";
  if (x.bodies.size() != y.bodies.size()) return "body count";
  for (std::size_t b = 0; b < x.bodies.size(); ++b) {
    const BodyState &p = x.bodies[b], &r = y.bodies[b];
    for (int i = 0; i < 3; ++i)
      if (!same(Vec3(p.pose.rotation.row(i)), Vec3(r.pose.rotation.row(i))))
        return "rotation of body " + std::to_string(b);
    if (!same(p.pose.translation, r.pose.translation))
      return "position of body " + std::to_string(b);
    if (!same(p.linear_velocity, r.linear_velocity) ||
        !same(p.angular_velocity, r.angular_velocity))
      return "velocity of body " + std::to_string(b);
  }
  if (x.contacts.size() != y.contacts.size()) return "contact count";
  for (std::size_t k = 0; k < x.contacts.size(); ++k) {
    const ContactDiagnostics &p = x.contacts[k], &r = y.contacts[k];
    if (p.body_a != r.body_a || p.body_b != r.body_b || p.patch.id != r.patch.id ||
        p.sticking != r.sticking)
      return "contact " + std::to_string(k) + " identity";
    if (!same(p.normal_force, r.normal_force) || !same(p.friction_force, r.friction_force) ||
        !same(p.rolling_torque, r.rolling_torque) || !same(p.spin_torque, r.spin_torque) ||
        !same(p.indentation_rate, r.indentation_rate) || !same(p.slip_velocity, r.slip_velocity) ||
        !same(p.patch.pressure_centre, r.patch.pressure_centre) ||
        !same(p.patch.normal, r.patch.normal) || !same(p.patch.indentation, r.patch.indentation) ||
        !same(p.patch.area, r.patch.area))
      return "contact " + std::to_string(k) + " force or geometry";
  }
  if (x.cables.size() != y.cables.size()) return "cable count";
  for (std::size_t c = 0; c < x.cables.size(); ++c)
    if (!same(x.cables[c].length, y.cables[c].length) ||
        !same(x.cables[c].tension, y.cables[c].tension))
      return "cable " + std::to_string(c);
  if (x.drives.size() != y.drives.size()) return "drive count";
  for (std::size_t d = 0; d < x.drives.size(); ++d)
    if (!same(x.drives[d].position, y.drives[d].position) ||
        !same(x.drives[d].effort, y.drives[d].effort))
      return "drive " + std::to_string(d);
  const EnergyReport &e = x.energy, &f = y.energy;
  if (!same(e.kinetic, f.kinetic) || !same(e.gravity, f.gravity) || !same(e.springs, f.springs) ||
      !same(e.cable_work, f.cable_work) || !same(e.drive_work, f.drive_work) ||
      !same(e.load_work, f.load_work) || !same(e.source_work, f.source_work) ||
      !same(e.dissipated, f.dissipated))
    return "energy account";
  if (x.solver.newton_iterations != y.solver.newton_iterations ||
      x.solver.substeps != y.solver.substeps ||
      !same(x.solver.smallest_substep, y.solver.smallest_substep) ||
      !same(x.solver.constraint_violation, y.solver.constraint_violation))
    return "solver statistics";
  return {};
}

// What the resumed part of a run exercised, so that a section cannot pass vacuously.
struct Exercised {
  int contacts = 0, sticking = 0, taut_cables = 0, drive_efforts = 0;
  // Steps in which the scene's last body was lifted (its vertical speed rose: a contact acted
  // within the step, whether or not it lasted to the step's end — a steel cube's landing lasts a
  // fraction of a millisecond), and steps it flew (its speed fell by gravity's alone).
  int last_body_lifted = 0, last_body_flying = 0;
};

// Runs `scene` for `steps` steps with a checkpoint after `at`; a second simulation of the same
// scene restored from it must produce the same frames for the steps after `at`.
Exercised checkResume(const std::function<Scene()>& make_scene, int at, int steps) {
  Simulation original(make_scene());
  std::vector<std::uint8_t> checkpoint;
  std::vector<SimulationFrame> frames;
  for (int k = 1; k <= steps; ++k) {
    original.step();
    if (k == at) checkpoint = original.checkpoint().value();
    if (k > at) frames.push_back(original.frame());
  }
  Simulation resumed(make_scene());
  resumed.restore(checkpoint);
  CHECK(resumed.time() == Approx(at * original.scene().solver.time_step));
  CHECK((resumed.contacts() == nullptr || resumed.contacts()->contacts().empty()));
  for (std::size_t k = 0; k < frames.size(); ++k) {
    resumed.step();
    const std::string diff = difference(resumed.frame(), frames[k]);
    INFO("step " << at + 1 + static_cast<int>(k) << " of the run");
    REQUIRE(diff == "");
  }
  // A checkpoint taken again at the end is the original's, byte for byte.
  CHECK((resumed.checkpoint().value() == original.checkpoint().value()));
  Exercised seen;
  const double fall = -original.scene().gravity.z() * original.scene().solver.time_step;
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const SimulationFrame& frame = frames[k];
    if (!frame.contacts.empty()) ++seen.contacts;
    for (const ContactDiagnostics& c : frame.contacts) seen.sticking += c.sticking ? 1 : 0;
    if (k > 0) {
      const double rise =
          frame.bodies.back().linear_velocity.z() - frames[k - 1].bodies.back().linear_velocity.z();
      seen.last_body_lifted += rise > 0.0 ? 1 : 0;
      seen.last_body_flying += std::abs(rise + fall) <= 1e-6 * fall ? 1 : 0;
    }
    for (const CableState& cable : frame.cables) seen.taut_cables += cable.tension > 0.0 ? 1 : 0;
    for (const JointDriveState& drive : frame.drives)
      seen.drive_efforts += drive.effort != 0.0 ? 1 : 0;
  }
  return seen;
}

Exercised checkResume(const std::string& scene_file, int at, int steps) {
  INFO(scene_file);
  return checkResume([&] { return test::readShippedScene(scene_file); }, at, steps);
}

}  // namespace

TEST_CASE("Resuming from a checkpoint continues a run bit for bit", "[resume]") {
  // Sliding friction on the ramp, resumed in contact (ledgers, δ̇₀).
  SECTION("block on the ramp") {
    const Exercised seen = checkResume("block_on_ramp.json", 150, 400);
    CHECK(seen.contacts == 250);  // sliding (tan 30° > μ), friction all the way
  }
  // Resumed in free fall 10 ms before the pin meets the rim: error control's next substep,
  // then a conforming impact.
  SECTION("pin on the bore's rim") {
    const Exercised seen = checkResume("corpus/pin_on_bore_rim.json", 470, 750);
    CHECK(seen.contacts > 0);
  }
  // Five cubes settling: stiction anchors, contacts that come and go, and with them the
  // tangent's history-dependent sparsity pattern.
  SECTION("stack of five") {
    const Exercised seen = checkResume("corpus/stack_of_five.json", 200, 450);
    CHECK(seen.contacts == 250);
    CHECK(seen.sticking > 0);
  }
  // The top cube tossed up and caught again: resumed while it flies, its contact gone but its
  // couplings still in the tangent's sparsity pattern (60 coordinates: the sparse LDLᵀ, whose
  // ordering, and so its round-off, follows the pattern).
  SECTION("stack of five, the top cube tossed") {
    const Exercised seen = checkResume(
        [] {
          Scene scene = test::readShippedScene("corpus/stack_of_five.json");
          scene.bodies.back().linear_velocity = Vec3(0.0, 0.0, 0.6);
          return scene;
        },
        60, 250);
    CHECK(seen.last_body_lifted > 0);  // it lands within the resumed part
    CHECK(seen.last_body_flying > 0);  // and flies in it
  }
  // A crank turned at a set speed and an arm held by a PD motor.
  SECTION("N-four-bar in a singular passage, the penalty raised") {
    // The checkpoint is taken at the first step that leaves a raised penalty to the next
    // (docs/dynamics.md, "Singular positions"): resumed without it, the next step would start
    // from α and take other iterates.
    const std::string file = "benchmarks/a02_four_bar_n4.json";
    Simulation probe(test::readShippedScene(file));
    int raised = 0;
    while (raised == 0 && probe.time() < 2.0) {
      probe.step();
      if (probe.integrator().penaltyCarry() > 1.0)
        raised = static_cast<int>(std::lround(probe.time() / probe.scene().solver.time_step));
    }
    REQUIRE(raised > 0);
    checkResume(file, raised, raised + 300);
  }
  SECTION("driven crank") {
    const Exercised seen = checkResume("driven_crank.json", 300, 600);
    CHECK(seen.drive_efforts == 2 * 300);
  }
}

TEST_CASE("Resuming the anchor continues its chain, windlass and contacts bit for bit",
          "[resume][anchor]") {
  // From 1.5 s to 2.5 s: hauled up the bow, the anchor in contact with the hull.
  const Exercised seen = checkResume("anchor_hull.json", 1500, 2500);
  CHECK(seen.taut_cables > 0);
  CHECK(seen.contacts > 0);
}

TEST_CASE("Resuming the anchor where a pair keeps its geometry at rest continues bit for bit",
          "[resume][anchor]") {
  // The crown rests against the shank's stop while both are hauled (t ≈ 11.3 s): that pair keeps
  // the geometry of an earlier step (docs/dynamics.md, "Geometry kept at rest"). The checkpoint
  // is taken at the step before the first that keeps one, so the resumed run must find that
  // geometry where the original had found it.
  Simulation original(test::readShippedScene("anchor_hull.json"));
  std::vector<std::uint8_t> before = original.checkpoint().value();
  while (original.contacts()->timings().geometries_kept == 0 && original.time() < 20.0) {
    before = original.checkpoint().value();
    original.step();
  }
  REQUIRE(original.contacts()->timings().geometries_kept > 0);
  std::vector<SimulationFrame> frames{original.frame()};
  for (int k = 0; k < 100; ++k) {
    original.step();
    frames.push_back(original.frame());
  }
  Simulation resumed(test::readShippedScene("anchor_hull.json"));
  resumed.restore(before);
  for (std::size_t k = 0; k < frames.size(); ++k) {
    resumed.step();
    INFO("step " << k << " after the checkpoint, t = " << resumed.time() << " s");
    REQUIRE(difference(resumed.frame(), frames[k]) == "");
  }
  CHECK(resumed.contacts()->timings().geometries_kept > 0);
  CHECK((resumed.checkpoint().value() == original.checkpoint().value()));
}

TEST_CASE("A checkpoint that does not fit is refused with one line", "[resume]") {
  Simulation block(test::readShippedScene("block_on_ramp.json"));
  block.step();
  const std::vector<std::uint8_t> bytes = block.checkpoint().value();
  SECTION("another scene") {
    Simulation crank(test::readShippedScene("driven_crank.json"));
    CHECK_THROWS_WITH(crank.restore(bytes), Catch::Contains("other bodies or joints"));
  }
  SECTION("truncated at every length") {
    for (std::size_t n = 0; n < bytes.size(); n += 29) {
      Simulation fresh(test::readShippedScene("block_on_ramp.json"));
      CHECK_THROWS_AS(fresh.restore(std::span(bytes.data(), n)), CheckpointError);
    }
  }
  SECTION("bytes left over") {
    std::vector<std::uint8_t> longer = bytes;
    longer.push_back(0);
    Simulation fresh(test::readShippedScene("block_on_ramp.json"));
    CHECK_THROWS_WITH(fresh.restore(longer), Catch::Contains("left over"));
  }
  SECTION("not a checkpoint") {
    std::vector<std::uint8_t> garbage(bytes.size(), 0xab);
    Simulation fresh(test::readShippedScene("block_on_ramp.json"));
    CHECK_THROWS_WITH(fresh.restore(garbage), Catch::Contains("not a contactsim checkpoint"));
  }
}

}  // namespace contactsim
