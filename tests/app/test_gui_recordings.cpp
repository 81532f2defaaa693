// Recording and replay (app/gui/recordings.h) without a window: a live run recorded to a file
// that then becomes the recording to export, a replay run to a time, and the errors of a video
// with nothing to make it from.
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QWidget>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../test_output_dir.h"
#include "import/scene_mesh_import.h"
#include "record/recording_reader.h"
#include "recordings.h"
#include "replay_controller.h"
#include "scene/scene_reader.h"
#include "simulation_thread.h"
#include "source_path.h"
#include "test_application.h"
#include "video_export.h"

using namespace contactsim;
using namespace contactsim::gui;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutMs = 60000;

// The parts a window would give: the run's thread, a status bar and a parent for dialogs.
struct Rig {
  SimulationThread simulation;
  QWidget parent;
  QStatusBar bar;
  Recordings recordings{simulation, &bar, &parent, [] { return render::ForceScale{}; }};
  QStringList errors;

  Rig() {
    QObject::connect(
        &recordings, &Recordings::failed, &recordings,
        [this](const QString& title, const QString& text) { errors << title + ": " + text; });
  }
};

}  // namespace

TEST_CASE("recordings: a live run recorded becomes the recording to export", "[recordings]") {
  contactsim::testing::testApplication("test_gui_recordings");
  Rig rig;
  CHECK_FALSE(rig.recordings.replaying());
  CHECK_FALSE(rig.recordings.runUntil(0.1));  // a live run goes there by itself
  CHECK_FALSE(rig.recordings.exportVideo("nothing.ogv", VideoExportOptions{}));
  REQUIRE(rig.errors.size() == 1);
  CHECK(rig.errors[0].startsWith("Export video: Record a run first"));

  const fs::path scene_file = fs::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/bouncing_ball.json";
  std::ifstream in(scene_file);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  rig.simulation.load(parseScene(text, scene_file, sceneMeshLoader()), text, 1);
  const fs::path file = testing::testOutputDir("test_gui_recordings") / "live.db";
  fs::remove(file);
  const QString path = QString::fromStdString(file.string());
  REQUIRE(rig.recordings.startRecording(path));
  bool reached = false;  // queued from the worker's thread to this one (the context's)
  QObject::connect(&rig.simulation.worker(), &SimulationWorker::reachedTime, &rig.parent,
                   [&reached] { reached = true; });
  rig.simulation.runUntil(0.05);
  REQUIRE(QTest::qWaitFor([&] { return reached; }, kTimeoutMs));
  rig.recordings.stopRecording();
  REQUIRE(QTest::qWaitFor([&] { return !rig.recordings.lastRecording().isEmpty(); }, kTimeoutMs));
  CHECK(rig.recordings.lastRecording() == path);
  CHECK(rig.bar.currentMessage() == "Recording saved: " + path);
  CHECK(RecordingReader(file).frameCount() > 1);
  CHECK(rig.errors.size() == 1);
}

TEST_CASE("recordings: a replay runs to the first frame at or after a time", "[recordings]") {
  contactsim::testing::testApplication("test_gui_recordings");
  Rig rig;
  rig.recordings.replay().open(testing::sourcePath("assets/recordings/bouncing_ball.db"));
  REQUIRE(rig.recordings.replaying());
  CHECK_FALSE(rig.recordings.startRecording("replayed.db"));  // only a live run records

  QSignalSpy reached(&rig.recordings, &Recordings::reachedTime);
  REQUIRE(rig.recordings.runUntil(0.1));
  REQUIRE(reached.wait(kTimeoutMs));
  const RecordingReader& reader = *rig.recordings.replay().reader();
  const double t = reached.front().front().toDouble();
  CHECK(t == reader.frameTime(rig.recordings.replay().currentFrame()));
  CHECK(t >= 0.1);
  CHECK(reader.frameTime(rig.recordings.replay().currentFrame() - 1) < 0.1);

  // Past the end: the last frame.
  REQUIRE(rig.recordings.runUntil(1e6));
  REQUIRE(reached.wait(kTimeoutMs));
  CHECK(rig.recordings.replay().currentFrame() == reader.frameCount() - 1);
  CHECK(rig.errors.isEmpty());
}
