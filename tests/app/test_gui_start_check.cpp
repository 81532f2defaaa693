// The start check in the window (issue 20): a scene whose bodies start interpenetrating loads
// with a warning in the status bar and a non-modal list, and runs; a body inside another fails
// the load with the pair named. No sleeps: every wait is on a condition with a timeout.
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <catch2/catch.hpp>

#include "main_window.h"
#include "source_path.h"
#include "start_overlap_notice.h"
#include "test_application.h"
#include "window_part.h"

using namespace contactsim::gui;
using contactsim::testing::sceneDocument;
using contactsim::testing::shownFrame;
using contactsim::testing::shownTime;
using contactsim::testing::windowPart;

namespace {

constexpr int kTimeoutMs = 120000;  // generous: software OpenGL on a shared 2-core machine

// The CLI test's scenes: the same checks seen from the window.
QString scene(const char* name) {
  return contactsim::testing::sourcePath(std::string("tests/cli/data/") + name);
}

}  // namespace

TEST_CASE("bodies starting interpenetrated are listed and the session runs on", "[start-check]") {
  contactsim::testing::testApplication("test_gui_start_check");
  MainWindow window;
  QStringList errors;
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  REQUIRE(window.openScene(scene("start_overlap.json")));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
  // The check is sent before the run's first frame, on the same queue.
  StartOverlapNotice& notice = windowPart<StartOverlapNotice>(window);
  REQUIRE(notice.lines().size() == 1);
  CHECK(notice.lines().front().startsWith("'plate'–'ball' start 1"));
  CHECK(window.statusBar()->currentMessage().startsWith("warning: 'plate'–'ball' start 1"));
  CHECK(errors.isEmpty());

  // Not blocking: the run goes on to a time and the window answers.
  bool reached = false;
  QObject::connect(
      &window, &MainWindow::reachedTime, &window, [&reached] { reached = true; },
      Qt::SingleShotConnection);
  window.runUntil(0.001);
  REQUIRE(QTest::qWaitFor([&] { return reached; }, kTimeoutMs));
  CHECK(shownTime(window) > 0.0);

  // "Lift clear": the ball (the free body) goes up by δ; the rebuilt scene checks clean.
  QSignalSpy rebuilt(&window, &MainWindow::viewReplaced);
  emit notice.liftClearRequested();
  REQUIRE(rebuilt.size() == 1);
  REQUIRE(QTest::qWaitFor([&] { return notice.lines().isEmpty(); }, kTimeoutMs));
  const double z = sceneDocument(window).json()["bodies"][1]["position"][2].get<double>();
  CHECK(z == Approx(0.085 + 0.015).epsilon(0.05));
  CHECK(errors.isEmpty());
}

TEST_CASE("a body inside another fails the load naming the pair", "[start-check]") {
  contactsim::testing::testApplication("test_gui_start_check");
  MainWindow window;
  QStringList errors;
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  REQUIRE(window.openScene(scene("start_contained.json")));
  REQUIRE(QTest::qWaitFor([&] { return !errors.isEmpty(); }, kTimeoutMs));
  CHECK(errors.front().contains("contact 'block'–'pellet': 'pellet' is entirely inside 'block'"));
  CHECK(windowPart<StartOverlapNotice>(window).lines().isEmpty());
}
