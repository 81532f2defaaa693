// The live profiler (issue 18): where the wall time of the last second of running went, per
// phase of a step (broad phase, collision, contact regions, contact forces, integrator, output)
// in milliseconds per step and as shares of the step, and the 3-D view's drawing time per frame.
// The simulation runs in its own thread, so drawing is not part of a step: it is shown apart.
#pragma once

#include <QWidget>
#include <optional>

#include "phase_profile.h"

class QLabel;
class QTableWidget;

namespace contactsim::gui {

class ProfilerPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ProfilerPanel(QWidget* parent = nullptr);

  // The worker's profile of its last second of running (kept while paused).
  void setProfile(const PhaseProfile& profile, double steps_per_second);
  // The GUI thread's time per drawn frame (scene update and render) and the frames drawn per
  // second, over the last second.
  void setDrawing(double seconds_per_frame, double frames_per_second);
  // Forgets the shown values (a new run).
  void clear();

  const std::optional<PhaseProfile>& profile() const { return profile_; }
  double drawingSecondsPerFrame() const { return drawing_seconds_; }
  // The table's text of a phase ("collision", "integrator", ..., "drawing") in row 0 (time) or
  // 1 (share); for tests.
  QString cellText(const QString& phase, int row) const;

 private:
  void setPhase(int column, double seconds, double share);

  QTableWidget* table_;
  QLabel* summary_;
  std::optional<PhaseProfile> profile_;
  double drawing_seconds_ = 0.0;
};

}  // namespace contactsim::gui
