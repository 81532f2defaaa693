// contactsim: the simulator's window.
// Usage: contactsim [SCENE | MESH... | RECORDING] [--run-until T] [--camera SPEC] [--follow BODY]
//                   [--preset clean|default|debug] [--hide-body NAME]... [--body-opacity NAME=A]...
//                   [--force-scale N] [--colour plain|pressure|stick-slip]
//                   [--pressure-range LOW:HIGH] [--force-labels] [--screenshot FILE] [--quit]
#include <QApplication>
#include <QMessageBox>
#include <QSurfaceFormat>
#include <QTimer>
#include <iostream>
#include <memory>

#include "command_line.h"
#include "contact_colour_controls.h"
#include "layer_controls.h"
#include "main_window.h"
#include "screenshot.h"
#include "simulation_view.h"
#include "vtk_view_widget.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

constexpr int kBadInput = 2;  // the exit code of the command-line contract

void printErrors(const QStringList& errors) {
  for (const QString& error : errors) std::cerr << "error: " << error.toStdString() << "\n";
}

// A scripted run: once the view has shown its first frame and (with --run-until) the simulation
// has reached its time, save the screenshot, then quit if asked.
// How long a scripted screenshot waits after the last frame for the charts' deferred layout.
constexpr int kChartSettleMs = 300;

class ScriptedRun : public QObject {
 public:
  ScriptedRun(MainWindow& window, CommandLine line, int& exit_code)
      : QObject(&window), window_(window), line_(std::move(line)), exit_code_(exit_code) {
    connect(&window.view(), &QOpenGLWidget::frameSwapped, this, [this] {
      rendered_ = true;
      maybeFinish();
    });
    connect(&window, &MainWindow::reachedTime, this, [this] {
      reached_ = true;
      maybeFinish();
    });
    connect(&window, &MainWindow::simulationFailed, this, [this](const QString& message) {
      printErrors({message});
      exit_code_ = kBadInput;
      reached_ = true;  // the screenshot shows the last good state
      maybeFinish();
    });
    reached_ = !line_.run_until.has_value();
  }

 private:
  void maybeFinish() {
    if (done_ || !rendered_ || !reached_) return;
    done_ = true;
    // Let the window finish painting the last frame before grabbing it, and the charts too: Qt
    // Charts lays out changed axis titles and series in deferred updates, and a grab at once
    // showed the first frame's "t (µs)" above a 0.3 s run's curves.
    QTimer::singleShot(kChartSettleMs, this, [this] {
      if (!line_.screenshot.isEmpty()) {
        // On a loaded machine the charts' layout can still be pending after the wait (a grab
        // showed an axis retitled "kN" over its old "MN" labels and range): run what is queued,
        // twice, since an axis update posts the layout it needs.
        for (int pass = 0; pass < 2; ++pass) {
          QCoreApplication::sendPostedEvents();
          QCoreApplication::processEvents();
        }
        try {
          saveScreenshot(window_, window_.view(), line_.screenshot);
        } catch (const std::exception& error) {
          printErrors({QString::fromStdString(error.what())});
          exit_code_ = kBadInput;
        }
      }
      if (line_.quit) QApplication::exit(exit_code_);
    });
  }

  MainWindow& window_;
  CommandLine line_;
  int& exit_code_;
  bool rendered_ = false, reached_ = false, done_ = false;
};

// The command line's view options (--camera, --follow, --hide-body, --body-opacity, --force-scale)
// applied to every new view once its first frame has framed the camera; a +follow camera is
// reframed on every frame, a --follow body carries the camera along with its centre.
class ViewSetup : public QObject {
 public:
  ViewSetup(MainWindow& window, const CommandLine& line)
      : QObject(&window),
        window_(window),
        camera_(line.camera),
        hidden_(line.hidden_bodies),
        follow_(line.follow_body),
        opacity_(line.body_opacity),
        force_scale_(line.force_scale) {
    connect(&window, &MainWindow::viewReplaced, this, [this] { pending_ = true; });
    connect(&window, &MainWindow::frameShown, this, [this] { onFrameShown(); });
  }

  // One line per --hide-body, --follow or --body-opacity name that is not a body of the open
  // scene.
  QStringList unknownBodies() const {
    QStringList errors;
    const QStringList& names = window_.bodyNames();
    const QString known = " (bodies: " + names.join(", ") + ")";
    for (const QString& name : hidden_) {
      if (!names.contains(name)) errors << "--hide-body: no body named '" + name + "'" + known;
    }
    if (!follow_.isEmpty() && !names.contains(follow_))
      errors << "--follow: no body named '" + follow_ + "'" + known;
    for (const auto& [name, opacity] : opacity_) {
      if (!names.contains(name)) errors << "--body-opacity: no body named '" + name + "'" + known;
    }
    return errors;
  }

 private:
  void onFrameShown() {
    render::SimulationView* view = window_.simulationView();
    if (!view) return;
    if (pending_) {
      pending_ = false;
      apply(*view);
      followed_ = followedPoint(*view);
    } else if (camera_ && camera_->follow) {
      view->scene().resetCamera();
    } else if (const std::optional<Vec3> point = followedPoint(*view)) {
      if (followed_) view->scene().translateCamera(*point - *followed_);
      followed_ = point;
    }
  }

