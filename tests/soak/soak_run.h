// One soak run (docs/reliability.md, "Soak"): a shipped scene stepped for a long simulated time
// with a recording written, watching the process's resident memory.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace contactsim::soak {

struct SoakResult {
  double simulated = 0.0;  // s reached
  long steps = 0;
  long frames = 0;                   // recorded
  std::string failure;               // the step's error, empty when every step succeeded
  double rss_after_warmup_mb = 0.0;  // at the end of the first tenth of the run
  double rss_peak_mb = 0.0;          // largest sample after that
  std::vector<std::pair<double, double>> rss_curve;  // (simulated s, MB), ten samples
};

// Simulated seconds per scene: $CONTACTSIM_SOAK_SECONDS, else 1800 (30 minutes).
double soakSeconds();

// Resident set size of this process in MB (/proc/self/statm).
double residentMegabytes();

// Steps assets/scenes/<scene> for `seconds`, recording every `record_interval` s of simulated
// time into `recording`; `first_frame` (if set) is called once the first frame is committed.
SoakResult soakScene(const std::string& scene, double seconds, double record_interval,
                     const std::filesystem::path& recording,
                     const std::function<void()>& first_frame = {});

}  // namespace contactsim::soak
