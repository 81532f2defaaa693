// What a GUI test reads of its window beyond the window's own public methods: the classes it
// composes (panels, the run's thread, the recordings, the edited scene, the start check's
// notice), found among its children, and the frame its view drew last.
#pragma once

#include <limits>

#include <QObject>
#include <catch2/catch.hpp>

#include "edited_scene.h"
#include "main_window.h"
#include "simulation_view.h"

namespace contactsim::testing {

// The window's one child of type Part (a QObject class with Q_OBJECT).
template <typename Part>
Part& windowPart(const gui::MainWindow& window) {
  auto* part = window.findChild<Part*>();
  REQUIRE(part != nullptr);
  return *part;
}

// The scene document the window edits and builds its runs from (EditedScene).
inline gui::SceneDocument& sceneDocument(const gui::MainWindow& window) {
  return windowPart<gui::EditedScene>(window).document();
}

// The frame the window's view drew last (live or replayed); null before its first — also after
// a reset or a rebuild, whose new view has drawn nothing until the worker's first frame arrives.
inline const SimulationFrame* shownFrame(const gui::MainWindow& window) {
  return window.simulationView() ? window.simulationView()->frame() : nullptr;
}

// The time of that frame; NaN while there is none, so that a wait on it never reads a null frame.
inline double shownTime(const gui::MainWindow& window) {
  const SimulationFrame* frame = shownFrame(window);
  return frame ? frame->time : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace contactsim::testing
