// The simulator window in-process: a scene run in the worker thread (play, pause, run to a time),
// the contact inspector and the force arrows; a mesh dropped into a scene; a corrupt file; a
// recording replayed and scrubbed, and continued from a replayed frame. No sleeps: every wait is on
// a condition with a timeout.
#include <vtkActor.h>
#include <vtkDataSet.h>
#include <vtkMapper.h>
#include <vtkRenderer.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QMimeData>
#include <QSettings>
#include <QSlider>
#include <QSurfaceFormat>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUrl>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../test_output_dir.h"
#include "body_pixels.h"
#include "contact_inspector.h"
#include "contact_layer.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import_dialog.h"
#include "main_window.h"
#include "plots_panel.h"
#include "record/recording_reader.h"
#include "recordings.h"
#include "replay_controller.h"
#include "sim_controls.h"
#include "simulation_thread.h"
#include "source_path.h"
#include "test_application.h"
#include "vtk_view_widget.h"
#include "window_part.h"
#include "window_run.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::sceneDocument;
using contactsim::testing::shownFrame;
using contactsim::testing::shownTime;
using contactsim::testing::windowPart;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutMs = 120000;  // generous: software OpenGL on a shared 2-core machine

fs::path workDir() { return testing::testOutputDir("test_gui_simulation"); }

QString demoScene(const char* name) {
  return testing::sourcePath(std::string("assets/scenes/") + name);
}

QApplication& application() { return contactsim::testing::testApplication("test_gui_simulation"); }

// Errors go here instead of a modal dialog.
struct ErrorLog {
  QStringList messages;
  void attach(MainWindow& window) {
    window.setErrorReporter(
        [this](const QString& title, const QString& text) { messages << title + ": " + text; });
  }
};

// Waits for the first frame of the run (the worker builds the simulation asynchronously).
void waitForFrame(MainWindow& window) {
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
}

// Opens the bouncing-ball demo in the shown window and waits for its first frame.
void showBouncingBall(MainWindow& window) {
  REQUIRE(window.openScene(demoScene("bouncing_ball.json")));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  waitForFrame(window);
}

// Runs to time t in the worker and waits until that frame is on screen.
void runUntil(MainWindow& window, double t) { testing::runWindowUntil(window, t, kTimeoutMs); }

// Shows the window and opens `file` in it for replay.
void showRecording(MainWindow& window, const fs::path& file) {
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.openRecording(QString::fromStdString(file.string())));
}

// Records the shown run into `file` until time t, and waits until the recording is closed.
void recordUntil(MainWindow& window, const fs::path& file, double t) {
  REQUIRE(windowPart<Recordings>(window).startRecording(QString::fromStdString(file.string())));
  runUntil(window, t);
  windowPart<Recordings>(window).stopRecording();
  REQUIRE(QTest::qWaitFor(
      [&] { return !windowPart<SimControls>(window).recordAction()->isChecked(); }, kTimeoutMs));
}

// Display coordinates (pixels, origin top-left) of a world point in the view.
QPointF imagePosition(MainWindow& window, const Vec3& world, const QImage& image) {
  vtkRenderer* renderer = window.simulationView()->scene().renderer();
  renderer->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
  renderer->WorldToDisplay();
  double display[3];
  renderer->GetDisplayPoint(display);
  return {display[0], image.height() - display[1]};
}

QString writeBox(const std::string& name, const Vec3& half, const Vec3& offset) {
  TriMesh box = makeBox(half);
  std::vector<Vec3> vertices = box.vertices();
  for (Vec3& v : vertices) v += offset;
  const fs::path file = workDir() / name;
  writeBinaryStl(file, TriMesh(std::move(vertices), box.triangles()));
  return QString::fromStdString(file.string());
}

}  // namespace

