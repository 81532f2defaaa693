// The text of the properties panel: a body's mesh validation report and mass properties.
#pragma once

#include <QString>

#include "body.h"

namespace contactsim::gui {

// Rich text (a few HTML tables) for a QTextBrowser. Problems are coloured so that a mesh that
// cannot be trusted for contact is noticed at a glance.
QString bodyReportHtml(const Body& body);

}  // namespace contactsim::gui
