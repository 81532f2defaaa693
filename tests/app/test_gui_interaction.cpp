// The window driven in-process with synthetic input: orbit, zoom, reset, picking, drag-and-drop
// of meshes (bodies of a new scene) through the import dialog — an assembly as one body per
// object or one merged body — and an error dialog that leaves the window alive.
#include <vtkCamera.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSurfaceFormat>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUrl>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_output_dir.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import_dialog.h"
#include "main_window.h"
#include "test_application.h"
#include "vtk_view_widget.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::sceneDocument;
using contactsim::testing::shownFrame;
using contactsim::testing::windowPart;
namespace fs = std::filesystem;

namespace {

fs::path workDir() { return testing::testOutputDir("test_gui_interaction"); }

QApplication& application() { return contactsim::testing::testApplication("test_gui_interaction"); }

QString writeMesh(const std::string& name, const TriMesh& mesh, const Vec3& offset) {
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices) v += offset;
  const fs::path file = workDir() / name;
  writeBinaryStl(file, TriMesh(std::move(vertices), mesh.triangles()));
  return QString::fromStdString(file.string());
}

vtkRenderer* mainRenderer(MainWindow& window) {
  return window.view().renderWindow()->GetRenderers()->GetFirstRenderer();
}

Vec3 cameraPosition(MainWindow& window) {
  Vec3 position;
  mainRenderer(window)->GetActiveCamera()->GetPosition(position.data());
  return position;
}

// Renders now, as a paint event would.
void renderNow(MainWindow& window) {
  window.view().grabFramebuffer();
  QApplication::processEvents();
}

void sendMouse(QWidget& widget, QEvent::Type type, QPointF at, Qt::MouseButton button,
               Qt::MouseButtons held) {
  QMouseEvent event(type, at, widget.mapToGlobal(at), button, held, Qt::NoModifier);
  QApplication::sendEvent(&widget, &event);
}

void drag(QWidget& widget, QPointF from, QPointF to, Qt::MouseButton button) {
  sendMouse(widget, QEvent::MouseButtonPress, from, button, button);
  for (int step = 1; step <= 10; ++step) {
    const QPointF at = from + (to - from) * (step / 10.0);
    sendMouse(widget, QEvent::MouseMove, at, Qt::NoButton, button);
  }
  sendMouse(widget, QEvent::MouseButtonRelease, to, button, Qt::NoButton);
}

void wheel(QWidget& widget, QPointF at, int delta) {
  QWheelEvent event(at, widget.mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(&widget, &event);
}

// Where a world point appears in the view, in widget coordinates.
QPointF widgetPosition(MainWindow& window, const Vec3& world) {
  vtkRenderer* renderer = mainRenderer(window);
  renderer->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
  renderer->WorldToDisplay();
  double display[3];
  renderer->GetDisplayPoint(display);
  const double ratio = window.view().devicePixelRatioF();
  return {display[0] / ratio, window.view().height() - display[1] / ratio};
}

QString selectedBodyName(MainWindow& window) {
  const auto selected = window.findChild<QTreeWidget*>()->selectedItems();
  return selected.isEmpty() ? QString() : selected.front()->text(0);
}

void dropFiles(MainWindow& window, const QStringList& files) {
  QMimeData mime;
  QList<QUrl> urls;
  for (const QString& file : files) urls << QUrl::fromLocalFile(file);
  mime.setUrls(urls);
  const QPoint centre = window.rect().center();
  QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &enter);
  REQUIRE(enter.isAccepted());
  QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &drop);
}

}  // namespace

TEST_CASE("mouse orbits and zooms, reset camera restores the view, clicks select bodies",
          "[interaction]") {
  application();
  MainWindow window;
  const QString box = writeMesh("box_left.stl", makeBox(Vec3(0.5, 0.5, 0.5)), {-2, 0, 0.5});
  const QString ball = writeMesh("ball_right.stl", makeIcosphere(0.6, 3), {2, 0, 0.6});
  REQUIRE(window.importFiles({box, ball}, ImportOptions{}).isEmpty());
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  // The bodies form a scene whose run starts in the worker thread: wait for its first frame
  // (which frames the camera) before measuring the camera.
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, 60000));
  renderNow(window);
  const Vec3 initial = cameraPosition(window);
  VtkViewWidget& view = window.view();
  const QPointF centre = QRectF(view.rect()).center();

  drag(view, centre, centre + QPointF(120, 40), Qt::LeftButton);
  renderNow(window);
  const Vec3 orbited = cameraPosition(window);
  CHECK((orbited - initial).norm() > 0.05 * initial.norm());

  Vec3 focal;
  mainRenderer(window)->GetActiveCamera()->GetFocalPoint(focal.data());
  const double distance_before = (orbited - focal).norm();
  wheel(view, centre, 120);
  renderNow(window);
  CHECK((cameraPosition(window) - focal).norm() < 0.95 * distance_before);

  QAction* reset = nullptr;
  for (QAction* action : window.findChildren<QAction*>()) {
    if (action->text().remove('&') == "Reset camera") reset = action;
  }
  REQUIRE(reset);
  CHECK(reset->shortcut() == QKeySequence(Qt::Key_R));
  reset->trigger();
  renderNow(window);
  CHECK((cameraPosition(window) - initial).norm() < 1e-6 * initial.norm());

  // A click (press and release in place) on a body selects it; on empty floor, nothing.
  const QPointF on_box = widgetPosition(window, {-2, 0, 0.5});
  sendMouse(view, QEvent::MouseButtonPress, on_box, Qt::LeftButton, Qt::LeftButton);
  sendMouse(view, QEvent::MouseButtonRelease, on_box, Qt::LeftButton, Qt::NoButton);
  CHECK(selectedBodyName(window) == "box_left");
  const QPointF on_ball = widgetPosition(window, {2, 0, 0.6});
  sendMouse(view, QEvent::MouseButtonPress, on_ball, Qt::LeftButton, Qt::LeftButton);
  sendMouse(view, QEvent::MouseButtonRelease, on_ball, Qt::LeftButton, Qt::NoButton);
  CHECK(selectedBodyName(window) == "ball_right");
  const QPointF on_floor = widgetPosition(window, {0, 0, 0});
  sendMouse(view, QEvent::MouseButtonPress, on_floor, Qt::LeftButton, Qt::LeftButton);
  sendMouse(view, QEvent::MouseButtonRelease, on_floor, Qt::LeftButton, Qt::NoButton);
  CHECK(selectedBodyName(window).isEmpty());
}

