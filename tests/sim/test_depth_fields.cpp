// The per-triangle depth fields the window colours pressure from (ContactOptions::depth_fields)
// change no force: the block on the ramp with and without them is bit-identical step after
// step, and with them every contact's pressure integrates to its normal force.
#include <catch2/catch.hpp>

#include "contact/patch_pressure.h"
#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

Simulation makeSimulation(bool depth_fields) {
  ContactOptions options;
  options.depth_fields = depth_fields;
  return Simulation(test::readShippedScene("block_on_ramp.json"), options);
}

}  // namespace

TEST_CASE("depth fields change nothing in the dynamics and carry the normal force",
          "[depth-fields]") {
  Simulation plain = makeSimulation(false), fielded = makeSimulation(true);
  int contacts_seen = 0;
  for (int k = 0; k < 400; ++k) {
    plain.step();
    fielded.step();
    const MultibodyState& a = plain.integrator().state();
    const MultibodyState& b = fielded.integrator().state();
    INFO("step " << k + 1 << ", t = " << a.t);
    REQUIRE(a.q == b.q);  // exact: not a tolerance
    REQUIRE(a.qdot == b.qdot);
    const auto& ca = plain.contacts()->contacts();
    const auto& cb = fielded.contacts()->contacts();
    REQUIRE(ca.size() == cb.size());
    for (std::size_t i = 0; i < ca.size(); ++i) {
      REQUIRE(ca[i].normal_force == cb[i].normal_force);
      REQUIRE(ca[i].patch.pressure_centre == cb[i].patch.pressure_centre);
      REQUIRE(ca[i].patch.law_indentation == cb[i].patch.law_indentation);
      CHECK(ca[i].patch.depth_field_a.empty());
      CHECK(ca[i].patch.depth_field_b.empty());
      if (!(cb[i].normal_force > 0.0)) continue;
      ++contacts_seen;
      const PatchPressure pressure = patchPressure(cb[i].patch, cb[i].normal_force);
      REQUIRE(!(pressure.a.empty() && pressure.b.empty()));
      for (const auto* side : {&pressure.a, &pressure.b}) {
        if (side->empty()) continue;
        double force = 0.0;
        for (const TrianglePressure& p : *side) force += p.pressure * p.area;
        CHECK(force == Approx(cb[i].normal_force).epsilon(1e-12));
      }
    }
  }
  CHECK(contacts_seen > 300);
}
