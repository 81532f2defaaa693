// Recordings: round trip, a writer killed mid-run, damaged and foreign files.
#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <random>

#include "record/recording_format.h"
#include "record/recording_reader.h"
#include "record/recording_writer.h"
#include "recording_checks.h"
#include "synthetic.h"

namespace fs = std::filesystem;
using namespace contactsim;
using contactsim::testing::readerError;
using contactsim::testing::requireSameFrame;
using contactsim::testing::same;
using contactsim::testing::scratchDir;
using contactsim::testing::sql;
using contactsim::testing::syntheticFrame;
using contactsim::testing::syntheticScene;
using contactsim::testing::writeSynthetic;

namespace {

void writeBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("recording round trip: header, meshes and every frame field bit for bit", "[record]") {
  const fs::path file = scratchDir("roundtrip") / "round trip.db";
  auto scene = syntheticScene(4, 2, 2);
  std::vector<SimulationFrame> frames;
  for (int k = 0; k < 12; ++k) frames.push_back(syntheticFrame(k, 4, 2, k % 4, 3 + k, 2));
  frames[5].contacts.clear();
  {
    RecordingWriter writer(file, scene.header);
    for (const auto& f : frames) writer.append(f);
    CHECK(writer.frameCount() == 12);
    writer.close();
    writer.close();  // idempotent
  }
  CHECK_FALSE(fs::exists(file.string() + "-wal"));

  RecordingReader reader(file);
  const RecordingHeader& h = reader.header();
  CHECK(h.schema_version == kRecordingSchemaVersion);
  CHECK(h.scene_json == scene.header.scene_json);
  CHECK(h.scene_path == scene.header.scene_path);
  CHECK(same(h.time_step, 1e-3));
  CHECK(h.created.size() == 20);
  CHECK_FALSE(h.program_version.empty());
  REQUIRE(h.bodies.size() == 4);
  for (std::size_t b = 0; b < 4; ++b) {
    const RecordingBody& rb = h.bodies[b];
    CHECK(rb.name == scene.header.bodies[b].name);
    CHECK(rb.fixed == scene.header.bodies[b].fixed);
    CHECK(same(rb.mass, scene.header.bodies[b].mass));
    CHECK(rb.mesh == nullptr);
    const TriMesh mesh = reader.mesh(static_cast<int>(b));
    if (b == 3) {
      CHECK(mesh.empty());
      CHECK(rb.triangle_count == 0);
      continue;
    }
    const TriMesh& original = scene.meshes[b];
    CHECK(rb.vertex_count == 4);
    CHECK(rb.triangle_count == 4);
    REQUIRE(mesh.vertexCount() == original.vertexCount());
    for (std::size_t v = 0; v < mesh.vertexCount(); ++v)
      CHECK(same(mesh.vertices()[v], original.vertices()[v]));
    CHECK(mesh.triangles() == original.triangles());
  }
  CHECK(h.cables == scene.header.cables);
  CHECK(h.drives == std::vector<std::string>{"joint0", "joint1"});
  REQUIRE(reader.frameCount() == 12);
  for (int k = 0; k < 12; ++k) {
    CAPTURE(k);
    CHECK(same(reader.frameTime(k), frames[k].time));
    requireSameFrame(reader.frame(k), frames[k]);
  }
  // Random access, backwards.
  requireSameFrame(reader.frame(3), frames[3]);
  CHECK(reader.firstFrameAtOrAfter(0.0) == 0);
  CHECK(reader.firstFrameAtOrAfter(0.0045) == 5);
  CHECK(reader.firstFrameAtOrAfter(1.0) == 12);
  CHECK_THROWS_WITH(reader.frame(12),
                    Catch::Contains("round trip.db") && Catch::Contains("no frame 12"));
  CHECK_THROWS_AS(reader.mesh(4), RecordingError);

  const RecordingSummary s = reader.summary();
  CHECK(s.frames == 12);
  CHECK(s.time_start == frames.front().time);
  CHECK(s.time_end == frames.back().time);
  std::int64_t total = 0;
  double max_fn = 0.0;
  for (const auto& f : frames) {
    total += static_cast<std::int64_t>(f.contacts.size());
    for (const auto& c : f.contacts) max_fn = std::max(max_fn, c.normal_force);
  }
  CHECK(s.contacts_total == total);
  CHECK(s.contacts_per_frame_min == 0);
  CHECK(s.contacts_per_frame_max == 3);
  REQUIRE(s.max_normal_force);
  CHECK(s.max_normal_force->value == max_fn);
  REQUIRE(s.cables.size() == 2);
  CHECK(s.cables[1].tension_min == 10.0);
  CHECK(s.cables[1].tension_max == 10.0 + 0.5 * 11);
  CHECK(s.balance_start == frames.front().energy.balance());
  CHECK(s.balance_end == frames.back().energy.balance());
  CHECK(s.balance_max_drift > 0.0);
  CHECK(s.file_bytes == fs::file_size(file));
}

TEST_CASE("recording: NaN is stored as NULL and read back as NaN", "[record]") {
  const fs::path file = scratchDir("nan") / "nan.db";
  auto scene = syntheticScene(2, 0);
  SimulationFrame f = syntheticFrame(0, 2, 0, 1);
  f.energy.kinetic = std::nan("");
  f.contacts[0].normal_force = std::nan("");
  {
    RecordingWriter writer(file, scene.header);
    writer.append(f);
  }  // the destructor closes
  RecordingReader reader(file);
  const SimulationFrame g = reader.frame(0);
  CHECK(std::isnan(g.energy.kinetic));
  CHECK(std::isnan(g.contacts[0].normal_force));
  CHECK_FALSE(reader.summary().max_normal_force);
}

TEST_CASE("recording: several frames per transaction", "[record]") {
  const fs::path file = scratchDir("batch") / "batch.db";
  RecordingOptions options;
  options.frames_per_transaction = 4;
  writeSynthetic(file, 10, options);
  RecordingReader reader(file);
  REQUIRE(reader.frameCount() == 10);
  requireSameFrame(reader.frame(9), syntheticFrame(9));
}

TEST_CASE("recording: checkpoints are stored with their frames, byte for byte", "[record]") {
  const fs::path file = scratchDir("checkpoints") / "checkpoints.db";
  const testing::SyntheticScene scene = syntheticScene();
  std::vector<std::vector<std::uint8_t>> stored;
  {
    RecordingWriter writer(file, scene.header);
    for (int k = 0; k < 4; ++k) {
      // Frame 2 without one (what a volumetric scene writes); the others of varied sizes.
      stored.emplace_back(k == 2 ? 0 : 100 * k + 1);
      for (std::size_t i = 0; i < stored.back().size(); ++i)
        stored.back()[i] = static_cast<std::uint8_t>(i * 37 + k);
      writer.append(syntheticFrame(k), stored.back());
    }
    writer.close();
  }
  RecordingReader reader(file);
  for (int k = 0; k < 4; ++k) {
    const auto checkpoint = reader.checkpoint(k);
    CHECK(checkpoint.has_value() == (k != 2));
    if (checkpoint) CHECK((*checkpoint == stored[static_cast<std::size_t>(k)]));
  }
  CHECK_THROWS_AS(reader.checkpoint(4), RecordingError);
  // A file from before checkpoints (no table): none, and its frames read as ever.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "DROP TABLE checkpoints", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  RecordingReader old(file);
  CHECK_FALSE(old.checkpoint(0).has_value());
  requireSameFrame(old.frame(3), syntheticFrame(3));
}

TEST_CASE("recording writer: errors name the file", "[record]") {
  auto scene = syntheticScene();
  SECTION("cannot create") {
    const fs::path file = scratchDir("errors") / "no such dir" / "out.db";
    CHECK_THROWS_WITH(RecordingWriter(file, scene.header),
                      Catch::StartsWith(file.string() + ": cannot create"));
  }
  SECTION("frame shape and time order") {
    const fs::path file = scratchDir("errors") / "shape.db";
    RecordingWriter writer(file, scene.header);
    writer.append(syntheticFrame(1));
    CHECK_THROWS_WITH(writer.append(syntheticFrame(2, 2)),
                      Catch::StartsWith(file.string() + ": frame 1: 2 bodies"));
    CHECK_THROWS_WITH(writer.append(syntheticFrame(2, 3, 1)), Catch::Contains("1 cables"));
    CHECK_THROWS_WITH(
        writer.append(syntheticFrame(2, 3, 2, 2, 5, 1)),
        Catch::StartsWith(file.string() + ": frame 1: 1 drives, the recording has 0"));
    CHECK_THROWS_WITH(writer.append(syntheticFrame(0)), Catch::Contains("before the previous"));
    SimulationFrame bad = syntheticFrame(2);
    bad.contacts[0].body_b = 7;
    CHECK_THROWS_WITH(writer.append(bad), Catch::Contains("contact between bodies"));
    writer.append(syntheticFrame(2));
    writer.close();
    CHECK_THROWS_WITH(writer.append(syntheticFrame(3)), Catch::Contains("after close"));
    RecordingReader reader(file);
    CHECK(reader.frameCount() == 2);
  }
  SECTION("duplicate body names") {
    scene.header.bodies[2].name = scene.header.bodies[1].name;
    const fs::path file = scratchDir("errors") / "dup.db";
    CHECK_THROWS_WITH(RecordingWriter(file, scene.header), Catch::Contains("appears twice"));
  }
  SECTION("an existing file is replaced") {
    const fs::path file = scratchDir("errors") / "replace.db";
    writeBytes(file, "not a database at all");
    writeSynthetic(file, 3);
    CHECK(RecordingReader(file).frameCount() == 3);
  }
}

TEST_CASE("recording: a writer killed with SIGKILL leaves every committed frame readable",
          "[record][crash]") {
  const fs::path dir = scratchDir("killed");
  for (const int target : {1, 7, 40}) {
    CAPTURE(target);
    const fs::path file = dir / ("killed-" + std::to_string(target) + ".db");
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      // Child: write frames forever (big ones, so the kill often lands inside a transaction),
      // reporting each committed frame through the pipe.
      close(fds[0]);
      try {
        auto scene = syntheticScene(10, 2);
        RecordingWriter writer(file, scene.header);
        for (int k = 0; k < 1000000; ++k) {
          writer.append(syntheticFrame(k, 10, 2, 20, 100));
          const int done = k + 1;
          if (write(fds[1], &done, sizeof done) != sizeof done) _exit(3);
        }
      } catch (...) {
        const int failed = -1;
        (void)!write(fds[1], &failed, sizeof failed);
        _exit(2);
      }
      _exit(0);
    }
    close(fds[1]);
    int committed = 0;
    while (committed >= 0 && committed < target) {
      if (read(fds[0], &committed, sizeof committed) != sizeof committed) break;
    }
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    close(fds[0]);
    REQUIRE(committed == target);  // the child reported no failure
    REQUIRE(WIFSIGNALED(status));
    REQUIRE(WTERMSIG(status) == SIGKILL);

    RecordingReader reader(file);
    REQUIRE(reader.frameCount() >= target);
    REQUIRE(reader.header().bodies.size() == 10);
    // The last frames (the ones that may have been in flight) and some before.
    for (std::int64_t i = 0; i < reader.frameCount(); ++i) {
      if (i > 3 && i + 3 < reader.frameCount()) continue;
      CAPTURE(i);
      requireSameFrame(reader.frame(i), syntheticFrame(static_cast<int>(i), 10, 2, 20, 100));
    }
    CHECK(reader.summary().frames == reader.frameCount());
  }
}

