#include "render_frame_timer.h"

#include "median_seconds.h"
#include "png_capture.h"

#include <vtkNew.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkRenderWindow.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <stdexcept>
#include <vector>

namespace contactsim::bench {

namespace {

// CPU time of the whole process (every llvmpipe thread), ms: unlike wall time, hardly changed by
// other work on the machine.
double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return 1e3 * t.tv_sec + 1e-6 * t.tv_nsec;
}

}  // namespace

FrameTimes timeFrames(render::SimulationView& view,
                      const std::function<SimulationFrame(int)>& produce,
                      const std::function<void(const SimulationFrame&)>& show,
                      const FrameTimerOptions& options) {
  // The platform's window, by default with VTK's default multisampling: the GUI's
  // vtkGenericOpenGLRenderWindow does not set it either, so both draw as many samples per pixel.
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetSize(options.width, options.height);
  if (options.multisamples) window->SetMultiSamples(*options.multisamples);
  view.scene().attach(window);
  auto* gl = vtkOpenGLRenderWindow::SafeDownCast(window);

  using Clock = std::chrono::steady_clock;
  std::vector<double> update_ms, render_ms, total_ms, render_cpu_ms;
  const int count = options.warm_up + options.frames;
  for (int i = 0; i < count; ++i) {
    const SimulationFrame frame = produce(i);
    const auto t0 = Clock::now();
    show(frame);
    const auto t1 = Clock::now();
    const double cpu0 = processCpuMs();
    window->Render();
    // Render() may return before the GL commands ran: wait, or the next frame pays for this one.
    if (gl) gl->WaitForCompletion();
    const auto t2 = Clock::now();
    const double cpu1 = processCpuMs();
    if (i < options.warm_up) continue;
    update_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    render_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    total_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
    render_cpu_ms.push_back(cpu1 - cpu0);
  }
  FrameTimes times{median(update_ms),     median(render_ms), median(total_ms),
                   median(render_cpu_ms), options.frames,    window->GetMultiSamples()};
  if (options.png) render::writeWindowPng(*window, *options.png);
  window->Finalize();  // its GL objects go while its context exists
  view.scene().detach();
  return times;
}

}  // namespace contactsim::bench
