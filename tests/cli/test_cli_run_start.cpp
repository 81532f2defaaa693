// `contactsim-cli run`'s start check (issue 20) on small scenes of the shipped meshes
// (tests/cli/data): a warning line per interpenetrating pair on stderr, one note for the settled
// ones, the list in --json; a body inside another is a one-line error.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.h"

using namespace contactsim::testing;

namespace {
const std::string kData = std::string(CONTACTSIM_SOURCE_DIR) + "/tests/cli/data/";

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
}  // namespace

TEST_CASE("run: a ball 15 mm into the 20 mm plate is warned about; a cube 1 µm in is only counted",
          "[cli]") {
  const CliResult r = runCli({"run", kData + "start_overlap.json", "--until", "0", "--json"});
  REQUIRE(r.exit_code == 0);
  const std::vector<std::string> err = linesOf(r.err);
  REQUIRE(err.size() == 2);
  CHECK_THAT(err[0], Catch::StartsWith("warning: 'plate'–'ball' start 1") &&
                         Catch::Contains(" mm interpenetrating at (0.1") &&
                         Catch::Contains(" m: lift 'ball' 1") && Catch::EndsWith(" to clear"));
  CHECK_THAT(err[1], Catch::StartsWith("note: start check: 1 pair touches or overlaps"));

  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("start_small_overlaps") == 1);
  REQUIRE(j.at("start_overlaps").size() == 1);
  const auto& o = j.at("start_overlaps").at(0);
  CHECK(o.at("body_a") == "plate");
  CHECK(o.at("body_b") == "ball");
  // The icosphere's faceting: its lowest point lies a little above r below the centre.
  CHECK(o.at("depth").get<double>() == Approx(0.015).epsilon(0.05));
  CHECK(o.at("lift_distance").get<double>() == o.at("depth").get<double>());
  CHECK(o.at("lift_direction").at(2).get<double>() > 0.999);
  CHECK(std::hypot(o.at("where").at(0).get<double>() - 0.1, o.at("where").at(1).get<double>()) <
        0.005);
  CHECK(std::abs(o.at("where").at(2).get<double>()) < 0.005);
  CHECK(o.at("threshold").get<double>() < 0.001);
}

TEST_CASE("run: a body entirely inside another exits 2 with one line naming the pair", "[cli]") {
  const CliResult r = runCli({"run", kData + "start_contained.json", "--until", "0"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  REQUIRE(linesOf(r.err).size() == 1);
  CHECK_THAT(r.err, Catch::StartsWith("error: " + kData +
                                      "start_contained.json: contact "
                                      "'block'–'pellet': 'pellet' is entirely inside 'block' "
                                      "at t = 0"));
}
