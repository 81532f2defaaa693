// The status bar's readout of a run (app/gui/run_status.h), without a window: what it says for a
// live frame, a paused one, a replay, error control's substep, and the unresolved-impact and
// chain-guide warnings.
#include <QLabel>
#include <QStatusBar>
#include <catch2/catch.hpp>

#include "run_status.h"
#include "sim/chain_report.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;

TEST_CASE("run status: time, speed, solver, contacts and the unresolved-impact warning",
          "[status]") {
  contactsim::testing::testApplication("test_gui_run_status");
  QStatusBar bar;
  RunStatus status(&bar);
  CHECK(status.impacts().isHidden());

  SimulationFrame frame;
  frame.time = 0.25;
  frame.solver.newton_iterations = 3;
  frame.solver.smallest_substep = 2.5e-4;
  frame.contacts.resize(2);
  RunStats stats;
  stats.running = true;
  stats.real_time_factor = 1.5;
  stats.steps_per_second = 1500;
  status.show(frame, &stats);
  CHECK(status.time().text() == "t = 0.2500 s");
  CHECK(status.rate().text() == "1.5× real time, 1500 steps/s");
  CHECK(status.solver().text() == "Newton 3, step 0.25 ms");
  CHECK(status.contacts().text() == "2 contacts");
  CHECK(status.impacts().isHidden());

  stats.running = false;
  stats.steps = 250;
  stats.unresolved_impacts = {2, 0.0125, "'plate'–'ball'"};
  frame.contacts.resize(1);
  status.show(frame, &stats);
  CHECK(status.rate().text() == "paused, 250 steps");
  CHECK(status.contacts().text() == "1 contact");
  CHECK_FALSE(status.impacts().isHidden());
  CHECK(status.impacts().text() == "⚠ 2 impacts not resolved by the step");
  // The tooltip is the CLI's warning line, word for word.
  CHECK(status.impacts().toolTip().toStdString() == describe(stats.unresolved_impacts));
  CHECK(status.impacts().toolTip().contains("'plate'–'ball' at t = 0.0125 s"));

  CHECK(status.chains().isHidden());
  stats.chain_warnings = {describeGuideJumps("chain", {2, 0.021, 6.34})};
  status.show(frame, &stats);
  CHECK_FALSE(status.chains().isHidden());
  CHECK(status.chains().text() == "⚠ 1 chain passed a guide ring beside its opening");
  CHECK(status.chains().toolTip().toStdString() == stats.chain_warnings[0]);
  CHECK(status.chains().toolTip().contains("chain 'chain': an end crossed"));

  status.show(frame, nullptr);  // a replay: no run, no warning
  CHECK(status.rate().text() == "replay");
  CHECK(status.impacts().isHidden());
  CHECK(status.chains().isHidden());
  status.setDisplayFps(24);
  CHECK(status.display().text() == "display 24 fps");
}
