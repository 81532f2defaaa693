#include "soak_run.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "../sim/shipped_scene.h"
#include "dynamics/ali3p_integrator.h"
#include "record/recording_writer.h"
#include "record/scene_header.h"
#include "sim/simulation.h"

namespace contactsim::soak {

double soakSeconds() {
  const char* text = std::getenv("CONTACTSIM_SOAK_SECONDS");
  return text ? std::atof(text) : 1800.0;
}

double residentMegabytes() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1048576.0;
}

SoakResult soakScene(const std::string& scene_name, double seconds, double record_interval,
                     const std::filesystem::path& recording,
                     const std::function<void()>& first_frame) {
  Scene scene = test::readShippedScene(scene_name);
  std::ifstream scene_file(scene.file, std::ios::binary);
  const std::string scene_text{std::istreambuf_iterator<char>(scene_file), {}};
  Simulation simulation(std::move(scene));
  RecordingWriter writer(recording, recordingHeaderOf(simulation.scene(), scene_text));

  SoakResult result;
  double next_frame = 0.0;
  int next_sample = 1;
  const auto record = [&] {
    writer.append(simulation.frame());
    ++result.frames;
    next_frame += record_interval;
  };
  record();
  if (first_frame) first_frame();
  try {
    while (simulation.time() < seconds) {
      simulation.step();
      ++result.steps;
      // Times are sums of steps: allow half a step of rounding.
      const double half_step = 0.5 * simulation.scene().solver.time_step;
      if (simulation.time() + half_step >= next_frame) record();
      if (simulation.time() >= seconds * next_sample / 10.0) {
        const double rss = residentMegabytes();
        result.rss_curve.emplace_back(simulation.time(), rss);
        if (next_sample == 1) result.rss_after_warmup_mb = rss;
        if (next_sample > 1 && rss > result.rss_peak_mb) result.rss_peak_mb = rss;
        ++next_sample;
      }
    }
  } catch (const SimulationError& e) {
    result.failure = e.what();
  }
  result.simulated = simulation.time();
  writer.close();
  return result;
}

}  // namespace contactsim::soak
