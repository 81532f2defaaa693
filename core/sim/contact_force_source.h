// Contact as a generalized force source of the ALI3-P integrator (Dopico et al. §II–IV;
// docs/method.md, "The patch method step by step"): per body pair, the collision query and
// contact regions give patches; each patch's law gives a force at its centre of pressure, applied
// equal and opposite to the two bodies, with its tangent contributions.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <vector>

#include "collision/aabb_tree.h"
#include "collision/broad_phase.h"
#include "contact/contact_tracker.h"
#include "dynamics/multibody_system.h"
#include "geometry/index_loop.h"
#include "sim/contact_diagnostics.h"
#include "sim/contact_law.h"
#include "sim/contact_passivity.h"

namespace contactsim {

struct ContactPairDefinition {
  BodyIndex body_a = 0, body_b = 0;  // bodies of the system (not the world); A may be fixed
  std::shared_ptr<const AabbTree> tree_a, tree_b;  // body-frame trees of their meshes
  ContactLaw law;
};

// When the contact geometry (collision + regions) is recomputed.
enum class ContactGeometryUpdate {
  // At every Newton iterate: exact, one collision query per iteration.
  EveryIteration,
  // Once per step at its first trial state (the predictor); within the step δ is linearised as
  // δ(q) = δ₀ − n·(Δ(q) − Δ₀) with the patch's normal and body points frozen.
  OncePerStep,
};

// The pairs' collision query, regions and forces are independent of each other; the same loop
// also runs each query's regions and a split region's pieces (ContactQueryOptions::loop).
using PairLoop = IndexLoop;

struct ContactOptions {
  // Linearised by default: measured 2–3× faster with the same results to ~1e-4 (README,
  // "Contact in the dynamics"; tests/sim/test_bounce.cpp).
  ContactGeometryUpdate geometry_update = ContactGeometryUpdate::OncePerStep;
  // Empty: the pairs one after the other. contactsim_parallel's parallelPairLoop runs them on
  // oneTBB; each pair's forces, tangents, diagnostics and timings are kept apart and combined in
  // pair order, so the results are bit-identical for any thread count.
  PairLoop pair_loop;
  // Each patch's per-triangle depth field (ContactPatch::depth_field_a/b), for the window's
  // pressure colours: a pass over the penetrated triangles per query, some 15 % of the regions'
  // time on the block on the ramp, so off unless a viewer asks. It changes no force.
  bool depth_fields = false;
  // How far below the longest step a pair has tried an unpaid release is still refined
  // (contact_passivity.h, releaseRefinement): Simulation sets it from the scene's solver.
  double release_refinement = kReleaseRefinement;
};

// Wall time spent per phase (s), accumulated since construction.
struct ContactTimings {
  double collision = 0.0;
  double regions = 0.0;
  double forces = 0.0;
  // The tunnelling check of pairs that were apart (ContactForceSource::evaluate): vertices swept
  // through the other body's tree.
  double sweeps = 0.0;
  long queries = 0;
  long sweep_checks = 0;
  // The broad phase before the pairs (evaluate): its time, and the pair evaluations it let skip
  // the collision query and the tunnelling sweep.
  double broad_phase = 0.0;
  long pairs_skipped = 0;
  // Steps whose pair kept the geometry of an earlier one, the bodies at rest relative to each
  // other since (docs/dynamics.md, "Geometry kept at rest").
  long geometries_kept = 0;
};

class ContactForceSource : public GeneralizedForceSource {
 public:
  // `system` must outlive the source.
  ContactForceSource(const MultibodySystem& system, std::vector<ContactPairDefinition> pairs,
                     ContactOptions options = {});
  ~ContactForceSource() override;

  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;
  void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) override;
  // The slip limiter's fraction over the patches of the last addForces (sim/slip_limiter.h).
  double admissibleUpdate(const Eigen::VectorXd& qdot_update) const override;
  double passiveStep() const override { return passive_step_; }
  // Per pair: the tracked contacts (ids, δ̇₀, stick anchors, passivity ledgers) and what the last
  // commit left for the next step's checks; and the bodies' committed poses (broad phase). Not
  // the contact geometry, which the next step computes afresh, nor contacts(), which stays empty
  // after restoreState until the next step.
  void saveState(StateWriter& out) const override;
  void restoreState(StateReader& in) override;

  // The contacts at the last accepted step (or the initial state), ids tracked per pair.
  const std::vector<ContactDiagnostics>& contacts() const { return contacts_; }
  const std::vector<ContactPairDefinition>& pairs() const { return pairs_; }
  const ContactTimings& timings() const { return timings_; }
  // The work the contacts did on the bodies since the start, summed contact by contact as their
  // passivity ledgers were charged it (docs/dynamics.md, "Passivity of contact"): each load's
  // work at its own material points, the trapezoidal rule's, so it equals the integrator's
  // source work of this source (EnergyReport::source_work) to rounding.
  double ledgerWork() const { return ledger_work_; }

