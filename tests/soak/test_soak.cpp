// Soak (label `soak`, built with -DCONTACTSIM_SOAK=ON, docs/reliability.md): the anchor scene and
// the corpus scenes for $CONTACTSIM_SOAK_SECONDS of simulated time each (default 1800) with a
// recording written, and a recording writer killed with SIGKILL at a random moment.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

#include "../test_output_dir.h"
#include "record/recording_reader.h"
#include "soak_run.h"

using namespace contactsim;

namespace {

// Resident memory may grow while caches fill (SQLite's page cache is bounded at 2 MB, the
// contact tracker's patch history at the live patches); a leak of even a few hundred bytes per
// step over 1.8 million steps is far beyond this.
double allowedGrowthMb(double baseline_mb) { return 16.0 + 0.1 * baseline_mb; }

void soakAndCheck(const std::string& scene) {
  const double seconds = soak::soakSeconds();
  const auto file =
      testing::testOutputDir("tests/soak") / (std::filesystem::path(scene).stem().string() + ".db");
  const soak::SoakResult r = soak::soakScene(scene, seconds, 0.1, file);
  for (const auto& [t, mb] : r.rss_curve) WARN(scene << ": t = " << t << " s, RSS " << mb << " MB");
  INFO(scene << ": " << r.steps << " steps, " << r.frames << " frames to " << r.simulated << " s");
  CHECK(r.failure.empty());
  CHECK(r.simulated >= seconds);
  CHECK(r.rss_peak_mb - r.rss_after_warmup_mb <= allowedGrowthMb(r.rss_after_warmup_mb));
  const RecordingReader reader(file);
  CHECK(reader.frameCount() == r.frames);
  reader.frame(reader.frameCount() - 1);
}

// The child's time until SIGKILL, after its first committed frame: $CONTACTSIM_SOAK_KILL_AFTER
// seconds, else random in [0.2, 20] s (printed, so a failure can be replayed).
double killDelay() {
  if (const char* text = std::getenv("CONTACTSIM_SOAK_KILL_AFTER")) return std::atof(text);
  std::uniform_real_distribution<double> delay(0.2, 20.0);
  std::random_device seed;
  std::mt19937 random(seed());
  return delay(random);
}

}  // namespace

TEST_CASE("soak: anchor_hull", "[soak]") { soakAndCheck("anchor_hull.json"); }
TEST_CASE("soak: corpus/block_rocks_back", "[soak]") {
  soakAndCheck("corpus/block_rocks_back.json");
}
TEST_CASE("soak: corpus/block_tips_over_edge", "[soak]") {
  soakAndCheck("corpus/block_tips_over_edge.json");
}
TEST_CASE("soak: corpus/eulers_disk", "[soak]") { soakAndCheck("corpus/eulers_disk.json"); }
TEST_CASE("soak: corpus/pin_on_bore_rim", "[soak]") { soakAndCheck("corpus/pin_on_bore_rim.json"); }
TEST_CASE("soak: corpus/pin_rattles_in_bore", "[soak]") {
  soakAndCheck("corpus/pin_rattles_in_bore.json");
}
TEST_CASE("soak: corpus/stack_of_five", "[soak]") { soakAndCheck("corpus/stack_of_five.json"); }
TEST_CASE("soak: corpus/thread_pair", "[soak]") { soakAndCheck("corpus/thread_pair.json"); }

TEST_CASE("soak: a recording killed with SIGKILL at a random moment reads to its last frame",
          "[soak]") {
  const auto file = testing::testOutputDir("tests/soak") / "killed.db";
  int ready[2];
  REQUIRE(pipe(ready) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    close(ready[0]);
    // Records every step's frame, so the kill lands mid-append as often as mid-step.
    try {
      soak::soakScene("anchor_hull.json", 1e9, 0.0, file, [&] {
        const char byte = 1;
        if (write(ready[1], &byte, 1) != 1) _exit(3);
      });
    } catch (...) {
      _exit(2);
    }
    _exit(0);
  }
  close(ready[1]);
  char byte = 0;
  const bool started = read(ready[0], &byte, 1) == 1;
  close(ready[0]);
  const double delay = killDelay();
  WARN("SIGKILL " << delay << " s after the first frame (CONTACTSIM_SOAK_KILL_AFTER=" << delay
                  << " replays it)");
  if (started) std::this_thread::sleep_for(std::chrono::duration<double>(delay));
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  REQUIRE(started);
  REQUIRE(WIFSIGNALED(status));

  const RecordingReader reader(file);
  const std::int64_t frames = reader.frameCount();
  INFO(frames << " frames survived");
  REQUIRE(frames >= 1);
  double previous = -1.0;
  for (std::int64_t i = 0; i < frames; ++i) {
    const SimulationFrame frame = reader.frame(i);
    REQUIRE(frame.time > previous);
    REQUIRE(frame.bodies.size() == reader.header().bodies.size());
    previous = frame.time;
  }
  for (std::size_t b = 0; b < reader.header().bodies.size(); ++b) reader.mesh(static_cast<int>(b));
  reader.summary();
}
