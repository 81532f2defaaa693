// ContactForceSource's contact geometry and forces: per pair and step, the broad phase, the
// collision query and regions with their containment, tunnelling and release checks, each patch's
// law at a trial state with its generalized force and Newton tangents, and the commit of the
// accepted state. The passivity ledgers are contact_force_source_ledger.cpp's.
#include "sim/contact_force_source.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>
#include <variant>

#include "collision/mesh_collision.h"
#include "contact/contact_regions.h"
#include "contact/patch_geometry.h"
#include "dynamics/step_rejected.h"
#include "geometry/wall_clock.h"
#include "sim/contact_force_source_state.h"
#include "sim/contact_mode.h"
#include "sim/contact_passivity.h"
#include "sim/relative_rotation_tangents.h"
#include "sim/slip_limiter.h"
#include "sim/swept_check.h"

namespace contactsim {

std::string pairName(const MultibodySystem& system, const ContactPairDefinition& pair) {
  return "contact '" + system.bodies()[pair.body_a].name + "'–'" +
         system.bodies()[pair.body_b].name + "'";
}

namespace {

// Contacts may move this fraction of the smaller body's size per step and keep their identity
// (and with it δ̇₀ and the stick anchor): a rolling sphere's patch radius is far smaller than
// its travel per step, so the patch-radius rule alone would restart the contact every step.
constexpr double kTrackingJumpFraction = 0.02;

// A pair whose every point has moved less than this fraction of its shallowest patch's δ since
// its geometry was found keeps that geometry into the next step, linearised as within a step
// (ContactGeometryUpdate::OncePerStep; docs/dynamics.md, "Geometry kept at rest"): bodies at rest
// drift by rounding, and their contact regions are found again to no purpose.
constexpr double kStillFraction = 1e-4;

// The farthest a point of the mesh may lie from its body's origin (its bounds' farthest corner).
double reachOf(const TriMesh& mesh) {
  const Box3& box = mesh.bounds();
  return box.min().cwiseAbs().cwiseMax(box.max().cwiseAbs()).norm();
}

}  // namespace

// One pair's contribution to an evaluation, combined with the others' in pair order.
// Kept from one evaluation to the next, so that its buffers (thousands of triplets) are reused.
struct ContactForceSource::PairResult {
  // `forces` hold this evaluation's (reset by evaluatePair when the pair has patches): q_force,
  // stiffness, damping, ledger_caps and fastest_mode only.
  bool has_forces = false;
  ForceValues forces;
  std::vector<ContactDiagnostics> contacts;
  double ledger_work = 0.0;  // charged to the pair's ledgers at a commit
  SlipLimiter slips;         // the patches' generalised slips
  ContactTimings timings;
  std::exception_ptr error;

  // Empty again for an evaluation that wants K and C, or the modes, or not, its buffers'
  // capacity kept.
  void clear(const ForceValues* out) {
    has_forces = false;
    forces.with_tangents = !out || out->with_tangents;
    forces.with_modes = !out || out->with_modes;
    contacts.clear();
    slips.clear();
    ledger_work = 0.0;
    timings = {};
    error = nullptr;
  }
};

ContactForceSource::ContactForceSource(const MultibodySystem& system,
                                       std::vector<ContactPairDefinition> pairs,
                                       ContactOptions options)
    : system_(system), pairs_(std::move(pairs)), options_(options) {
  const auto body_count = static_cast<BodyIndex>(system_.bodies().size());
  for (const ContactPairDefinition& pair : pairs_) {
    const auto valid = [&](BodyIndex b) { return b >= 0 && b < body_count; };
    if (!valid(pair.body_a) || !valid(pair.body_b) || pair.body_a == pair.body_b) {
      throw std::invalid_argument("contact pair: bad body indices " + std::to_string(pair.body_a) +
                                  ", " + std::to_string(pair.body_b));
    }
    if (!pair.tree_a || !pair.tree_b || pair.tree_a->empty() || pair.tree_b->empty()) {
      throw std::invalid_argument("contact pair '" + system_.bodies()[pair.body_a].name + "'–'" +
                                  system_.bodies()[pair.body_b].name + "': a body has no mesh");
    }
    TrackingOptions tracking;
    tracking.min_jump =
        kTrackingJumpFraction * std::min(pair.tree_a->mesh().scale(), pair.tree_b->mesh().scale());
    states_.push_back(std::make_unique<PairState>(tracking, reachOf(pair.tree_a->mesh())));
  }
  body_trees_.assign(static_cast<std::size_t>(body_count), nullptr);
  std::vector<std::pair<int, int>> body_pairs;
  for (const ContactPairDefinition& pair : pairs_) {
    body_trees_[pair.body_a] = pair.tree_a.get();
    body_trees_[pair.body_b] = pair.tree_b.get();
    body_pairs.emplace_back(pair.body_a, pair.body_b);
  }
  broad_phase_ = BroadPhasePairFilter(std::move(body_pairs));
}

ContactForceSource::~ContactForceSource() = default;

void ContactForceSource::addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                                   ForceValues& out) {
  evaluate(q, qdot, t, false, &out);
}