TEST_CASE("bouncing ball: play and pause in the worker thread, contact table and force arrows",
          "[simulation]") {
  application();
  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showBouncingBall(window);
  CHECK(shownTime(window) == 0.0);

  // Play as fast as possible (space is the shortcut of the play action), then pause.
  SimControls& controls = windowPart<SimControls>(window);
  CHECK(controls.playAction()->shortcut() == QKeySequence(Qt::Key_Space));
  controls.speedBox()->setCurrentIndex(controls.speedBox()->findData(0.0));
  controls.playAction()->trigger();
  REQUIRE(QTest::qWaitFor([&] { return windowPart<SimulationThread>(window).time() >= 0.1; },
                          kTimeoutMs));
  // The GUI stayed responsive: frames arrived while the worker ran.
  CHECK(QTest::qWaitFor([&] { return shownTime(window) > 0.0; }, kTimeoutMs));
  controls.playAction()->trigger();
  // The worker has taken the pause: it steps no more (a tick runs whole, between commands).
  REQUIRE(
      QTest::qWaitFor([&] { return !windowPart<SimulationThread>(window).running(); }, kTimeoutMs));
  const double paused_at = windowPart<SimulationThread>(window).time();
  // The pause's frame went through the mailbox to the screen; a worker still stepping would
  // have moved on meanwhile (it runs flat out here) and its frames past paused_at.
  REQUIRE(QTest::qWaitFor([&] { return shownTime(window) == paused_at; }, kTimeoutMs));
  CHECK(windowPart<SimulationThread>(window).time() == paused_at);

  // A single step advances by one time step.
  bool stepped = false;
  QObject::connect(&window, &MainWindow::frameShown, &window, [&](double t) {
    if (t > paused_at) stepped = true;
  });
  controls.stepAction()->trigger();
  REQUIRE(QTest::qWaitFor([&] { return stepped; }, kTimeoutMs));
  CHECK(shownTime(window) == Approx(paused_at + 2e-4).margin(1e-9));

  // Playing as fast as possible may have passed 0.6 s before the pause took effect: start over.
  controls.resetAction()->trigger();
  REQUIRE(QTest::qWaitFor(
      [&] {
        return windowPart<SimulationThread>(window).time() == 0.0 && shownTime(window) == 0.0;
      },
      kTimeoutMs));
  // The second impact is at t ≈ 0.593–0.611 s: run into the middle of it.
  runUntil(window, 0.6);
  REQUIRE(!windowPart<SimulationThread>(window).running());
  const SimulationFrame frame = *shownFrame(window);
  CHECK(frame.time == Approx(0.6).margin(2e-4));
  REQUIRE(frame.contacts.size() >= 1);
  REQUIRE(windowPart<ContactInspector>(window).model().rowCount() ==
          static_cast<int>(frame.contacts.size()));
  CHECK(windowPart<ContactInspector>(window)
            .model()
            .index(0, ContactTableModel::Pair)
            .data()
            .toString() == "plate – ball");
  CHECK(frame.contacts[0].normal_force > 0.0);
  CHECK(errors.messages.isEmpty());

  // Green normal-force arrow pixels near the contact centroid, above it (the force on the ball
  // points up). Only a window around the contact is searched: the corner axes' y is green too.
  const QImage image = window.view().grabFramebuffer();
  REQUIRE(!image.isNull());
  const Vec3 centroid = frame.contacts[0].patch.centroid;
  const QPointF at = imagePosition(window, centroid, image);
  const QRect around = QRect(int(at.x() - 0.15 * image.width()), int(at.y() - 0.4 * image.height()),
                             int(0.3 * image.width()), int(0.45 * image.height()))
                           .intersected(image.rect());
  const auto green =
      test::findBodyPixels(render::kNormalForceColour, around.width(), around.height(),
                           [&](int x, int y, int& r, int& g, int& b) {
                             const QRgb p = image.pixel(around.x() + x, around.y() + y);
                             r = qRed(p), g = qGreen(p), b = qBlue(p);
                           });
  INFO("green pixels " << green.count << " at " << around.x() + green.mean_x << ", "
                       << around.y() + green.mean_y << "; contact at " << at.x() << ", " << at.y());
  CHECK(green.count > 30);
  CHECK(std::abs(around.x() + green.mean_x - at.x()) < 0.05 * image.width());
  CHECK(around.y() + green.mean_y < at.y());
  image.save(QString::fromStdString((workDir() / "bouncing_ball_contact.png").string()));

  // Selecting the patch in the table highlights it and centres the camera on it.
  windowPart<ContactInspector>(window).table().selectRow(0);
  REQUIRE(windowPart<ContactInspector>(window).selectedPatch().has_value());
  window.view().grabFramebuffer();
  const QImage centred = window.view().grabFramebuffer();
  const QPointF now_at = imagePosition(window, centroid, centred);
  CHECK(std::abs(now_at.x() - centred.width() / 2.0) < 2.0);
  CHECK(std::abs(now_at.y() - centred.height() / 2.0) < 2.0);
  CHECK(windowPart<PlotsPanel>(window).pointCount() > 100);
}

