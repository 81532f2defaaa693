#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

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

// A long face contact — a crown's stop face meeting the shank along 0.26 m — first touches at
// the face's two ends, then bears along the whole face, then lets go at the two ends last: one
// contact event. Its centroid lies 0.13 m from each end, three radii of a disc of its area
// (0.27 m × 0.02 m): what it reaches, its contour, says the end touches are part of it.
TEST_CASE("a long face contact keeps its identity from its end touches to the whole face and back",
          "[tracking]") {
  const auto square = [](const Vec3& centre, double half_x, double half_y) {
    ContactPatch p = patchAt(centre, -Vec3::UnitZ(), 4.0 * half_x * half_y);
    p.loops.push_back({centre + Vec3(-half_x, -half_y, 0), centre + Vec3(half_x, -half_y, 0),
                       centre + Vec3(half_x, half_y, 0), centre + Vec3(-half_x, half_y, 0)});
    return p;
  };
  const Vec3 left(-0.13, 0, 0), right(0.13, 0, 0);
  ContactTracker tracker;
  std::vector<ContactPatch> ends = {square(left, 0.002, 0.002), square(right, 0.002, 0.002)};
  tracker.update(0.0, ends);
  std::vector<ContactPatch> face = {square(Vec3::Zero(), 0.135, 0.01)};
  REQUIRE(std::sqrt(face[0].area / std::numbers::pi) < 0.13 / 3.0);
  tracker.update(0.001, face);
  CHECK(face[0].id == ends[0].id);  // the nearer end by index among equals
  std::vector<ContactPatch> released = {square(left, 0.002, 0.002), square(right, 0.002, 0.002)};
  CHECK(tracker.match(released) == std::vector<int>{face[0].id, -1});  // one end goes on
  // A patch as far off as the face is long, beyond its reach, is another contact.
  std::vector<ContactPatch> beside = {square(Vec3(0.4, 0, 0), 0.002, 0.002)};
  CHECK(tracker.match(beside) == std::vector<int>{-1});
}

// Passivity ledgers pass on when contacts end (ContactTracker::Succession): a parent's to its new
// contacts in equal shares, the ledgers no new contact claimed to the orphans, never less than
// zero — and inherit() hands on what the caller says remains of each (a ledger less what the
// ending step still charges it), so that trial forces see the ledgers the commit will give.
TEST_CASE("ended contacts' ledgers pass to their heirs, net of what they are still charged",
          "[tracking][passivity]") {
  ContactTracker tracker;
  std::vector<ContactPatch> first = {patchAt(Vec3(0, 0, 0)), patchAt(Vec3(1, 0, 0))};
  tracker.update(0.0, first);
  tracker.history(first[0].id)->absorbed_energy = 0.6;
  tracker.history(first[1].id)->absorbed_energy = 0.3;
  // Two patches 8 mm either side of the first contact (beyond the 5.6 mm a contact may move and
  // keep its id, within the 11.2 mm where the discs of their areas overlap): its children. One
  // far from both: an orphan. The second contact ends without a child.
  const std::vector<ContactPatch> next = {patchAt(Vec3(0.008, 0, 0)), patchAt(Vec3(-0.008, 0, 0)),
                                          patchAt(Vec3(5, 0, 0))};
  const ContactTracker::Succession s = tracker.succession(next);
  CHECK(s.ids == std::vector<int>{-1, -1, -1});
  CHECK(s.parents[0] == tracker.history(first[0].id));
  CHECK(s.parents[1] == tracker.history(first[0].id));
  CHECK(s.parents[2] == nullptr);
  CHECK(s.inherited == std::vector<double>{0.3, 0.3, 0.3});
  const auto less = [](double charge) {
    return [charge](const ContactHistory& h) { return h.absorbed_energy - charge; };
  };
  const std::vector<double> net = tracker.inherit(s, less(0.2));
  CHECK(net[0] == Approx(0.2));
  CHECK(net[1] == Approx(0.2));
  CHECK(net[2] == Approx(0.1));
  CHECK(tracker.inherit(s, less(1.0)) == std::vector<double>{0.0, 0.0, 0.0});
  // The commit gives the new contacts what succession() said.
  std::vector<ContactPatch> committed = next;
  tracker.update(0.001, committed);
  for (std::size_t k = 0; k < committed.size(); ++k)
    CHECK(tracker.history(committed[k].id)->absorbed_energy == s.inherited[k]);
}

// Hunt–Crossley's damping is set by the contact's impact speed δ̇₀ (Dopico et al. eq. 1): a
// contact re-identified as it slides is the same contact and keeps it, while a contact that
// begins where none ended takes its own at its first step.
TEST_CASE("a new contact that continues one keeps its impact speed", "[tracking]") {
  ContactTracker tracker;
  std::vector<ContactPatch> first = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.0, first);
  tracker.history(first[0].id)->initial_indentation_rate = 0.25;
  // The contact goes on; 8 mm from it a patch splits off (beyond what keeps an id, within its
  // reach), and far away the surfaces meet.
  std::vector<ContactPatch> next = {patchAt(Vec3(0, 0, 0)), patchAt(Vec3(0.008, 0, 0)),
                                    patchAt(Vec3(5, 0, 0))};
  const ContactTracker::Succession s = tracker.succession(next);
  REQUIRE(s.ids == std::vector<int>{first[0].id, -1, -1});
  CHECK(s.parents[1] == nullptr);  // its source goes on: no ledger or anchors to inherit
  CHECK(s.continued[1] == tracker.history(first[0].id));
  CHECK(s.continued[2] == nullptr);
  tracker.update(0.001, next);
  CHECK(tracker.history(next[1].id)->initial_indentation_rate == 0.25);
  CHECK(std::isnan(tracker.history(next[2].id)->initial_indentation_rate));
  // The source ends and its heir takes over 8 mm on: the same.
  std::vector<ContactPatch> last = {patchAt(Vec3(-0.008, 0, 0))};
  const ContactTracker::Succession heirs = tracker.succession(last);
  REQUIRE(heirs.ids == std::vector<int>{-1});
  tracker.update(0.002, last);
  CHECK(tracker.history(last[0].id)->initial_indentation_rate == 0.25);
}

