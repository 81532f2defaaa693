// Times frames of a render::SimulationView in an off-screen window the size of the GUI's view:
// per frame the scene update (CPU: VTK data from the frame) and the Render() call (finished on the
// GPU), kept apart, as medians over the timed frames after a warm-up.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>

#include "simulation_view.h"

namespace contactsim::bench {

struct FrameTimes {
  double update_ms = 0.0, render_ms = 0.0, total_ms = 0.0;  // medians, wall time
  double render_cpu_ms = 0.0;  // median CPU time of Render(), all threads of the process
  int frames = 0;
  int multisamples = 0;  // of the window the frames were drawn in
};

struct FrameTimerOptions {
  int width = 1280, height = 800;
  int warm_up = 10, frames = 100;
  // Samples per pixel; unset: VTK's default, which the GUI's window keeps.
  std::optional<int> multisamples;
  // The last timed frame, written from the timed window itself (exactly what was measured).
  std::optional<std::filesystem::path> png;
};

// `produce(i)` makes frame i (warm-up frames first; the simulation's part, not timed): its poses
// must change from frame to frame, so that nothing is drawn from a cache. `show` is what the
// GUI thread does with it (SimulationView::update and the camera's follow): timed as the update.
FrameTimes timeFrames(render::SimulationView& view,
                      const std::function<SimulationFrame(int)>& produce,
                      const std::function<void(const SimulationFrame&)>& show,
                      const FrameTimerOptions& options);

}  // namespace contactsim::bench
