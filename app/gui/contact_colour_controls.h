// How the contact patches are coloured (plain, pressure, stick/slip), the pressure colour bar's
// range (the run's maximum so far, or fixed by the user in kPa) and the |F| labels at the force
// arrows: a toolbar section. Holds the state and applies it to whichever SimulationView is
// current, like LayerControls.
#pragma once

#include <QObject>

#include "contact_layer.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QToolBar;

namespace contactsim::render {
class SimulationView;
}

namespace contactsim::gui {

class ContactColourControls : public QObject {
  Q_OBJECT

 public:
  explicit ContactColourControls(QToolBar* toolbar, QObject* parent = nullptr);

  // Applies the current state to `view` (may be null). A new view starts a new run maximum.
  void setView(render::SimulationView* view);

  void setColouring(render::ContactColouring colouring);  // updates the widgets too
  render::ContactColouring colouring() const;
  // A fixed range (Pa); false (nothing changed) unless 0 ≤ low < high.
  bool setFixedRange(double low, double high);
  void useRunMaximum();
  void setForceLabels(bool shown);

  QComboBox* colouringBox() const { return colouring_; }
  QComboBox* rangeBox() const { return range_mode_; }
  QDoubleSpinBox* lowBox() const { return low_kpa_; }
  QDoubleSpinBox* highBox() const { return high_kpa_; }
  QCheckBox* labelsBox() const { return labels_; }

 signals:
  // The shown frame must be drawn again (colours are chosen while a frame is drawn).
  void changed();

 private:
  void apply();

  render::SimulationView* view_ = nullptr;
  QComboBox* colouring_;
  QComboBox* range_mode_;
  QDoubleSpinBox* low_kpa_;
  QDoubleSpinBox* high_kpa_;
  QCheckBox* labels_;
};

}  // namespace contactsim::gui
