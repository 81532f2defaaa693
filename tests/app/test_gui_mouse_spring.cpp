// The mouse spring in the window (issue 18): Ctrl+left drag on a box resting on a plate lifts it
// without turning the camera, the spring and its force are drawn, releasing drops the box back,
// and a Ctrl+drag on the fixed plate does nothing but say so. Synthetic Qt mouse events; every wait
// is on a condition with a timeout.
#include <vtkRenderer.h>

#include <QApplication>
#include <QMouseEvent>
#include <QStatusBar>
#include <QTest>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "../test_output_dir.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "main_window.h"
#include "simulation_thread.h"
#include "test_application.h"
#include "vtk_view_widget.h"
#include "window_part.h"
#include "window_run.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::shownFrame;
using contactsim::testing::shownTime;
using contactsim::testing::windowPart;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutMs = 120000;  // software OpenGL on a shared 2-core machine

fs::path workDir() { return testing::testOutputDir("test_gui_mouse_spring"); }

QApplication& application() {
  return contactsim::testing::testApplication("test_gui_mouse_spring");
}

// A 10 cm steel box resting (0.5 mm above) on a fixed 1 m plate, at 1 ms steps.
QString writeScene() {
  writeBinaryStl(workDir() / "plate.stl", makeBox(Vec3(0.5, 0.5, 0.05)));
  writeBinaryStl(workDir() / "box.stl", makeBox(Vec3(0.05, 0.05, 0.05)));
  const fs::path scene = workDir() / "box_on_plate.json";
  std::ofstream(scene) << R"({"format": "contactsim-scene", "version": 1,
    "gravity": [0, 0, -9.81], "solver": {"time_step": 0.001},
    "materials": [{"name": "steel", "density": 7850, "young_modulus": 2.1e11,
                   "poisson_ratio": 0.3}],
    "bodies": [
      {"name": "plate", "fixed": true, "mesh": {"file": "plate.stl"}, "material": "steel"},
      {"name": "box", "mesh": {"file": "box.stl"}, "material": "steel",
       "position": [0, 0, 0.1005]}],
    "contact": {"pairs": "all", "law": {"model": "modia3d", "restitution": 0.3,
                "sliding_friction": 0.3}}})";
  return QString::fromStdString(scene.string());
}

// Widget position (logical pixels, origin top-left) of a world point.
QPointF widgetPosition(MainWindow& window, const Vec3& world) {
  vtkRenderer* renderer = window.simulationView()->scene().renderer();
  renderer->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
  renderer->WorldToDisplay();
  double display[3];
  renderer->GetDisplayPoint(display);
  const double ratio = window.view().devicePixelRatioF();
  return {display[0] / ratio, window.view().height() - display[1] / ratio};
}

void sendMouse(QWidget& widget, QEvent::Type type, QPointF at, Qt::MouseButton button,
               Qt::MouseButtons held, Qt::KeyboardModifiers modifiers) {
  QMouseEvent event(type, at, widget.mapToGlobal(at), button, held, modifiers);
  QApplication::sendEvent(&widget, &event);
}

// Ctrl+left press at `from` and moves to `to`; the button stays held.
void ctrlDragTo(QWidget& widget, QPointF from, QPointF to) {
  sendMouse(widget, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton,
            Qt::ControlModifier);
  for (int step = 1; step <= 10; ++step) {
    sendMouse(widget, QEvent::MouseMove, from + (to - from) * (step / 10.0), Qt::NoButton,
              Qt::LeftButton, Qt::ControlModifier);
  }
}

void ctrlRelease(QWidget& widget, QPointF at) {
  sendMouse(widget, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton,
            Qt::ControlModifier);
}

void runUntil(MainWindow& window, double t) { testing::runWindowUntil(window, t, kTimeoutMs); }

double boxHeight(MainWindow& window) { return shownFrame(window)->bodies[1].pose.translation.z(); }

Vec3 cameraPosition(MainWindow& window) {
  return window.simulationView()->scene().cameraPosition();
}

}  // namespace

