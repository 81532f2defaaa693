// Live plots against simulated time (Qt Charts): contact forces, indentation, cable tensions and
// energies. Samples arrive every step; each series keeps at most kMaxPoints points (every other
// point is dropped and the stride doubled when full) and the charts redraw a few times a second.
#pragma once

#include <QWidget>
#include <vector>

#include "frame_mailbox.h"

class QChart;
class QLineSeries;
class QTimer;
class QVBoxLayout;

namespace contactsim::gui {

class PlotsPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxPoints = 2000;

  explicit PlotsPanel(QWidget* parent = nullptr);

  // Forgets everything (a new run); `cables` names the cable-tension series.
  void clear(const QStringList& cables);
  void append(const std::vector<PlotSample>& samples);
  int pointCount() const { return static_cast<int>(kept_.size()); }

 private:
  struct Plot {
    QChart* chart;
    std::vector<QLineSeries*> series;
  };
  Plot makePlot(const QString& title, const QString& unit, const QStringList& names);
  void redraw();

  std::vector<Plot> plots_;  // forces, indentation, cables, energies
  QVBoxLayout* layout_;
  QWidget* cable_view_ = nullptr;
  std::vector<PlotSample> kept_;  // decimated samples
  long stride_ = 1, seen_ = 0;
  QTimer* redraw_timer_;
  bool dirty_ = false;
};

}  // namespace contactsim::gui
