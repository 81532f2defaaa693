#include "contact_colour_controls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolBar>

#include "simulation_view.h"

namespace contactsim::gui {

namespace {

constexpr double kPascalPerKilopascal = 1e3;
enum RangeMode { RunMaximum = 0, Fixed = 1 };

QDoubleSpinBox* kilopascalBox(QToolBar* toolbar, const char* name, double value,
                              const QString& tip) {
  auto* box = new QDoubleSpinBox(toolbar);
  box->setObjectName(name);
  box->setRange(0.0, 1e9);  // up to a TPa: anything a contact law can produce
  box->setDecimals(3);
  box->setSuffix(" kPa");
  box->setKeyboardTracking(false);
  box->setToolTip(tip);
  box->setValue(value);
  return box;
}

}  // namespace

ContactColourControls::ContactColourControls(QToolBar* toolbar, QObject* parent)
    : QObject(parent),
      colouring_(new QComboBox(toolbar)),
      range_mode_(new QComboBox(toolbar)),
      low_kpa_(kilopascalBox(toolbar, "pressure_low", 0.0, "Pressure at the bottom of the bar")),
      high_kpa_(kilopascalBox(toolbar, "pressure_high", 100.0, "Pressure at the top of the bar")),
      labels_(new QCheckBox("|F| labels", toolbar)) {
  toolbar->addWidget(new QLabel(" Colour ", toolbar));
  colouring_->setObjectName("contact_colouring");
  colouring_->addItem("Plain", int(render::ContactColouring::Plain));
  colouring_->addItem("Pressure", int(render::ContactColouring::Pressure));
  colouring_->addItem("Stick / slip", int(render::ContactColouring::StickSlip));
  colouring_->setToolTip(
      "Plain: contact colours. Pressure: penetrated triangles by contact pressure (Winkler field "
      "scaled to the normal force), with a colour bar. Stick / slip: contours blue where friction "
      "sticks, orange where it slips; frictionless contacts stay plain.");
  toolbar->addWidget(colouring_);

  range_mode_->setObjectName("pressure_range_mode");
  range_mode_->addItem("Run max", RunMaximum);
  range_mode_->addItem("Fixed", Fixed);
  range_mode_->setToolTip(
      "Colour bar range: 0 to the largest pressure of the run so far (grows, never rescaled per "
      "frame), or fixed between the two values");
  toolbar->addWidget(range_mode_);
  toolbar->addWidget(low_kpa_);
  toolbar->addWidget(new QLabel("–", toolbar));
  toolbar->addWidget(high_kpa_);
  labels_->setObjectName("force_labels");
  labels_->setToolTip("Write |F|, the contact force's magnitude, at each normal force arrow");
  toolbar->addWidget(labels_);

  connect(colouring_, &QComboBox::currentIndexChanged, this, &ContactColourControls::apply);
  connect(range_mode_, &QComboBox::currentIndexChanged, this, &ContactColourControls::apply);
  connect(low_kpa_, &QDoubleSpinBox::valueChanged, this, &ContactColourControls::apply);
  connect(high_kpa_, &QDoubleSpinBox::valueChanged, this, &ContactColourControls::apply);
  connect(labels_, &QCheckBox::toggled, this, &ContactColourControls::apply);
  apply();
}

void ContactColourControls::setView(render::SimulationView* view) {
  view_ = view;
  apply();
}

render::ContactColouring ContactColourControls::colouring() const {
  return static_cast<render::ContactColouring>(colouring_->currentData().toInt());
}

void ContactColourControls::setColouring(render::ContactColouring colouring) {
  colouring_->setCurrentIndex(colouring_->findData(int(colouring)));  // → apply
}

bool ContactColourControls::setFixedRange(double low, double high) {
  render::PressureRange check;
  if (!check.setFixed(low, high)) return false;
  {
    const QSignalBlocker a(low_kpa_), b(high_kpa_), c(range_mode_);
    low_kpa_->setValue(low / kPascalPerKilopascal);
    high_kpa_->setValue(high / kPascalPerKilopascal);
    range_mode_->setCurrentIndex(Fixed);
  }
  apply();
  return true;
}

void ContactColourControls::useRunMaximum() {
  range_mode_->setCurrentIndex(RunMaximum);  // → apply
}

void ContactColourControls::setForceLabels(bool shown) { labels_->setChecked(shown); }

void ContactColourControls::apply() {
  const bool fixed = range_mode_->currentIndex() == Fixed;
  const bool pressure = colouring() == render::ContactColouring::Pressure;
  // The bounds mean something only for a fixed range: greyed out under the run maximum, which
  // the colour bar itself shows.
  low_kpa_->setEnabled(pressure && fixed);
  high_kpa_->setEnabled(pressure && fixed);
  range_mode_->setEnabled(pressure);
  // A fixed range that is not one (low ≥ high) is shown in red and not applied.
  const bool valid = low_kpa_->value() < high_kpa_->value();
  const QString style = fixed && !valid ? "color: #d03030" : "";
  low_kpa_->setStyleSheet(style);
  high_kpa_->setStyleSheet(style);
  if (view_) {
    render::ContactLayer& layer = view_->contacts();
    layer.setColouring(colouring());
    layer.setForceLabels(labels_->isChecked());
    if (fixed) {
      // An invalid pair leaves the previous range in place.
      layer.pressureRange().setFixed(low_kpa_->value() * kPascalPerKilopascal,
                                     high_kpa_->value() * kPascalPerKilopascal);
    } else {
      layer.pressureRange().useRunMaximum();
    }
  }
  emit changed();
}

}  // namespace contactsim::gui