void ContactForceSource::acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                    double t) {
  evaluate(q, qdot, t, true, nullptr);
}

void ContactForceSource::saveState(StateWriter& out) const {
  out.integer(static_cast<std::int64_t>(states_.size()));
  for (const auto& state : states_) {
    state->tracker.save(out);
    out.flag(state->may_be_contained);
    out.flag(state->committed);
    out.pose(state->committed_a_in_b);
    out.flag(state->touching);
    out.flag(state->apart);
    out.real(state->committed_time);
    out.real(state->last_step);
    out.real(state->longest_step);
    // Where a geometry the next step may keep (still_motion) was found: a restore finds it there
    // again, so that the run goes on as it would have.
    const bool keepable = state->valid && state->still_motion > 0.0;
    out.flag(keepable);
    if (keepable) {
      out.real(state->time);
      out.vector(state->q);
    }
  }
  out.integer(static_cast<std::int64_t>(committed_poses_.size()));
  for (const Pose& pose : committed_poses_) out.pose(pose);
  for (const Eigen::VectorXd* v :
       {&q_at_commit_, &q_at_previous_commit_, &qdot_at_commit_, &qdot_at_previous_commit_})
    out.vector(*v);
  out.real(ledger_work_);
}

void ContactForceSource::restoreState(StateReader& in) {
  if (in.count(states_.size()) != states_.size()) in.fail("another number of contact pairs");
  for (std::size_t i = 0; i < states_.size(); ++i) {
    PairState* state = states_[i].get();
    state->tracker.restore(in);
    state->may_be_contained = in.flag();
    state->committed = in.flag();
    state->committed_a_in_b = in.pose();
    state->touching = in.flag();
    state->apart = in.flag();
    state->committed_time = in.real();
    state->last_step = in.real();
    state->longest_step = in.real();
    // A pair apart at the commit had no patches; any other evaluates its geometry afresh, or
    // finds again the one the next step may keep.
    state->valid = false;
    state->patches.clear();
    if (in.flag()) {
      const double time = in.real();
      const Eigen::VectorXd q = in.vector(system_.coordinateCount());
      if (!q.allFinite() || !std::isfinite(time)) in.fail("a contact geometry's state not finite");
      const ContactPairDefinition& pair = pairs_[i];
      PairResult discarded;
      try {
        updateGeometry(i, q, time, true, true, system_.bodyPose(pair.body_a, q),
                       system_.bodyPose(pair.body_b, q), discarded);
      } catch (const std::exception& e) {
        in.fail(std::string("a contact geometry not found again (") + e.what() + ")");
      }
    }
  }
  if (in.count(committed_poses_.size()) != committed_poses_.size())
    in.fail("another number of bodies in contact pairs");
  for (Pose& pose : committed_poses_) pose = in.pose();
  // Empty before the first commits, else one entry per coordinate.
  const auto coordinates = [&] {
    const auto n = static_cast<std::size_t>(system_.coordinateCount());
    const std::vector<double> v = in.reals(n);
    if (!v.empty() && v.size() != n) in.fail("a state of another size");
    return Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(v.data(), std::ssize(v)));
  };
  for (Eigen::VectorXd* v :
       {&q_at_commit_, &q_at_previous_commit_, &qdot_at_commit_, &qdot_at_previous_commit_})
    *v = coordinates();
  ledger_work_ = in.real();
  contacts_.clear();
}

