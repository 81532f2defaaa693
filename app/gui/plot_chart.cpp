#include "plot_chart.h"

#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QPen>
#include <QTimer>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QLineSeries>
#include <algorithm>
#include <cmath>

namespace contactsim::gui {

namespace {

// The series' y at the sample nearest to time t (points are in time order); NaN when empty.
double valueAt(const QLineSeries& series, double t) {
  const int n = series.count();
  if (n == 0) return NAN;
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (series.at(mid).x() < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > 0 && t - series.at(lo - 1).x() < series.at(lo).x() - t) --lo;
  return series.at(lo).y();
}

QCategoryAxis* makeAxis() {
  auto* axis = new QCategoryAxis;
  axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  return axis;
}

}  // namespace

PlotChart::PlotChart(Quantity quantity, QWidget* parent)
    : QChartView(new QChart, parent),
      quantity_(quantity),
      x_axis_(makeAxis()),
      y_axis_(makeAxis()),
      vertical_(new QGraphicsLineItem(chart())),
      horizontal_(new QGraphicsLineItem(chart())),
      readout_box_(new QGraphicsRectItem(chart())),
      readout_(new QGraphicsSimpleTextItem(readout_box_)) {
  chart()->setMargins(QMargins(2, 2, 12, 2));  // room for the last time label, centred on its tick
  chart()->setTitle(quantityTitle(quantity));
  QFont title_font = chart()->titleFont();
  title_font.setBold(true);
  chart()->setTitleFont(title_font);
  chart()->legend()->setAlignment(Qt::AlignBottom);
  chart()->addAxis(x_axis_, Qt::AlignBottom);
  chart()->addAxis(y_axis_, Qt::AlignLeft);
  setRenderHint(QPainter::Antialiasing);
  setMinimumHeight(200);
  setMouseTracking(true);
  viewport()->setMouseTracking(true);
  const QPen pen(QColor(90, 90, 90), 0, Qt::DashLine);
  vertical_->setPen(pen);
  horizontal_->setPen(pen);
  readout_box_->setBrush(QColor(255, 255, 255, 225));
  readout_box_->setPen(QPen(QColor(160, 160, 160)));
  // Above the series.
  vertical_->setZValue(100);
  horizontal_->setZValue(100);
  readout_box_->setZValue(100);
  hideCrosshair();
}

void PlotChart::setTicks(QCategoryAxis* axis, const AxisTicks& ticks, std::vector<double>& shown) {
  if (ticks.values != shown) {
    for (const QString& label : axis->categoriesLabels()) axis->remove(label);
    axis->setStartValue(ticks.values.front());
    for (std::size_t i = 0; i < ticks.values.size(); ++i) {
      axis->append(QString::fromStdString(ticks.labels[i]), ticks.values[i]);
    }
    shown = ticks.values;
  }
  axis->setRange(ticks.values.front(), ticks.values.back());
}

void PlotChart::setData(const QStringList& names, const std::vector<QList<QPointF>>& points,
                        double t0, double t1) {
  bool same_names = series_.size() == std::size_t(names.size());
  for (std::size_t s = 0; same_names && s < series_.size(); ++s) {
    same_names = series_[s]->name() == names[qsizetype(s)];
  }
  if (!same_names) {
    for (QLineSeries* series : series_) {
      chart()->removeSeries(series);
      delete series;
    }
    series_.clear();
    for (const QString& name : names) {
      auto* series = new QLineSeries;
      series->setName(name);
      chart()->addSeries(series);
      series->attachAxis(x_axis_);
      series->attachAxis(y_axis_);
      series_.push_back(series);
    }
    chart()->legend()->setVisible(names.size() > 1);
  }
  y_range_ = {INFINITY, -INFINITY};
  for (std::size_t s = 0; s < series_.size(); ++s) {
    series_[s]->replace(points[s]);
    for (const QPointF& p : points[s]) {
      y_range_ = {std::min(y_range_.first, p.y()), std::max(y_range_.second, p.y())};
    }
  }
  t_range_ = {t0, std::max(t1, t0 + 1e-6)};
  updateAxes();
}

void PlotChart::updateAxes() {
  // About one tick per 35 px of height and 60 px of width keeps labels apart.
  const QRectF area = chart()->plotArea();
  const int y_count = std::clamp(int(area.height() / 35), 3, 8);
  const int x_count = std::clamp(int(area.width() / 60), 3, 8);
  const AxisTicks y = niceTicks(y_range_.first, y_range_.second, quantityUnit(quantity_), y_count);
  const AxisTicks x = niceTicks(t_range_.first, t_range_.second, "s", x_count);
  setTicks(y_axis_, y, y_ticks_);
  setTicks(x_axis_, x, x_ticks_);
  // The quantity is the chart's title; a long vertical title would be elided in a short chart.
  y_axis_->setTitleText(QString::fromStdString(y.unit));
  x_axis_->setTitleText(QString("t (%1)").arg(QString::fromStdString(x.unit)));
}

void PlotChart::resizeEvent(QResizeEvent* event) {
  QChartView::resizeEvent(event);
  // The tick count follows the plot area, which the chart lays out after this event.
  QTimer::singleShot(0, this, &PlotChart::updateAxes);
}

void PlotChart::mouseMoveEvent(QMouseEvent* event) {
  QChartView::mouseMoveEvent(event);
  showCrosshair(chart()->mapFromScene(mapToScene(event->position().toPoint())));
}

void PlotChart::leaveEvent(QEvent* event) {
  QChartView::leaveEvent(event);
  hideCrosshair();
}

QString PlotChart::readout() const { return readout_box_->isVisible() ? readout_->text() : ""; }

void PlotChart::hideCrosshair() {
  vertical_->hide();
  horizontal_->hide();
  readout_box_->hide();
}

void PlotChart::showCrosshair(QPointF position) {
  const QRectF area = chart()->plotArea();
  if (series_.empty() || !area.contains(position)) return hideCrosshair();
  const QPointF value = chart()->mapToValue(position, series_.front());
  const char* unit = quantityUnit(quantity_);
  QStringList lines;
  lines << QString("t = %1").arg(QString::fromStdString(formatEngineering(value.x(), "s", 4)));
  lines << QString("cursor: %1").arg(QString::fromStdString(formatEngineering(value.y(), unit)));
  for (const QLineSeries* series : series_) {
    lines << QString("%1: %2").arg(series->name(), QString::fromStdString(formatEngineering(
                                                       valueAt(*series, value.x()), unit)));
  }
  vertical_->setLine(position.x(), area.top(), position.x(), area.bottom());
  horizontal_->setLine(area.left(), position.y(), area.right(), position.y());
  readout_->setText(lines.join('\n'));
  const QRectF text = readout_->boundingRect().adjusted(-4, -3, 4, 3);
  readout_->setPos(4, 3);
  readout_box_->setRect(0, 0, text.width(), text.height());
  // Beside the cursor, on the side with room, inside the plot area.
  QPointF corner = position + QPointF(12, 12);
  if (corner.x() + text.width() > area.right()) corner.rx() = position.x() - 12 - text.width();
  if (corner.y() + text.height() > area.bottom()) corner.ry() = position.y() - 12 - text.height();
  corner.rx() = std::max(corner.x(), area.left());
  corner.ry() = std::max(corner.y(), area.top());
  readout_box_->setPos(corner);
  vertical_->show();
  horizontal_->show();
  readout_box_->show();
}

}  // namespace contactsim::gui
