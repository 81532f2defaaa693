// `contactsim-cli replay` and `record-info` on a recording written here from synthetic frames.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../cli/cli_runner.h"
#include "record/frame_csv.h"
#include "record/recording_format.h"
#include "record/recording_writer.h"
#include "synthetic.h"

namespace fs = std::filesystem;
using namespace contactsim;
using contactsim::testing::runCli;
using contactsim::testing::scratchDir;
using contactsim::testing::syntheticFrame;
using contactsim::testing::syntheticScene;

namespace {

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

constexpr int kFrames = 10;

// The recording and the frames it holds.
struct Fixture {
  fs::path dir = scratchDir("cli");
  fs::path file = dir / "run.db";
  testing::SyntheticScene scene = syntheticScene(3, 2, 2);
  std::vector<SimulationFrame> frames;
  Fixture() {
    RecordingWriter writer(file, scene.header);
    for (int k = 0; k < kFrames; ++k) {
      frames.push_back(syntheticFrame(k, 3, 2, k % 3, 6, 2));
      writer.append(frames.back());
    }
    writer.close();
  }
  // What `run --csv` / `--contacts-csv` writes for frames [first, last].
  std::string stateCsv(int first = 0, int last = kFrames - 1) const {
    std::string s = stateCsvHeader(scene.bodyNames(), scene.header.cables, scene.header.drives);
    for (int k = first; k <= last; ++k) s += stateCsvRow(frames[k]);
    return s;
  }
  std::string contactsCsv(int first = 0, int last = kFrames - 1) const {
    std::string s = contactsCsvHeader();
    for (int k = first; k <= last; ++k) s += contactsCsvRows(frames[k], scene.bodyNames());
    return s;
  }
};

void requireOneLineError(const testing::CliResult& r, const std::string& prefix) {
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::StartsWith("error: " + prefix));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("replay: the run's CSV files again, byte for byte", "[record][cli]") {
  Fixture fx;
  const fs::path csv = fx.dir / "state.csv", contacts = fx.dir / "contacts.csv";
  SECTION("both files, whole recording") {
    const auto r = runCli(
        {"replay", fx.file.string(), "--csv", csv.string(), "--contacts-csv", contacts.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(slurp(csv) == fx.stateCsv());
    CHECK(slurp(contacts) == fx.contactsCsv());
    CHECK_THAT(r.out, Catch::Contains("10 frames"));
  }
  SECTION("a driven scene run by `run`: drive columns included") {
    // assets/scenes/driven_crank.json: a prescribed-speed crank and a motor-held arm.
    const std::string scene =
        std::string(CONTACTSIM_SOURCE_DIR) + "/assets/scenes/driven_crank.json";
    const fs::path run_csv = fx.dir / "run_state.csv", run_contacts = fx.dir / "run_contacts.csv";
    const fs::path recording = fx.dir / "driven.db";
    const auto run =
        runCli({"run", scene, "--until", "0.5", "--output-every", "0.01", "--csv", run_csv.string(),
                "--contacts-csv", run_contacts.string(), "--record", recording.string()});
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    const std::string expected = slurp(run_csv);
    REQUIRE_THAT(expected, Catch::Contains(",crank_drive.position,crank_drive.effort,"
                                           "arm_motor.position,arm_motor.effort\n"));
    REQUIRE(std::count(expected.begin(), expected.end(), '\n') == 52);  // header, t = 0..0.5
    const auto r = runCli(
        {"replay", recording.string(), "--csv", csv.string(), "--contacts-csv", contacts.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(slurp(csv) == expected);
    CHECK(slurp(contacts) == slurp(run_contacts));
  }
  SECTION("state CSV on stdout by default") {
    const auto r = runCli({"replay", fx.file.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == fx.stateCsv());
  }
  SECTION("a time span") {
    const auto r = runCli({"replay", fx.file.string(), "--from", "0.0025", "--to", "0.0065",
                           "--contacts-csv", contacts.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(slurp(contacts) == fx.contactsCsv(3, 6));
    CHECK_THAT(r.out, Catch::Contains("4 frames"));
    const auto none = runCli({"replay", fx.file.string(), "--from", "5"});
    REQUIRE(none.exit_code == 0);
    CHECK(none.out == fx.stateCsv(0, -1));
  }
  SECTION("bad input: one line, exit 2") {
    requireOneLineError(runCli({"replay", fx.file.string(), "--from", "2", "--to", "1"}),
                        "--to: earlier than --from");
    requireOneLineError(
        runCli({"replay", fx.file.string(), "--csv", (fx.dir / "no/such/dir.csv").string()}),
        "--csv: cannot write");
    const fs::path garbage = fx.dir / "garbage.db";
    std::ofstream(garbage) << "this is not a recording\n";
    requireOneLineError(runCli({"replay", garbage.string()}),
                        garbage.string() + ": not a contactsim recording");
    requireOneLineError(runCli({"replay", (fx.dir / "missing.db").string()}),
                        (fx.dir / "missing.db").string() + ": cannot open");
    requireOneLineError(runCli({"replay"}), "FILE is required");
  }
}

TEST_CASE("record-info: summary as text and JSON", "[record][cli]") {
  Fixture fx;
  SECTION("json") {
    const auto r = runCli({"record-info", fx.file.string(), "--json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["format"] == "contactsim-recording");
    CHECK(j["schema_version"] == kRecordingSchemaVersion);
    CHECK(j["scene_path"] == fx.scene.header.scene_path);
    CHECK(j["time_step"] == 1e-3);
    REQUIRE(j["bodies"].size() == 3);
    CHECK(j["bodies"][0]["name"] == "ground");
    CHECK(j["bodies"][0]["fixed"] == true);
    CHECK(j["bodies"][1]["triangles"] == 4);
    CHECK(j["bodies"][2]["triangles"] == 0);
    CHECK(j["frames"] == kFrames);
    CHECK(j["time_start"] == fx.frames.front().time);
    CHECK(j["time_end"] == fx.frames.back().time);
    CHECK(j["contacts"]["total"] == 9);  // 0+1+2 per three frames, 10 frames
    CHECK(j["contacts"]["per_frame_min"] == 0);
    CHECK(j["contacts"]["per_frame_max"] == 2);
    // The largest F_n: contact 1 (200 + k) at the last frame with two contacts (k = 8).
    CHECK(j["max_normal_force"]["value"] == 208.0);
    CHECK(j["max_normal_force"]["time"] == fx.frames[8].time);
    CHECK(j["max_normal_force"]["body_a"] == "body1");
    CHECK(j["max_normal_force"]["body_b"] == "body2");
    REQUIRE(j["cables"].size() == 2);
    CHECK(j["cables"][1]["name"] == "cable1");
    CHECK(j["cables"][1]["tension_min"] == 10.0);
    CHECK(j["cables"][1]["tension_max"] == 14.5);
    const double start = fx.frames.front().energy.balance(),
                 end = fx.frames.back().energy.balance();
    CHECK(j["energy_balance"]["start"] == start);
    CHECK(j["energy_balance"]["end"] == end);
    CHECK(j["energy_balance"]["drift"] == end - start);
    CHECK(j["file_bytes"] == fs::file_size(fx.file));
  }
  SECTION("text") {
    const auto r = runCli({"record-info", fx.file.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out,
               Catch::Contains("contactsim-recording v" + std::to_string(kRecordingSchemaVersion)));
    CHECK_THAT(r.out, Catch::Contains("frames                10, t = 0 .. 0.009 s"));
    CHECK_THAT(r.out, Catch::Contains("max normal force      208 N"));
    CHECK_THAT(r.out, Catch::Contains("body1"));
  }
  SECTION("bad files") {
    const fs::path empty = fx.dir / "empty.db";
    std::ofstream{empty};
    requireOneLineError(runCli({"record-info", empty.string()}),
                        empty.string() + ": not a contactsim recording (empty file)");
    const std::string bytes = slurp(fx.file);
    const fs::path cut = fx.dir / "cut.db";
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    requireOneLineError(runCli({"record-info", cut.string(), "--json"}),
                        cut.string() + ": truncated recording");
  }
}
