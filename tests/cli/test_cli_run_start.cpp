// `contactsim-cli run`'s warnings on small scenes of the shipped meshes (tests/cli/data). The start
// check (issue 20): a warning line per interpenetrating pair on stderr, one note for the settled
// ones, the list in --json; a body inside another is a one-line error. Impacts fixed steps do not
// resolve (cli/impact_resolution.h): one warning line naming the first, the count in --json.
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

// The 0.1 m steel ball shot at the plate at 10 m/s (Hertz stiffness 4/3·E*·√R = 4.85e10 N/m^1.5):
// its impact lasts t_c ≈ 2.87·(m²/(R·E*²·v))^(1/5) ≈ 0.44 ms (Hertz impact, Johnson, Contact
// Mechanics, 1985, ch. 11), less than a 1 ms step, more than three 0.1 ms ones.
TEST_CASE("run: an impact fixed steps do not resolve is named; resolved ones are not", "[cli]") {
  const CliResult coarse = runCli({"run", kData + "fast_shot.json", "--json"});
  REQUIRE(coarse.exit_code == 0);
  const std::vector<std::string> err = linesOf(coarse.err);
  REQUIRE(err.size() == 1);
  CHECK_THAT(err[0], Catch::StartsWith("warning: 1 contact lasted fewer than 3 steps (the "
                                       "first: 'plate'–'ball' at t = 0.00") &&
                         Catch::Contains("set solver.tolerance"));
  const auto j = nlohmann::json::parse(coarse.out);
  CHECK(j.at("unresolved_impacts").at("count") == 1);
  CHECK(j.at("unresolved_impacts").at("first_pair") == "'plate'–'ball'");
  // 20 mm of flight at 10 m/s: the contact begins between 2 and 3 ms.
  CHECK(j.at("unresolved_impacts").at("first_time").get<double>() == Approx(0.0025).margin(6e-4));

  for (const std::vector<std::string>& resolved :
       {std::vector<std::string>{"--dt", "1e-4"},
        std::vector<std::string>{"--tolerance", "1e-6"}}) {
    std::vector<std::string> arguments{"run", kData + "fast_shot.json", "--json"};
    arguments.insert(arguments.end(), resolved.begin(), resolved.end());
    const CliResult fine = runCli(arguments);
    INFO(resolved[0] << " " << resolved[1]);
    REQUIRE(fine.exit_code == 0);
    CHECK(fine.err.empty());
    CHECK(nlohmann::json::parse(fine.out).at("unresolved_impacts").at("count") == 0);
  }
}

// A ball on a slack chain falls through the plane of the ring its chain is led through, 0.4 m off
// the axis of a 0.25 m ring: beside the opening, where the chain's length jumps from the straight
// path to the rim path, √(0.15² + 3²) + 0.15 − 3 = 0.15375 m (docs/chain.md, "Which radius").
// Falling 0.05 m under gravity takes √(2·0.05/9.81) = 0.101 s.
TEST_CASE("run: a chain's end crossing its guide's plane beside the opening is named", "[cli]") {
  const CliResult r = runCli({"run", kData + "chain_beside_ring.json", "--json"});
  REQUIRE(r.exit_code == 0);
  const std::vector<std::string> err = linesOf(r.err);
  REQUIRE(err.size() == 1);
  CHECK_THAT(err[0], Catch::StartsWith("warning: chain 'hoist': an end crossed its guide ring's "
                                       "plane beside the opening once (first at t = 0.10") &&
                         Catch::Contains("jumped by up to 0.154 m") &&
                         Catch::Contains("guide.radius"));
  const auto chain = nlohmann::json::parse(r.out).at("chains").at(0);
  CHECK(chain.at("name") == "hoist");
  CHECK(chain.at("guide_jumps") == 1);
  CHECK(chain.at("largest_guide_jump").get<double>() ==
        Approx(std::hypot(0.15, 3.0) + 0.15 - 3.0).epsilon(1e-6));
  CHECK(chain.at("first_guide_jump_time").get<double>() == Approx(0.101).margin(1.5e-3));
}
