// Contact pairs in parallel (issue 14): the anchor scene's pairs evaluated on one thread and on
// two give bit-identical states, contacts and energies, step after step (each pair's results are
// combined in pair order, whichever thread computed them). Within one pair the same loop runs the
// collision query's cut in blocks, the regions, the facing search and a split region's pieces:
// a nut on its bolt, one pair, is bit-identical on one and two threads too.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "parallel/parallel_pair_loop.h"
#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

Simulation makeSimulation(int threads, const std::string& scene = "anchor_hull.json") {
  ContactOptions options;
  options.pair_loop = parallelPairLoop(threads);
  return Simulation(test::readShippedScene(scene), options);
}

}  // namespace

TEST_CASE("the anchor scene on one and on two threads is bit-identical", "[parallel]") {
  CHECK_FALSE(parallelPairLoop(1));  // one thread: the serial loop
  REQUIRE(parallelPairLoop(2));
  Simulation serial = makeSimulation(1), parallel = makeSimulation(2);
  REQUIRE(serial.contacts()->pairs().size() >= 2);
  int steps_with_contact = 0;
  for (int k = 0; k < 600; ++k) {  // the crown first meets the plating at 0.41 s
    serial.step();
    parallel.step();
    const MultibodyState& a = serial.integrator().state();
    const MultibodyState& b = parallel.integrator().state();
    INFO("step " << k + 1 << ", t = " << a.t);
    REQUIRE(a.q == b.q);  // exact: not a tolerance
    REQUIRE(a.qdot == b.qdot);
    const auto& ca = serial.contacts()->contacts();
    const auto& cb = parallel.contacts()->contacts();
    REQUIRE(ca.size() == cb.size());
    for (std::size_t i = 0; i < ca.size(); ++i) {
      REQUIRE(ca[i].body_a == cb[i].body_a);
      REQUIRE(ca[i].normal_force == cb[i].normal_force);
      REQUIRE(ca[i].friction_force == cb[i].friction_force);
    }
    REQUIRE(serial.integrator().energy().balance() == parallel.integrator().energy().balance());
    steps_with_contact += ca.empty() ? 0 : 1;
  }
  CHECK(steps_with_contact > 0);
}

TEST_CASE("a nut on its bolt on one and on two threads is bit-identical", "[parallel]") {
  Simulation serial = makeSimulation(1, "corpus/thread_pair.json");
  Simulation parallel = makeSimulation(2, "corpus/thread_pair.json");
  REQUIRE(serial.contacts()->pairs().size() == 1);
  std::size_t most_patches = 0;
  for (int k = 0; k < 8; ++k) {
    serial.step();
    parallel.step();
    INFO("step " << k + 1);
    REQUIRE(serial.integrator().state().q == parallel.integrator().state().q);
    REQUIRE(serial.integrator().state().qdot == parallel.integrator().state().qdot);
    const auto& ca = serial.contacts()->contacts();
    const auto& cb = parallel.contacts()->contacts();
    REQUIRE(ca.size() == cb.size());
    for (std::size_t i = 0; i < ca.size(); ++i) {
      REQUIRE(ca[i].patch.indentation == cb[i].patch.indentation);
      REQUIRE(ca[i].normal_force == cb[i].normal_force);
    }
    most_patches = std::max(most_patches, ca.size());
  }
  CHECK(most_patches >= 4);  // a split helical strip: pieces ran side by side
}
