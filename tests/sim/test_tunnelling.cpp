// No tunnelling (issue 14): a small sphere fired at a thin plate so fast that one step carries it
// clean through (speed × step > 2·radius + thickness) has no intersecting triangles at either end
// of that step. The contact force source sees that it crossed the plate's surface within the step
// and rejects the step; the integrator retries it smaller until the impact is met, and the sphere
// rebounds off the plate instead of appearing beneath it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kRadius = 1e-3, kThickness = 4e-3, kSpeed = 10.0, kStep = 1e-3;

struct Shot {
  double lowest = 0.0;  // lowest centre height over the run (plate: z in [−thickness, 0])
  double final_height = 0.0, final_velocity = 0.0;
};

Shot fire(std::optional<double> tolerance) {
  RigSpec spec;
  spec.ground = makePlate(0.05, 0.05, kThickness, 4);
  spec.body = makeIcosphere(kRadius, 2);
  spec.mass = solidSphere(1e-3, kRadius);
  spec.gravity = Vec3::Zero();
  // Soft enough for the impact (about 0.1 ms) to be resolved by fixed steps halved six times: at
  // 1e9 N/m^1.5 the sphere is still caught, but the contact first seen 0.85 mm deep gives it
  // back 3.6 times its impact speed (with error control the rebound ratio is 0.663 either way).
  spec.law.normal = HuntCrossleyLaw{1e7, 1.5, 0.5, 1e-2};
  // 0.4 mm above the plate: the first step would end with the sphere 5.6 mm below its bottom.
  spec.pose.translation = Vec3(1e-4, 2e-4, kRadius + 0.4e-3);
  spec.velocity = Vec3(0, 0, -kSpeed);
  spec.time_step = kStep;
  spec.tolerance = tolerance;
  ContactRig rig(std::move(spec));
  Shot shot;
  shot.lowest = rig.pose().translation.z();
  while (rig.time() < 0.01) {
    rig.step();
    shot.lowest = std::min(shot.lowest, rig.pose().translation.z());
  }
  shot.final_height = rig.pose().translation.z();
  shot.final_velocity = rig.velocity().z();
  return shot;
}

}  // namespace

TEST_CASE("a sphere fired through a thin plate within one step is caught and rebounds",
          "[tunnelling]") {
  REQUIRE(kSpeed * kStep > 2.0 * kRadius + kThickness);  // one step would carry it through
  for (const std::optional<double> tolerance : {std::optional<double>{}, std::optional(1e-6)}) {
    INFO("tolerance " << (tolerance ? *tolerance : 0.0));
    const Shot shot = fire(tolerance);
    INFO("lowest " << shot.lowest << " m, final " << shot.final_height << " m, "
                   << shot.final_velocity << " m/s");
    CHECK(shot.lowest > -0.5 * kRadius);  // never further in than half its radius
    CHECK(shot.final_height > kRadius);   // above the plate, not beneath it
    CHECK(shot.final_velocity > 0.0);     // rebounding
    CHECK(shot.final_velocity < kSpeed);  // no faster than it came
  }
}