TEST_CASE("a mesh dropped into a scene becomes a free body; save writes the scene back",
          "[simulation]") {
  application();
  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showBouncingBall(window);
  auto* tree = window.findChild<QTreeWidget*>();
  REQUIRE(tree->topLevelItemCount() == 2);

  const QString box = writeBox("dropped_box.stl", Vec3(50, 50, 50), Vec3(300, 0, 300));
  QTimer::singleShot(0, [] {
    auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget());
    REQUIRE(dialog);
    dialog->findChild<QComboBox*>()->setCurrentText("mm");
    dialog->accept();
  });
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(box)});
  const QPoint centre = window.rect().center();
  QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &enter);
  REQUIRE(enter.isAccepted());
  QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &drop);

  INFO(errors.messages.join("\n").toStdString());
  REQUIRE(tree->topLevelItemCount() == 3);
  CHECK(tree->topLevelItem(2)->text(0) == "dropped_box");
  const nlohmann::json& body = sceneDocument(window).json()["bodies"][2];
  CHECK(body.value("fixed", false) == false);
  CHECK(body["mesh"]["units"] == "mm");
  // The run restarted with three bodies; the new one falls.
  REQUIRE(QTest::qWaitFor(
      [&] { return shownFrame(window) && shownFrame(window)->bodies.size() == 3; }, kTimeoutMs));
  runUntil(window, 0.05);
  CHECK(shownFrame(window)->bodies[2].pose.translation.z() < -0.005);

  // Saved next to the test's files: mesh paths become relative, and the file reads back.
  const QString saved = QString::fromStdString((workDir() / "saved_scene.json").string());
  REQUIRE(window.saveScene(saved));
  MainWindow reopened;
  ErrorLog reopened_errors;
  reopened_errors.attach(reopened);
  REQUIRE(reopened.openScene(saved));
  CHECK(reopened.findChild<QTreeWidget*>()->topLevelItemCount() == 3);
  CHECK(sceneDocument(reopened).json()["bodies"][2]["mesh"]["file"] == "dropped_box.stl");
  CHECK(reopened_errors.messages.isEmpty());
}

