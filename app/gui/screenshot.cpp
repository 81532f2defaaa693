#include "screenshot.h"

#include <QOpenGLWidget>
#include <QPainter>
#include <QPixmap>
#include <stdexcept>

namespace contactsim::gui {

QImage grabWindow(QWidget& window, QOpenGLWidget& view) {
  QImage image = window.grab().toImage();
  // Renders the view into its framebuffer now, so the frame is complete.
  const QImage frame = view.grabFramebuffer();
  QPainter painter(&image);
  // Logical coordinates: the painter honours the image's device pixel ratio.
  painter.drawImage(QRect(view.mapTo(&window, QPoint(0, 0)), view.size()), frame);
  painter.end();
  return image;
}

void saveScreenshot(QWidget& window, QOpenGLWidget& view, const QString& file) {
  const QImage image = grabWindow(window, view);
  if (image.isNull()) {
    throw std::runtime_error(file.toStdString() + ": the window could not be grabbed");
  }
  if (!image.save(file, "PNG")) {
    throw std::runtime_error(file.toStdString() + ": cannot write the PNG image");
  }
}

}  // namespace contactsim::gui