void ContactForceSource::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                                  bool commit, ForceValues* out) {
  // Broad phase: each body's box over the step (from its pose at the last commit to its pose
  // at q, any rotation) — a pair whose boxes stay apart cannot have met within the step. The
  // poses at q serve the pairs too: a pose from natural coordinates costs an SVD.
  const auto broad_start = WallClock::now();
  std::vector<Box3> boxes(body_trees_.size());
  std::vector<Pose> poses(body_trees_.size());
  for (std::size_t b = 0; b < body_trees_.size(); ++b) {
    boxes[b].setEmpty();
    if (!body_trees_[b]) continue;
    poses[b] = system_.bodyPose(static_cast<BodyIndex>(b), q);
    boxes[b] = committed_poses_.empty()
                   ? worldRootBox(*body_trees_[b], poses[b])
                   : sweptWorldRootBox(*body_trees_[b], committed_poses_[b], poses[b]);
  }
  const std::vector<char> near = broad_phase_.select(boxes);
  timings_.broad_phase += secondsSince(broad_start);

  std::vector<PairResult>& results = pair_results_;
  results.resize(pairs_.size());
  for (PairResult& r : results) r.clear(out);
  const auto body = [&](std::size_t i) {
    try {
      evaluatePair(i, q, qdot, t, commit, out != nullptr, near[i] != 0, poses, results[i]);
    } catch (...) {
      results[i].error = std::current_exception();
    }
  };
  forEachIndex(&options_.pair_loop, pairs_.size(), body);
  if (commit) committed_poses_ = std::move(poses);
  // In pair order, whatever the threads did: the first pair's failure, the forces summed, the
  // triplets and diagnostics concatenated, the timings added.
  for (const PairResult& r : results) {
    if (r.error) std::rethrow_exception(r.error);
  }
  if (commit) contacts_.clear();
  for (PairResult& r : results) {
    timings_.collision += r.timings.collision;
    timings_.regions += r.timings.regions;
    timings_.forces += r.timings.forces;
    timings_.sweeps += r.timings.sweeps;
    timings_.queries += r.timings.queries;
    timings_.sweep_checks += r.timings.sweep_checks;
    timings_.pairs_skipped += r.timings.pairs_skipped;
    timings_.geometries_kept += r.timings.geometries_kept;
    if (out && r.has_forces) {
      out->q_force += r.forces.q_force;
      out->stiffness.insert(out->stiffness.end(), r.forces.stiffness.begin(),
                            r.forces.stiffness.end());
      out->damping.insert(out->damping.end(), r.forces.damping.begin(), r.forces.damping.end());
      out->ledger_caps += r.forces.ledger_caps;
      out->fastest_mode = std::max(out->fastest_mode, r.forces.fastest_mode);
    }
    if (commit) {
      contacts_.insert(contacts_.end(), std::make_move_iterator(r.contacts.begin()),
                       std::make_move_iterator(r.contacts.end()));
    }
  }
  if (commit) {
    for (const PairResult& r : results) ledger_work_ += r.ledger_work;
    passive_step_ = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < pairs_.size(); ++i)
      passive_step_ = std::min(passive_step_, pairPassiveStep(i));
    q_at_previous_commit_ = std::move(q_at_commit_);
    q_at_commit_ = q;
    qdot_at_previous_commit_ = std::move(qdot_at_commit_);
    qdot_at_commit_ = qdot;
  }
}

double ContactForceSource::admissibleUpdate(const Eigen::VectorXd& qdot_update) const {
  double fraction = 1.0;
  for (const PairResult& r : pair_results_)
    fraction = std::min(fraction, r.slips.admissibleUpdate(qdot_update));
  return fraction;
}