TEST_CASE("recording: a full disk stops the writer with an error, committed frames stay",
          "[record][crash]") {
  const fs::path file = scratchDir("full") / "full.db";
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    // Child: files may not grow beyond 1 MiB (EFBIG instead of SIGXFSZ), as on a full disk.
    close(fds[0]);
    signal(SIGXFSZ, SIG_IGN);
    rlimit limit{1 << 20, 1 << 20};
    setrlimit(RLIMIT_FSIZE, &limit);
    std::string report;
    std::int64_t frames = 0;
    try {
      auto scene = syntheticScene(10, 2);
      RecordingWriter writer(file, scene.header);
      for (int k = 0; k < 100000; ++k) {
        writer.append(syntheticFrame(k, 10, 2, 20, 100));
        frames = writer.frameCount();
      }
      report = "no error";
    } catch (const RecordingError& e) {
      report = e.what();
    } catch (...) {
      report = "unexpected exception";
    }
    report = std::to_string(frames) + "\n" + report;
    (void)!write(fds[1], report.data(), report.size());
    _exit(0);
  }
  close(fds[1]);
  std::string report;
  char buffer[512];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) report.append(buffer, n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  const std::size_t newline = report.find('\n');
  REQUIRE(newline != std::string::npos);
  const std::int64_t committed = std::stoll(report.substr(0, newline));
  const std::string error = report.substr(newline + 1);
  CHECK_THAT(error,
             Catch::StartsWith(file.string() + ": frame ") && Catch::Contains("cannot write"));
  CHECK(committed > 0);
  // The writer's destructor closed the file after the error; every committed frame reads.
  RecordingReader reader(file);
  CHECK(reader.frameCount() >= committed);
  for (std::int64_t i = std::max<std::int64_t>(0, reader.frameCount() - 3); i < reader.frameCount();
       ++i)
    requireSameFrame(reader.frame(i), syntheticFrame(static_cast<int>(i), 10, 2, 20, 100));
}

