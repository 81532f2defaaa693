// Write and read cost of a recording (hidden: run `test_record "[bench]"`). 10 bodies, 20
// contacts with one 100-point loop each, 2 cables: a busy frame of a mid-sized scene.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "record/recording_reader.h"
#include "record/recording_writer.h"
#include "synthetic.h"

using namespace contactsim;
using Clock = std::chrono::steady_clock;

TEST_CASE("recording write and read cost per frame", "[.][bench]") {
  constexpr int kFrames = 2000, kBodies = 10, kCables = 2, kContacts = 20, kPoints = 100;
  std::vector<SimulationFrame> frames;
  for (int k = 0; k < kFrames; ++k)
    frames.push_back(testing::syntheticFrame(k, kBodies, kCables, kContacts, kPoints));
  auto scene = testing::syntheticScene(kBodies, kCables);
  for (const int batch : {1, 8}) {
    const auto file = testing::scratchDir("bench") / ("bench-" + std::to_string(batch) + ".db");
    RecordingOptions options;
    options.frames_per_transaction = batch;
    RecordingWriter writer(file, scene.header, options);
    const std::uintmax_t empty = std::filesystem::file_size(file);
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    for (const auto& f : frames) writer.append(f);
    const double write_s = std::chrono::duration<double>(Clock::now() - start).count();
    const double write_cpu_s = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const auto close_start = Clock::now();
    writer.close();
    const double close_s = std::chrono::duration<double>(Clock::now() - close_start).count();
    const std::uintmax_t bytes = std::filesystem::file_size(file);

    RecordingReader reader(file);
    const auto read_start = Clock::now();
    for (std::int64_t i = 0; i < reader.frameCount(); ++i) reader.frame(i);
    const double read_s = std::chrono::duration<double>(Clock::now() - read_start).count();
    std::printf(
        "frames_per_transaction %d: %d frames (%d bodies, %d contacts x %d-point loop): write "
        "%.1f us/frame (%.1f us CPU; + close %.1f ms), %.0f bytes/frame, read %.1f us/frame\n",
        batch, kFrames, kBodies, kContacts, kPoints, 1e6 * write_s / kFrames,
        1e6 * write_cpu_s / kFrames, 1e3 * close_s, static_cast<double>(bytes - empty) / kFrames,
        1e6 * read_s / kFrames);
    CHECK(reader.frameCount() == kFrames);
    std::filesystem::remove(file);  // 130 MB
  }
}