void ContactForceSource::updateGeometry(std::size_t i, const Eigen::VectorXd& q, double t,
                                        bool commit, bool near, const Pose& world_a,
                                        const Pose& world_b, PairResult& result) {
  const ContactPairDefinition& pair = pairs_[i];
  PairState& state = *states_[i];
  const BodyIndex a = pair.body_a, b = pair.body_b;
  // Not near: the boxes at q are apart too, so findContact would return nothing.
  ContactQueryReport query;
  ContactRegions regions =
      near ? findContact(
                 *pair.tree_a, world_a, *pair.tree_b, world_b, state.workspace,
                 {.check_containment = state.may_be_contained,
                  .extras = {.depth_fields = options_.depth_fields, .overlap_at_crossings = false},
                  .loop = &options_.pair_loop},
                 &query)
           : ContactRegions{};
  if (query.queried) {
    result.timings.collision += query.collision_seconds;
    result.timings.regions += query.regions_seconds;
    ++result.timings.queries;
  }
  const bool touching = query.touching;
  if (regions.containment != Containment::None) {
    // No surface intersects, yet one body is inside the other: the laws have no
    // indentation to act on (the step was too large for the impact speed: a smaller one
    // meets the contact; or the scene starts inside).
    throw StepRejected(pairName(system_, pair) + ": one body is entirely inside the other");
  }
  if (near && !commit && state.committed && state.apart) {
    // Apart at the last commit: did they meet and part in between? (sweptThrough)
    const auto sweep_start = WallClock::now();
    const Pose a_in_b = relativePose(world_a, world_b);
    const bool through =
        sweptThrough(*pair.tree_a, state.committed_a_in_b, a_in_b, *pair.tree_b, touching) ||
        sweptThrough(*pair.tree_b, state.committed_a_in_b.inverse(), a_in_b.inverse(), *pair.tree_a,
                     touching);
    result.timings.sweeps += secondsSince(sweep_start);
    ++result.timings.sweep_checks;
    if (through) {
      throw StepRejected(pairName(system_, pair) +
                         ": one body passed into or through the other within the step");
    }
  }
  state.touching = touching;
  state.turn = Vec3::Zero();
  state.patches = std::move(regions.patches);
  state.valid = true;
  state.time = t;
  state.q = q;
  state.a_in_b = relativePose(world_a, world_b);
  double shallowest = state.patches.empty() ? 0.0 : INFINITY;
  for (const ContactPatch& patch : state.patches)
    shallowest = std::min(shallowest, patch.law_indentation);
  state.still_motion = kStillFraction * std::max(shallowest, 0.0);
  state.succession = state.tracker.succession(state.patches);
  // The first trial of the first step sets the scale too, so that a run never stops on this.
  if (!commit) state.tried(t);
  state.point_a.clear();
  state.point_b.clear();
  state.separation.clear();
  state.spin_radius.clear();
  const Pose into_a = world_a.inverse(), into_b = world_b.inverse();
  for (const ContactPatch& patch : state.patches) {
    const Vec3 at = patch.forcePoint();
    state.point_a.push_back(system_.pointOn(a, into_a.apply(at)));
    state.point_b.push_back(system_.pointOn(b, into_b.apply(at)));
    state.separation.push_back(state.point_b.back().value(q) - state.point_a.back().value(q));
    // Only friction uses the radius (a frictionless law's force is zero whatever the slip).
    const bool frictionless = std::holds_alternative<NoFriction>(pair.law.friction);
    state.spin_radius.push_back(
        frictionless ? 0.0 : meanDistance(planeFromNormal(at, patch.normal), patch.loops));
  }
}

