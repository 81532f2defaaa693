// Plots against simulated time (Qt Charts), live or of a recording: a chooser of what is plotted
// (totals, energies, cables, driven joints, each contact pair, each body), one chart per quantity
// with readable engineering ticks and a crosshair readout, and export of the chosen series to CSV
// or of the charts to PNG. The data (PlotHistory) arrive every step; the charts redraw a few times
// a second.
#pragma once

#include <QWidget>
#include <vector>

#include "frame_mailbox.h"
#include "plot_history.h"

class QTimer;
class QVBoxLayout;

namespace contactsim {
class RecordingReader;
}

namespace contactsim::gui {

class PlotChart;
class PlotChooser;

class PlotsPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxPoints = 2000;  // per store; see PlotHistory

  explicit PlotsPanel(QWidget* parent = nullptr);

  // Forgets everything (a new run); the names label the per-body, per-cable and per-drive
  // channels; `contact`: whether the run has contact to chart by default (PlotHistory::reset).
  void clear(const QStringList& bodies, const QStringList& cables,
             const std::vector<DriveName>& drives = {}, bool contact = true);
  // Every step's samples since the previous call, and the frame shown now, which gives the
  // per-pair and per-body values.
  void append(const std::vector<PlotSample>& samples, const SimulationFrame& frame);
  // A recording's whole run at once, at most kMaxPoints frames evenly spread (its per-step
  // samples are not recorded). After clear().
  void showRecording(const RecordingReader& reader);
  int pointCount() const { return history_.sampleCount(); }
  const PlotHistory& history() const { return history_; }
  PlotChooser& chooser() const { return *chooser_; }
  const std::vector<PlotChart*>& charts() const { return chart_list_; }
  // Redraws now rather than at the next tick of the redraw timer (the charts must be visible).
  void redrawNow();

 private:
  void choose();  // the chooser changed: charts for the quantities now shown
  void redraw();

  PlotHistory history_;
  PlotChooser* chooser_;
  QWidget* charts_;  // what PNG export saves
  QVBoxLayout* charts_layout_;
  std::vector<PlotChart*> chart_list_;
  std::vector<std::size_t> shown_;  // channel indices, ascending
  QTimer* redraw_timer_;
  bool dirty_ = false;
};

}  // namespace contactsim::gui