TEST_CASE("recording reader: damaged and foreign files give one clear error, never a crash",
          "[record]") {
  const fs::path dir = scratchDir("damaged");
  const fs::path good = writeSynthetic(dir / "good.db", 60);
  const std::string bytes = readBytes(good);
  REQUIRE(bytes.size() > 3 * 4096);

  SECTION("missing") {
    const fs::path file = dir / "missing.db";
    fs::remove(file);
    CHECK(readerError(file) == file.string() + ": cannot open: no such file");
  }
  SECTION("a directory") {
    CHECK_THAT(readerError(dir), Catch::StartsWith(dir.string() + ": cannot open"));
  }
  SECTION("empty") {
    const fs::path file = dir / "empty.db";
    writeBytes(file, "");
    CHECK(readerError(file) == file.string() + ": not a contactsim recording (empty file)");
  }
  SECTION("garbage") {
    const fs::path file = dir / "garbage.db";
    std::mt19937 random(7);
    std::string junk(20000, '\0');
    for (char& c : junk) c = static_cast<char>(random());
    writeBytes(file, junk);
    CHECK(readerError(file) ==
          file.string() + ": not a contactsim recording (not an SQLite database)");
    // SQLite's magic followed by garbage.
    std::memcpy(junk.data(), "SQLite format 3", 16);
    writeBytes(file, junk);
    CHECK_THAT(readerError(file),
               Catch::StartsWith(file.string() + ": not a readable contactsim recording"));
  }
  SECTION("truncated at many offsets") {
    const fs::path file = dir / "truncated.db";
    std::vector<std::size_t> offsets = {1,    15,   16,   50,   99,   100,  101,
                                        1000, 4095, 4096, 4097, 8192, 12345};
    for (std::size_t k = 1; k < 16; ++k) offsets.push_back(bytes.size() * k / 16);
    offsets.push_back(bytes.size() - 4096);
    offsets.push_back(bytes.size() - 1);
    for (const std::size_t offset : offsets) {
      CAPTURE(offset);
      writeBytes(file, bytes.substr(0, offset));
      const std::string error = readerError(file);
      CHECK_THAT(error, Catch::StartsWith(file.string() + ": "));
      CHECK(error.find('\n') == std::string::npos);
      if (offset >= 16) CHECK_THAT(error, Catch::Contains("truncated recording"));
    }
    writeBytes(file, bytes.substr(0, bytes.size() / 2));
    CHECK_THAT(readerError(file), Catch::Contains("truncated recording"));
  }
  SECTION("bytes overwritten inside the file") {
    const fs::path file = dir / "scribbled.db";
    std::mt19937 random(11);
    for (int trial = 0; trial < 20; ++trial) {
      std::string damaged = bytes;
      const std::size_t at = 100 + random() % (damaged.size() - 200);
      for (std::size_t j = at; j < std::min(damaged.size(), at + 64); ++j)
        damaged[j] = static_cast<char>(random());
      writeBytes(file, damaged);
      // Either still readable (the damage hit unused space) or a RecordingError naming the file.
      const std::string error = readerError(file);
      if (!error.empty()) CHECK_THAT(error, Catch::StartsWith(file.string() + ": "));
    }
  }
  SECTION("an SQLite file of another kind") {
    const fs::path file = dir / "other.db";
    fs::remove(file);
    sql(file, "CREATE TABLE things(x)");
    CHECK(readerError(file) ==
          file.string() + ": not a readable contactsim recording (no meta table)");
    sql(file,
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value); "
        "INSERT INTO meta VALUES('format', 'someone-else'), ('schema_version', 1)");
    CHECK(readerError(file) == file.string() +
                                   ": not a contactsim recording (format 'someone-else', "
                                   "expected 'contactsim-recording')");
  }
  SECTION("a newer schema version") {
    const fs::path file = dir / "newer.db";
    fs::copy_file(good, file, fs::copy_options::overwrite_existing);
    const std::string newer = std::to_string(kRecordingSchemaVersion + 1);
    sql(file, ("UPDATE meta SET value = " + newer + " WHERE key = 'schema_version'").c_str());
    CHECK_THAT(readerError(file), Catch::StartsWith(file.string() + ": recording schema version " +
                                                    newer + " is newer"));
  }
  SECTION("inconsistent rows") {
    const fs::path file = dir / "inconsistent.db";
    fs::copy_file(good, file, fs::copy_options::overwrite_existing);
    sql(file, "DELETE FROM body_states WHERE frame = 3 AND body = 1");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(3), file.string() +
                                           ": frame 3: corrupt recording (body "
                                           "states out of sequence)");
    requireSameFrame(reader.frame(4), syntheticFrame(4));
  }
}

