// `contactsim-cli run --resume RECORDING --at T`: a recorded run continued from its frame at T
// writes exactly the rows the uninterrupted run wrote after T (CSV and recording); continued
// with an edited law, the physics changes from T on as the law says.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../cli/cli_runner.h"
#include "synthetic.h"

namespace fs = std::filesystem;
using contactsim::testing::CliResult;
using contactsim::testing::runCli;
using contactsim::testing::scratchDir;

namespace {

const std::string kScenes = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/scenes/";

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The CSV's header and its rows from time `from` on (rows start with their time).
std::string rowsFrom(const std::string& csv, double from) {
  std::istringstream in(csv);
  std::string line, out;
  std::getline(in, line);
  out = line + '\n';
  while (std::getline(in, line))
    if (std::stod(line.substr(0, line.find(','))) >= from - 1e-12) out += line + '\n';
  return out;
}

// The last row's values.
std::vector<double> lastRow(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  std::vector<double> values;
  std::istringstream row(last);
  for (std::string cell; std::getline(row, cell, ',');) values.push_back(std::stod(cell));
  return values;
}

void requireSuccess(const CliResult& r) {
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
}

}  // namespace

TEST_CASE("run --resume continues a recorded run bit for bit, in CSVs and recording", "[cli]") {
  const fs::path dir = scratchDir("resume");
  const std::string scene = kScenes + "corpus/stack_of_five.json";
  const auto path = [&](const char* name) { return (dir / name).string(); };
  requireSuccess(runCli({"run", scene, "--until", "0.3", "--record", path("a.db"), "--csv",
                         path("a.csv"), "--contacts-csv", path("a_contacts.csv")}));
  // 0.1504 s: the nearest recorded frame, 0.150 s.
  const CliResult r = runCli({"run", "--resume", path("a.db"), "--at", "0.1504", "--until", "0.3",
                              "--record", path("b.db"), "--csv", path("b.csv"), "--contacts-csv",
                              path("b_contacts.csv"), "--json"});
  requireSuccess(r);
  const auto summary = nlohmann::json::parse(r.out);
  CHECK(summary.at("resumed_at").get<double>() == Approx(0.15).margin(1e-12));
  CHECK(summary.at("steps") == 150);
  // What this run simulated, 0.15 s, not its end time: its real-time factor divides that span.
  CHECK(summary.at("simulated_seconds").get<double>() == Approx(0.15).margin(1e-12));
  CHECK(summary.at("end_time").get<double>() == Approx(0.3).margin(1e-12));
  CHECK(summary.at("real_time_factor").get<double>() ==
        Approx(0.15 / summary.at("wall_seconds").get<double>()).epsilon(1e-9));
  CHECK(slurp(path("b.csv")) == rowsFrom(slurp(path("a.csv")), 0.15));
  CHECK(slurp(path("b_contacts.csv")) == rowsFrom(slurp(path("a_contacts.csv")), 0.15));
  // The new recording holds the same frames, and can itself be resumed.
  requireSuccess(runCli({"replay", path("b.db"), "--csv", path("b_replayed.csv")}));
  CHECK(slurp(path("b_replayed.csv")) == slurp(path("b.csv")));
  requireSuccess(runCli(
      {"run", "--resume", path("b.db"), "--at", "0.2", "--until", "0.3", "--csv", path("c.csv")}));
  CHECK(slurp(path("c.csv")) == rowsFrom(slurp(path("a.csv")), 0.2));
}

// assets/recordings/ is what the README tells a user to resume; a change of the checkpoint layout
// (kCheckpointVersion) must come with recordings written again, or this fails.
TEST_CASE("the shipped recordings resume with this program's checkpoint layout", "[cli]") {
  const std::string recordings = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/recordings/";
  for (const auto& [name, at] :
       {std::pair{"bouncing_ball", 0.3}, {"block_on_ramp", 0.3}, {"anchor_hull", 3.0}}) {
    INFO(name);
    const CliResult r =
        runCli({"run", kScenes + name + ".json", "--resume", recordings + name + ".db", "--at",
                std::to_string(at), "--until", std::to_string(at + 0.05), "--json"});
    requireSuccess(r);
    CHECK(nlohmann::json::parse(r.out).at("resumed_at").get<double>() == Approx(at).margin(0.021));
  }
}

TEST_CASE("run SCENE --resume: a law edited at T changes the motion from T on", "[cli]") {
  // The block slides down the 30° ramp (μ = 0.25 < tan 30°). Resumed at 0.15 s with μ = 0.65,
  // friction exceeds the slope's pull: it decelerates at g(μ cos 30° − sin 30°) = 0.62 m/s²
  // and stops within (0.15 s · g(sin 30° − 0.25 cos 30°))/0.62 m/s² ≈ 0.68 s, so by 0.9 s it is at
  // rest, where the original, still sliding, has v = 0.9 s · 2.78 m/s² = 2.5 m/s.
  const fs::path dir = scratchDir("resume_edited");
  const auto path = [&](const char* name) { return (dir / name).string(); };
  nlohmann::json edited = nlohmann::json::parse(slurp(kScenes + "block_on_ramp.json"));
  for (auto& body : edited.at("bodies"))
    body.at("mesh").at("file") = kScenes + body.at("mesh").at("file").get<std::string>();
  auto& friction = edited.at("contact").at("law").at("friction");
  friction.at("static") = 0.7;
  friction.at("dynamic") = 0.65;
  std::ofstream(path("edited.json")) << edited.dump(2);

  requireSuccess(runCli({"run", kScenes + "block_on_ramp.json", "--until", "0.9", "--record",
                         path("a.db"), "--csv", path("a.csv"), "--output-every", "0.05"}));
  requireSuccess(runCli({"run", path("edited.json"), "--resume", path("a.db"), "--at", "0.15",
                         "--until", "0.9", "--csv", path("b.csv"), "--output-every", "0.05"}));
  const std::string original = slurp(path("a.csv")), resumed = slurp(path("b.csv"));
  // The first row is the recorded frame at 0.15 s.
  const std::string from = rowsFrom(original, 0.15);
  CHECK(resumed.substr(0, resumed.find('\n', resumed.find('\n') + 1)) ==
        from.substr(0, from.find('\n', from.find('\n') + 1)));
  // Columns: t, then 13 per body (x y z, quaternion, v, ω); the block is the third body.
  const auto speed = [](const std::vector<double>& row) {
    return std::hypot(row[1 + 26 + 7], row[1 + 26 + 8], row[1 + 26 + 9]);
  };
  CHECK(speed(lastRow(original)) ==
        Approx(0.9 * 9.81 * (0.5 - 0.25 * std::sqrt(3.0) / 2)).epsilon(0.05));
  CHECK(speed(lastRow(resumed)) < 0.01);
}
