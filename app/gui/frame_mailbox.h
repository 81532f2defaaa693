// The hand-over of simulation snapshots from the worker thread to the GUI: only the latest frame is
// kept (a newer one replaces an unshown one, so the display drops frames instead of lagging behind
// the simulation), plus the plot samples of every step since the GUI last looked.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "phase_profile.h"
#include "sim/impact_resolution.h"
#include "sim/simulation_frame.h"

namespace contactsim::gui {

// One point of the live plots, taken every step by the worker.
struct PlotSample {
  double time = 0.0;
  double normal_force = 0.0;    // Σ F_n over the patches (N)
  double friction_force = 0.0;  // Σ |F_t| (N)
  double indentation = 0.0;     // max δ (m)
  std::vector<double> cable_tensions;
  double kinetic = 0.0, potential = 0.0, balance = 0.0;  // J
};

PlotSample plotSample(const SimulationFrame& frame);

// The mouse spring at the frame's state while a drag is on (world, SI units).
struct MouseSpringState {
  Vec3 point_world = Vec3::Zero();   // the grabbed material point
  Vec3 target_world = Vec3::Zero();  // where the cursor holds it
  Vec3 force_world = Vec3::Zero();   // on the body (capped)
};

// What the worker reports with each frame.
struct RunStats {
  long steps = 0;                 // since the last reset
  double steps_per_second = 0.0;  // over the last second of running
  double real_time_factor = 0.0;  // simulated / wall seconds, same window
  bool running = false;
  std::optional<MouseSpringState> mouse_spring;  // while a Ctrl+drag holds a body
  // Wall time per step and phase over the same window; absent while paused.
  std::optional<PhaseProfile> profile;
  // Contacts fixed steps did not resolve since the last reset (sim/impact_resolution.h).
  ImpactResolution::Unresolved unresolved_impacts;
  // Chains whose end passed their guide ring beside the opening (sim/chain_report.h), a line each.
  std::vector<std::string> chain_warnings;
};

struct Snapshot {
  SimulationFrame frame;
  RunStats stats;
  std::vector<PlotSample> samples;  // since the previous take(), in time order
  bool reset = false;               // the simulation was rebuilt since the previous take()
  int generation = 0;               // of the load() that made the simulation
};

class FrameMailbox {
 public:
  // Replaces the unshown frame (if any); samples accumulate. Returns true when the mailbox was
  // empty, i.e. the GUI needs a new notification.
  bool post(SimulationFrame frame, const RunStats& stats, std::vector<PlotSample>&& samples,
            int generation, bool reset = false);
  std::optional<Snapshot> take();
  // Frames replaced before the GUI took them (dropped) and frames taken, since construction.
  long dropped() const;
  long taken() const;

 private:
  mutable std::mutex mutex_;
  std::optional<Snapshot> pending_;
  long dropped_ = 0, taken_ = 0;
};

}  // namespace contactsim::gui
