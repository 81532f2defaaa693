// The window's status bar readout of the run: simulated time, speed (or "replay"), the solver's
// last step, the contacts shown, frames drawn per second, and — while fixed steps have left
// impacts unresolved (sim/impact_resolution.h), or a chain's end has passed its guide ring beside
// the opening (sim/chain_report.h) — a warning whose tooltip is the CLI's line. One job of the
// main window, testable without it.
#pragma once

#include <QObject>

#include "frame_mailbox.h"

class QLabel;
class QStatusBar;

namespace contactsim::gui {

class RunStatus : public QObject {
  Q_OBJECT

 public:
  // Adds its labels to `bar` as permanent widgets (the warnings first, hidden until needed).
  explicit RunStatus(QStatusBar* bar);

  // A frame being shown: with the worker's stats for a live run, without for a replay.
  void show(const SimulationFrame& frame, const RunStats* stats);
  void setDisplayFps(int fps);

  // For tests: the labels by role.
  const QLabel& time() const { return *time_; }
  const QLabel& rate() const { return *rate_; }
  const QLabel& solver() const { return *solver_; }
  const QLabel& contacts() const { return *contacts_; }
  const QLabel& impacts() const { return *impacts_; }
  const QLabel& chains() const { return *chains_; }
  const QLabel& display() const { return *display_; }

 private:
  QLabel *impacts_, *chains_, *time_, *rate_, *solver_, *contacts_, *display_;
};

}  // namespace contactsim::gui
