// Runs a GUI test's window to a simulated time and waits until it reports that time reached
// (MainWindow::reachedTime), at most `timeout_ms` of wall time.
#pragma once

#include <QObject>
#include <QTest>
#include <catch2/catch.hpp>

#include "main_window.h"

namespace contactsim::testing {

inline void runWindowUntil(gui::MainWindow& window, double t, int timeout_ms) {
  bool reached = false;
  QObject::connect(
      &window, &gui::MainWindow::reachedTime, &window, [&reached] { reached = true; },
      Qt::SingleShotConnection);
  window.runUntil(t);
  REQUIRE(QTest::qWaitFor([&] { return reached; }, timeout_ms));
}

}  // namespace contactsim::testing
