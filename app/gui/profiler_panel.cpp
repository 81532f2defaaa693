#include "profiler_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <array>

namespace contactsim::gui {

namespace {

// Column order of the table, the step's phases first, then its total, then the display; each
// with what it measures where the name does not say it.
struct Phase {
  const char* name;
  const char* tooltip;
};
const std::array<Phase, 8> kPhases = {{
    {"broad phase", ""},
    {"collision", "Tree queries and tunnelling sweeps; volumetric: polyhedra"},
    {"contact regions", ""},
    {"contact forces", ""},
    {"integrator", "Newton iterations, tangent assembly and LU, step control"},
    {"output", "The frame, plot sample and recording after each step"},
    {"step total", ""},
    {"drawing", "GUI thread, per drawn frame: scene update and VTK render calls"},
}};
constexpr int kStepTotal = 6;
constexpr int kDrawing = 7;

QString milliseconds(double seconds) {
  return QStringLiteral("%1 ms").arg(1e3 * seconds, 0, 'g', 3);
}

}  // namespace

ProfilerPanel::ProfilerPanel(QWidget* parent)
    : QWidget(parent),
      table_(new QTableWidget(2, int(kPhases.size()), this)),
      summary_(new QLabel(this)) {
  // One column per phase, so the panel fits the bottom dock's height beside the contact table.
  QStringList headers;
  for (const Phase& phase : kPhases) headers << phase.name;
  table_->setHorizontalHeaderLabels(headers);
  table_->setVerticalHeaderLabels({"time", "share"});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  for (int column = 0; column < int(kPhases.size()); ++column) {
    for (int row = 0; row < 2; ++row) {
      auto* item = new QTableWidgetItem;
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(row, column, item);
    }
    table_->horizontalHeaderItem(column)->setToolTip(kPhases[column].tooltip);
  }
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(summary_);
  layout->addWidget(table_);
  layout->addStretch();
  clear();
}

void ProfilerPanel::clear() {
  profile_.reset();
  drawing_seconds_ = 0.0;
  for (int column = 0; column < int(kPhases.size()); ++column) {
    table_->item(0, column)->setText("–");
    table_->item(1, column)->setText("");
  }
  summary_->setText("Run the simulation to profile it (last second of running).");
}

void ProfilerPanel::setPhase(int column, double seconds, double share) {
  table_->item(0, column)->setText(milliseconds(seconds));
  table_->item(1, column)->setText(QStringLiteral("%1 %").arg(100.0 * share, 0, 'f', 1));
}

void ProfilerPanel::setProfile(const PhaseProfile& p, double steps_per_second) {
  profile_ = p;
  const std::array<double, 6> phases = {p.broad_phase, p.collision,  p.regions,
                                        p.forces,      p.integrator, p.output};
  for (int column = 0; column < int(phases.size()); ++column) {
    setPhase(column, phases[column], p.total > 0.0 ? phases[column] / p.total : 0.0);
  }
  setPhase(kStepTotal, p.total, p.total > 0.0 ? 1.0 : 0.0);
  summary_->setText(QStringLiteral("per step, over %1 steps (%2 steps/s)")
                        .arg(p.steps)
                        .arg(steps_per_second, 0, 'f', 0));
}

void ProfilerPanel::setDrawing(double seconds_per_frame, double frames_per_second) {
  drawing_seconds_ = seconds_per_frame;
  table_->item(0, kDrawing)->setText(milliseconds(seconds_per_frame) + " /frame");
  table_->item(1, kDrawing)->setText(QStringLiteral("%1 fps").arg(frames_per_second, 0, 'f', 0));
}

QString ProfilerPanel::cellText(const QString& phase, int row) const {
  for (int column = 0; column < int(kPhases.size()); ++column) {
    if (phase == kPhases[column].name) return table_->item(row, column)->text();
  }
  return {};
}

}  // namespace contactsim::gui
