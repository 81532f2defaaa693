// The live profiler panel: while a scene runs, the worker's per-step phase times reach the panel
// and nest as the timers do (the contact phases inside the step); a scene without contact spends
// nothing in the contact phases; the GUI's drawing time per frame is measured.
#include <QComboBox>
#include <QDockWidget>
#include <QTest>
#include <catch2/catch.hpp>

#include "../test_output_dir.h"
#include "main_window.h"
#include "profiler_panel.h"
#include "sim_controls.h"
#include "simulation_thread.h"
#include "source_path.h"
#include "test_application.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::shownFrame;
using contactsim::testing::windowPart;

namespace {

constexpr int kTimeoutMs = 120000;  // software OpenGL on a shared 2-core machine

// Plays the scene in real time until the panel shows a profile of at least `steps` steps and a
// drawing time; returns that profile, paused.
PhaseProfile profileOf(MainWindow& window, const char* scene, long steps) {
  REQUIRE(window.openScene(contactsim::testing::sourcePath(std::string("assets/scenes/") + scene)));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
  CHECK_FALSE(windowPart<ProfilerPanel>(window).profile().has_value());  // nothing run yet
  SimControls& controls = windowPart<SimControls>(window);
  controls.speedBox()->setCurrentIndex(controls.speedBox()->findData(1.0));
  controls.playAction()->trigger();
  ProfilerPanel& panel = windowPart<ProfilerPanel>(window);
  REQUIRE(QTest::qWaitFor(
      [&] {
        return panel.profile() && panel.profile()->steps >= steps &&
               panel.drawingSecondsPerFrame() > 0.0;
      },
      kTimeoutMs));
  controls.playAction()->trigger();
  REQUIRE(
      QTest::qWaitFor([&] { return !windowPart<SimulationThread>(window).running(); }, kTimeoutMs));
  return *panel.profile();
}

double contactPhases(const PhaseProfile& p) {
  return p.broad_phase + p.collision + p.regions + p.forces;
}

}  // namespace

TEST_CASE("the profiler shows a sliding block's time per phase, nested as its timers are",
          "[profiler]") {
  contactsim::testing::testApplication("test_gui_profiler");
  MainWindow window;
  // The block rests on the ramp from t = 0: every step queries the pair and evaluates its law.
  const PhaseProfile p = profileOf(window, "block_on_ramp.json", 20);
  for (double phase : {p.broad_phase, p.collision, p.regions, p.forces, p.integrator, p.output})
    CHECK(phase >= 0.0);
  CHECK(p.collision > 0.0);
  CHECK(p.regions > 0.0);
  CHECK(p.forces > 0.0);
  CHECK(p.integrator > 0.0);
  // The contact timers run inside the step, which with the output makes the total.
  const double step = p.total - p.output;
  CHECK(contactPhases(p) <= step * (1.0 + 1e-9));
  CHECK(contactPhases(p) + p.integrator == Approx(step).epsilon(1e-9));
  // The table says the same, in milliseconds.
  CHECK(windowPart<ProfilerPanel>(window).cellText("collision", 0).endsWith(" ms"));
  CHECK(windowPart<ProfilerPanel>(window).cellText("step total", 1) == "100.0 %");
  CHECK(windowPart<ProfilerPanel>(window).cellText("drawing", 1).endsWith(" fps"));
  // What a user sees with the Profiler tab raised (for a look, not compared).
  window.findChild<QDockWidget*>("profiler_dock")->raise();
  QTest::qWait(300);
  window.grab().save(QString::fromStdString(
      (contactsim::testing::testOutputDir("test_gui_profiler") / "block_on_ramp.png").string()));
}

TEST_CASE("a scene without contact pairs spends nothing in the contact phases", "[profiler]") {
  contactsim::testing::testApplication("test_gui_profiler");
  MainWindow window;
  const PhaseProfile p = profileOf(window, "pendulum.json", 20);
  CHECK(contactPhases(p) == 0.0);
  CHECK(p.integrator > 0.0);
  CHECK(p.integrator == Approx(p.total - p.output).epsilon(1e-12));
}