TEST_CASE(
    "Ctrl+drag lifts a resting box, draws the spring with its force, and releasing drops "
    "it; the plate cannot be dragged",
    "[simulation][mouse-spring]") {
  application();
  MainWindow window;
  window.setErrorReporter(
      [](const QString& title, const QString& text) { FAIL((title + ": " + text).toStdString()); });
  window.resize(1280, 800);
  REQUIRE(window.openScene(writeScene()));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
  runUntil(window, 0.05);  // settled on the plate
  const double rest = boxHeight(window);
  CHECK(rest == Approx(0.1).margin(1e-3));
  window.view().grabFramebuffer();  // a frame: the camera is fitted
  const Vec3 eye = cameraPosition(window);
  render::MouseSpringLayer& layer = window.simulationView()->mouseSpring();
  CHECK_FALSE(layer.visible());

  // Grab the box's top face and pull the cursor to where a point 0.3 m higher shows, paused.
  VtkViewWidget& view = window.view();
  const QPointF grip = widgetPosition(window, Vec3(0, 0, 0.15));
  const QPointF up = widgetPosition(window, Vec3(0, 0, 0.45));
  ctrlDragTo(view, grip, up);
  REQUIRE(QTest::qWaitFor([&] { return layer.visible(); }, kTimeoutMs));
  // Paused, the spring is stretched ≈ 0.3 m: k·0.3 = 7.85 kg·(4π s⁻¹)²·0.3 m ≈ 372 N.
  INFO("label " << layer.label());
  CHECK(QString::fromStdString(layer.label()).startsWith("|F| = "));
  CHECK(QString::fromStdString(layer.label()).endsWith(" N"));
  CHECK(boxHeight(window) == Approx(rest).margin(1e-6));  // paused: nothing moved yet

  // Single steps while paused take the spring too: 20 ms at (355 − 77) N / 7.85 kg ≈ 35 m/s²
  // lift the box by about 7 mm.
  const double paused_at = shownTime(window);
  for (int i = 0; i < 20; ++i) windowPart<SimulationThread>(window).stepOnce();
  REQUIRE(
      QTest::qWaitFor([&] { return shownTime(window) >= paused_at + 0.02 - 1e-9; }, kTimeoutMs));
  CHECK_FALSE(windowPart<SimulationThread>(window).running());
  INFO("stepped to " << boxHeight(window) << " m");
  CHECK(boxHeight(window) > rest + 3e-3);

  // Run with the button held: the box rises towards the target. The cursor's ray meets the
  // camera-facing plane through the grip a little below 0.45 m (the camera looks down), and the
  // box hangs 5 cm (grip) + g/ω² = 6 cm (sag) under it: about 0.28 m.
  runUntil(window, 1.5);
  const double lifted = boxHeight(window);
  INFO("lifted to " << lifted << " m");
  CHECK(lifted > rest + 0.1);
  CHECK(layer.visible());
  CHECK(cameraPosition(window) == eye);  // Ctrl+drag never turned the camera
  window.view().grabFramebuffer().save(
      QString::fromStdString((workDir() / "mouse_spring.png").string()));

  ctrlRelease(view, up);
  REQUIRE(QTest::qWaitFor([&] { return !layer.visible(); }, kTimeoutMs));
  runUntil(window, 2.5);
  CHECK(boxHeight(window) == Approx(rest).margin(3e-3));  // dropped back onto the plate

  // The fixed plate: nothing is attached, the status bar says why.
  const double settled = boxHeight(window);
  const QPointF plate = widgetPosition(window, Vec3(0.35, -0.35, 0.05));
  ctrlDragTo(view, plate, plate - QPointF(0, 100));
  REQUIRE(QTest::qWaitFor(
      [&] { return window.statusBar()->currentMessage().contains("cannot be dragged"); },
      kTimeoutMs));
  CHECK(window.statusBar()->currentMessage().startsWith("plate"));
  ctrlRelease(view, plate - QPointF(0, 100));
  runUntil(window, 2.7);
  CHECK_FALSE(layer.visible());
  CHECK(boxHeight(window) == Approx(settled).margin(1e-3));
  CHECK(cameraPosition(window) == eye);
}
