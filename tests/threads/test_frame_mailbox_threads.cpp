// The GUI's frame mailbox (app/gui/frame_mailbox.h) between a producing and a consuming thread,
// as the simulation worker and the window use it. Qt-free, so it runs in every build and under
// ThreadSanitizer (scripts/ci-reliability.sh), which checks the locking the counts rely on.
#include <catch2/catch.hpp>
#include <thread>

#include "gui/frame_mailbox.h"

using namespace contactsim;
using namespace contactsim::gui;

TEST_CASE("frame mailbox: frames may drop, plot samples never do, across threads", "[threads]") {
  constexpr int kPosts = 20000;
  FrameMailbox mailbox;
  long notifications = 0;
  std::thread worker([&] {
    for (int k = 0; k < kPosts; ++k) {
      SimulationFrame frame;
      frame.time = k;
      PlotSample sample;
      sample.time = k;
      if (mailbox.post(std::move(frame), RunStats{}, {sample}, 1)) ++notifications;
    }
  });
  std::vector<double> sample_times;
  double last_frame = -1.0;
  while (last_frame < kPosts - 1) {  // the last post is always taken: nothing replaces it
    if (std::optional<Snapshot> snapshot = mailbox.take()) {
      REQUIRE(snapshot->frame.time > last_frame);  // only ever newer frames
      last_frame = snapshot->frame.time;
      for (const PlotSample& s : snapshot->samples) sample_times.push_back(s.time);
    }
  }
  worker.join();
  REQUIRE(sample_times.size() == static_cast<std::size_t>(kPosts));
  for (int k = 0; k < kPosts; ++k) REQUIRE(sample_times[static_cast<std::size_t>(k)] == k);
  // Every post either filled the empty mailbox (one notification, later one take) or replaced
  // an unshown frame (one drop).
  CHECK(mailbox.taken() == notifications);
  CHECK(mailbox.dropped() + mailbox.taken() == kPosts);
}
