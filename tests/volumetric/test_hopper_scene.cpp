// The hopper demo (assets/scenes/hopper.json, written by scripts/make_hopper.py): the shipped
// files are what the generator describes, and the first quarter second of the pour obeys what
// physics says of it. (The whole 2.5 s pour takes minutes: README, "Volumetric contact".)
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "../sim/shipped_scene.h"
#include "sim/simulation.h"
#include "sim/start_check.h"
#include "volumetric/mesh_pieces.h"
#include "volumetric/volumetric_force_source.h"

using namespace contactsim;

namespace {

// The generator's dimensions (scripts/make_hopper.py, main and hopper_pieces), metres.
constexpr double kFloorHalf = 0.6, kWall = 0.01, kOpeningHalf = 0.08, kRimHeight = 0.6;

// Largest distance of a vertex from the body's origin.
double boundingRadius(const TriMesh& mesh) {
  double radius = 0.0;
  for (const Vec3& v : mesh.vertices()) radius = std::max(radius, v.norm());
  return radius;
}

}  // namespace

TEST_CASE("the hopper demo: 150+ convex pebbles over a funnel of convex slabs", "[hopper]") {
  const Scene scene = test::readShippedScene("hopper.json");
  REQUIRE(scene.bodies.size() > 150);
  const SceneBody& hopper = scene.bodies.front();
  REQUIRE(hopper.fixed);
  const volumetric::MeshPieces funnel =
      volumetric::convexPiecesOfMesh(*hopper.mesh->mesh, {}, hopper.name);
  CHECK(funnel.warnings.empty());
  // Four walls and the floor, each its own convex shell (hull = piece).
  REQUIRE(funnel.pieces.size() == 5);
  for (std::size_t k = 0; k < funnel.pieces.size(); ++k) {
    INFO("piece " << k);
    CHECK(funnel.hull_ratio[k] == Approx(1.0).epsilon(1e-9));
  }
  // The floor slab, 2·0.6 × 2·0.6 × 0.01 m; the walls alike by the funnel's fourfold symmetry.
  // (Assimp reads the vertices as single-precision floats: 6e-8 of each coordinate, so 1e-6 on a
  // volume and 1e-7 on a height.)
  CHECK(funnel.pieces[4].volume == Approx(4 * kFloorHalf * kFloorHalf * kWall).epsilon(1e-6));
  for (int k = 1; k < 4; ++k)
    CHECK(funnel.pieces[k].volume == Approx(funnel.pieces[0].volume).epsilon(1e-6));

  double rim = -std::numeric_limits<double>::infinity();
  for (const Vec3& v : hopper.mesh->mesh->vertices()) rim = std::max(rim, v.z());
  CHECK(rim == Approx(kRimHeight).epsilon(1e-7));

  // Every pebble is one convex piece, and the opening is at least three pebble diameters wide:
  // narrower, grains arch over an opening and jam it (the jamming probability falls steeply
  // between about 3 and 5 diameters: To, Lai & Pak, Phys. Rev. Lett. 86 (2001) 71).
  for (std::size_t b = 1; b < scene.bodies.size(); ++b) {
    const SceneBody& pebble = scene.bodies[b];
    INFO(pebble.name);
    REQUIRE(!pebble.fixed);
    const volumetric::MeshPieces pieces =
        volumetric::convexPiecesOfMesh(*pebble.mesh->mesh, {}, pebble.name);
    CHECK(pieces.warnings.empty());
    REQUIRE(pieces.pieces.size() == 1);
    CHECK(pieces.hull_ratio[0] == Approx(1.0).epsilon(1e-9));
    CHECK(3.0 * 2.0 * boundingRadius(*pebble.mesh->mesh) <= 2.0 * kOpeningHalf);
    // Poured from above the rim.
    CHECK(pebble.pose.translation.z() > kRimHeight);
  }
  // Nothing overlaps at the start.
  const StartCheck start = checkStart(scene);
  CHECK(start.overlaps.empty());
  CHECK(start.small_overlaps == 0);
}

