// Pressure colouring of the contact layer: the colour bar's range is the run's maximum so far
// (never shrinking between frames, reset for a new run) or fixed by the user, never rescaled per
// frame; the penetrated triangles are drawn in the bar's colours; stick/slip colours the
// contours; |F| labels. Also the number formatting the bar and labels use.
#include <vtkActor.h>
#include <vtkScalarBarActor.h>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "engineering_format.h"
#include "render_test_support.h"

using namespace contactsim;
using test::BallOnPlate;

namespace {

// The ball pressed into the plate, its patch from the contact code (so it has a depth field).
SimulationFrame pressedBall(const BallOnPlate& scene, double normal_force) {
  const AabbTree plate_tree(*scene.plate), ball_tree(*scene.ball);
  SimulationFrame frame = scene.frame;
  frame.bodies[1].pose.translation.z() = BallOnPlate::kRadius - 0.04;
  const ContactRegions regions =
      findContact(plate_tree, frame.bodies[0].pose, ball_tree, frame.bodies[1].pose);
  REQUIRE(regions.patches.size() == 1);
  frame.contacts[0].patch = regions.patches[0];
  frame.contacts[0].normal_force = normal_force;
  return frame;
}

double barTop(const render::ContactLayer& layer) { return layer.pressureLegend().range().second; }

}  // namespace

TEST_CASE("engineering numbers: SI prefixes, three digits, 1-2-5 ticks", "[render]") {
  CHECK(render::formatQuantity(117.0, "N") == "117 N");
  CHECK(render::formatQuantity(1250.0, "N") == "1.25 kN");
  CHECK(render::formatQuantity(3.4e6, "Pa") == "3.4 MPa");
  CHECK(render::formatQuantity(999.9, "Pa") == "1 kPa");
  CHECK(render::formatQuantity(0.0, "N") == "0 N");
  CHECK(render::formatQuantity(std::nan(""), "N") == "—");
  CHECK(render::niceTicks(0.0, 1.63, 6) == std::vector<double>{0.0, 0.5, 1.0, 1.5});
  CHECK(render::niceTicks(0.0, 250.0, 6) ==
        std::vector<double>{0.0, 50.0, 100.0, 150.0, 200.0, 250.0});
  CHECK(render::niceTicks(2.0, 2.0, 6).empty());
  CHECK(render::niceTicks(0.0, std::nan(""), 6).empty());
}

TEST_CASE("pressure range: run maximum grows only; fixed stays; bad input ignored", "[render]") {
  render::PressureRange range;
  CHECK_FALSE(range.range());  // nothing seen yet: no bar
  range.observe(5e3);
  range.observe(2e3);
  range.observe(std::nan(""));
  range.observe(-1.0);
  REQUIRE(range.range());
  CHECK(range.range()->second == 5e3);
  CHECK_FALSE(range.setFixed(3.0, 3.0));
  CHECK_FALSE(range.setFixed(-1.0, 3.0));
  CHECK_FALSE(range.setFixed(0.0, std::numeric_limits<double>::infinity()));
  CHECK_FALSE(range.isFixed());
  CHECK(range.setFixed(0.0, 1e3));
  range.observe(9e3);
  CHECK(range.range()->second == 1e3);
  range.useRunMaximum();
  CHECK(range.range()->second == 9e3);  // tracked while fixed
  range.reset();
  CHECK_FALSE(range.range());
}

