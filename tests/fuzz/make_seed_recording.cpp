// Writes the recording reader's seed (corpus/recording/synthetic_v4.db): the tests' synthetic
// recording cut down to two bodies, one cable, one driven joint, two contacts (the second
// continuing the first) and three frames, so that
// mutations start from a valid file with every table filled, the drives' too, and stay small:
// rewritten with 512-byte pages (16 KB instead of 120 KB), since libFuzzer mutates, and copies,
// every byte of it. Usage: contactsim-fuzz-make-seed-recording OUTPUT.db
#include <sqlite3.h>

#include <cstdio>

#include "../record/synthetic.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.db\n", argv[0]);
    return 2;
  }
  contactsim::testing::SyntheticScene scene = contactsim::testing::syntheticScene(2, 1, 1);
  contactsim::RecordingWriter writer(argv[1], scene.header);
  for (int k = 0; k < 3; ++k) writer.append(contactsim::testing::syntheticFrame(k, 2, 1, 2, 4, 1));
  writer.close();
  sqlite3* db = nullptr;
  const bool ok =
      sqlite3_open(argv[1], &db) == SQLITE_OK &&
      sqlite3_exec(db, "PRAGMA page_size = 512; VACUUM;", nullptr, nullptr, nullptr) == SQLITE_OK;
  if (!ok) std::fprintf(stderr, "%s: %s\n", argv[1], sqlite3_errmsg(db));
  sqlite3_close(db);
  return ok ? 0 : 1;
}
