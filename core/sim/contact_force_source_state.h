// ContactForceSource's private state, shared by its two translation units and included by them
// only (contact_force_source.cpp: geometry and forces; contact_force_source_ledger.cpp: the
// passivity ledgers): a pair's contact geometry and tracked contacts, the step a ledger counts
// over, and a patch's force at a trial state.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "contact/contact_patch.h"
#include "contact/contact_regions.h"
#include "contact/contact_tracker.h"
#include "contact/penetration.h"
#include "dynamics/affine_vec3.h"
#include "geometry/pose.h"
#include "sim/contact_force_source.h"
#include "sim/contact_passivity.h"
#include "sim/patch_terms.h"

namespace contactsim {

// The contact geometry a pair's forces are evaluated from: computed at `q` (every Newton iterate)
// or at a step's first trial state and then linearised (ContactGeometryUpdate).
struct ContactForceSource::PairState {
  ContactTracker tracker;
  // The inside tests' scratch and the collision descent's cut (ContactWorkspace).
  ContactWorkspace workspace;
  bool valid = false;
  double time = 0.0;
  Eigen::VectorXd q;
  // A's pose in B's frame at `q`, and how far a point of A may have moved from it in B's frame
  // for a later step to keep this geometry (zero: it may not; stillSince).
  Pose a_in_b;
  double still_motion = 0.0;
  // B's turn relative to A (world, rad) since the geometry was found, taken at the first trial
  // state of a step that keeps it; zero in the step that found it. A re-found pressure centre
  // would have moved with it (ContactPatch::pressure_turn): a kept one held still lags a rocking
  // by the phase the rocking turns through per step, and feeds it (docs/dynamics.md, "Geometry
  // kept at rest").
  Vec3 turn = Vec3::Zero();
  // How far a point of A's mesh may lie from A's origin (its bounds' farthest corner).
  double reach_a = 0.0;
  std::vector<ContactPatch> patches;
  // The pressure centre as a material point of each body, and their separation Δ₀ (≈ 0) at `q`.
  std::vector<AffineVec3> point_a, point_b;
  std::vector<Vec3> separation;
  // Each patch's friction radius about its centre of pressure (meanDistance): the lever arm of
  // its friction against a spin about the normal.
  std::vector<double> spin_radius;
  // Full containment can only follow contact (bodies move continuously): it is checked while
  // the last committed state had patches, or before the first commit.
  bool may_be_contained = true;
  // A's pose in B's frame at the last commit (none before the first): where the tunnelling check
  // of a pair that was apart sweeps from.
  bool committed = false;
  Pose committed_a_in_b;
  // Whether triangles intersected at the geometry's state, and whether the pair was apart (no
  // intersecting triangles, no patches) at the last commit: only then is it checked for
  // tunnelling.
  bool touching = false, apart = false;
  // The last acceptStep's time and the step it ended (for the passivity ledger; the step's own
  // length again when forces are evaluated at the committed state itself).
  double committed_time = 0.0, last_step = 0.0;
  // The longest step tried so far: rejectUnpaidRelease refines down to a fraction of it.
  double longest_step = 0.0;
  // How the patches continue the live contacts (ContactTracker::Succession): the tracked id per
  // patch (-1: begins in this step), a new one's parent — whose stick anchors it takes at the
  // commit (ContactTracker::update), so its trial forces take them too, else the force committed
  // is not the one the step balanced — and the passivity ledger it starts with: without it a
  // sliding region re-identified lost what it had absorbed, and the anchor sank 24 mm into the
  // plating while its contacts were capped to zero.
  ContactTracker::Succession succession;

  PairState(TrackingOptions options, double reach_of_a) : tracker(options), reach_a(reach_of_a) {}

  // Whether no point of A has moved in B's frame by still_motion since the geometry's a_in_b,
  // A being at `now` (an upper bound of the motion: the translation and the turn's angle times
  // reach_a).
  bool stillSince(const Pose& now) const {
    return (now.translation - a_in_b.translation).norm() + turnOfA(now).norm() * reach_a <
           still_motion;
  }
  // A's turn in B's frame since the geometry's a_in_b, A being at `now` (rotation vector).
  Vec3 turnOfA(const Pose& now) const {
    const Eigen::AngleAxisd turned(now.rotation * a_in_b.rotation.transpose());
    return turned.angle() * turned.axis();
  }

