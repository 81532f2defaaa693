// The plots panel in-process, fed a synthetic run: the chooser lists per-pair channels once the
// pair touches and adds a chart per chosen quantity; the axes carry engineering labels; the
// crosshair reads the series under the mouse; the CSV has one column per chosen channel.
#include <QApplication>
#include <QMouseEvent>
#include <QTest>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <sstream>

#include "../test_output_dir.h"
#include "plot_chart.h"
#include "plot_chooser.h"
#include "plot_export.h"
#include "plots_panel.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

// Σ F_n = 2 kN·t; the floor (body 1) pushes the box (body 0) from t = 0.5 s on, which the frames
// (one every 10 steps) report; the box falls at 1 m/s from z = 1 m.
void feed(PlotsPanel& panel, int steps) {
  std::vector<PlotSample> samples;
  for (int i = 1; i <= steps; ++i) {
    PlotSample sample;
    sample.time = i * 1e-3;
    sample.normal_force = 2000.0 * sample.time;
    sample.friction_force = 500.0 * sample.time;
    sample.indentation = 1e-4 * sample.time;
    sample.cable_tensions = {10.0 + sample.time};
    sample.kinetic = i == 7 ? NAN : 1.0;  // a bad value is skipped, not plotted
    samples.push_back(sample);
    if (i % 10 != 0) continue;
    SimulationFrame frame;
    frame.time = sample.time;
    frame.bodies.resize(2);
    frame.bodies[0].linear_velocity = Vec3(0.0, 0.0, -1.0);
    frame.bodies[0].pose.translation = Vec3(0.0, 0.0, 1.0 - sample.time);
    if (sample.time >= 0.5) {
      ContactDiagnostics contact;
      contact.body_a = 1;
      contact.body_b = 0;
      contact.normal_force = sample.normal_force;
      frame.contacts.push_back(contact);
    }
    panel.append(samples, frame);
    samples.clear();
  }
}

std::size_t channel(const PlotHistory& history, const std::string& name) {
  for (std::size_t c = 0; c < history.channels().size(); ++c) {
    if (history.channels()[c].name == name) return c;
  }
  FAIL("no channel " << name);
  return 0;
}

void check(PlotChooser& chooser, const QString& name) {
  const auto items = chooser.findItems(name, Qt::MatchExactly | Qt::MatchRecursive);
  REQUIRE(items.size() == 1);
  items.front()->setCheckState(0, Qt::Checked);
}

// Sent straight to the view: QTest::mouseMove goes through the X server, whose own pointer
// (elsewhere) can post a leave event that hides the crosshair before it is read.
void move(PlotChart& chart, QPoint at) {
  QMouseEvent event(QEvent::MouseMove, at, chart.viewport()->mapToGlobal(at), Qt::NoButton,
                    Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(chart.viewport(), &event);
}

}  // namespace

