// contactsim: the mesh viewer. Usage: contactsim [MESH...] [--screenshot FILE] [--quit]
#include <QApplication>
#include <QSurfaceFormat>
#include <QTimer>
#include <iostream>

#include "command_line.h"
#include "main_window.h"
#include "screenshot.h"
#include "vtk_view_widget.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

constexpr int kBadInput = 2;  // the exit code of the command-line contract

void printErrors(const QStringList& errors) {
  for (const QString& error : errors) std::cerr << "error: " << error.toStdString() << "\n";
}

// Once the view has shown its first frame: save the screenshot, then quit if asked.
void screenshotWhenRendered(MainWindow& window, const CommandLine& line) {
  QObject::connect(
      &window.view(), &QOpenGLWidget::frameSwapped, &window,
      [&window, line] {
        // Let the rest of the window finish painting before grabbing it.
        QTimer::singleShot(0, &window, [&window, line] {
          int code = 0;
          try {
            saveScreenshot(window, window.view(), line.screenshot);
          } catch (const std::exception& error) {
            if (line.quit) {
              printErrors({QString::fromStdString(error.what())});
              code = kBadInput;
            } else {
              window.showErrors({QString::fromStdString(error.what())});
            }
          }
          if (line.quit) QApplication::exit(code);
        });
      },
      Qt::SingleShotConnection);
}

}  // namespace

int main(int argc, char* argv[]) {
  // VTK needs an OpenGL 3.2 core context with depth and stencil; this must precede QApplication.
  QSurfaceFormat::setDefaultFormat(VtkViewWidget::requiredFormat());
  QApplication app(argc, argv);
  QApplication::setOrganizationName("contactsim");
  QApplication::setApplicationName("contactsim");

  CommandLine line;
  try {
    line = parseCommandLine(QApplication::arguments());
  } catch (const CommandLineError& error) {
    printErrors({QString::fromStdString(error.what())});
    return kBadInput;
  }
  if (line.help) {
    std::cout << line.help_text.toStdString();
    return 0;
  }

  MainWindow window;
  QStringList errors;
  if (line.batch()) {
    // Scripted runs never ask: files are in metres at scale 1.
    errors = window.importFiles(line.files, ImportOptions{});
    if (!errors.isEmpty() && line.quit) {
      printErrors(errors);
      return kBadInput;
    }
  }
  window.show();

  if (!line.batch() && !line.files.isEmpty()) {
    QTimer::singleShot(0, &window, [&window, &line] { window.openFiles(line.files); });
  }
  if (!errors.isEmpty()) {
    QTimer::singleShot(0, &window, [&window, errors] { window.showErrors(errors); });
  }
  if (!line.screenshot.isEmpty()) {
    screenshotWhenRendered(window, line);
  } else if (line.quit) {
    QTimer::singleShot(0, &app, &QApplication::quit);
  }
  return QApplication::exec();
}