  // The --follow body's centre (its mesh's box centre, carried by its pose), if it has a mesh.
  std::optional<Vec3> followedPoint(render::SimulationView& view) const {
    const qsizetype index = window_.bodyNames().indexOf(follow_);
    if (follow_.isEmpty() || index < 0 || index >= static_cast<qsizetype>(view.bodyCount()))
      return std::nullopt;
    const std::shared_ptr<const TriMesh>& mesh = view.mesh(static_cast<std::size_t>(index));
    if (!mesh) return std::nullopt;
    const render::BodyId id = view.viewId(static_cast<std::size_t>(index));
    return view.scene().bodyPose(id).apply(mesh->bounds().center());
  }

  void apply(render::SimulationView& view) {
    if (camera_) {
      if (camera_->eye && camera_->target) {
        view.scene().setCamera(*camera_->eye, *camera_->target, camera_->up);
      } else {
        view.scene().setViewDirection(camera_->view_direction, camera_->up);
        view.scene().resetCamera();
      }
    }
    const QStringList& names = window_.bodyNames();
    for (int i = 0; i < names.size() && i < static_cast<int>(view.bodyCount()); ++i) {
      const render::BodyId id = view.viewId(static_cast<std::size_t>(i));
      if (id < 0) continue;
      if (hidden_.contains(names[i])) view.scene().setBodyVisible(id, false);
      for (const auto& [name, opacity] : opacity_) {
        if (name == names[i]) view.scene().setBodyOpacity(id, opacity);
      }
    }
    if (force_scale_) {
      // Long arrows are clamped as a fitted scale would clamp them (0.6 of the scene's size).
      render::ForceScale scale = window_.layers().forceScale();
      scale.newtons_per_metre = *force_scale_;
      scale.logarithmic = false;
      scale.max_length = 0.6 * view.contacts().sceneScale();
      window_.fixForceScale(scale);
    }
    window_.view().update();
  }

  MainWindow& window_;
  std::optional<render::CameraOptions> camera_;
  QStringList hidden_;
  QString follow_;
  std::vector<std::pair<QString, double>> opacity_;
  std::optional<double> force_scale_;
  std::optional<Vec3> followed_;
  bool pending_ = true;
};

// Opens the command line's files without asking; returns the errors.
QStringList openBatch(MainWindow& window, const QStringList& files) {
  QStringList errors, meshes;
  window.setErrorReporter(
      [&errors](const QString&, const QString& text) { errors << text.split('\n').front(); });
  for (const QString& file : files) {
    if (file.endsWith(".json", Qt::CaseInsensitive) ||
        file.endsWith(".urdf", Qt::CaseInsensitive)) {
      window.openScene(file);
    } else if (file.endsWith(".db", Qt::CaseInsensitive) ||
               file.endsWith(".csrec", Qt::CaseInsensitive)) {
      window.openRecording(file);
    } else {
      meshes << file;
    }
  }
  if (!meshes.isEmpty()) errors << window.importFiles(meshes, ImportOptions{});
  return errors;
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

  auto window = std::make_unique<MainWindow>();
  auto* view_setup = new ViewSetup(*window, line);  // owned by the window
  if (line.preset) window->layers().applyPreset(*line.preset);
  if (line.colouring) window->contactColours().setColouring(*line.colouring);
  if (line.pressure_range)
    window->contactColours().setFixedRange(line.pressure_range->first, line.pressure_range->second);
  if (line.force_labels) window->contactColours().setForceLabels(true);
  if (line.force_scale) {
    render::ForceScale scale = window->layers().forceScale();
    scale.newtons_per_metre = *line.force_scale;
    scale.logarithmic = false;
    window->fixForceScale(scale);
  }
  int exit_code = 0;
  if (line.batch()) {
    QStringList errors = openBatch(*window, line.files);
    errors << view_setup->unknownBodies();
    if (!errors.isEmpty()) {
      printErrors(errors);
      if (line.quit) return kBadInput;
      exit_code = kBadInput;
    }
    if (line.quit) {
      // Later problems (a diverging run) go to stderr, not to a dialog nobody will close.
      window->setErrorReporter(
          [](const QString&, const QString& text) { printErrors({text.split('\n').front()}); });
    } else {
      window->setErrorReporter({});
      window->setErrorReporter([w = window.get()](const QString& title, const QString& text) {
        QMessageBox::warning(w, title, text);
      });
    }
  }
  window->show();

  if (!line.batch() && !line.files.isEmpty()) {
    QTimer::singleShot(0, window.get(), [&window, &line] { window->openFiles(line.files); });
  }
  if (line.run_until) window->runUntil(*line.run_until);
  if (!line.screenshot.isEmpty() || line.run_until) {
    new ScriptedRun(*window, line, exit_code);
  } else if (line.quit) {
    QTimer::singleShot(0, &app, &QApplication::quit);
  }
  const int code = QApplication::exec();
  window.reset();
  return code;
}
