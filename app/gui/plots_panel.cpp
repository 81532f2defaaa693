#include "plots_panel.h"

#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace contactsim::gui {

PlotsPanel::PlotsPanel(QWidget* parent)
    : QWidget(parent), layout_(new QVBoxLayout(this)), redraw_timer_(new QTimer(this)) {
  layout_->setContentsMargins(0, 0, 0, 0);
  layout_->setSpacing(0);
  redraw_timer_->setInterval(250);  // 4 redraws a second: the plots never load the GUI
  connect(redraw_timer_, &QTimer::timeout, this, &PlotsPanel::redraw);
  redraw_timer_->start();
  clear({});
}

PlotsPanel::Plot PlotsPanel::makePlot(const QString& title, const QString& unit,
                                      const QStringList& names) {
  Plot plot{new QChart, {}};
  plot.chart->setTitle(title);
  plot.chart->legend()->setVisible(names.size() > 1);
  plot.chart->legend()->setAlignment(Qt::AlignRight);
  plot.chart->setMargins(QMargins(2, 2, 2, 2));
  auto* x = new QValueAxis;
  x->setTitleText("t (s)");
  x->setLabelFormat("%.3g");
  x->setTickCount(4);
  auto* y = new QValueAxis;
  y->setTitleText(unit);
  y->setLabelFormat("%.3g");
  plot.chart->addAxis(x, Qt::AlignBottom);
  plot.chart->addAxis(y, Qt::AlignLeft);
  for (const QString& name : names) {
    auto* series = new QLineSeries;
    series->setName(name);
    plot.chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    plot.series.push_back(series);
  }
  auto* view = new QChartView(plot.chart, this);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(150);
  layout_->addWidget(view);
  return plot;
}

void PlotsPanel::clear(const QStringList& cables) {
  while (QLayoutItem* item = layout_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  plots_.clear();
  plots_.push_back(makePlot("Contact forces", "N", {"Σ F_n", "Σ |F_t|"}));
  plots_.push_back(makePlot("Indentation", "mm", {"max δ"}));
  if (!cables.isEmpty()) plots_.push_back(makePlot("Cable tension", "N", cables));
  plots_.push_back(makePlot("Energy", "J", {"kinetic", "potential", "balance"}));
  kept_.clear();
  stride_ = 1;
  seen_ = 0;
  dirty_ = true;
}

void PlotsPanel::append(const std::vector<PlotSample>& samples) {
  for (const PlotSample& sample : samples) {
    if (seen_++ % stride_ != 0) continue;
    kept_.push_back(sample);
    if (static_cast<int>(kept_.size()) >= kMaxPoints) {
      std::vector<PlotSample> half;
      half.reserve(kept_.size() / 2 + 1);
      for (std::size_t i = 0; i < kept_.size(); i += 2) half.push_back(kept_[i]);
      kept_ = std::move(half);
      stride_ *= 2;
    }
    dirty_ = true;
  }
}

void PlotsPanel::redraw() {
  if (!dirty_ || !isVisible()) return;
  dirty_ = false;
  const bool has_cables = plots_.size() == 4;
  for (std::size_t p = 0; p < plots_.size(); ++p) {
    Plot& plot = plots_[p];
    const bool is_cables = has_cables && p == 2;
    const bool is_energy = p + 1 == plots_.size();
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t s = 0; s < plot.series.size(); ++s) {
      QList<QPointF> points;
      points.reserve(static_cast<qsizetype>(kept_.size()));
      for (const PlotSample& sample : kept_) {
        double v = 0.0;
        if (p == 0) {
          v = s == 0 ? sample.normal_force : sample.friction_force;
        } else if (p == 1) {
          v = sample.indentation * 1e3;
        } else if (is_cables) {
          v = s < sample.cable_tensions.size() ? sample.cable_tensions[s] : 0.0;
        } else if (is_energy) {
          v = s == 0 ? sample.kinetic : s == 1 ? sample.potential : sample.balance;
        }
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        points.append(QPointF(sample.time, v));
      }
      plot.series[s]->replace(points);
    }
    const auto axes_x = plot.chart->axes(Qt::Horizontal);
    const auto axes_y = plot.chart->axes(Qt::Vertical);
    const double t0 = kept_.empty() ? 0.0 : kept_.front().time;
    const double t1 = kept_.empty() ? 1.0 : std::max(kept_.back().time, t0 + 1e-6);
    axes_x.front()->setRange(t0, t1);
    if (!std::isfinite(lo)) lo = 0.0, hi = 1.0;
    const double pad = hi > lo ? 0.05 * (hi - lo) : std::max(1e-9, 0.05 * std::abs(hi));
    axes_y.front()->setRange(lo - pad, hi + pad);
  }
}

}  // namespace contactsim::gui
