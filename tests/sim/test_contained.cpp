// A body that starts entirely inside another has no contact surface for the laws to act on: the
// run refuses with one line naming the pair instead of letting the bodies pass through silently.
#include <catch2/catch.hpp>

#include "contact_rig.h"
#include "geometry/primitives.h"

using namespace contactsim;
using namespace contactsim::test;

TEST_CASE("a body entirely inside another is an error naming the pair", "[contained]") {
  RigSpec spec;
  spec.ground = makeBox(Vec3::Constant(0.5), 2);
  spec.body = makeIcosphere(0.1, 2);
  spec.mass = solidSphere(1.0, 0.1);
  spec.pose.translation = Vec3(0.05, 0.0, 0.1);
  REQUIRE_THROWS_WITH(ContactRig(std::move(spec)), Catch::Contains("'ground'") &&
                                                       Catch::Contains("'body'") &&
                                                       Catch::Contains("entirely inside"));
}
