// FrameSampler: a recording at evenly spaced simulated times (video export, CLI and GUI).
#include <catch2/catch.hpp>
#include <stdexcept>

#include "record/frame_sampler.h"
#include "record/recording_reader.h"
#include "record/recording_writer.h"
#include "synthetic.h"

using namespace contactsim;
using namespace contactsim::testing;

namespace {
// Frames at k·1 ms (+1e-17 s, as sums of steps land), k = 0..20.
std::filesystem::path writeRecording(const std::string& name, int frames) {
  const auto file = scratchDir("frame_sampler") / name;
  std::filesystem::remove(file);
  SyntheticScene scene = syntheticScene();
  RecordingWriter writer(file, scene.header);
  for (int k = 0; k < frames; ++k) writer.append(syntheticFrame(k));
  writer.close();
  return file;
}
}  // namespace

TEST_CASE("frame sampling picks the recorded frame at each time, within rounding", "[record]") {
  const RecordingReader reader(writeRecording("sampled.db", 21));
  FrameSampler sampler(reader, 0.002, 0.010, 0.002);
  REQUIRE(sampler.count() == 5);  // 2, 4, 6, 8, 10 ms: the end counts up to rounding
  SimulationFrame frame;
  for (int i = 0; i < 5; ++i) {
    REQUIRE(sampler.next(frame));
    CHECK(frame.time == Approx(0.002 * (i + 1)).margin(1e-12));
    CHECK(frame.solver.newton_iterations == 2 + (2 * (i + 1)) % 5);  // frame k = 2(i+1)
  }
  CHECK_FALSE(sampler.next(frame));
}

TEST_CASE("frame sampling past the last frame repeats it", "[record]") {
  const RecordingReader reader(writeRecording("short.db", 21));
  FrameSampler sampler(reader, 0.015, 0.030, 0.005);
  REQUIRE(sampler.count() == 4);
  SimulationFrame frame;
  std::vector<double> times;
  while (sampler.next(frame)) times.push_back(frame.time);
  REQUIRE(times.size() == 4);
  CHECK(times[0] == Approx(0.015).margin(1e-12));
  CHECK(times[1] == Approx(0.020).margin(1e-12));
  CHECK(times[2] == Approx(0.020).margin(1e-12));
  CHECK(times[3] == Approx(0.020).margin(1e-12));
}

TEST_CASE("frame sampling refuses a bad span or step and an empty recording", "[record]") {
  const RecordingReader reader(writeRecording("some.db", 3));
  CHECK_THROWS_AS(FrameSampler(reader, 0.0, 0.002, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(FrameSampler(reader, 0.002, 0.001, 0.001), std::invalid_argument);
  const RecordingReader empty(writeRecording("empty.db", 0));
  CHECK_THROWS_AS(FrameSampler(empty, 0.0, 0.0, 0.001), RecordingError);
}