TEST_CASE(
    "dropped files go through the import dialog, which remembers its choice; bad files "
    "give an error dialog and the window stays",
    "[interaction]") {
  application();
  MainWindow window;
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  // The dialog is modal: answer it from the event loop it runs.
  QString units_offered;
  auto answerImportDialog = [&units_offered](const QString& units) {
    QTimer::singleShot(0, [&units_offered, units] {
      auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget());
      REQUIRE(dialog);
      auto* combo = dialog->findChild<QComboBox*>("units");
      units_offered = combo->currentText();
      combo->setCurrentText(units);
      dialog->accept();
    });
  };

  const QString a = writeMesh("a.stl", makeBox(Vec3(10, 10, 10)), Vec3::Zero());
  const QString b = writeMesh("b.stl", makeIcosphere(10, 2), {30, 0, 0});
  answerImportDialog("mm");
  dropFiles(window, {a, b});
  auto* tree = window.findChild<QTreeWidget*>();
  REQUIRE(tree->topLevelItemCount() == 2);
  CHECK(units_offered == "m");  // first use: metres

  const fs::path corrupt = workDir() / "corrupt.stl";
  std::ofstream(corrupt) << "solid broken\n facet normal 0 0 1\n";
  QString error_text;
  answerImportDialog("mm");
  // After the import dialog closes, the error box opens in its own modal loop: poll for it.
  QTimer poll;
  poll.setInterval(10);
  QObject::connect(&poll, &QTimer::timeout, [&error_text, &poll] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!box) return;
    poll.stop();
    error_text = box->text();
    box->accept();
  });
  poll.start();
  dropFiles(window, {QString::fromStdString(corrupt.string())});
  CHECK(units_offered == "mm");  // remembered from the previous import
  CHECK(error_text.contains(QString::fromStdString(corrupt.string())));
  CHECK(tree->topLevelItemCount() == 2);
  CHECK(window.isVisible());
}

// An assembly exported as one OBJ (three objects): the import dialog asks, and the answer makes
// three bodies named after the objects, each with its own part's mass, or one body of all three.
TEST_CASE("a dropped assembly asks, then gives one body per object or one merged body",
          "[interaction]") {
  application();
  const Vec3 halves[3] = {Vec3(0.5, 0.5, 0.5), Vec3(0.25, 0.5, 1.0), Vec3(0.1, 0.2, 0.3)};
  const char* names[3] = {"crank", "coupler", "slider"};
  std::ostringstream obj;
  int base = 1;  // OBJ indices are global and start at 1
  for (int i = 0; i < 3; ++i) {
    const TriMesh box = makeBox(halves[i], 1);
    obj << "o " << names[i] << '\n';
    for (const Vec3& v : box.vertices())
      obj << "v " << v.x() + 3.0 * i << ' ' << v.y() << ' ' << v.z() << '\n';
    for (const auto& [a, b, c] : box.triangles())
      obj << "f " << a + base << ' ' << b + base << ' ' << c + base << '\n';
    base += static_cast<int>(box.vertexCount());
  }
  const fs::path file = workDir() / "linkage.obj";
  std::ofstream(file) << obj.str();

  for (const int choice : {0, 1}) {  // the dialog's order: per object, merged
    INFO("choice " << choice);
    MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    bool asked = false;
    QTimer::singleShot(0, [&asked, choice] {
      auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget());
      REQUIRE(dialog);
      dialog->findChild<QComboBox*>("units")->setCurrentText("m");  // not an earlier test's
      auto* objects = dialog->findChild<QComboBox*>("objects");
      asked = objects != nullptr;
      if (objects) objects->setCurrentIndex(choice);
      // For a look at what the user is asked: build/test_gui_interaction/import_assembly.png.
      dialog->grab().save(QString::fromStdString((workDir() / "import_assembly.png").string()));
      dialog->accept();
    });
    dropFiles(window, {QString::fromStdString(file.string())});
    CHECK(asked);
    MeshCache cache;
    const Scene scene = sceneDocument(window).build(cache);
    // Steel, the document's starter material: ρ·8·h_x·h_y·h_z per part.
    const double density = scene.materials.at(0).density;
    if (choice == 0) {
      REQUIRE(scene.bodies.size() == 3);
      for (int i = 0; i < 3; ++i) {
        CHECK(scene.bodies[i].name == names[i]);
        CHECK(scene.bodies[i].mass.mass == Approx(density * 8.0 * halves[i].prod()).epsilon(1e-5));
      }
    } else {
      REQUIRE(scene.bodies.size() == 1);
      CHECK(scene.bodies[0].name == "linkage");
      double total = 0.0;
      for (const Vec3& h : halves) total += density * 8.0 * h.prod();
      CHECK(scene.bodies[0].mass.mass == Approx(total).epsilon(1e-5));
    }
  }
}
