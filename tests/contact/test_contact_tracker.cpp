#include <catch2/catch.hpp>

#include "contact/contact_tracker.h"

using namespace contactsim;

namespace {
ContactPatch patchAt(const Vec3& centroid, const Vec3& normal = -Vec3::UnitZ(),
                     double area = 1e-4) {
  ContactPatch p;
  p.centroid = centroid;
  p.normal = normal;
  p.area = area;  // radius ≈ 5.6 mm
  return p;
}
}  // namespace

TEST_CASE("a patch that moves a little keeps its id and history", "[tracking]") {
  ContactTracker tracker;
  std::vector<ContactPatch> step = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.0, step);
  const int id = step[0].id;
  REQUIRE(id >= 0);
  tracker.history(id)->initial_indentation_rate = 0.7;
  tracker.history(id)->stick_anchor_a = Vec3(1, 2, 3);
  for (int k = 1; k <= 10; ++k) {
    std::vector<ContactPatch> next = {patchAt(Vec3(0.001 * k, 0, 0))};
    tracker.update(0.001 * k, next);
    CHECK(next[0].id == id);
  }
  const ContactHistory* h = tracker.history(id);
  REQUIRE(h != nullptr);
  CHECK(h->first_time == 0.0);
  CHECK(h->initial_indentation_rate == 0.7);
  CHECK(h->stick_anchor_a == Vec3(1, 2, 3));
}

TEST_CASE("ids follow patches, not their order in the list", "[tracking]") {
  ContactTracker tracker;
  std::vector<ContactPatch> first = {patchAt(Vec3(0, 0, 0)), patchAt(Vec3(1, 0, 0))};
  tracker.update(0.0, first);
  std::vector<ContactPatch> swapped = {patchAt(Vec3(1.001, 0, 0)), patchAt(Vec3(0.001, 0, 0))};
  CHECK(tracker.match(swapped) == std::vector<int>{first[1].id, first[0].id});
  tracker.update(0.001, swapped);
  CHECK(swapped[0].id == first[1].id);
  CHECK(swapped[1].id == first[0].id);
}

TEST_CASE("a jump, a turned normal or a gap start a new contact", "[tracking]") {
  ContactTracker tracker;
  std::vector<ContactPatch> a = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.0, a);
  std::vector<ContactPatch> far = {patchAt(Vec3(0.05, 0, 0))};  // ~9 radii away
  CHECK(tracker.match(far) == std::vector<int>{-1});
  std::vector<ContactPatch> turned = {patchAt(Vec3(0, 0, 0), Vec3(0, 1, 0))};
  CHECK(tracker.match(turned) == std::vector<int>{-1});

  std::vector<ContactPatch> none;
  tracker.update(0.001, none);  // contact lost
  CHECK(tracker.live().empty());
  std::vector<ContactPatch> again = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.002, again);
  CHECK(again[0].id != a[0].id);
  CHECK(tracker.history(again[0].id)->first_time == 0.002);
  CHECK(std::isnan(tracker.history(again[0].id)->initial_indentation_rate));
}

TEST_CASE("tiny patches use the absolute jump allowance", "[tracking]") {
  ContactTracker tracker({.max_normal_angle = 0.5, .max_jump_in_radii = 1.0, .min_jump = 0.01});
  std::vector<ContactPatch> a = {patchAt(Vec3(0, 0, 0), -Vec3::UnitZ(), 1e-12)};
  tracker.update(0.0, a);
  std::vector<ContactPatch> b = {patchAt(Vec3(0.005, 0, 0), -Vec3::UnitZ(), 1e-12)};
  CHECK(tracker.match(b) == std::vector<int>{a[0].id});
}
