#include "run_status.h"

#include <QLabel>
#include <QStatusBar>
#include <QStringList>

namespace contactsim::gui {

RunStatus::RunStatus(QStatusBar* bar)
    : QObject(bar),
      impacts_(new QLabel(bar)),
      chains_(new QLabel(bar)),
      time_(new QLabel(bar)),
      rate_(new QLabel(bar)),
      solver_(new QLabel(bar)),
      contacts_(new QLabel(bar)),
      display_(new QLabel(bar)) {
  for (QLabel* label : {impacts_, chains_, time_, rate_, solver_, contacts_, display_})
    bar->addPermanentWidget(label);
  impacts_->setObjectName("impacts");
  impacts_->hide();
  chains_->setObjectName("chains");
  chains_->hide();
}

void RunStatus::show(const SimulationFrame& frame, const RunStats* stats) {
  time_->setText(QStringLiteral("t = %1 s").arg(frame.time, 0, 'f', 4));
  if (stats) {
    rate_->setText(stats->running ? QStringLiteral("%1× real time, %2 steps/s")
                                        .arg(stats->real_time_factor, 0, 'g', 3)
                                        .arg(stats->steps_per_second, 0, 'f', 0)
                                  : QStringLiteral("paused, %1 steps").arg(stats->steps));
  } else {
    rate_->setText("replay");
  }
  // Fixed steps too long for an impact: said where the user looks, as the CLI says it after a
  // run.
  const long unresolved = stats ? stats->unresolved_impacts.count : 0;
  impacts_->setVisible(unresolved > 0);
  if (unresolved > 0) {
    impacts_->setText(QStringLiteral("⚠ %1 impact%2 not resolved by the step")
                          .arg(unresolved)
                          .arg(unresolved == 1 ? "" : "s"));
    impacts_->setToolTip(QString::fromStdString(describe(stats->unresolved_impacts)));
  }
  // A chain's length that jumped (a guide ring too small for where its end passed).
  const std::size_t chains = stats ? stats->chain_warnings.size() : 0;
  chains_->setVisible(chains > 0);
  if (chains > 0) {
    chains_->setText(QStringLiteral("⚠ %1 chain%2 passed a guide ring beside its opening")
                         .arg(chains)
                         .arg(chains == 1 ? "" : "s"));
    QStringList lines;
    for (const std::string& line : stats->chain_warnings) lines << QString::fromStdString(line);
    chains_->setToolTip(lines.join('\n'));
  }
  // The step error control took (the smallest substep of the last frame's step).
  QString solver = QStringLiteral("Newton %1").arg(frame.solver.newton_iterations);
  if (frame.solver.smallest_substep > 0.0)
    solver += QStringLiteral(", step %1 ms").arg(1e3 * frame.solver.smallest_substep, 0, 'g', 3);
  solver_->setText(solver);
  contacts_->setText(QStringLiteral("%1 contact%2")
                         .arg(frame.contacts.size())
                         .arg(frame.contacts.size() == 1 ? "" : "s"));
}

void RunStatus::setDisplayFps(int fps) {
  display_->setText(QStringLiteral("display %1 fps").arg(fps));
}

}  // namespace contactsim::gui