// A make event is a contact that begins where the step before had none: a patch split off, or
// re-identified beside, a contact of the step before says which, for its whole life
// (ContactPatch::continues).
TEST_CASE("a new patch names the contact it split from, or none when the surfaces just met",
          "[tracking]") {
  ContactTracker tracker;  // patches of 1 cm² reach 5.6 mm
  std::vector<ContactPatch> first = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.0, first);
  CHECK(first[0].continues == -1);  // the surfaces met
  // The region splits in two pieces 4 mm either side: one keeps the id, the other names it.
  std::vector<ContactPatch> split = {patchAt(Vec3(-0.004, 0, 0)), patchAt(Vec3(0.004, 0, 0))};
  tracker.update(0.001, split);
  REQUIRE((split[0].id == first[0].id) != (split[1].id == first[0].id));
  const ContactPatch& piece = split[0].id == first[0].id ? split[1] : split[0];
  CHECK(piece.continues == first[0].id);
  // The next step both go on, each still saying how it began (sub-steps of an error-controlled
  // step must not turn a split into a make), and a patch 10 cm away begins: a make, as is one
  // beside them whose normal is 60° off (another face met).
  std::vector<ContactPatch> next = {split[0], split[1], patchAt(Vec3(0.1, 0, 0)),
                                    patchAt(Vec3(0.006, 0, 0), Vec3(0.0, std::sqrt(0.75), -0.5))};
  tracker.update(0.002, next);
  CHECK(next[0].continues == split[0].continues);
  CHECK(next[1].continues == split[1].continues);
  CHECK(next[2].continues == -1);
  CHECK(next[3].continues == -1);
  CHECK(next[2].id != next[0].id);
  // Lost for a step and back at the same place: the contact broke and is made again.
  std::vector<ContactPatch> none;
  tracker.update(0.003, none);
  std::vector<ContactPatch> again = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.004, again);
  CHECK(again[0].continues == -1);
}

// A region re-split across an edge or crease (the anchor's shank on the hawse pipe's lip) ends,
// and pieces whose normals lie 40° either side of its own take its place: they are that contact
// going on, with its impact speed, ledger and anchors, not two contacts made (a piece read as a
// make took the law's floor δ̇₀ and ten times the damping). A face met 70° around is a new one.
TEST_CASE("pieces of a re-split region continue it though their normals turned past 30°",
          "[tracking]") {
  ContactTracker tracker;  // max_normal_angle 30°, max_handover_angle 60°
  std::vector<ContactPatch> whole = {patchAt(Vec3(0, 0, 0))};
  tracker.update(0.0, whole);
  ContactHistory& h = *tracker.history(whole[0].id);
  h.initial_indentation_rate = 0.3;
  h.absorbed_energy = 2.0;
  h.stick_anchor_a = Vec3(1, 2, 3);
  const auto tilted = [](double degrees) {
    const double t = degrees * std::numbers::pi / 180.0;
    return Vec3(std::sin(t), 0.0, -std::cos(t));
  };
  std::vector<ContactPatch> pieces = {patchAt(Vec3(-0.003, 0, 0), tilted(-40.0)),
                                      patchAt(Vec3(0.003, 0, 0), tilted(40.0)),
                                      patchAt(Vec3(0.004, 0, 0), tilted(70.0))};
  const ContactTracker::Succession s = tracker.succession(pieces);
  REQUIRE(s.ids == std::vector<int>{-1, -1, -1});
  CHECK(s.parents[0] == tracker.history(whole[0].id));
  CHECK(s.parents[1] == tracker.history(whole[0].id));
  CHECK(s.parents[2] == nullptr);
  CHECK(s.inherited[0] == Approx(1.0));  // the parent's ledger shared by its two heirs
  tracker.update(0.001, pieces);
  CHECK(pieces[0].continues == whole[0].id);
  CHECK(pieces[1].continues == whole[0].id);
  CHECK(pieces[2].continues == -1);
  CHECK(tracker.history(pieces[1].id)->initial_indentation_rate == 0.3);
  CHECK(tracker.history(pieces[1].id)->stick_anchor_a == Vec3(1, 2, 3));
  CHECK(std::isnan(tracker.history(pieces[2].id)->initial_indentation_rate));
  // The pieces merge back into one region: it continues the nearer piece.
  std::vector<ContactPatch> merged = {patchAt(Vec3(0.001, 0, 0))};
  tracker.update(0.002, merged);
  CHECK(merged[0].continues >= 0);
  CHECK(tracker.history(merged[0].id)->initial_indentation_rate == 0.3);
}