TEST_CASE("plots panel: chooser, engineering axes, crosshair and CSV", "[plots]") {
  contactsim::testing::testApplication("test_gui_plots");
  PlotsPanel panel;
  panel.resize(450, 1300);
  panel.clear({"box", "floor"}, {"chain"});
  panel.show();
  REQUIRE(QTest::qWaitForWindowExposed(&panel));
  feed(panel, 1000);
  panel.redrawNow();
  const PlotHistory& history = panel.history();
  CHECK(panel.pointCount() == 1000);

  // Totals, cable and energies by default; the pair's channels exist once it touched.
  REQUIRE(panel.charts().size() == 4);
  CHECK(panel.charts()[0]->quantity() == Quantity::Force);
  const std::size_t pair_force = channel(history, "floor–box F_n");
  CHECK(history.points(pair_force).size() == 100);
  CHECK(history.points(pair_force)[40].second == 0.0);  // before the touch: no force
  CHECK(history.points(pair_force).back().second == Approx(2000.0));
  CHECK(history.points(channel(history, "kinetic")).size() == 999);  // the NaN left out

  // Choosing a pair's force keeps the force chart; a body's speed adds a chart.
  check(panel.chooser(), "floor–box F_n");
  CHECK(panel.charts().size() == 4);
  check(panel.chooser(), "box speed");
  REQUIRE(panel.charts().size() == 5);
  CHECK(panel.charts()[4]->quantity() == Quantity::Speed);
  panel.redrawNow();
  QTest::qWait(50);  // the charts lay out

  // The force axis: 0 … 2 kN in 1/2/5 steps, labelled in kN with distinct labels.
  PlotChart& force = *panel.charts()[0];
  auto* y = qobject_cast<QCategoryAxis*>(force.chart()->axes(Qt::Vertical).front());
  REQUIRE(y);
  CHECK(y->titleText() == "kN");
  const QStringList labels = y->categoriesLabels();
  CHECK(labels.size() >= 3);
  CHECK(std::set<QString>(labels.begin(), labels.end()).size() == std::size_t(labels.size()));
  CHECK(labels.front().toDouble() == 0.0);
  CHECK(labels.back().toDouble() == 2.0);
  CHECK(y->min() == 0.0);
  CHECK(y->max() == Approx(2000.0));
  auto* x = qobject_cast<QCategoryAxis*>(force.chart()->axes(Qt::Horizontal).front());
  REQUIRE(x);
  CHECK(x->titleText() == "t (s)");

  // The crosshair at the middle of the plot area reads t ≈ 0.5 s, Σ F_n ≈ 1 kN.
  const QPointF middle = force.chart()->plotArea().center();
  const QPoint at = force.mapFromScene(force.chart()->mapToScene(middle));
  move(force, at);
  const QString readout = force.readout();
  INFO(readout.toStdString());
  CHECK(readout.contains("t = "));
  CHECK(readout.contains("Σ F_n: "));
  CHECK(readout.contains(" kN"));
  const QStringList matching = readout.split('\n').filter("Σ F_n: ");
  REQUIRE(matching.size() == 1);
  const QString line = matching.front();
  const double shown = line.section(' ', 2, 2).toDouble();
  CHECK(shown == Approx(1.0).margin(0.05));
  panel.grab().save(QString::fromStdString(
      (contactsim::testing::testOutputDir("test_gui_plots") / "plots_panel.png").string()));
  move(force, QPoint(2, 2));  // outside the plot area
  CHECK(force.readout().isEmpty());

  // CSV: the chosen columns, one row per time, the frame-only column empty between frames.
  const std::string csv = plotCsv(history, {channel(history, "Σ F_n"), pair_force});
  std::istringstream lines(csv);
  std::string row;
  std::getline(lines, row);
  CHECK(row == "time (s),Σ F_n (N),floor–box F_n (N)");
  std::getline(lines, row);
  CHECK(row == "0.001,2,");
  int rows = 1;
  double previous = 0.001;
  while (std::getline(lines, row)) {
    const double t = std::stod(row);
    CHECK(t > previous);
    previous = t;
    ++rows;
    if (std::abs(t - 0.8) < 1e-9) CHECK(std::stod(row.substr(row.rfind(',') + 1)) == 1600.0);
  }
  CHECK(rows == 1000);
}

TEST_CASE("plots panel: history stays bounded on a long run", "[plots]") {
  contactsim::testing::testApplication("test_gui_plots");
  PlotsPanel panel;
  panel.clear({"box", "floor"}, {});
  feed(panel, 20 * PlotsPanel::kMaxPoints);
  CHECK(panel.pointCount() < PlotsPanel::kMaxPoints);
  CHECK(panel.pointCount() > PlotsPanel::kMaxPoints / 2 - 1);
  // The whole run is still covered.
  const auto [t0, t1] = panel.history().timeSpan();
  CHECK(t0 == Approx(1e-3));
  CHECK(t1 > 0.95 * 20 * PlotsPanel::kMaxPoints * 1e-3);
}