 private:
  // Defined in contact_force_source_state.h, PairResult in contact_force_source.cpp.
  struct PairState;
  struct PairResult;
  struct Evaluation;
  struct StepSpan;
  void evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t, bool commit,
                ForceValues* out);
  // One pair's share of evaluate(), touching only its own state and `result`; at every trial the
  // release checks (StepRejected: the contacts that end in the step, or one that hands its ledger
  // on, releasing more than they absorbed). `near`: the broad phase found the bodies' boxes over
  // the step overlapping; when not, the collision query and the tunnelling sweep are skipped
  // (their answers are known: nothing). `world_poses`: every body's pose at q, by body index.
  void evaluatePair(std::size_t i, const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                    bool commit, bool with_forces, bool near, const std::vector<Pose>& world_poses,
                    PairResult& result);
  // Its stages. The pair's contact geometry at q, when the one it holds is not for q: the
  // collision query (none when not `near`), the containment and tunnelling checks
  // (StepRejected), the patches' tracked identities and material points.
  void updateGeometry(std::size_t i, const Eigen::VectorXd& q, double t, bool commit, bool near,
                      const Pose& world_a, const Pose& world_b, PairResult& result);
  // The step forces of pair i at (q, q̇, t) end, with the velocities its ledgers count from.
  StepSpan stepSpan(std::size_t i, const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                    double t) const;
  // Patch k's law at (q, q̇): δ and δ̇ from its material points, the normal force capped by its
  // ledger over the step `span`, friction over the patch's slip and spin, rolling resistance and
  // the spread damping.
  Evaluation evaluatePatch(std::size_t i, std::size_t k, const Eigen::VectorXd& q,
                           const Eigen::VectorXd& qdot, const StepSpan& span);
  // Its generalized force and Newton tangents into `out`.
  void addPatchForces(std::size_t i, std::size_t k, const Evaluation& e, const Eigen::VectorXd& q,
                      const Eigen::VectorXd& qdot, const StepSpan& span, ForceValues& out) const;
  // At a commit: patch k's ledger over the step (chargePatch), its first indentation rate and
  // stick anchors, its diagnostics.
  void commitPatch(std::size_t i, std::size_t k, const Evaluation& e, const Eigen::VectorXd& q,
                   const Eigen::VectorXd& qdot, const Pose& world_a, const Pose& world_b,
                   const StepSpan& span, bool run_start, PairResult& result);
  // What contacts() reports of patch k of pair i, evaluated as `e`.
  ContactDiagnostics patchDiagnostics(std::size_t i, std::size_t k, const Evaluation& e) const;

  // The passivity ledgers (contact_force_source_ledger.cpp).
  // At a commit, charges patch k's contact the work its loads did over the step `span` ending at
  // (q, q̇), and keeps its end load for the next step; returns the work charged.
  double chargePatch(std::size_t i, std::size_t k, const Evaluation& e, const Eigen::VectorXd& q,
                     const Eigen::VectorXd& qdot, const Pose& world_a, const Pose& world_b,
                     const StepSpan& span);
  // At a commit, charges each contact of pair i that ends in the step the work its start load
  // still does in it; returns the work charged.
  double chargeEndingContacts(std::size_t i, const Eigen::VectorXd& qdot, const StepSpan& span);
  // At a trial state: the ledgers pair i's new contacts inherit (ContactTracker::inherit), net of
  // what chargeEndingContacts will charge the contacts that end, so that the trial forces are
  // capped against the budgets the commit will give.
  void inheritLedgers(std::size_t i, const Eigen::VectorXd& qdot, const StepSpan& span);
  // The longest next step pair i's contacts that go on can take from the last commit before their
  // start loads' half outruns what their ledgers hold (inheritLedgers' check, predicted).
  double pairPassiveStep(std::size_t i) const;
  // B's velocity relative to A at the material points of a contact's load.
  Vec3 loadRate(std::size_t i, const ContactHistory::Load& load, const Eigen::VectorXd& qdot) const;
  // The start load's half of its work over the step `span` ending at q̇ (halfStepWork).
  double startLoadWork(std::size_t i, const ContactHistory::Load& load, const Eigen::VectorXd& qdot,
                       const StepSpan& span) const;

  const MultibodySystem& system_;
  std::vector<ContactPairDefinition> pairs_;
  ContactOptions options_;
  std::vector<std::unique_ptr<PairState>> states_;
  std::vector<PairResult> pair_results_;  // evaluate()'s, one per pair, reused
  std::vector<ContactDiagnostics> contacts_;
  ContactTimings timings_;
  // Broad phase (core/collision/broad_phase.h): one tree per body in a pair, the pairs as a
  // filter, each body's pose at the last commit (the swept boxes start there).
  std::vector<const AabbTree*> body_trees_;
  BroadPhasePairFilter broad_phase_;
  std::vector<Pose> committed_poses_;
  // q and q̇ at the last commit and at the one before (empty before them): the start of the step
  // forces are evaluated in, and of the step the last commit ended (forces at the committed state
  // itself), from which the ledgers count each load's work.
  Eigen::VectorXd q_at_commit_, q_at_previous_commit_, qdot_at_commit_, qdot_at_previous_commit_;
  double ledger_work_ = 0.0;
  double passive_step_ = std::numeric_limits<double>::infinity();  // passiveStep()
};

}  // namespace contactsim