TEST_CASE("a corrupt scene or mesh gives an error and the session stays", "[simulation]") {
  application();
  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showBouncingBall(window);

  const fs::path corrupt = workDir() / "corrupt.json";
  std::ofstream(corrupt) << "{ \"bodies\": [ { \"name\": \"a\", \"mass\": -1 ";
  CHECK_FALSE(window.openScene(QString::fromStdString(corrupt.string())));
  REQUIRE(errors.messages.size() == 1);
  CHECK(errors.messages[0].contains(QString::fromStdString(corrupt.string())));

  const fs::path bad_field = workDir() / "bad_field.json";
  std::ofstream(bad_field) << R"({ "bodies": [ { "name": "a", "mass": "heavy" } ] })";
  CHECK_FALSE(window.openScene(QString::fromStdString(bad_field.string())));
  REQUIRE(errors.messages.size() == 2);
  CHECK(errors.messages[1].contains("bodies[0].mass"));

  const fs::path bad_mesh = workDir() / "corrupt.stl";
  std::ofstream(bad_mesh) << "solid broken\n facet normal 0 0 1\n";
  const QStringList mesh_errors =
      window.importFiles({QString::fromStdString(bad_mesh.string())}, ImportOptions{});
  REQUIRE(mesh_errors.size() == 1);
  CHECK(mesh_errors[0].contains(QString::fromStdString(bad_mesh.string())));

  // Nothing lost: the scene is still the ball, and it still runs.
  CHECK(window.isVisible());
  CHECK(window.findChild<QTreeWidget*>()->topLevelItemCount() == 2);
  runUntil(window, 0.01);
  CHECK(shownTime(window) == Approx(0.01).margin(2e-4));
}

TEST_CASE("a recording replays; scrubbing shows the recorded pose", "[simulation]") {
  application();
  const fs::path recording = workDir() / "ball.db";
  fs::remove(recording);
  {
    MainWindow window;
    ErrorLog errors;
    errors.attach(window);
    showBouncingBall(window);
    recordUntil(window, recording, 0.3);
    CHECK(errors.messages.isEmpty());
  }
  REQUIRE(fs::exists(recording));

  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showRecording(window, recording);
  CHECK(windowPart<Recordings>(window).replaying());
  RecordingReader reader(recording);
  REQUIRE(reader.frameCount() > 1000);
  const std::int64_t k = reader.firstFrameAtOrAfter(0.254);  // mid first impact
  windowPart<ReplayController>(window).slider().setValue(static_cast<int>(k));
  REQUIRE((shownFrame(window) != nullptr));
  const SimulationFrame recorded = reader.frame(k);
  CHECK(shownTime(window) == recorded.time);
  const Pose shown = window.simulationView()->scene().bodyPose(window.simulationView()->viewId(1));
  CHECK((shown.translation - recorded.bodies[1].pose.translation).norm() < 1e-12);
  CHECK((shown.rotation - recorded.bodies[1].pose.rotation).norm() < 1e-12);
  CHECK(windowPart<ContactInspector>(window).model().rowCount() ==
        static_cast<int>(recorded.contacts.size()));
  CHECK(errors.messages.isEmpty());

  // "Continue from here": a live run from that frame, which reaches the recording's last frame
  // bit for bit (the recording was made by this window, with its options).
  REQUIRE(window.continueFromHere());
  CHECK_FALSE(windowPart<Recordings>(window).replaying());
  REQUIRE(QTest::qWaitFor([&] { return shownFrame(window) && shownTime(window) == recorded.time; },
                          kTimeoutMs));
  const SimulationFrame last = reader.frame(reader.frameCount() - 1);
  runUntil(window, last.time);
  REQUIRE(shownTime(window) == last.time);
  CHECK(shownFrame(window)->bodies[1].pose.translation == last.bodies[1].pose.translation);
  CHECK(shownFrame(window)->bodies[1].pose.rotation == last.bodies[1].pose.rotation);
  CHECK(shownFrame(window)->bodies[1].linear_velocity == last.bodies[1].linear_velocity);
  CHECK(shownFrame(window)->energy.dissipated == last.energy.dissipated);
  CHECK(errors.messages.isEmpty());
}

