// The start check's notice (app/gui/start_overlap_notice.h) without a window: one line per pair
// in the list and the first in the status bar, "Lift clear" asked for, the list cleared by a
// clean check; and the lift applied to a scene document.
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <catch2/catch.hpp>

#include "start_overlap_notice.h"
#include "test_application.h"

using namespace contactsim;
using namespace contactsim::gui;

namespace {

StartOverlap overlap(const std::string& a, const std::string& b, const Vec3& direction,
                     double distance) {
  StartOverlap o;
  o.body_a = a;
  o.body_b = b;
  o.depth = distance;
  o.threshold = 1e-4;
  o.lift_direction = direction;
  o.lift_distance = distance;
  o.patches = 1;
  return o;
}

}  // namespace

TEST_CASE("the notice lists one line per pair, asks for the lift, and clears", "[start-check]") {
  contactsim::testing::testApplication("test_gui_start_overlap_notice");
  QWidget parent;
  QStatusBar bar;
  StartOverlapNotice notice(&parent, &bar);
  int lifts = 0;
  QObject::connect(&notice, &StartOverlapNotice::liftClearRequested, [&lifts] { ++lifts; });
  CHECK(notice.box() == nullptr);

  const std::vector<StartOverlap> pairs{overlap("plate", "ball", Vec3::UnitZ(), 0.015),
                                        overlap("wall", "block", Vec3::UnitX(), 0.002)};
  notice.show(pairs, "1 more pair touches at t = 0");
  REQUIRE(notice.lines().size() == 2);
  CHECK(notice.lines()[0] == QString::fromStdString(describe(pairs[0])));
  CHECK(notice.lines()[1] == QString::fromStdString(describe(pairs[1])));
  CHECK(notice.overlaps().size() == 2);
  CHECK(bar.currentMessage() == "warning: " + notice.lines()[0] + " (and 1 more pairs)");
  QMessageBox* box = notice.box();
  REQUIRE(box != nullptr);
  CHECK(box->isVisible());
  CHECK(box->windowModality() == Qt::NonModal);
  CHECK(box->text().startsWith("2 contact pairs interpenetrate at t = 0"));
  CHECK(box->text().contains(notice.lines().join('\n')));
  CHECK(box->text().contains("1 more pair touches at t = 0"));

  QPushButton* lift = nullptr;
  for (QAbstractButton* button : box->buttons())
    if (button->text() == "Lift clear") lift = qobject_cast<QPushButton*>(button);
  REQUIRE(lift != nullptr);
  lift->click();
  CHECK(lifts == 1);

  // A clean check (the scene was fixed) empties the list and hides it.
  notice.show({}, QString());
  CHECK(notice.lines().isEmpty());
  CHECK(notice.overlaps().empty());
  CHECK_FALSE(box->isVisible());

  // The next overlap reuses the list.
  notice.show({pairs[1]}, QString());
  CHECK(notice.box() == box);
  CHECK(box->isVisible());
  CHECK(box->text().startsWith("1 contact pair interpenetrate"));
  CHECK(bar.currentMessage() == "warning: " + notice.lines()[0]);
}

TEST_CASE("lift clear moves the free body of each pair along its hint", "[start-check]") {
  nlohmann::json scene = {{"bodies",
                           {{{"name", "plate"}, {"fixed", true}},
                            {{"name", "ball"}, {"position", {0.0, 0.0, 0.085}}},
                            {{"name", "wall"}, {"fixed", true}},
                            {{"name", "block"}}}}};
  // B free: B moves along the hint. B fixed: A moves back along it (from the origin here).
  const std::vector<StartOverlap> pairs{overlap("plate", "ball", Vec3::UnitZ(), 0.015),
                                        overlap("block", "wall", Vec3::UnitX(), 0.002)};
  CHECK(liftClear(scene, pairs) == nullptr);
  const nlohmann::json& bodies = scene["bodies"];
  CHECK(bodies[1]["position"][2].get<double>() == Approx(0.1));
  CHECK(bodies[3]["position"][0].get<double>() == Approx(-0.002));
  CHECK(bodies[3]["position"][1].get<double>() == 0.0);
  CHECK_FALSE(bodies[0].contains("position"));
  CHECK_FALSE(bodies[2].contains("position"));

  // Neither body free: that pair is returned for the caller to report.
  const std::vector<StartOverlap> stuck{overlap("plate", "wall", Vec3::UnitZ(), 0.01)};
  CHECK(liftClear(scene, stuck) == &stuck[0]);
}
