// File ▸ Export video in-process: the shipped bouncing-ball recording exported over a chosen span
// and frame rate (frames counted by ffprobe when installed), the dialog's choices reaching the
// export, and errors (nothing recorded, unwritable file, unknown format) reported in one line
// while the window carries on.
#include <sqlite3.h>

#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "../test_output_dir.h"
#include "main_window.h"
#include "recordings.h"
#include "source_path.h"
#include "test_application.h"
#include "video_export.h"
#include "video_export_dialog.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::shownFrame;
using contactsim::testing::windowPart;
namespace fs = std::filesystem;

namespace {

fs::path workDir() { return testing::testOutputDir("test_gui_video_export"); }

QString shippedRecording() { return testing::sourcePath("assets/recordings/bouncing_ball.db"); }

QString outFile(const char* name) {
  const fs::path file = workDir() / name;
  fs::remove(file);
  return QString::fromStdString(file.string());
}

// Errors go here instead of a modal dialog.
struct ErrorLog {
  QStringList messages;
  explicit ErrorLog(MainWindow& window) {
    window.setErrorReporter(
        [this](const QString& title, const QString& text) { messages << title + ": " + text; });
  }
};

// Ten frames per second over [from, to] simulated seconds, width × height pixels.
VideoExportOptions tenPerSecond(double from, double to, int width, int height) {
  VideoExportOptions options;
  options.frames_per_second = 10.0;
  options.from = from;
  options.to = to;
  options.width = width;
  options.height = height;
  return options;
}

void showRecording(MainWindow& window, const QString& recording = shippedRecording()) {
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.openRecording(recording));
}

bool isOgg(const QString& file) {
  std::ifstream in(file.toStdString(), std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return std::string(magic, 4) == "OggS";
}

// ffprobe's "key=value" lines about the first video stream, decoding every frame; empty when
// ffprobe is not installed.
QString probe(const QString& file) {
  const QString ffprobe = QStandardPaths::findExecutable("ffprobe");
  if (ffprobe.isEmpty()) return {};
  QProcess process;
  process.start(ffprobe,
                {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                 "stream=nb_read_frames,width,height", "-of", "default=noprint_wrappers=1", file});
  REQUIRE(process.waitForFinished(60000));
  REQUIRE(process.exitCode() == 0);
  return QString::fromUtf8(process.readAllStandardOutput());
}

}  // namespace

TEST_CASE("a span of the bouncing-ball recording exports to an Ogg video", "[video]") {
  contactsim::testing::testApplication("test_gui_video_export");
  MainWindow window;
  ErrorLog errors(window);
  showRecording(window);

  const VideoExportOptions options = tenPerSecond(0.2, 0.5, 320, 240);
  // Frames at 0.2, 0.3, 0.4 and 0.5 s (nb_read_frames=4 below).
  const QString out = outFile("ball_span.ogv");
  REQUIRE(windowPart<Recordings>(window).exportVideo(out, options));
  INFO(errors.messages.join("\n").toStdString());
  CHECK(errors.messages.isEmpty());
  REQUIRE(fs::exists(out.toStdString()));
  CHECK(fs::file_size(out.toStdString()) > 2000);
  CHECK(isOgg(out));

  const QString probed = probe(out);
  if (probed.isEmpty()) {
    WARN("ffprobe not installed: the video's frame count is not checked");
  } else {
    INFO(probed.toStdString());
    CHECK(probed.contains("width=320"));
    CHECK(probed.contains("height=240"));
    CHECK(probed.contains("nb_read_frames=4"));
  }
  CHECK(windowPart<Recordings>(window).replaying());
}

// A recording whose stored scene no longer reads still exports — bodies and forces — and the
// status bar says that its cables and joint axes are not drawn, and why, instead of leaving them
// out silently.
TEST_CASE("a recording whose scene does not read exports without cables, and says so", "[video]") {
  contactsim::testing::testApplication("test_gui_video_export");
  const fs::path broken = workDir() / "ball_broken_scene.db";
  fs::remove(broken);
  fs::copy_file(shippedRecording().toStdString(), broken);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(broken.c_str(), &db) == SQLITE_OK);
  const int rc = sqlite3_exec(db, "UPDATE scene SET json = '{not json'", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);

  MainWindow window;
  ErrorLog errors(window);
  showRecording(window, QString::fromStdString(broken.string()));
  const VideoExportOptions options = tenPerSecond(0.2, 0.3, 160, 120);
  const QString out = outFile("ball_broken_scene.ogv");
  REQUIRE(windowPart<Recordings>(window).exportVideo(out, options));
  INFO(errors.messages.join("\n").toStdString());
  CHECK(errors.messages.isEmpty());
  CHECK(isOgg(out));
  const QString status = window.statusBar()->currentMessage();
  INFO(status.toStdString());
  CHECK(status.contains("cables and joint axes are not drawn"));
  CHECK(status.contains("ball_broken_scene.db"));
}

