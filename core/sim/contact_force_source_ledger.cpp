// ContactForceSource's passivity ledgers (docs/dynamics.md, "Passivity of contact";
// contact_passivity.h): at each commit every contact is charged the work its loads did over the
// step, as the trapezoidal rule does it — a patch's start and end loads, and the start load of a
// contact that ends in the step — and keeps its end load for the next step.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "dynamics/step_rejected.h"
#include "sim/contact_force_source.h"
#include "sim/contact_force_source_state.h"
#include "sim/contact_passivity.h"

namespace contactsim {

// The trapezoidal rule applies half of a step's start force whatever happens in the step, so a
// contact that ends in it still does ¼h·F₀·(v₀ + v₁) (and likewise its torque) at its material
// points. That work is charged to its ledger before the ledger passes on (ContactTracker::
// Succession: to its new contacts, or to the pair's orphans); before, the new contacts inherited
// it gross and released it a second time (a pin landing flat gained 0.21 J, 8 % of its impact
// energy, through two re-splits of its end face's contact).
double ContactForceSource::chargeEndingContacts(std::size_t i, const Eigen::VectorXd& qdot,
                                                const StepSpan& span) {
  PairState& state = *states_[i];
  double charged = 0.0;
  const std::vector<int>& ids = state.succession.ids;
  for (const ContactHistory& contact : state.tracker.live()) {
    if (std::find(ids.begin(), ids.end(), contact.id) != ids.end()) continue;
    const double work = startLoadWork(i, contact.load, qdot, span);
    state.tracker.history(contact.id)->absorbed_energy -= work;
    charged += work;
  }
  return charged;
}

// A contact continued by new ones still does its start load's half of the step's work, charged
// to its ledger before the rest passes on; when that half alone exceeds the ledger (a block
// landing flat whose face contact was re-identified as it rebounded released 0.98 J in one 0.2 ms
// step, 0.08 J more than the impact had stored), the step is refused and retried smaller, as for
// the contacts that end with no heir (rejectUnpaidRelease) and down to the same floor.
void ContactForceSource::inheritLedgers(std::size_t i, const Eigen::VectorXd& qdot,
                                        const StepSpan& span) {
  PairState& state = *states_[i];
  const std::vector<int>& ids = state.succession.ids;
  bool overdrawn = false;
  // The contacts that go on, together (as rejectUnpaidRelease takes the ending ones: a thread's
  // flank pieces share one load, and which of them absorbed it is an accident of the split).
  double released = 0.0, held = 0.0, force = 0.0;
  for (const int id : ids) {
    if (id < 0) continue;
    const ContactHistory& contact = *state.tracker.history(id);
    ContactHistory::Load normal = contact.load;
    normal.force = contact.normal.dot(normal.force) * contact.normal;
    normal.torque = Vec3::Zero();
    released += startLoadWork(i, normal, qdot, span);
    held += std::max(contact.absorbed_energy, 0.0);
    force += normal.force.norm();
  }
  const double length_scale = system_.lengthScale();
  if (startLoadOverdraws(released, held, ledgerResolution(force, length_scale)) &&
      state.refinesRelease(span.length, options_.release_refinement)) {
    throw StepRejected(pairName(system_, pairs_[i]) +
                       ": contacts would release more energy within the step than they absorbed");
  }
  if (std::find(ids.begin(), ids.end(), -1) == ids.end()) return;  // no new contact inherits
  const std::vector<const ContactHistory*>& parents = state.succession.parents;
  state.succession.inherited =
      state.tracker.inherit(state.succession, [&](const ContactHistory& contact) {
        const double work = startLoadWork(i, contact.load, qdot, span);
        if (std::find(parents.begin(), parents.end(), &contact) != parents.end())
          overdrawn = overdrawn ||
                      startLoadOverdraws(work, contact.absorbed_energy,
                                         ledgerResolution(contact.load.force.norm(), length_scale));
        return contact.absorbed_energy - work;
      });
  if (overdrawn && state.refinesRelease(span.length, options_.release_refinement)) {
    throw StepRejected(pairName(system_, pairs_[i]) +
                       ": a contact handed on to new ones would release more energy within the "
                       "step than it absorbed");
  }
}

// Predicts inheritLedgers' check for the next step from the last commit: its contacts' start
// loads are the loads committed now, and their normal parts release ¼h·(F·n)(n·(v₀ + v₁))
// together, v₀ the separation rate now and v₁ = v₀ + a·h with a the rate's change over the step
// just taken (a contact's material points move as C(x̄)·q̇ in natural coordinates, so their
// velocity at the commit before is exact): ½h·Σ(F·n)(n·v₀) + ¼h²·Σ(F·n)(n·a), which may not
// exceed what their ledgers hold. A step longer than that was refused and tried again at a
// quarter, each time, down to the floor where refusals stop (a pin rattling in its bore had 27 %
// of its substeps refused so, each contact's end a cascade of them); error control takes the
// predicted step at once instead (docs/dynamics.md, "The step the ledgers pay for"). Called at a
// commit before qdot_at_commit_ moves on: it still holds the commit before.
double ContactForceSource::pairPassiveStep(std::size_t i) const {
  const PairState& state = *states_[i];
  const bool with_rate_change = qdot_at_commit_.size() > 0 && state.last_step > 0.0;
  double held = 0.0, linear = 0.0, quadratic = 0.0;  // release ≈ linear·h + quadratic·h²
  for (const ContactHistory& contact : state.tracker.live()) {
    held += std::max(contact.absorbed_energy, 0.0);
    const double force = contact.normal.dot(contact.load.force);
    const double rate = contact.normal.dot(contact.load.relative_velocity);
    linear += 0.5 * force * rate;
    if (with_rate_change) {
      const double before = contact.normal.dot(loadRate(i, contact.load, qdot_at_commit_));
      quadratic += 0.25 * force * (rate - before) / state.last_step;
    }
  }
  // The largest h with linear·h + quadratic·h² ≤ held; none when the release never grows.
  double step = std::numeric_limits<double>::infinity();
  if (quadratic > 0.0)
    step = 2.0 * held / (linear + std::sqrt(linear * linear + 4.0 * quadratic * held));
  else if (linear > 0.0)
    step = held / linear;
  return std::isfinite(step) ? std::max(step, state.longest_step / options_.release_refinement)
                             : step;
}

Vec3 ContactForceSource::loadRate(std::size_t i, const ContactHistory::Load& load,
                                  const Eigen::VectorXd& qdot) const {
  const BodyIndex a = pairs_[i].body_a, b = pairs_[i].body_b;
  return (system_.pointOn(b, load.point_on_b) - system_.pointOn(a, load.point_on_a)).rate(qdot);
}

double ContactForceSource::startLoadWork(std::size_t i, const ContactHistory::Load& load,
                                         const Eigen::VectorXd& qdot, const StepSpan& span) const {
  return halfStepWork(load.force, load.torque, load.relative_velocity, loadRate(i, load, qdot),
                      load.relative_angular_velocity, span.omega_end_at_start, span.length);
}

double ContactForceSource::chargePatch(std::size_t i, std::size_t k, const Evaluation& e,
                                       const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                       const Pose& world_a, const Pose& world_b,
                                       const StepSpan& span) {
  PairState& state = *states_[i];
  const ContactPatch& patch = state.patches[k];
  const Vec3& n = patch.normal;
  ContactHistory& h = *state.tracker.history(patch.id);
  // The ledger over the step just taken, as the trapezoidal rule does the work: the start load's
  // half at its material points, the end load's at its own (a contact born in this step had no
  // start load, and the default Load does no work).
  const Vec3 force = e.force(n);
  const Vec3 torque = e.torque();
  const Vec3& omega_rel = span.omega_end;
  ContactHistory::Load& l = h.load;
  h.load_before = l;
  h.absorbed_before = h.absorbed_energy;
  const double work = startLoadWork(i, l, qdot, span) +
                      halfStepWork(force, torque, e.start_velocity, e.relative_velocity,
                                   span.omega_start, omega_rel, span.length);
  h.absorbed_energy -= work;
  l.force = force;
  l.relative_velocity = e.relative_velocity;
  l.point_on_a = world_a.inverse().apply(state.point_a[k].value(q));
  l.point_on_b = world_b.inverse().apply(state.point_b[k].value(q));
  l.torque = torque;
  l.relative_angular_velocity = omega_rel;
  return work;
}

}  // namespace contactsim
