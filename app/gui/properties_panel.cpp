#include "properties_panel.h"

#include <QTextBrowser>
#include <QVBoxLayout>

#include "body_report.h"

namespace contactsim::gui {

PropertiesPanel::PropertiesPanel(QWidget* parent)
    : QWidget(parent), report_(new QTextBrowser(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(report_, 1);
  showBody(nullptr);
}

void PropertiesPanel::showBody(const Body* body) {
  if (!body) {
    report_->setHtml(
        "<p><i>Select a body with a mesh in the scene tree or click it in the "
        "view.</i></p>");
    return;
  }
  report_->setHtml(bodyReportHtml(*body));
}

}  // namespace contactsim::gui
