// Error control (SolverSettings::tolerance): substeps grow in free flight, shrink into an impact,
// land near first contact, and resolve the impact as a fine fixed step does.
#include <algorithm>
#include <catch2/catch.hpp>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

namespace {

constexpr double kRadius = 0.1, kMass = 1.0;

struct Drop {
  double rebound_speed = 0.0;      // upward speed when the contact ends, m/s
  double first_indentation = 0.0;  // δ at the first committed state in contact, m
  double max_indentation = 0.0;
  long substeps = 0, steps = 0, free_flight_substeps = 0, free_flight_steps = 0;
  double smallest_substep = 0.0;
};

// A sphere dropped from 0.2 m onto a plate (Hunt–Crossley, ε = 0.8), until it leaves the plate.
Drop drop(double time_step, std::optional<double> tolerance) {
  RigSpec spec;
  spec.ground = makePlate(1.0, 1.0, 0.02, 8);
  spec.body = makeIcosphere(kRadius, 3);
  spec.mass = solidSphere(kMass, kRadius);
  double lowest = 0.0;
  for (const Vec3& v : spec.body.vertices()) lowest = std::min(lowest, v.z());
  spec.pose.translation = Vec3(0, 0, 0.2 - lowest);
  spec.law.normal = HuntCrossleyLaw{1e7, 1.5, 0.8, 1e-2};
  spec.time_step = time_step;
  spec.tolerance = tolerance;
  ContactRig rig(std::move(spec));
  Drop result;
  result.smallest_substep = time_step;
  bool touched = false;
  while (rig.time() < 1.0) {
    const StepReport report = rig.step();
    ++result.steps;
    result.substeps += report.substeps;
    result.smallest_substep = std::min(result.smallest_substep, report.smallest_substep);
    if (!rig.contacts().empty()) {
      const double delta = rig.contacts().front().patch.indentation;
      if (!touched) result.first_indentation = delta;
      result.max_indentation = std::max(result.max_indentation, delta);
      touched = true;
    } else if (touched) {
      result.rebound_speed = rig.velocity().z();
      break;
    } else if (rig.time() < 0.15) {  // well before the impact at t = √(2·0.2/g) = 0.202 s
      ++result.free_flight_steps;
      result.free_flight_substeps += report.substeps;
    }
  }
  REQUIRE(touched);
  return result;
}

}  // namespace

TEST_CASE("error control: free flight in whole steps, impacts resolved in small ones",
          "[error-control]") {
  const Drop reference = drop(2e-5, std::nullopt);
  const Drop controlled = drop(1e-3, 1e-7);
  INFO("rebound " << controlled.rebound_speed << " m/s vs " << reference.rebound_speed
                  << " m/s at a fixed 20 µs; " << controlled.substeps << " substeps in "
                  << controlled.steps << " steps, smallest " << controlled.smallest_substep);
  // Constant acceleration has no trapezoidal error: every free-flight step is one substep.
  CHECK(controlled.free_flight_substeps == controlled.free_flight_steps);
  // The impact (a few ms long) is crossed in substeps far below the 1 ms frame interval...
  CHECK(controlled.smallest_substep < 1e-4);
  // ...which land near first contact, not deep inside it.
  CHECK(controlled.first_indentation < 0.1 * controlled.max_indentation);
  // Same rebound as the fine fixed step, for a fraction of its substeps.
  CHECK(controlled.rebound_speed == Approx(reference.rebound_speed).epsilon(0.01));
  CHECK(controlled.substeps < reference.substeps / 10);
  // A tighter tolerance changes the answer less than the looser one's own error.
  const Drop tighter = drop(1e-3, 1e-9);
  CHECK(std::abs(tighter.rebound_speed - reference.rebound_speed) <=
        std::abs(controlled.rebound_speed - reference.rebound_speed) +
            1e-3 * reference.rebound_speed);
}