ContactForceSource::Evaluation ContactForceSource::evaluatePatch(std::size_t i, std::size_t k,
                                                                 const Eigen::VectorXd& q,
                                                                 const Eigen::VectorXd& qdot,
                                                                 const StepSpan& span) {
  const ContactPairDefinition& pair = pairs_[i];
  PairState& state = *states_[i];
  const BodyIndex a = pair.body_a, b = pair.body_b;
  Evaluation e;
  const ContactPatch& patch = state.patches[k];
  const int id = state.succession.ids[k];
  ContactHistory* history = id >= 0 ? state.tracker.history(id) : nullptr;
  const Vec3& n = patch.normal;
  const Mat3 tangent_projector = Mat3::Identity() - n * n.transpose();
  e.separation = state.point_b[k] - state.point_a[k];
  const AffineVec3& d = e.separation;

  // δ(q) = δ₀ − n·(Δ(q) − Δ₀): exact at the geometry's own state, its linearisation
  // elsewhere; δ̇ = −n·Δ̇ is then exactly its rate (the "δ̇ consistent with δ").
  e.indentation = patch.law_indentation - n.dot(d.value(q) - state.separation[k]);
  e.relative_velocity = d.rate(qdot);
  e.start_velocity = d.rate(*span.start_qdot);
  const Vec3& v_rel = e.relative_velocity;
  const Vec3& omega_rel = span.omega_end;
  e.rate = -n.dot(v_rel);
  e.slip = tangent_projector * v_rel;
  // The impact speed δ̇₀ the damping is set by: a new contact that continues one has its, as it
  // will at the commit (ContactTracker::update).
  const ContactHistory* impact = history ? history : state.succession.continued[k];
  const bool has_initial_rate = impact && std::isfinite(impact->initial_indentation_rate);
  const double initial_rate =
      has_initial_rate ? impact->initial_indentation_rate : std::max(e.rate, 0.0);
  e.normal = contactsim::evaluate(pair.law.normal, {e.indentation, e.rate, initial_rate});
  // A contact without history begins in this step: it had no start load and has what it
  // inherits. At the committed state itself the step's own ledger and load apply. The start
  // load's half of the work is counted at its own material points (they move with the pressure
  // centre); how a capped force follows it enters the tangents through start_load_gain.
  const ContactHistory::Load load = !history            ? ContactHistory::Load{}
                                    : span.after_commit ? history->load
                                                        : history->load_before;
  const double budget = !history            ? state.succession.inherited[k]
                        : span.after_commit ? history->absorbed_energy
                                            : history->absorbed_before;
  e.start_load = load;
  const double start_work = startLoadWork(i, load, qdot, span);
  const LedgerCap cap =
      capByLedger(e.normal, e.rate, n.dot(e.start_velocity), budget, start_work, span.length);
  e.start_load_gain = 0.25 * span.length * cap.d_start_work;
  e.capped = cap.capped;
  // The turn since a kept geometry was found moves the centre of pressure by pressure_turn·θ,
  // and F_n·n acting there adds its moment about the point the material points hold.
  e.pressure_couple = patch.pressure_couple + (patch.pressure_turn * state.turn).cross(n);

  // Stick offset: separation of the two material anchor points, tangential part (as for the slip
  // of Dopico et al. eq. 3); a contact without anchors is anchored where its force acts now
  // (offset 0). A new contact has its parent's anchors, as it will at the commit.
  e.anchor_gap = d;
  Vec3 offset = Vec3::Zero();
  const ContactHistory* anchored = history ? history : state.succession.parents[k];
  if (anchored && anchored->stick_anchor_a && anchored->stick_anchor_b) {
    e.anchor_gap = system_.pointOn(b, *anchored->stick_anchor_b) -
                   system_.pointOn(a, *anchored->stick_anchor_a);
    offset = tangent_projector * e.anchor_gap.value(q);
  }
  // The terms besides the normal force (patch_terms.h). Friction resists with μ times the
  // pressure's integral, which on a curved surface exceeds the resultant F_n (pressure_per_force);
  // its tangents stay those of a force proportional to F_n.
  PatchFriction friction = patchFriction(
      pair.law.friction, e.normal.scaled(patch.pressure_per_force), n, e.slip, omega_rel,
      state.spin_radius[k], offset,
      frictionInverseMass(pair.law.friction, system_, a, b, d, n, state.patches.size(), q));
  e.friction = std::move(friction.sliding);
  e.spin = friction.spin;
  e.rolling = rollingTorque(pair.law.rolling, e.normal.value, omega_rel);
  if (pair.law.spread_damping && e.normal.d_rate > 0.0) {
    // The law's damping spread over the patch resists the variation of its normal rates
    // (curved_piece.h): a split piece's own covariance, a whole region's flat one.
    e.spread_damping = e.normal.d_rate * patch.normal_rate_spread;
    e.spread_force = -(e.spread_damping.topLeftCorner<3, 3>() * v_rel +
                       e.spread_damping.topRightCorner<3, 3>() * omega_rel);
    e.spread_torque = -(e.spread_damping.bottomLeftCorner<3, 3>() * v_rel +
                        e.spread_damping.bottomRightCorner<3, 3>() * omega_rel);
    e.spread_gain = e.normal.d_rate_d_indentation / e.normal.d_rate;
  }
  return e;
}

