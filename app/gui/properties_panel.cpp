#include "properties_panel.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "body_report.h"

namespace contactsim::gui {

PropertiesPanel::PropertiesPanel(QWidget* parent)
    : QWidget(parent), density_(new QDoubleSpinBox(this)), report_(new QTextBrowser(this)) {
  density_->setRange(1e-3, 1e6);
  density_->setDecimals(1);
  density_->setSuffix(" kg/m³");
  density_->setToolTip("Density of the selected body; steel (7850 kg/m³) by default");
  density_->setKeyboardTracking(false);  // recompute once per edit, not per keystroke

  auto* form = new QFormLayout;
  form->addRow("Density", density_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(form);
  layout->addWidget(report_, 1);

  connect(density_, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::densityEdited);
  showBody(nullptr);
}

void PropertiesPanel::showBody(const Body* body) {
  density_->setEnabled(body != nullptr);
  if (!body) {
    report_->setHtml("<p><i>Select a body in the scene tree or click it in the view.</i></p>");
    return;
  }
  {
    // Showing a body is not an edit.
    const QSignalBlocker blocker(density_);
    density_->setValue(body->density);
  }
  report_->setHtml(bodyReportHtml(*body));
}

}  // namespace contactsim::gui