TEST_CASE("the colour bar never shrinks between frames in run-max mode, stays put when fixed",
          "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  render::ContactLayer& layer = view.contacts();
  layer.setColouring(render::ContactColouring::Pressure);
  const SimulationFrame strong = pressedBall(scene, 400.0);
  const SimulationFrame weak = pressedBall(scene, 100.0);
  const SimulationFrame stronger = pressedBall(scene, 800.0);

  view.update(strong);
  REQUIRE(layer.pressureLegend().visible());
  const double first_top = barTop(layer);
  CHECK(first_top > 0.0);
  CHECK(layer.counts().pressure_triangles > 0);
  view.update(weak);  // a quarter of the force: the bar keeps its range
  CHECK(barTop(layer) == first_top);
  view.update(stronger);
  CHECK(barTop(layer) == Approx(2.0 * first_top).epsilon(1e-12));
  view.update(weak);
  CHECK(barTop(layer) == Approx(2.0 * first_top).epsilon(1e-12));
  CHECK(layer.pressureLegend().title().find("Pressure (") == 0);

  layer.pressureRange().reset();  // a new run
  view.update(weak);
  CHECK(barTop(layer) == Approx(0.25 * first_top).epsilon(1e-12));

  REQUIRE(layer.pressureRange().setFixed(0.0, 5e4));
  for (const SimulationFrame* frame : {&strong, &weak, &stronger}) {
    view.update(*frame);
    CHECK(layer.pressureLegend().range() == std::make_pair(0.0, 5e4));
  }
  CHECK(layer.pressureLegend().title() == "Pressure (kPa)\nfixed range");

  // Plain colouring: no bar, no pressure triangles, the discs are back.
  layer.setColouring(render::ContactColouring::Plain);
  view.update(strong);
  CHECK_FALSE(layer.pressureLegend().visible());
  CHECK(layer.counts().pressure_triangles == 0);
  CHECK(layer.counts().discs == 1);
}

TEST_CASE("pressure colours on screen: viridis on the pressed cap, a colour bar", "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  view.contacts().setColouring(render::ContactColouring::Pressure);
  view.contacts().setForceLabels(true);
  const SimulationFrame frame = pressedBall(scene, 400.0);
  test::setUpFrontView(view, frame);
  CHECK(view.contacts().counts().labels == 1);
  const test::Image image = test::capture(view.scene(), "pressure_colours.png", 640, 480);
  // The peak's colour (viridis yellow) is on the cap, and the bar shows the whole map.
  const render::PressureLegend& legend = view.contacts().pressureLegend();
  const render::Rgb top = legend.colour(legend.range().second);
  const render::Rgb bottom = legend.colour(0.0);
  CHECK(test::findColour(image, top).count > 20);
  CHECK(test::findColour(image, bottom).count > 20);
}

TEST_CASE("stick/slip colours the contours; frictionless contacts keep the plain colour",
          "[display]") {
  BallOnPlate scene;
  render::SimulationView view(scene.meshes());
  view.contacts().setColouring(render::ContactColouring::StickSlip);
  view.setLayerVisible(render::Layer::NormalForces, false);
  view.setLayerVisible(render::Layer::FrictionForces, false);
  view.setLayerVisible(render::Layer::ContactPlanes, false);
  SimulationFrame frame = scene.frame;
  auto contourPixels = [&](const render::Rgb& colour, const char* name) {
    test::setUpFrontView(view, frame);
    return test::findColour(test::capture(view.scene(), name, 640, 480), colour).count;
  };
  frame.contacts[0].sticking = true;
  CHECK(contourPixels(render::kStickColour, "stick.png") > 50);
  frame.contacts[0].sticking = false;  // friction force 20 N: slipping
  CHECK(contourPixels(render::kSlipColour, "slip.png") > 50);
  frame.contacts[0].friction_force = Vec3::Zero();  // frictionless
  CHECK(contourPixels(render::kContourColour, "frictionless.png") > 50);
  // The orange ball has slip-coloured shades of its own: the contour adds to them only when
  // slipping.
  frame.contacts[0].sticking = false;
  frame.contacts[0].friction_force = Vec3(20.0, 0.0, 0.0);
  const auto slipping = contourPixels(render::kSlipColour, "slip_again.png");
  frame.contacts[0].friction_force = Vec3::Zero();
  CHECK(slipping > contourPixels(render::kSlipColour, "frictionless_no_slip.png") + 50);
}