void ContactForceSource::addPatchForces(std::size_t i, std::size_t k, const Evaluation& e,
                                        const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                        const StepSpan& span, ForceValues& out) const {
  const BodyIndex a = pairs_[i].body_a, b = pairs_[i].body_b;
  const Vec3& n = states_[i]->patches[k].normal;
  const Mat3 tangent_projector = Mat3::Identity() - n * n.transpose();
  const AffineVec3& d = e.separation;
  const Vec3 force = e.force(n);
  d.addTransposed(force, out.q_force);
  out.ledger_caps += e.capped ? 1 : 0;
  // K = −∂Q/∂q and C = −∂Q/∂q̇ with n and the material points frozen (the geometry's
  // own motion is second order): the normal law's ∂F/∂δ, ∂F/∂δ̇ along n, friction's
  // proportionality to F_n, its velocity and stick-offset derivatives (docs/dynamics.md,
  // "Forces").
  const Vec3 along =
      n + (e.normal.value > 0.0 ? Vec3(e.friction.force / e.normal.value) : Vec3::Zero());
  if (out.with_tangents) {
    // The spread damping's wrench deepens with δ = δ₀ − n·(d − Δ₀) as ∂F_n/∂δ̇ does.
    addBlocks(d, d,
              (e.normal.d_indentation * along + e.spread_gain * e.spread_force) * n.transpose(),
              out.stiffness);
    addBlocks(d, e.anchor_gap, -(e.friction.d_offset * tangent_projector), out.stiffness);
    addBlocks(d, d,
              e.normal.d_rate * along * n.transpose() - e.friction.d_velocity * tangent_projector +
                  e.spread_damping.topLeftCorner<3, 3>(),
              out.damping);
  }
  const Vec3 torque = e.torque();
  if (torque != Vec3::Zero()) {
    Triplets* stiffness = out.with_tangents ? &out.stiffness : nullptr;
    if (const int ob = system_.coordinateOffset(b); ob >= 0)
      addBodyTorque(ob, torque, q, qdot, out.q_force, stiffness);
    if (const int oa = system_.coordinateOffset(a); oa >= 0)
      addBodyTorque(oa, -torque, q, qdot, out.q_force, stiffness);
  }
  if (!out.with_tangents) return;
  addRelativeAngularTangents(
      system_, a, b,
      e.spread_damping.bottomRightCorner<3, 3>() + e.rolling.d_omega + e.spin.d_omega, q, qdot,
      out.stiffness, out.damping);
  // The rolling and spin torques are proportional to F_n(δ, δ̇) (as friction's force is taken
  // to be above): δ = δ₀ − n·(d − Δ₀), δ̇ = −n·ḋ; the spin torque also follows the slip ḋ.
  const Vec3 torque_d_force =
      e.rolling.d_force + e.pressure_couple +
      (e.normal.value > 0.0 ? Vec3(e.spin.torque / e.normal.value) : Vec3::Zero());
  const Mat3 torque_d_slip = e.spin.d_slip - e.spread_damping.bottomLeftCorner<3, 3>();
  if (torque_d_force != Vec3::Zero() || !torque_d_slip.isZero() ||
      e.spread_torque != Vec3::Zero()) {
    addTorqueThroughSeparation(
        system_, a, b, d,
        -(e.normal.d_indentation * torque_d_force + e.spread_gain * e.spread_torque) *
            n.transpose(),
        -e.normal.d_rate * torque_d_force * n.transpose() + torque_d_slip, q, out.stiffness,
        out.damping);
  }
  addForceThroughRelativeAngular(system_, a, b, d,
                                 e.spin.sliding_d_omega - e.spread_damping.topRightCorner<3, 3>(),
                                 q, qdot, out.stiffness, out.damping);
  if (e.start_load_gain != 0.0) {
    // A capped F_n moves with W₀: ∂F_n/∂ḋ₀ = g·F₀ᵀ at the start load's points d₀ and
    // ∂F_n/∂ω = g·τ₀ᵀ for ω = ω(q₀, q̇), g = ¼h·∂F_n/∂W₀; friction and the torques proportional
    // to F_n follow. Both are linear in q̇ alone (q₀ is fixed): damping only, no stiffness (the
    // last term takes ∂ω/∂q̇ at q for q₀, an O(h) difference in a tangent).
    const double g = e.start_load_gain;
    const ContactHistory::Load& l = e.start_load;
    const AffineVec3 d0 = system_.pointOn(b, l.point_on_b) - system_.pointOn(a, l.point_on_a);
    const Eigen::VectorXd& q0 = *span.start_q;
    const Eigen::VectorXd at_rest = Eigen::VectorXd::Zero(qdot.size());
    Triplets unused;
    addBlocks(d, d0, -g * along * l.force.transpose(), out.damping);
    addForceThroughRelativeAngular(system_, a, b, d, g * along * l.torque.transpose(), q0, at_rest,
                                   unused, out.damping);
    addTorqueThroughSeparation(system_, a, b, d0, Mat3::Zero(),
                               g * torque_d_force * l.force.transpose(), q, unused, out.damping);
    addRelativeAngularTangents(system_, a, b, -g * torque_d_force * l.torque.transpose(), q, qdot,
                               unused, out.damping);
  }
}

