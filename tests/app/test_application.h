// The one QApplication of a GUI test executable, with the OpenGL format VTK needs and settings
// that never touch the user's (organisation "contactsim-tests", cleared at start).
#pragma once

#include <QApplication>
#include <QSettings>
#include <QSurfaceFormat>

#include "vtk_view_widget.h"

namespace contactsim::testing {

inline QApplication& testApplication(const char* name) {
  static int argc = 1;
  static char* argv[] = {const_cast<char*>(name), nullptr};
  static QApplication* app = [name] {
    QSurfaceFormat::setDefaultFormat(gui::VtkViewWidget::requiredFormat());
    auto* created = new QApplication(argc, argv);
    QApplication::setOrganizationName("contactsim-tests");
    QApplication::setApplicationName(name);
    QSettings().clear();
    return created;
  }();
  return *app;
}

}  // namespace contactsim::testing