// Driven joints (issue 20): a revolute drive's torque and angle and a prismatic one's force and
// displacement, each on the chart of its own unit, with the values the frames carry.
TEST_CASE("plots panel: driven joints' effort and coordinate", "[plots]") {
  contactsim::testing::testApplication("test_gui_plots");
  Scene scene;
  SceneJoint crank, slider, free;
  crank.name = "crank";
  crank.type = JointType::Revolute;
  crank.drive = SceneJointDrive{};
  slider.name = "slider";
  slider.type = JointType::Prismatic;
  slider.drive = SceneJointDrive{};
  free.name = "free";  // no drive: not plotted
  free.type = JointType::Revolute;
  scene.joints = {crank, free, slider};
  const std::vector<DriveName> drives = driveNames(scene);
  REQUIRE(drives.size() == 2);
  CHECK(drives[0].joint == "crank");
  CHECK(drives[0].revolute);
  CHECK(drives[1].joint == "slider");
  CHECK_FALSE(drives[1].revolute);
  // A recording names its drives; its scene text gives their kind.
  RecordingHeader header;
  header.drives = {"crank", "slider"};
  header.scene_json = R"({"joints": [{"name": "slider", "type": "prismatic"},
                                     {"name": "crank", "type": "revolute"}]})";
  const std::vector<DriveName> recorded = driveNames(header);
  REQUIRE(recorded.size() == 2);
  CHECK(recorded[0].revolute);
  CHECK_FALSE(recorded[1].revolute);
  header.scene_json = "not json";  // unreadable: named, taken as revolute
  CHECK(driveNames(header).size() == 2);

  PlotsPanel panel;
  panel.clear({"box"}, {}, drives, false);  // a mechanism without contact
  for (int i = 1; i <= 5; ++i) {
    SimulationFrame frame;
    frame.time = 0.1 * i;
    frame.bodies.resize(1);
    frame.drives = {{0.2 * i, 3.0 * i}, {-0.01 * i, 40.0 * i}};  // {position, effort}
    PlotSample sample;
    sample.time = frame.time;
    panel.append({sample}, frame);
  }
  const PlotHistory& history = panel.history();
  const std::pair<const char*, Quantity> expected[] = {
      {"crank torque", Quantity::DriveTorque},
      {"crank angle", Quantity::JointAngle},
      {"slider force", Quantity::DriveForce},
      {"slider displacement", Quantity::JointDisplacement}};
  for (const auto& [name, quantity] : expected) {
    INFO(name);
    const std::size_t c = channel(history, name);
    CHECK(history.channels()[c].group == "Drives");
    CHECK(history.channels()[c].quantity == quantity);
    REQUIRE(history.points(c).size() == 5);
  }
  CHECK(history.points(channel(history, "crank torque"))[4].second == Approx(15.0));
  CHECK(history.points(channel(history, "crank angle"))[4].second == Approx(1.0));
  CHECK(history.points(channel(history, "slider force"))[2].second == Approx(120.0));
  CHECK(history.points(channel(history, "slider displacement"))[2].second == Approx(-0.03));
  CHECK(std::string(quantityUnit(Quantity::DriveTorque)) == "N·m");
  CHECK(std::string(quantityUnit(Quantity::JointAngle)) == "rad");

  // The efforts are charted by default, each on its own unit's chart; the coordinates on demand.
  panel.resize(450, 900);
  panel.show();
  REQUIRE(QTest::qWaitForWindowExposed(&panel));
  const auto charted = [&](Quantity quantity) {
    return std::any_of(panel.charts().begin(), panel.charts().end(),
                       [&](const PlotChart* chart) { return chart->quantity() == quantity; });
  };
  CHECK(charted(Quantity::DriveTorque));
  CHECK(charted(Quantity::DriveForce));
  CHECK_FALSE(charted(Quantity::JointAngle));
  // Without contact the contact totals are left out, not drawn as empty charts; still offered.
  CHECK_FALSE(charted(Quantity::Force));
  CHECK_FALSE(charted(Quantity::Indentation));
  CHECK(charted(Quantity::Energy));
  check(panel.chooser(), "crank angle");
  CHECK(charted(Quantity::JointAngle));
  panel.redrawNow();
  QTest::qWait(50);  // the charts lay out
  // For a look: build/test_gui_plots/drives_panel.png.
  panel.grab().save(QString::fromStdString(
      (contactsim::testing::testOutputDir("test_gui_plots") / "drives_panel.png").string()));
  check(panel.chooser(), "Σ F_n");
  CHECK(charted(Quantity::Force));
}