void ContactForceSource::commitPatch(std::size_t i, std::size_t k, const Evaluation& e,
                                     const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                     const Pose& world_a, const Pose& world_b, const StepSpan& span,
                                     bool run_start, PairResult& result) {
  PairState& state = *states_[i];
  ContactHistory& h = *state.tracker.history(state.patches[k].id);
  result.ledger_work += chargePatch(i, k, e, q, qdot, world_a, world_b, span);
  // A contact present where the run starts (a block set down on a table, a stack) was loaded
  // before it: the energy its indentation stores is part of the start state, which its ledger
  // holds — with none, the first unloading by rounding was refused, the force dropped to zero and
  // the body fell into its support and rang (a coin set flat at its weight's 95 nm, 10 nm).
  if (run_start) h.absorbed_energy += storedEnergy(pairs_[i].law.normal, e.indentation);
  if (!std::isfinite(h.initial_indentation_rate))
    h.initial_indentation_rate = std::max(e.rate, 0.0);
  // Re-anchor where the force acts now, keeping the (possibly shortened) offset: the
  // offset then integrates the material slip at wherever the contact point is.
  const Vec3 on_a = state.point_a[k].value(q);
  h.stick_anchor_a = world_a.inverse().apply(on_a);
  h.stick_anchor_b = world_b.inverse().apply(on_a + e.friction.stick_offset);
  result.contacts.push_back(patchDiagnostics(i, k, e));
}

ContactDiagnostics ContactForceSource::patchDiagnostics(std::size_t i, std::size_t k,
                                                        const Evaluation& e) const {
  const ContactPatch& patch = states_[i]->patches[k];
  ContactDiagnostics diagnostics;
  diagnostics.body_a = pairs_[i].body_a;
  diagnostics.body_b = pairs_[i].body_b;
  diagnostics.patch = patch;
  diagnostics.patch.indentation = std::max(e.indentation, 0.0);
  diagnostics.indentation_rate = e.rate;
  diagnostics.normal_force = e.normal.value;
  diagnostics.friction_force = e.friction.force;
  diagnostics.rolling_torque = e.rolling.torque;
  diagnostics.spin_torque = patch.normal.dot(e.spin.torque);
  diagnostics.slip_velocity = e.slip;
  diagnostics.sticking = e.friction.sticking;
  return diagnostics;
}

ContactForceSource::StepSpan ContactForceSource::stepSpan(std::size_t i, const Eigen::VectorXd& q,
                                                          const Eigen::VectorXd& qdot,
                                                          double t) const {
  const PairState& state = *states_[i];
  const BodyIndex a = pairs_[i].body_a, b = pairs_[i].body_b;
  StepSpan span;
  span.after_commit = t > state.committed_time;
  span.length = span.after_commit ? t - state.committed_time : state.last_step;
  const Eigen::VectorXd& start_q = span.after_commit ? q_at_commit_ : q_at_previous_commit_;
  const Eigen::VectorXd& start_qdot =
      span.after_commit ? qdot_at_commit_ : qdot_at_previous_commit_;
  // Before the first commits the step starts from this very state.
  const bool started = start_qdot.size() == qdot.size();
  span.start_q = started ? &start_q : &q;
  span.start_qdot = started ? &start_qdot : &qdot;
  const auto omega_rel = [&](const Eigen::VectorXd& at, const Eigen::VectorXd& v) -> Vec3 {
    return system_.bodyAngularVelocity(b, at, v) - system_.bodyAngularVelocity(a, at, v);
  };
  span.omega_start = omega_rel(q, *span.start_qdot);
  span.omega_end = omega_rel(q, qdot);
  span.omega_end_at_start = omega_rel(*span.start_q, qdot);
  return span;
}

