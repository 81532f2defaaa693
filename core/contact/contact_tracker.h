// Follows contact regions from step to step (one tracker per body pair): persistent ids and the
// per-contact history the force laws need (Dopico et al. §III: δ̇₀ of eq. 1 at first contact, the
// stick anchor of eq. 2's F_stick).
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "contact/contact_patch.h"
#include "geometry/state_archive.h"

namespace contactsim {

struct ContactHistory {
  int id = -1;
  double first_time = 0.0;  // when the contact began
  // ContactPatch::continues, fixed when the contact began. Not in checkpoints (save, restore):
  // a contact live at a restored state reads −1.
  int continues = -1;
  // Hunt–Crossley's δ̇₀, the indentation rate when the contact began; NaN until the force law
  // sets it on the contact's first step.
  double initial_indentation_rate = std::numeric_limits<double>::quiet_NaN();
  // Stiction spring anchor (Dopico et al. eq. 2): the stuck point on each body, body coordinates.
  std::optional<Vec3> stick_anchor_a, stick_anchor_b;
  // Passivity ledger (sim/contact_passivity.h): the energy this contact has taken
  // from the bodies (J), now and before the last committed step. A new contact starts with its
  // share of its parent's, an orphan with its share of the unclaimed ones (Succession).
  double absorbed_energy = 0.0, absorbed_before = 0.0;
  // For the passivity ledger: at the last committed step,
  // this contact's force and torque on body B and B's velocity and angular velocity relative to A
  // at the force's point (world).
  struct Load {
    Vec3 force = Vec3::Zero(), relative_velocity = Vec3::Zero();
    Vec3 torque = Vec3::Zero(), relative_angular_velocity = Vec3::Zero();
    // The force's point as a material point of each body (body coordinates).
    Vec3 point_on_a = Vec3::Zero(), point_on_b = Vec3::Zero();
  };
  Load load;
  // The load before that: forces at the committed state itself must be the ones its step used.
  Load load_before;
  // Where the patch was at the last committed step, and how far it reached from its centroid
  // there (patchReach).
  Vec3 centroid = Vec3::Zero();
  Vec3 normal = Vec3::Zero();
  double area = 0.0;
  double reach = 0.0;
};

// How far a patch reaches from its centroid: the farthest point of its contour, and at least the
// radius √(area/π) of a disc of its area (a patch given without a contour). A long face contact —
// a crown's stop face meeting the shank along 0.26 m — is one contact from the first touches at
// its two ends to the whole face and back: its reach, not its area's disc, says where it is.
double patchReach(const ContactPatch& patch);

struct TrackingOptions {
  // A patch may continue an old one when the normals differ by less than this angle ...
  double max_normal_angle = 30.0 * 3.14159265358979323846 / 180.0;
  // ... and the centroids are closer than this many patch reaches (patchReach, the larger of
  // the two),
  double max_jump_in_radii = 1.0;
  // ... or closer than this distance (m), which covers tiny patches; set it from the model scale.
  double min_jump = 0.0;
  // A new patch takes over from a contact that ends beside it (succession: its parent, and the
  // contact it continues) when their normals differ by less than this angle; from one that goes
  // on, max_normal_angle applies. A region re-split into pieces across an edge or crease gives
  // pieces further from the whole's normal than 30° (34° and 46° at the anchor's shank on the
  // hawse pipe, docs/method.md item 7), and they are still that contact; a face met beside a
  // contact that goes on is a new one. Twice the patch cone (region_split.h).
  double max_handover_angle = 60.0 * 3.14159265358979323846 / 180.0;
};

class ContactTracker {
 public:
  explicit ContactTracker(TrackingOptions options = {}) : options_(options) {}

  // The id each patch would continue (-1: a new contact), without changing anything; for
  // Newton iterations within a step.
  std::vector<int> match(const std::vector<ContactPatch>& patches) const;
  // Commits a step: sets every patch's id, starts histories of new contacts (first_time = time),
  // ends those of contacts that vanished. A new contact continues its parent (succession), if it
  // has one: it takes the parent's stick anchors, so a region re-identified or re-split while
  // stuck (a thread's flank patches) stays stuck instead of starting its stiction spring from
  // zero, and its share of the parent's ledger. A new contact that continues one (split off,
  // merged or re-identified: Succession::continued) takes its impact speed δ̇₀, so that its
  // damping stays the one its impact set rather than that of an impact at the speed the patch
  // happened to approach at when it was split (often none, and then the law's
  // min_impact_velocity: ten times the damping of an impact at 0.1 m/s).
  void update(double time, std::vector<ContactPatch>& patches);
  // How a step's patches continue the live contacts, per patch: the id it continues (-1: a new
  // contact; match), the parent of a new one — among the contacts that end with a normal within
  // max_handover_angle, the nearest whose disc of its reach overlaps the patch's (or lies within
  // min_jump); null for continued contacts and orphans — and the ledger a new one inherits: its
  // parent's, shared among the parent's new contacts, or for an orphan an equal share of the
  // ledgers no new contact claimed.
  struct Succession {
    std::vector<int> ids;
    std::vector<const ContactHistory*> parents;
    // The live contact each new patch continues (ContactPatch::continues): the nearest whose disc
    // of its reach overlaps the patch's, whether it ends (within max_handover_angle) or goes on
    // (within max_normal_angle); null for a make and for continued contacts.
    std::vector<const ContactHistory*> continued;
    std::vector<double> inherited;
    std::vector<double> reaches;  // patchReach of each patch, computed once
  };
  Succession succession(const std::vector<ContactPatch>& patches) const;
  // The ledgers the new contacts of `s` inherit when each contact that ends hands on
  // `remaining(contact)` (never less than zero) rather than its ledger as it stands: the force
  // source charges an ending contact the work its start load still does in the step before the
  // ledger passes on, and the trial forces must see the ledgers the commit will give.
  std::vector<double> inherit(const Succession& s,
                              const std::function<double(const ContactHistory&)>& remaining) const;

  ContactHistory* history(int id);
  const std::vector<ContactHistory>& live() const { return live_; }

  // The live contacts and the next id, for a checkpoint (geometry/state_archive.h).
  void save(StateWriter& out) const;
  void restore(StateReader& in);

 private:
  std::vector<int> match(const std::vector<ContactPatch>& patches,
                         const std::vector<double>& reaches) const;
  // The live contact nearest to `patch` whose disc of its reach overlaps the patch's (or lies
  // within min_jump) and whose normal lies within max_handover_angle of its own if it ends (no
  // patch continues it: match's `ids`), within max_normal_angle if it goes on; those that go on
  // are skipped when `only_ending`. Null when there is none.
  const ContactHistory* nearestOverlapping(const ContactPatch& patch, double reach,
                                           const std::vector<int>& ids, bool only_ending) const;

  TrackingOptions options_;
  std::vector<ContactHistory> live_;
  int next_id_ = 0;
};

}  // namespace contactsim