TEST_CASE("a keyframe saved mid-flight restarts the run from that state", "[simulation]") {
  application();
  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showBouncingBall(window);
  const BodyState initial = shownFrame(window)->bodies[1];
  runUntil(window, 0.1);  // falling, before the first impact
  const BodyState saved = shownFrame(window)->bodies[1];
  REQUIRE(window.saveKeyframe("falling"));
  const std::vector<std::string> names = sceneDocument(window).keyframeNames();
  REQUIRE(names == std::vector<std::string>{"falling"});
  runUntil(window, 0.3);

  // From the keyframe: t = 0 with the saved pose and velocity (quaternion round trip aside).
  REQUIRE(window.resetToKeyframe("falling"));
  REQUIRE(
      QTest::qWaitFor([&] { return shownFrame(window) && shownTime(window) == 0.0; }, kTimeoutMs));
  const BodyState start = shownFrame(window)->bodies[1];
  CHECK((start.pose.translation - saved.pose.translation).norm() < 1e-15);
  CHECK((start.pose.rotation - saved.pose.rotation).norm() < 1e-14);
  CHECK((start.linear_velocity - saved.linear_velocity).norm() < 1e-12);
  CHECK(start.linear_velocity.z() < -0.9);  // g · 0.1 s, falling
  // Saved into the scene file with the document, and read back by the scene reader.
  const fs::path file = workDir() / "keyframe_scene.json";
  REQUIRE(window.saveScene(QString::fromStdString(file.string())));
  REQUIRE(window.openScene(QString::fromStdString(file.string())));
  CHECK(sceneDocument(window).keyframeNames() == names);
  // Back to the bodies' own initial state.
  REQUIRE(window.resetToKeyframe(QString()));
  REQUIRE(
      QTest::qWaitFor([&] { return shownFrame(window) && shownTime(window) == 0.0; }, kTimeoutMs));
  CHECK(shownFrame(window)->bodies[1].pose.translation == initial.pose.translation);
  CHECK(!window.resetToKeyframe("none"));  // reported, the run stays
  CHECK(errors.messages.size() == 1);
  CHECK(errors.messages.value(0).contains("no keyframe 'none'"));
}

// Not run by ctest (hidden tag): prints how the display keeps up with the worker.
TEST_CASE("measure: frames shown per second against steps per second", "[.measure]") {
  application();
  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showBouncingBall(window);
  if (qEnvironmentVariableIsSet("MEASURE_HIDE_PLOTS")) {
    window.findChild<QDockWidget*>("plots_dock")->hide();
  }
  for (double speed : {1.0, 0.0}) {
    SimControls& controls = windowPart<SimControls>(window);
    controls.speedBox()->setCurrentIndex(controls.speedBox()->findData(speed));
    windowPart<SimControls>(window).resetAction()->trigger();
    REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
    int shown = 0;
    auto connection = QObject::connect(&window, &MainWindow::frameShown, [&shown] { ++shown; });
    const long dropped_before = windowPart<SimulationThread>(window).mailbox().dropped();
    QElapsedTimer clock;
    clock.start();
    double max_gap_ms = 0.0;
    qint64 last = 0;
    controls.playAction()->trigger();
    // Probes the event loop's latency while the worker runs.
    while (clock.elapsed() < 4000) {
      QApplication::processEvents(QEventLoop::AllEvents, 5);
      const qint64 now = clock.elapsed();
      max_gap_ms = std::max(max_gap_ms, double(now - last));
      last = now;
    }
    controls.playAction()->trigger();
    const double wall = clock.elapsed() / 1000.0;
    // Paused, and its last frame on screen.
    REQUIRE(QTest::qWaitFor(
        [&] {
          return !windowPart<SimulationThread>(window).running() &&
                 shownTime(window) == windowPart<SimulationThread>(window).time();
        },
        kTimeoutMs));
    const double simulated = shownTime(window);
    QObject::disconnect(connection);
    std::printf(
        "speed %s: %.2f s simulated in %.2f s wall (%.0f steps/s), %d frames shown (%.1f/s), "
        "%ld dropped, longest event-loop gap %.0f ms\n",
        speed > 0 ? "real time" : "fastest", simulated, wall, simulated / 2e-4 / wall, shown,
        shown / wall, windowPart<SimulationThread>(window).mailbox().dropped() - dropped_before,
        max_gap_ms);
  }
}