void ContactForceSource::evaluatePair(std::size_t i, const Eigen::VectorXd& q,
                                      const Eigen::VectorXd& qdot, double t, bool commit,
                                      bool with_forces, bool near,
                                      const std::vector<Pose>& world_poses, PairResult& result) {
  const ContactPairDefinition& pair = pairs_[i];
  PairState& state = *states_[i];
  const BodyIndex a = pair.body_a, b = pair.body_b;

  if (!near && state.committed && state.apart && state.patches.empty()) {
    // Apart at the last commit and, by the broad phase, over the whole step since: no query, no
    // sweep, no forces; only the bookkeeping a pair without contact keeps.
    ++result.timings.pairs_skipped;
    state.valid = false;
    if (!commit) {
      state.tried(t);
    } else {
      state.touching = false;
      state.commit(relativePose(world_poses[a], world_poses[b]), t);
    }
    return;
  }

  const bool once_per_step = options_.geometry_update == ContactGeometryUpdate::OncePerStep;
  const bool reuse = state.valid && state.time == t && (once_per_step || state.q == q);
  const Pose& world_a = world_poses[a];
  const Pose& world_b = world_poses[b];
  const Pose a_in_b = relativePose(world_a, world_b);
  if (!reuse && once_per_step && state.valid && state.committed && state.stillSince(a_in_b)) {
    // At rest since the geometry was found (kStillFraction): kept into this step, the patches'
    // identities taken afresh from the tracker the last commit updated, their pressure centres
    // moved with the turn since (B's relative to A is minus A's in B's frame).
    state.time = t;
    state.turn = -(world_b.rotation * state.turnOfA(a_in_b));
    state.succession = state.tracker.succession(state.patches);
    if (!commit) state.tried(t);
    ++result.timings.geometries_kept;
  } else if (!reuse) {
    updateGeometry(i, q, t, commit, near, world_a, world_b, result);
  }
  // The step these forces end (before a commit closes it): where the ledger counts from.
  const StepSpan span = stepSpan(i, q, qdot, t);
  if (!commit && span.after_commit) inheritLedgers(i, qdot, span);
  const double h = t - state.committed_time;
  if (!commit && state.committed && state.refinesRelease(h, options_.release_refinement)) {
    // Passivity across a contact's end (contact_passivity.h): the contacts that end in this
    // step, continued by none of its patches and parent of none, may not release more than
    // they absorbed. Checked at every trial, not only where the geometry was found: the work
    // of their committed start loads grows with the velocities the iteration arrives at (a
    // pinion's tooth let go at 1 ms steps was thrown from 177 to 1182 rad/s).
    const std::vector<int>& ids = state.succession.ids;
    const std::vector<const ContactHistory*>& parents = state.succession.parents;
    std::vector<EndingContact> ending;
    for (const ContactHistory& contact : state.tracker.live()) {
      if (std::find(ids.begin(), ids.end(), contact.id) != ids.end()) continue;
      if (std::find(parents.begin(), parents.end(), &contact) != parents.end()) continue;
      ending.push_back({contact.absorbed_energy, &contact.load, loadRate(i, contact.load, qdot)});
    }
    if (!ending.empty()) {
      const Vec3 omega =
          system_.bodyAngularVelocity(b, q, qdot) - system_.bodyAngularVelocity(a, q, qdot);
      for (EndingContact& contact : ending) contact.relative_angular_velocity = omega;
      rejectUnpaidRelease(ending, h, system_.lengthScale(), pairName(system_, pair));
    }
  }
  // The state a run starts from: its contacts hold the energy their indentation stores.
  const bool run_start = commit && !state.committed;
  if (commit) {
    result.ledger_work += chargeEndingContacts(i, qdot, span);
    state.commit(a_in_b, t);
  }

  ForceValues* out = nullptr;
  if (with_forces && !state.patches.empty()) {
    result.forces.reset(q.size());
    result.has_forces = true;
    out = &result.forces;
  }
  const auto start = WallClock::now();
  PairModes modes;  // the pair's patches ring together (sim/contact_mode.h)
  const SlipBand slip_band = slipBand(pair.law.friction);
  for (std::size_t k = 0; k < state.patches.size(); ++k) {
    const Evaluation e = evaluatePatch(i, k, q, qdot, span);
    if (out) addPatchForces(i, k, e, q, qdot, span, *out);
    if (out && out->with_tangents && slip_band.speed > 0.0 && e.normal.value > 0.0) {
      // The slip the law saw: with the spin's (patch_terms.h, patchFriction).
      const Vec3& n = state.patches[k].normal;
      const double r = state.spin_radius[k];
      result.slips.add(e.separation, n, e.slip + r * n.dot(span.omega_end) * n, slip_band);
      if (r > 0.0) result.slips.addSpin(system_, pair.body_a, pair.body_b, q, r);
    }
    if (out && out->with_modes) {
      modes.add(system_, pair.body_a, pair.body_b, e.separation, state.patches[k].normal,
                e.normal.d_indentation, q);
    }
    if (commit) commitPatch(i, k, e, q, qdot, world_a, world_b, span, run_start, result);
  }
  if (out && out->with_modes) out->fastest_mode = modes.frequency();
  result.timings.forces += secondsSince(start);
}

}  // namespace contactsim
