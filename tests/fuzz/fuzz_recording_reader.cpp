// libFuzzer target: a recording file's bytes opened with RecordingReader and read as the replay
// timeline and `contactsim-cli replay` read it (header, every frame, meshes, summary). The only
// exception allowed out is RecordingError, one line starting with the file's path.
#include <cmath>
#include <string>

#include "fuzz_support.h"
#include "record/recording_reader.h"

namespace {

// Enough frames to reach the rows a mutation damaged, few enough to keep executions fast.
constexpr std::int64_t kMaxFrames = 16;

void readEverything(const contactsim::RecordingReader& reader) {
  const contactsim::RecordingHeader& header = reader.header();
  const std::int64_t frames = reader.frameCount();
  contactsim::fuzz::check(frames >= 0, "negative frame count");
  for (std::int64_t i = 0; i < std::min(frames, kMaxFrames); ++i) {
    const contactsim::SimulationFrame frame = reader.frame(i);
    contactsim::fuzz::check(frame.bodies.size() == header.bodies.size(),
                            "frame body count differs from the header");
    reader.frameTime(i);
  }
  if (frames > 0) reader.firstFrameAtOrAfter(reader.frameTime(frames - 1));
  for (std::size_t b = 0; b < header.bodies.size(); ++b) reader.mesh(static_cast<int>(b));
  reader.summary();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const contactsim::fuzz::ScratchFile file(
      std::string_view(reinterpret_cast<const char*>(data), size), ".db");
  try {
    const contactsim::RecordingReader reader(file.path());
    readEverything(reader);
  } catch (const contactsim::RecordingError& e) {
    const std::string what = e.what();
    contactsim::fuzz::check(what.find('\n') == std::string::npos, "multi-line error: " + what);
    contactsim::fuzz::check(what.rfind(file.path().string(), 0) == 0,
                            "error does not start with the file: " + what);
  }
  return 0;
}
