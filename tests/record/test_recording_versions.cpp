// Recordings of older schema versions: files taken back to each older schema, and the fuzzer's
// committed seeds that writers of those versions wrote, read as what those versions held.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "record/recording_format.h"
#include "record/recording_reader.h"
#include "recording_checks.h"
#include "synthetic.h"

namespace fs = std::filesystem;
using namespace contactsim;
using namespace contactsim::testing;

namespace {

// What a file of an older schema version holds of frame f: contacts without surface_offset
// (before 4) read it as 0, without continues (before 3) as −1, and files without drives (before 2)
// have neither drive states nor drive work.
SimulationFrame asVersion(SimulationFrame f, int version) {
  for (ContactDiagnostics& c : f.contacts) {
    if (version < 4) c.patch.surface_offset = 0.0;
    if (version < 3) c.patch.continues = -1;
  }
  if (version < 2) {
    f.drives.clear();
    f.energy.drive_work = 0.0;
  }
  return f;
}

// Takes a file of the current schema back to `version`: drops what each later version added
// (FORMAT.md, "Versions") and stamps the version, then runs `extra`.
void downgrade(const fs::path& file, int version, const std::string& extra = "") {
  std::string statement;
  if (version < 4) statement += "ALTER TABLE contacts DROP COLUMN surface_offset; ";
  if (version < 3) statement += "ALTER TABLE contacts DROP COLUMN continues; ";
  if (version < 2)
    statement +=
        "DROP TABLE drive_states; DROP TABLE drives; ALTER TABLE frames DROP COLUMN drive_work; "
        "DELETE FROM meta WHERE key = 'drive_count'; ";
  const std::string v = std::to_string(version);
  statement += "UPDATE meta SET value = " + v +
               " WHERE key = 'schema_version'; PRAGMA user_version = " + v + "; " + extra;
  sql(file, statement.c_str());
}

// A file taken back to `version` with `frames` synthetic frames and `drives` driven joints
// reads, frame by frame, as asVersion of what was written. `held` checks, per written frame,
// that it holds what the older file loses (else the test could not fail).
template <class Held>
void checkDowngraded(const std::string& name, int version, int frames, int drives, Held held) {
  const fs::path file = writeSynthetic(scratchDir(name) / (name + ".db"), frames, {}, drives);
  downgrade(file, version);
  RecordingReader reader(file);
  CHECK(reader.header().schema_version == version);
  REQUIRE(reader.frameCount() == frames);
  for (int k = 0; k < frames; ++k) {
    CAPTURE(k);
    const SimulationFrame written = syntheticFrame(k, 3, 2, 2, 5, drives);
    held(written);
    requireSameFrame(reader.frame(k), asVersion(written, version));
  }
  CHECK(readerError(file).empty());
}

}  // namespace

// Version 1 (before drives): no drives, drive_work 0.
TEST_CASE("recording reader: version-1 files read without drives", "[record]") {
  SECTION("the version-1 schema") {
    checkDowngraded("version1", 1, 5, 2, [](const SimulationFrame& written) {
      REQUIRE(!written.drives.empty());  // what the file no longer holds
    });
  }
  SECTION("a damaged frame of a version-1 file") {
    // The frame's error path resets every per-frame statement, the drives' too, which a
    // version-1 file never prepared: it crashed (fuzzer, CI replay) instead of reporting.
    const fs::path file = writeSynthetic(scratchDir("version1_damaged") / "v1.db", 5, {}, 2);
    downgrade(file, 1, "DELETE FROM cable_states WHERE frame = 2;");
    const std::string error = readerError(file);
    CHECK_THAT(error, Catch::StartsWith(file.string() + ": "));
    CHECK(error.find('\n') == std::string::npos);
  }
}

// Version 2 (before contacts.continues): every contact reads as a make event, −1.
TEST_CASE("recording reader: version-2 files read every contact as a make", "[record]") {
  checkDowngraded("version2", 2, 4, 1, [](const SimulationFrame& written) {
    REQUIRE(written.contacts[1].patch.continues >= 0);  // the split the file no longer holds
  });
}

// Version 3 (before contacts.surface_offset): every force at its pressure centre.
TEST_CASE("recording reader: version-3 files read every force at its pressure centre", "[record]") {
  checkDowngraded("version3", 3, 4, 1, [](const SimulationFrame& written) {
    REQUIRE(written.contacts[1].patch.surface_offset != 0.0);  // what the file no longer holds
  });
}

// The fuzzer's committed seeds (tests/fuzz/make_seed_recording.cpp, by the writer of each
// version): syntheticScene(2, 1, drives) and three frames (k, 2, 1, contacts, 4, drives).
TEST_CASE("recording reader: the fuzzer's seed of every version", "[record]") {
  struct Seed {
    int version, contacts, drives;
  };
  // Version 1: one contact, no drives; 2: a driven joint, one contact (a make: −1, as every
  // contact of a version-2 file reads); 3: a split contact; 4: the current writer's.
  for (const Seed seed : {Seed{1, 1, 0}, Seed{2, 1, 1}, Seed{3, 2, 1}, Seed{4, 2, 1}}) {
    const fs::path file = fs::path(CONTACTSIM_SOURCE_DIR) / "tests/fuzz/corpus/recording" /
                          ("synthetic_v" + std::to_string(seed.version) + ".db");
    CAPTURE(file);
    REQUIRE(fs::exists(file));
    RecordingReader reader(file);
    CHECK(reader.header().schema_version == seed.version);
    CHECK(reader.header().drives.size() == static_cast<std::size_t>(seed.drives));
    REQUIRE(reader.frameCount() == 3);
    for (int k = 0; k < 3; ++k)
      requireSameFrame(
          reader.frame(k),
          asVersion(syntheticFrame(k, 2, 1, seed.contacts, 4, seed.drives), seed.version));
    CHECK(readerError(file).empty());
  }
  CHECK(kRecordingSchemaVersion == 4);  // the newest seed is the current writer's
}
