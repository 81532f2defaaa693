// One chart of the plots panel: the channels of one quantity against time, with axes ticked by
// tick_format (1/2/5 steps, one SI-prefixed unit per axis in its title) and a crosshair that
// reads out the time, the value under the mouse and each series' value at that time.
#pragma once

#include <QtCharts/QChartView>
#include <utility>
#include <vector>

#include "plot_history.h"
#include "tick_format.h"

class QCategoryAxis;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;

namespace contactsim::gui {

class PlotChart : public QChartView {
  Q_OBJECT

 public:
  PlotChart(Quantity quantity, QWidget* parent = nullptr);

  Quantity quantity() const { return quantity_; }
  // Replaces the plotted data: one series per name, points in time order; the time axis spans
  // [t0, t1] (shared by all charts so they line up).
  void setData(const QStringList& names, const std::vector<QList<QPointF>>& points, double t0,
               double t1);
  // The crosshair's text (time, cursor value, each series at that time); empty when hidden.
  QString readout() const;

 protected:
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void updateAxes();  // ticks for the data's range and the plot area's size
  void setTicks(QCategoryAxis* axis, const AxisTicks& ticks, std::vector<double>& shown);
  void showCrosshair(QPointF chart_position);
  void hideCrosshair();

  Quantity quantity_;
  QCategoryAxis* x_axis_;
  QCategoryAxis* y_axis_;
  std::vector<QLineSeries*> series_;
  std::pair<double, double> t_range_{0.0, 1.0}, y_range_{0.0, 1.0};  // of the data
  std::vector<double> x_ticks_, y_ticks_;  // what the axes show, to relabel only on change
  QGraphicsLineItem* vertical_;
  QGraphicsLineItem* horizontal_;
  QGraphicsRectItem* readout_box_;
  QGraphicsSimpleTextItem* readout_;
};

}  // namespace contactsim::gui