  // A trial state at t: the longest step tried, the scale rejectUnpaidRelease refines against.
  void tried(double t) { longest_step = std::max(longest_step, t - committed_time); }
  // A step of length h is still refined for an unpaid release (above 1/refinement of the longest
  // step tried; ContactOptions::release_refinement).
  bool refinesRelease(double h, double refinement) const { return h > longest_step / refinement; }
  // An accepted state at t, with A's pose in B's frame there: what the next step starts from —
  // the contacts' ids, whether the pair is apart, the step just ended. The same whether the pair
  // was evaluated or skipped by the broad phase (then without patches and not touching).
  void commit(const Pose& a_in_b, double t) {
    may_be_contained = !patches.empty();
    committed = true;
    apart = !touching && patches.empty();
    committed_a_in_b = a_in_b;
    tracker.update(t, patches);
    for (std::size_t k = 0; k < patches.size(); ++k) succession.ids[k] = patches[k].id;
    last_step = t - committed_time;
    committed_time = t;
  }
};

// The step the forces at t end, for the passivity ledger: from the last commit, or at the
// committed state itself (t equal to it) the step that commit ended.
struct ContactForceSource::StepSpan {
  bool after_commit = true;
  double length = 0.0;
  const Eigen::VectorXd* start_q = nullptr;     // q at its start
  const Eigen::VectorXd* start_qdot = nullptr;  // q̇ at its start
  // B's angular velocity relative to A at its start and at t, and t's velocities at the start's
  // pose: the start load's torque τ₀ acts through the start pose's ω(q₀, q̇), so its half of the
  // work is τ₀·(ω(q₀, q̇₀) + ω(q₀, q̇₁)).
  Vec3 omega_start = Vec3::Zero(), omega_end = Vec3::Zero(), omega_end_at_start = Vec3::Zero();
};

// One patch's force at a trial state.
struct ContactForceSource::Evaluation {
  AffineVec3 separation;                  // d: B's material point minus A's, where the force acts
  Vec3 relative_velocity = Vec3::Zero();  // ḋ: of B's material point relative to A's
  Vec3 start_velocity = Vec3::Zero();     // ḋ at the step's start (the same material points)
  AffineVec3 anchor_gap;                  // the stick anchors' separation (d without anchors)
  double indentation = 0.0, rate = 0.0;
  NormalForce normal;
  FrictionForce friction;  // sliding (patch_terms.h, PatchFriction)
  Vec3 slip = Vec3::Zero();
  SpinFriction spin;
  RollingTorque rolling;
  // The normal damping spread over the patch (ContactPatch::normal_rate_spread): the wrench
  // (force, torque) on B is −D·(ḋ, ω_rel).
  Mat6 spread_damping = Mat6::Zero();
  Vec3 spread_force = Vec3::Zero(), spread_torque = Vec3::Zero();
  // ∂D/∂δ = spread_gain·D: D is ∂F_n/∂δ̇ times the patch's shape, held with the geometry.
  double spread_gain = 0.0;
  Vec3 pressure_couple = Vec3::Zero();  // κ of a curved piece: its torque per unit F_n
  // Where the ledger caps the normal force: the step's start load, whose work W₀ the cap counts,
  // and ¼h·∂F_n/∂W₀ (0 where the law's force stands). W₀ = ¼h[F₀·(v₀ + v₁) + τ₀·(ω₀ + ω₁)]
  // follows the trial state through v₁ at the start load's points and ω₁ = ω_rel.
  ContactHistory::Load start_load;
  double start_load_gain = 0.0;
  bool capped = false;  // the ledger lowered the law's normal force

  // The patch's load on B (−it on A): the normal force along the patch normal n with friction
  // and the spread damping's force, and the rolling, spread-damping, spin and pressure torques.
  Vec3 force(const Vec3& n) const { return normal.value * n + friction.force + spread_force; }
  Vec3 torque() const {
    return rolling.torque + spread_torque + spin.torque + normal.value * pressure_couple;
  }
};

// "contact 'A'–'B'": how a refusal (StepRejected) names the pair.
std::string pairName(const MultibodySystem& system, const ContactPairDefinition& pair);

}  // namespace contactsim