TEST_CASE("the hopper's pour: free fall to the rim, then contact that never gains energy",
          "[hopper]") {
  Scene scene = test::readShippedScene("hopper.json");
  const double g = -scene.gravity.z();
  REQUIRE(g > 0.0);
  // Until a pebble's lowest point reaches the rim nothing can touch: the pebbles all fall
  // alike, so their mutual distances stay those of the start (which overlap nothing). Each
  // pebble's lowest point is at least its bounding radius below its origin.
  double drop = std::numeric_limits<double>::infinity();
  for (std::size_t b = 1; b < scene.bodies.size(); ++b) {
    drop = std::min(drop, scene.bodies[b].pose.translation.z() -
                              boundingRadius(*scene.bodies[b].mesh->mesh) - kRimHeight);
  }
  REQUIRE(drop > 0.0);
  const double t_rim = std::sqrt(2.0 * drop / g);

  Simulation sim(scene, {}, nullptr, volumetric::volumetricSourceFactory());
  const SimulationFrame start = sim.frame();
  const double energy_start = sim.integrator().energy().kinetic + sim.integrator().energy().gravity;
  // The scale of the energies involved: the pebbles' weight times the height of the pour.
  double weight = 0.0;
  for (std::size_t b = 1; b < scene.bodies.size(); ++b) weight += scene.bodies[b].mass.mass * g;
  const double energy_scale = weight * kRimHeight;

  while (sim.time() + 0.5 * scene.solver.time_step < t_rim) sim.step();
  // The trapezoidal rule integrates a constant acceleration exactly: z = z₀ − g t²/2.
  const double t = sim.time();
  const SimulationFrame fall = sim.frame();
  for (std::size_t b = 1; b < scene.bodies.size(); ++b) {
    INFO(scene.bodies[b].name << " at t = " << t);
    const Vec3 expected = start.bodies[b].pose.translation - Vec3(0, 0, 0.5 * g * t * t);
    CHECK((fall.bodies[b].pose.translation - expected).norm() < 1e-9 * kRimHeight);
    CHECK(fall.bodies[b].linear_velocity.z() == Approx(-g * t).epsilon(1e-9));
  }
  CHECK(sim.volumetricContacts()->contacts().empty());

  // Into the funnel: Hunt–Crossley damping and Coulomb friction only take energy out, so the
  // mechanical energy never rises above its start (beyond the integrator's own error, a
  // millionth of the pour's energy), and the contacts have done negative work. Nor does the
  // balance — the mechanical energy less the work the contact forces did on the steps' states —
  // rise: a step accepted with its forces unbalanced (iterates cycling across a kink of a law,
  // a stall taken at the last resort) makes energy no force did. Through 0.3 s, where the pebbles
  // pile up in the funnel's throat and such cycles began (docs/dynamics.md, "Kinks of a force
  // law", "The ledger's ramp").
  bool touched = false;
  double worst_gain = -std::numeric_limits<double>::infinity();
  double worst_balance_rise = -std::numeric_limits<double>::infinity();
  const double balance_start = sim.integrator().energy().balance();
  while (sim.time() < 0.3) {
    sim.step();
    const EnergyReport e = sim.integrator().energy();
    worst_gain = std::max(worst_gain, e.kinetic + e.gravity - energy_start);
    worst_balance_rise = std::max(worst_balance_rise, e.balance() - balance_start);
    touched = touched || !sim.volumetricContacts()->contacts().empty();
  }
  INFO("largest mechanical energy gain " << worst_gain << " J, largest rise of the balance "
                                         << worst_balance_rise << " J, of " << energy_scale
                                         << " J");
  CHECK(touched);
  CHECK(worst_gain <= 1e-6 * energy_scale);
  CHECK(worst_balance_rise <= 1e-6 * energy_scale);
  CHECK(sim.integrator().energy().source_work < 0.0);
}
