// Contact pairs evaluated concurrently, on plain std::threads: the same contract as oneTBB's
// parallelPairLoop (bit-identical to the serial loop), but with a scheduler ThreadSanitizer can
// see through. oneTBB's own synchronisation lives in the uninstrumented libtbb.so, so a TSan run
// of test_parallel_pairs reports TBB's hand-offs as races; this test checks our side of them.
// The loop also runs inside each pair (the cut's blocks, regions, facing blocks, pieces), nested
// in the pairs' threads: the nut on its bolt, one pair with a large split region, exercises it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <thread>

#include "../sim/shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

// Even pairs on the calling thread, odd pairs on a second one, both running at once.
void twoThreadLoop(std::size_t count, const std::function<void(std::size_t)>& body) {
  std::thread odd([&] {
    for (std::size_t i = 1; i < count; i += 2) body(i);
  });
  for (std::size_t i = 0; i < count; i += 2) body(i);
  odd.join();
}

}  // namespace

TEST_CASE("contact pairs on two std::threads match the serial loop bit for bit", "[threads]") {
  ContactOptions threaded;
  threaded.pair_loop = twoThreadLoop;
  Simulation serial(test::readShippedScene("anchor_hull.json"));
  Simulation parallel(test::readShippedScene("anchor_hull.json"), threaded);
  REQUIRE(serial.contacts()->pairs().size() >= 2);
  int steps_with_contact = 0;
  for (int k = 0; k < 600; ++k) {  // the crown first meets the plating at 0.41 s
    serial.step();
    parallel.step();
    INFO("step " << k + 1);
    REQUIRE(serial.integrator().state().q == parallel.integrator().state().q);
    REQUIRE(serial.integrator().state().qdot == parallel.integrator().state().qdot);
    steps_with_contact += serial.contacts()->contacts().empty() ? 0 : 1;
  }
  CHECK(steps_with_contact > 0);
}

TEST_CASE("one pair's query on two std::threads matches the serial loop bit for bit", "[threads]") {
  ContactOptions threaded;
  threaded.pair_loop = twoThreadLoop;
  Simulation serial(test::readShippedScene("corpus/thread_pair.json"));
  Simulation parallel(test::readShippedScene("corpus/thread_pair.json"), threaded);
  REQUIRE(serial.contacts()->pairs().size() == 1);
  std::size_t most_patches = 0;
  for (int k = 0; k < 4; ++k) {
    serial.step();
    parallel.step();
    INFO("step " << k + 1);
    REQUIRE(serial.integrator().state().q == parallel.integrator().state().q);
    REQUIRE(serial.integrator().state().qdot == parallel.integrator().state().qdot);
    most_patches = std::max(most_patches, serial.contacts()->contacts().size());
  }
  CHECK(most_patches >= 4);
}