// Fuzz finding (fuzz_recording_reader, docs/reliability.md): SQLite quotes the damaged schema
// statement, line breaks and all, in its error; the error must still be one line.
TEST_CASE("recording reader: a damaged schema gives a one-line error", "[record]") {
  const fs::path dir = scratchDir("damaged_schema");
  const fs::path file = writeSynthetic(dir / "schema.db", 3);
  // An unterminated quote in the middle of a multi-line CREATE TABLE.
  sql(file,
      "PRAGMA writable_schema = ON; "
      "UPDATE sqlite_master SET sql = replace(sql, 'wx,', 'wx'',') WHERE name = 'body_states'");
  const std::string error = readerError(file);
  CHECK_THAT(error, Catch::StartsWith(file.string() + ": not a readable contactsim recording"));
  CHECK_THAT(error, Catch::Contains("malformed database schema"));
  CHECK(error.find('\n') == std::string::npos);
  CHECK(error.find('\r') == std::string::npos);
}

TEST_CASE("recording reader: damaged drive rows give one clear error, never a crash", "[record]") {
  const fs::path dir = scratchDir("damaged_drives");
  const fs::path good = writeSynthetic(dir / "good.db", 8, {}, 2);
  const fs::path file = dir / "damaged.db";
  fs::copy_file(good, file, fs::copy_options::overwrite_existing);
  const std::string prefix = file.string() + ": ";
  SECTION("a missing first drive state") {
    sql(file, "DELETE FROM drive_states WHERE frame = 3 AND drive = 0");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(3),
                      prefix + "frame 3: corrupt recording (drive states out of sequence)");
    requireSameFrame(reader.frame(4), syntheticFrame(4, 3, 2, 2, 5, 2));
  }
  SECTION("a missing last drive state") {
    sql(file, "DELETE FROM drive_states WHERE frame = 2 AND drive = 1");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(2),
                      prefix + "frame 2: corrupt recording (1 drive states for 2 drives)");
  }
  SECTION("no drive states at all") {
    sql(file, "DELETE FROM drive_states WHERE frame = 5");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(5),
                      prefix + "frame 5: corrupt recording (0 drive states for 2 drives)");
  }
  SECTION("a drive state of a drive the header lacks") {
    sql(file, "INSERT INTO drive_states(frame, drive, position, effort) VALUES(1, 2, 0.5, 1)");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(1),
                      prefix + "frame 1: corrupt recording (3 drive states for 2 drives)");
  }
  SECTION("out of sequence") {
    sql(file, "UPDATE drive_states SET drive = 7 WHERE frame = 6 AND drive = 0");
    RecordingReader reader(file);
    CHECK_THROWS_WITH(reader.frame(6),
                      prefix + "frame 6: corrupt recording (drive states out of sequence)");
  }
  SECTION("drive indices in the header") {
    sql(file, "UPDATE drives SET drive = 5 WHERE drive = 0");
    CHECK(readerError(file) == prefix + "corrupt recording (drive indices are not 0, 1, 2, ...)");
  }
  SECTION("the drive tables missing from a version-2 file") {
    sql(file, "DROP TABLE drive_states");
    const std::string error = readerError(file);
    CHECK_THAT(error, Catch::StartsWith(prefix + "not a readable contactsim recording"));
    CHECK(error.find('\n') == std::string::npos);
  }
}
