// The contact colour controls in the window (issue 18): pressure colouring of a running scene
// with a colour bar whose range is the run's maximum so far (never shrinking from frame to frame)
// or the user's fixed one; |F| labels; the choice kept for the next scene.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QTest>
#include <catch2/catch.hpp>

#include "contact_colour_controls.h"
#include "main_window.h"
#include "simulation_view.h"
#include "source_path.h"
#include "test_application.h"
#include "window_run.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

constexpr int kTimeoutMs = 120000;  // software OpenGL on a shared 2-core machine

void runUntil(MainWindow& window, double t) { testing::runWindowUntil(window, t, kTimeoutMs); }

const render::PressureLegend& legend(MainWindow& window) {
  return window.simulationView()->contacts().pressureLegend();
}

}  // namespace

TEST_CASE("pressure colouring of the block on the ramp: run maximum, then a fixed range",
          "[contact-colours]") {
  contactsim::testing::testApplication("test_gui_contact_colours");
  MainWindow window;
  QStringList errors;  // instead of modal dialogs
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  REQUIRE(window.openScene(testing::sourcePath("assets/scenes/block_on_ramp.json")));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  ContactColourControls& controls = window.contactColours();
  CHECK(controls.colouring() == render::ContactColouring::Plain);  // the default look

  controls.colouringBox()->setCurrentIndex(
      controls.colouringBox()->findData(int(render::ContactColouring::Pressure)));
  runUntil(window, 0.1);
  REQUIRE(legend(window).visible());
  CHECK(window.simulationView()->contacts().counts().pressure_triangles > 0);
  // The block weighs some kilograms on a 0.2 m × 0.3 m face or so: pascals to kilopascals.
  double top = legend(window).range().second;
  CHECK(top > 10.0);
  CHECK(top < 1e7);
  for (const double t : {0.2, 0.3, 0.4}) {
    runUntil(window, t);
    INFO("t = " << t);
    CHECK(legend(window).range().second >= top);  // never shrinks
    top = legend(window).range().second;
  }

  // A fixed range, applied to the shown frame at once.
  CHECK_FALSE(controls.highBox()->isEnabled());  // the run maximum needs no bounds
  controls.rangeBox()->setCurrentIndex(1);
  CHECK(controls.highBox()->isEnabled());
  controls.highBox()->setValue(50.0);  // kPa
  CHECK(legend(window).range() == std::make_pair(0.0, 5e4));
  runUntil(window, 0.5);
  CHECK(legend(window).range() == std::make_pair(0.0, 5e4));

  // Back to the run maximum: the whole run's, tracked while the range was fixed.
  controls.rangeBox()->setCurrentIndex(0);
  CHECK(legend(window).range().second >= top);

  controls.labelsBox()->setChecked(true);
  CHECK(window.simulationView()->contacts().forceLabels());
  CHECK(window.simulationView()->contacts().counts().labels >= 1);

  // A new scene keeps the choice and starts a new run maximum (the ball starts in the air).
  const render::SimulationView* old_view = window.simulationView();
  REQUIRE(window.openScene(testing::sourcePath("assets/scenes/bouncing_ball.json")));
  REQUIRE(QTest::qWaitFor([&] { return window.simulationView() != old_view; }, kTimeoutMs));
  CHECK(window.simulationView()->contacts().colouring() == render::ContactColouring::Pressure);
  CHECK(window.simulationView()->contacts().forceLabels());
  CHECK(window.simulationView()->contacts().pressureRange().runMaximum() == 0.0);
  CHECK(errors.join('\n').toStdString() == "");
}
