// Writes the recording reader's seed (corpus/recording/synthetic.db): the tests' synthetic
// recording cut down to two bodies, one cable and three frames, so that mutations start from a
// valid file with every table filled and stay small (a few SQLite pages).
// Usage: contactsim-fuzz-make-seed-recording OUTPUT.db
#include <cstdio>

#include "../record/synthetic.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.db\n", argv[0]);
    return 2;
  }
  contactsim::testing::SyntheticScene scene = contactsim::testing::syntheticScene(2, 1);
  contactsim::RecordingWriter writer(argv[1], scene.header);
  for (int k = 0; k < 3; ++k) writer.append(contactsim::testing::syntheticFrame(k, 2, 1, 1, 4));
  writer.close();
  return 0;
}
