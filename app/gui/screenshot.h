// Screenshots of the main window that include the OpenGL view.
#pragma once

#include <QImage>
#include <QString>

class QOpenGLWidget;
class QWidget;

namespace contactsim::gui {

// The window as drawn, with the view's framebuffer painted over the view's place: a plain
// widget grab does not reliably contain OpenGL content and may show it black.
QImage grabWindow(QWidget& window, QOpenGLWidget& view);

// Writes grabWindow() as PNG. Throws std::runtime_error ("<file>: <reason>") on failure.
void saveScreenshot(QWidget& window, QOpenGLWidget& view, const QString& file);

}  // namespace contactsim::gui
