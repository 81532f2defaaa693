#include "plots_panel.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "plot_chart.h"
#include "plot_chooser.h"
#include "plot_export.h"
#include "record/recording_reader.h"

namespace contactsim::gui {

namespace {

QToolButton* button(const QString& text, const QString& tip, QWidget* parent) {
  auto* button = new QToolButton(parent);
  button->setText(text);
  button->setToolTip(tip);
  return button;
}

}  // namespace

PlotsPanel::PlotsPanel(QWidget* parent)
    : QWidget(parent),
      history_(kMaxPoints),
      chooser_(new PlotChooser(this)),
      charts_(new QWidget),
      charts_layout_(new QVBoxLayout(charts_)),
      redraw_timer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* bar = new QHBoxLayout;
  QToolButton* series = button("Series", "Choose what is plotted", this);
  series->setCheckable(true);
  series->setChecked(true);
  QToolButton* csv = button("Export CSV…", "Save the chosen series as CSV", this);
  QToolButton* png = button("Export PNG…", "Save the charts as an image", this);
  bar->addWidget(series);
  bar->addStretch();
  bar->addWidget(csv);
  bar->addWidget(png);
  layout->addLayout(bar);

  charts_layout_->setContentsMargins(0, 0, 0, 0);
  charts_layout_->setSpacing(0);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(charts_);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(chooser_);
  splitter->addWidget(scroll);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({130, 600});
  layout->addWidget(splitter, 1);

  connect(series, &QToolButton::toggled, chooser_, &QWidget::setVisible);
  connect(csv, &QToolButton::clicked, this, [this] { exportCsv(this, history_, shown_); });
  connect(png, &QToolButton::clicked, this, [this] { exportPng(this, charts_); });
  connect(chooser_, &PlotChooser::changed, this, &PlotsPanel::choose);
  redraw_timer_->setInterval(250);  // 4 redraws a second: the plots never load the GUI
  connect(redraw_timer_, &QTimer::timeout, this, &PlotsPanel::redraw);
  redraw_timer_->start();
  clear({}, {});
}

void PlotsPanel::clear(const QStringList& bodies, const QStringList& cables,
                       const std::vector<DriveName>& drives, bool contact) {
  std::vector<std::string> body_names, cable_names;
  for (const QString& name : bodies) body_names.push_back(name.toStdString());
  for (const QString& name : cables) cable_names.push_back(name.toStdString());
  history_.reset(body_names, cable_names, drives, contact);
  chooser_->removeChannels();
  chooser_->sync(history_.channels());
  choose();
}

void PlotsPanel::append(const std::vector<PlotSample>& samples, const SimulationFrame& frame) {
  for (const PlotSample& sample : samples) history_.addSample(sample);
  history_.addFrame(frame);
  dirty_ = true;
}

void PlotsPanel::showRecording(const RecordingReader& reader) {
  const std::int64_t count = reader.frameCount();
  const std::int64_t stride = std::max<std::int64_t>(1, count / kMaxPoints + 1);
  try {
    for (std::int64_t i = 0; i < count; i += stride) {
      const SimulationFrame frame = reader.frame(i);
      append({plotSample(frame)}, frame);
    }
  } catch (const std::exception&) {
    // A damaged frame ends the plots there; the replay reports it when it reaches that frame.
  }
}

void PlotsPanel::choose() {
  shown_ = chooser_->shown();
  // One chart per quantity that has a chosen channel, in the order of the Quantity enum.
  std::vector<Quantity> quantities;
  for (std::size_t c : shown_) quantities.push_back(history_.channels()[c].quantity);
  std::sort(quantities.begin(), quantities.end());
  quantities.erase(std::unique(quantities.begin(), quantities.end()), quantities.end());
  for (PlotChart* chart : chart_list_) delete chart;
  chart_list_.clear();
  for (Quantity quantity : quantities) {
    chart_list_.push_back(new PlotChart(quantity, charts_));
    charts_layout_->addWidget(chart_list_.back());
  }
  dirty_ = true;
  redraw();
}

void PlotsPanel::redrawNow() {
  dirty_ = true;
  redraw();
}

void PlotsPanel::redraw() {
  if (!dirty_ || !isVisible()) return;
  dirty_ = false;
  chooser_->sync(history_.channels());  // contact pairs appear during the run
  const auto [t0, t1] = history_.timeSpan();
  for (PlotChart* chart : chart_list_) {
    QStringList names;
    std::vector<QList<QPointF>> points;
    for (std::size_t c : shown_) {
      const PlotChannel& channel = history_.channels()[c];
      if (channel.quantity != chart->quantity()) continue;
      names << QString::fromStdString(channel.name);
      QList<QPointF>& series = points.emplace_back();
      for (const auto& [t, v] : history_.points(c)) series.append(QPointF(t, v));
    }
    chart->setData(names, points, t0, t1);
  }
}

}  // namespace contactsim::gui
