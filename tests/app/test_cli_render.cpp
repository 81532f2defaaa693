// `contactsim-cli render`: a recording made by `run --record` becomes a video whose frames follow
// the requested speed and time span; bad arguments are one-line errors.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "../cli/cli_runner.h"

using contactsim::testing::runCli;
namespace fs = std::filesystem;

TEST_CASE("render turns a recording into an Ogg video", "[render-cli]") {
  const fs::path dir = fs::path(CONTACTSIM_BINARY_DIR) / "tests" / "render-cli";
  fs::create_directories(dir);
  const std::string recording = (dir / "ball.db").string(), video = (dir / "ball.ogv").string();
  const auto run = runCli({"run", CONTACTSIM_SOURCE_DIR "/assets/scenes/bouncing_ball.json",
                           "--until", "0.3", "--output-every", "0.01", "--record", recording});
  REQUIRE(run.exit_code == 0);

  // 0.3 s at 0.5 simulated seconds per video second and 20 fps: frames at t = 0, 0.025, … 0.3.
  const auto r = runCli({"render", recording, "--video", video, "--size", "320x240", "--fps", "20",
                         "--speed", "0.5"});
  INFO(r.err << r.out);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find(": 13 frames") != std::string::npos);
  // The recorded scene reads back (its meshes from the recording), so cables and joint axes are
  // drawn as in the window: no note that they are not.
  CHECK(r.err.find("not drawn") == std::string::npos);
  std::ifstream in(video, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  CHECK(std::string(magic, 4) == "OggS");

  const auto bad = runCli({"render", recording, "--video", video, "--size", "big"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--size") != std::string::npos);
  const auto missing = runCli({"render", (dir / "none.db").string(), "--video", video});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("none.db") != std::string::npos);
  const auto reversed =
      runCli({"render", recording, "--video", video, "--from", "0.2", "--to", "0.1"});
  CHECK(reversed.exit_code == 2);
  CHECK(reversed.err.find("--from") != std::string::npos);
}