TEST_CASE("File > Export video: the dialog's file, rate and span reach the export", "[video]") {
  contactsim::testing::testApplication("test_gui_video_export");
  MainWindow window;
  ErrorLog errors(window);
  showRecording(window);

  QAction* action = nullptr;
  for (QAction* a : window.findChildren<QAction*>()) {
    if (a->text() == "&Export video…") action = a;
  }
  REQUIRE(action != nullptr);
  const QString out = outFile("from_dialog.ogv");
  bool dialog_seen = false;
  QTimer::singleShot(0, [&] {
    // No REQUIRE here: an exception must not cross the dialog's event loop.
    auto* dialog = qobject_cast<VideoExportDialog*>(QApplication::activeModalWidget());
    if (dialog == nullptr) return;
    dialog_seen = true;
    const auto boxes = dialog->findChildren<QDoubleSpinBox*>();
    CHECK(boxes.size() == 3);  // frame rate, from, to
    if (boxes.size() != 3) return dialog->reject();
    CHECK(boxes[1]->value() == Approx(0.0));
    CHECK(boxes[2]->value() > 1.0);  // the whole recording by default
    dialog->findChild<QLineEdit*>()->setText(out);
    boxes[0]->setValue(5.0);
    boxes[1]->setValue(1.0);
    boxes[2]->setValue(1.2);
    CHECK(dialog->options().frames_per_second == 5.0);
    dialog->accept();
  });
  action->trigger();
  REQUIRE(dialog_seen);
  INFO(errors.messages.join("\n").toStdString());
  CHECK(errors.messages.isEmpty());
  REQUIRE(fs::exists(out.toStdString()));
  CHECK(isOgg(out));
  const QString probed = probe(out);
  if (!probed.isEmpty()) CHECK(probed.contains("nb_read_frames=2"));  // 1.0 and 1.2 s
}

TEST_CASE("video export errors are one line and the window carries on", "[video]") {
  contactsim::testing::testApplication("test_gui_video_export");
  MainWindow window;
  ErrorLog errors(window);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  VideoExportOptions options = tenPerSecond(0.0, 0.1, 160, 120);

  // Nothing recorded or replayed yet.
  CHECK_FALSE(windowPart<Recordings>(window).exportVideo(outFile("nothing.ogv"), options));
  REQUIRE(errors.messages.size() == 1);
  CHECK(errors.messages[0].startsWith("Export video: Record a run first"));

  REQUIRE(window.openRecording(shippedRecording()));
  const QString unwritable =
      QString::fromStdString((workDir() / "no_such_directory" / "ball.ogv").string());
  CHECK_FALSE(windowPart<Recordings>(window).exportVideo(unwritable, options));
  REQUIRE(errors.messages.size() == 2);
  CHECK(errors.messages[1].startsWith("Cannot export the video: "));
  CHECK(errors.messages[1].contains(unwritable));
  CHECK_FALSE(errors.messages[1].contains('\n'));

  const QString avi = outFile("ball.avi");
  CHECK_FALSE(windowPart<Recordings>(window).exportVideo(avi, options));
  REQUIRE(errors.messages.size() == 3);
  CHECK(errors.messages[2].contains(avi));
  CHECK_FALSE(errors.messages[2].contains('\n'));
  CHECK_FALSE(fs::exists(avi.toStdString()));

  options.from = 0.3;
  options.to = 0.1;
  CHECK_FALSE(windowPart<Recordings>(window).exportVideo(outFile("reversed.ogv"), options));
  REQUIRE(errors.messages.size() == 4);
  CHECK(errors.messages[3].contains("time span"));

  // Still there, still replaying, and the next export works.
  CHECK(window.isVisible());
  CHECK(windowPart<Recordings>(window).replaying());
  options.to = 0.4;
  const QString good = outFile("after_errors.ogv");
  CHECK(windowPart<Recordings>(window).exportVideo(good, options));
  CHECK(fs::exists(good.toStdString()));
  CHECK(errors.messages.size() == 4);
}
