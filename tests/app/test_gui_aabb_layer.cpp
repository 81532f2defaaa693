// The AABB-tree debug layer in the window: the body and depth chosen in the layer controls, the
// boxes drawn counted against the body's tree walked here, the run's contact trees reused (none
// built by the GUI) and a replay's trees built once per body on demand.
#include <vtkActor.h>
#include <vtkMapper.h>
#include <vtkMatrix4x4.h>
#include <vtkPolyData.h>

#include <QAction>
#include <QComboBox>
#include <QSpinBox>
#include <QTest>
#include <catch2/catch.hpp>

#include "body_trees.h"
#include "collision/aabb_tree.h"
#include "layer_controls.h"
#include "main_window.h"
#include "scene_document.h"
#include "simulation_view.h"
#include "source_path.h"
#include "test_application.h"
#include "window_part.h"

using namespace contactsim;
using namespace contactsim::gui;
using contactsim::testing::shownFrame;
using contactsim::testing::windowPart;

namespace {

constexpr int kTimeoutMs = 120000;  // software OpenGL on a shared 2-core machine

QString asset(const char* path) { return testing::sourcePath(std::string("assets/") + path); }

// Boxes (nodes) of `tree` from the root down to `depth`, by a walk of its own.
long boxesDownTo(const AabbTree& tree, AabbTree::Ref ref, int depth) {
  if (AabbTree::isTriangle(ref)) return 0;
  long count = 1;
  if (depth > 0) {
    for (AabbTree::Ref child : tree.node(ref).child) count += boxesDownTo(tree, child, depth - 1);
  }
  return count;
}
long boxesDownTo(const AabbTree& tree, int depth) { return boxesDownTo(tree, tree.root(), depth); }

vtkActor* aabbActor(MainWindow& window) {
  return window.simulationView()->debug().actor(render::Layer::AabbTree);
}

// Boxes in the layer's polydata: twelve edge lines each.
long drawnBoxes(MainWindow& window) {
  vtkPolyData* data = vtkPolyData::SafeDownCast(aabbActor(window)->GetMapper()->GetInput());
  REQUIRE(data != nullptr);
  REQUIRE(data->GetNumberOfLines() % 12 == 0);
  return static_cast<long>(data->GetNumberOfLines() / 12);
}

// The drawn boxes span exactly the root box of `tree` (all others lie inside it).
bool drawsRootOf(MainWindow& window, const AabbTree& tree) {
  double bounds[6];
  aabbActor(window)->GetMapper()->GetInput()->GetBounds(bounds);
  const AabbTree::Node& root = tree.node(tree.root());
  for (int k = 0; k < 3; ++k) {
    if (bounds[2 * k] != root.lo[k] || bounds[2 * k + 1] != root.hi[k]) return false;
  }
  return true;
}

void chooseTree(MainWindow& window, int body, int depth) {
  window.layers().aabbBodyBox()->setCurrentIndex(body);
  window.layers().aabbDepthBox()->setValue(depth);
}

// The bouncing ball's meshes read here, independently of the window: plate, then ball.
struct BallTrees {
  Scene scene;
  AabbTree plate, ball;
  explicit BallTrees(MeshCache& cache)
      : scene(SceneDocument::fromFile(asset("scenes/bouncing_ball.json")).build(cache)),
        plate(*scene.bodies[0].mesh->mesh),
        ball(*scene.bodies[1].mesh->mesh) {}
};

}  // namespace

TEST_CASE("AABB layer of a live run: chosen body and depth, the run's trees reused", "[aabb]") {
  contactsim::testing::testApplication("test_gui_aabb_layer");
  MeshCache cache;
  const BallTrees trees(cache);
  REQUIRE(boxesDownTo(trees.ball, 3) == 1 + 2 + 4 + 8);  // deep enough to be a full binary top
  MainWindow window;
  QStringList errors;
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  REQUIRE(window.openScene(asset("scenes/bouncing_ball.json")));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  // The run's trees arrive before its first frame.
  REQUIRE(QTest::qWaitFor([&] { return (shownFrame(window) != nullptr); }, kTimeoutMs));
  REQUIRE(window.layers().aabbBodyBox()->count() == 2);
  CHECK(window.layers().aabbBodyBox()->itemText(1) == "ball");

  QAction* layer = window.layers().action(render::Layer::AabbTree);
  REQUIRE_FALSE(layer->isChecked());
  CHECK(drawnBoxes(window) == 0);

  chooseTree(window, 1, 3);
  CHECK(drawnBoxes(window) == 0);  // chosen, but the layer is off
  layer->setChecked(true);
  CHECK(aabbActor(window)->GetVisibility() == 1);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.ball, 3));
  CHECK(drawsRootOf(window, trees.ball));

  window.layers().aabbDepthBox()->setValue(5);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.ball, 5));
  CHECK(boxesDownTo(trees.ball, 5) > boxesDownTo(trees.ball, 3));

  window.layers().aabbBodyBox()->setCurrentIndex(0);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.plate, 5));
  CHECK(drawsRootOf(window, trees.plate));

  // Both bodies are in the run's contact pair: their trees came from it, none was built here.
  CHECK(window.layers().trees().builtHere() == 0);

  // A body chosen while the run is paused is drawn at its pose at once, without a new frame.
  bool reached = false;
  QObject::connect(
      &window, &MainWindow::reachedTime, &window, [&reached] { reached = true; },
      Qt::SingleShotConnection);
  window.runUntil(0.05);
  REQUIRE(QTest::qWaitFor([&] { return reached; }, kTimeoutMs));
  const Vec3 ball_at = shownFrame(window)->bodies[1].pose.translation;
  REQUIRE(ball_at.z() < 0.4 - 1e-3);  // it fell from its start
  chooseTree(window, 1, 2);
  vtkMatrix4x4* pose = aabbActor(window)->GetUserMatrix();
  REQUIRE(pose != nullptr);
  for (int k = 0; k < 3; ++k) CHECK(pose->GetElement(k, 3) == Approx(ball_at[k]).margin(1e-12));

  layer->setChecked(false);
  CHECK(drawnBoxes(window) == 0);
  CHECK(errors.isEmpty());
}

TEST_CASE("AABB layer of a replay: each body's tree built once, when first shown", "[aabb]") {
  contactsim::testing::testApplication("test_gui_aabb_layer");
  MeshCache cache;
  const BallTrees trees(cache);
  MainWindow window;
  QStringList errors;
  window.setErrorReporter(
      [&errors](const QString& title, const QString& text) { errors << title + ": " + text; });
  window.layers().action(render::Layer::AabbTree)->setChecked(true);
  REQUIRE(window.openRecording(asset("recordings/bouncing_ball.db")));
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  chooseTree(window, 1, 4);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.ball, 4));
  window.layers().aabbBodyBox()->setCurrentIndex(0);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.plate, 4));
  CHECK(drawsRootOf(window, trees.plate));
  window.layers().aabbBodyBox()->setCurrentIndex(1);
  CHECK(drawnBoxes(window) == boxesDownTo(trees.ball, 4));
  CHECK(window.layers().trees().builtHere() == 2);
  CHECK(errors.isEmpty());
}