// The CLI's warning about impacts fixed steps do not resolve (sim/impact_resolution.h), where the
// window's user looks: the status bar. A 0.1 m steel ball shot at the plate at 10 m/s with 1 ms
// steps (its impact lasts about 0.44 ms, tests/cli/data/fast_shot.json) is flagged; the same
// scene under error control is not.
TEST_CASE("an impact the fixed step does not resolve is flagged in the status bar",
          "[simulation]") {
  application();
  const QString fixed = testing::sourcePath("tests/cli/data/fast_shot.json");
  // The same scene with error control, written to the work folder with absolute mesh paths.
  std::ifstream in(fixed.toStdString());
  std::string text{std::istreambuf_iterator<char>(in), {}};
  const std::string end_time = "\"end_time\": 0.02";
  text.replace(text.find(end_time), end_time.size(), end_time + ", \"tolerance\": 1e-6");
  for (std::size_t at; (at = text.find("../../../assets/")) != std::string::npos;)
    text.replace(at, 9, std::string(CONTACTSIM_SOURCE_DIR) + "/");
  const fs::path controlled = workDir() / "fast_shot_controlled.json";
  std::ofstream(controlled) << text;
  for (const bool error_control : {false, true}) {
    INFO("error control " << error_control);
    MainWindow window;
    REQUIRE(window.openScene(error_control ? QString::fromStdString(controlled.string()) : fixed));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    waitForFrame(window);
    runUntil(window, 0.015);  // hit at 2–3 ms, rebounded and clear by 5 ms
    auto* label = window.findChild<QLabel*>("impacts");
    REQUIRE(label);
    CHECK(label->isVisible() == !error_control);
    if (!error_control) {
      CHECK(label->text().contains("1 impact not resolved"));
      CHECK(label->toolTip().contains("'plate'–'ball'"));
      CHECK(label->toolTip().contains("set solver.tolerance"));
    }
  }
}

// A replay draws the cables of the recorded scene (they used to be missing from replays and
// videos), from the recording alone: the scene's mesh file is gone by the time it is opened.
TEST_CASE("a replay draws the recorded scene's cables, with its mesh files gone", "[simulation]") {
  application();
  const fs::path dir = workDir() / "hoist";
  fs::remove_all(dir);
  fs::create_directories(dir / "scenes");
  fs::create_directories(dir / "models");
  fs::copy_file(testing::sourcePath("assets/models/box.stl").toStdString(), dir / "models/box.stl");
  fs::copy_file(demoScene("cable_hoist.json").toStdString(), dir / "scenes/cable_hoist.json");
  const fs::path recording = dir / "hoist.db";
  {
    MainWindow window;
    ErrorLog errors;
    errors.attach(window);
    REQUIRE(window.openScene(QString::fromStdString((dir / "scenes/cable_hoist.json").string())));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    waitForFrame(window);
    recordUntil(window, recording, 0.2);
    CHECK(errors.messages.isEmpty());
  }
  fs::remove_all(dir / "models");

  MainWindow window;
  ErrorLog errors;
  errors.attach(window);
  showRecording(window, recording);
  RecordingReader reader(recording);
  const std::int64_t last = reader.frameCount() - 1;
  windowPart<ReplayController>(window).slider().setValue(static_cast<int>(last));
  REQUIRE((shownFrame(window) != nullptr));
  const SimulationFrame frame = reader.frame(last);
  // The hoist runs from (0, 0, 4) in the world to the crate's origin (its point_b at the start).
  vtkDataSet* cable =
      window.simulationView()->debug().actor(render::Layer::Cables)->GetMapper()->GetInput();
  REQUIRE(cable->GetNumberOfPoints() == 2);
  double top[3], crate[3];
  cable->GetPoint(0, top);
  cable->GetPoint(1, crate);
  CHECK((Vec3(top[0], top[1], top[2]) - Vec3(0, 0, 4)).norm() < 1e-9);
  CHECK((Vec3(crate[0], crate[1], crate[2]) - frame.bodies[0].pose.translation).norm() < 1e-9);
  CHECK(errors.messages.isEmpty());
}
