// What the plots can show and the run's history of it: totals, cable tensions and energies from
// every step's PlotSample, and per contact pair, per body and per driven joint values from each
// displayed frame (the worker's per-step sample carries only totals). Each store keeps at most
// max_points rows: when full, every other row is dropped and the stride doubled, so memory stays
// bounded on long runs while the whole run stays visible.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "frame_mailbox.h"
#include "record/recording_writer.h"
#include "scene/scene.h"

namespace contactsim::gui {

// Channels of one quantity share a chart and its unit.
enum class Quantity {
  Force,
  Indentation,
  Tension,
  Energy,
  Speed,
  Height,
  DriveTorque,        // a revolute joint's driving torque, N·m
  DriveForce,         // a prismatic joint's driving force, N
  JointAngle,         // a driven revolute joint's coordinate, rad
  JointDisplacement,  // a driven prismatic joint's coordinate, m
};
const char* quantityTitle(Quantity quantity);
const char* quantityUnit(Quantity quantity);  // SI, unprefixed

struct PlotChannel {
  std::string group;  // "Totals", "Energy", "Cables", "Drives", "Contact pairs", "Bodies"
  std::string name;   // unique among channels, e.g. "box–floor F_n"
  Quantity quantity;
  bool shown_by_default = false;
};

// A joint with a drive (prescribed motion or motor), as SimulationFrame::drives lists them.
struct DriveName {
  std::string joint;
  bool revolute = true;  // its effort a torque and its coordinate an angle; else force, length
};

// The scene's driven joints, in SimulationFrame::drives order.
std::vector<DriveName> driveNames(const Scene& scene);
// A recording's: its header names them, the recorded scene's joints give their kind (revolute
// where that text cannot be read).
std::vector<DriveName> driveNames(const RecordingHeader& header);

class PlotHistory {
 public:
  explicit PlotHistory(int max_points) : max_points_(max_points) {}

  // Forgets the run; channels for the totals, energies, the named cables and driven joints, and
  // names for the bodies of the per-pair and per-body channels that frames add. The contact
  // totals are charted by default only for a run with contact (`contact`): a mechanism without
  // any opens on its energies and drives instead of on empty contact charts.
  void reset(const std::vector<std::string>& bodies, const std::vector<std::string>& cables,
             const std::vector<DriveName>& drives = {}, bool contact = true);
  void addSample(const PlotSample& sample);
  // Adds a channel per contact pair the first time it touches (earlier rows read 0: no force).
  void addFrame(const SimulationFrame& frame);

  const std::vector<PlotChannel>& channels() const { return channels_; }
  // The finite (time, value) points of a channel, in time order.
  std::vector<std::pair<double, double>> points(std::size_t channel) const;
  // Earliest and latest time over all rows; {0, 0} when empty.
  std::pair<double, double> timeSpan() const;
  int sampleCount() const { return static_cast<int>(steps_.time.size()); }

 private:
  // Column-major rows so channels can be added mid-run.
  struct Store {
    std::vector<double> time;
    std::vector<std::vector<double>> columns;
    long stride = 1, seen = 0;
  };
  struct Where {
    bool per_frame;
    std::size_t column;
  };
  std::size_t addChannel(PlotChannel channel, bool per_frame);
  void append(Store& store, double time, const std::vector<double>& row);

  int max_points_;
  std::vector<std::string> bodies_;
  std::size_t cables_ = 0, drives_ = 0;
  std::vector<PlotChannel> channels_;
  std::vector<Where> where_;
  std::map<std::pair<int, int>, std::size_t> pairs_;  // body pair → its first channel
  Store steps_, frames_;
};

}  // namespace contactsim::gui
