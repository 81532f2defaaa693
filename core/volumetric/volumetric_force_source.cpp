#include "volumetric/volumetric_force_source.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>

#include "sim/contact_passivity.h"

namespace contactsim::volumetric {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A point keeps its identity (its δ̇₀ of Hunt & Crossley 1975 and its stick anchor) from one step
// to the next when it moved less than this fraction of the model size and its normal turned by
// less than 30°: the points of a piece pair move with the intersection's centroid, a small
// distance per step, and sparsify() may merge them differently from step to step.
constexpr double kTrackingJumpFraction = 0.02;
const double kTrackingNormalCosine = std::cos(30.0 * 3.14159265358979323846 / 180.0);

Box3 piecesBox(const std::vector<ConvexPiece>& pieces) {
  Box3 box;
  for (const ConvexPiece& piece : pieces) box.extend(piece.bounds());
  return box;
}

}  // namespace

// A contact point as tracked across accepted steps.
struct TrackedPoint {
  int id = -1;
  Vec3 point = Vec3::Zero();  // world, at the commit
  Vec3 normal = Vec3::Zero();
  double initial_rate = 0.0;  // δ̇ when the contact began (Hunt–Crossley's δ̇₀)
  // The stick anchors of seed 004 eq. (3) as material points in the bodies' frames.
  Vec3 anchor_a = Vec3::Zero(), anchor_b = Vec3::Zero();
  // Its passivity ledger (sim/contact_passivity.h), kept as the patch source's ContactHistory keeps
  // it: the energy it has absorbed and its load at the last commit, and both before that (forces
  // evaluated at the committed state itself must be the ones its step used). A point that begins
  // starts with an empty ledger.
  double absorbed_energy = 0.0, absorbed_before = 0.0;
  ContactHistory::Load load, load_before;
};

struct VolumetricForceSource::PairState {
  std::vector<Box3> local_boxes_a, local_boxes_b;  // each piece's box in its body's frame
  SparsifyOptions sparsify;
  double match_distance = 0.0;
  // The contact geometry, computed once per step at its first trial state (as the patch source's
  // ContactGeometryUpdate::OncePerStep): the points, their material points on A and B, the
  // separation Δ₀ of those at the geometry's state, and the tracked point each continues.
  bool valid = false;
  double time = 0.0;
  std::vector<VolumetricContactPoint> points;
  std::vector<AffineVec3> point_a, point_b;
  std::vector<Vec3> separation;
  std::vector<int> continues;  // index into `live`, or -1: the contact begins in this step
  std::vector<TrackedPoint> live;
  int next_id = 0;
  // For the passivity ledger: whether a state was committed, its time and the step it ended, and
  // the longest step tried (rejectUnpaidRelease refines down to a fraction of it).
  bool committed = false;
  double committed_time = 0.0, last_step = 0.0, longest_step = 0.0;
};

std::shared_ptr<const std::vector<ConvexPiece>> piecesOfBody(const TriMesh& mesh,
                                                             const std::string& body,
                                                             std::vector<std::string>* warnings) {
  MeshPieces pieces = convexPiecesOfMesh(mesh, {}, body);
  if (warnings) warnings->insert(warnings->end(), pieces.warnings.begin(), pieces.warnings.end());
  return std::make_shared<const std::vector<ConvexPiece>>(std::move(pieces.pieces));
}

std::vector<VolumetricPairDefinition> volumetricPairs(
    const MultibodySystem& system, const std::vector<ContactPairDefinition>& pairs,
    std::vector<std::string>* warnings) {
  // Keyed by mesh: scenes share one mesh (and tree) between bodies made from the same file.
  std::map<const TriMesh*, std::shared_ptr<const std::vector<ConvexPiece>>> decomposed;
  const auto pieces = [&](const AabbTree& tree, BodyIndex body) {
    auto [it, added] = decomposed.try_emplace(&tree.mesh());
    if (added) it->second = piecesOfBody(tree.mesh(), system.bodies()[body].name, warnings);
    return it->second;
  };
  std::vector<VolumetricPairDefinition> out;
  for (const ContactPairDefinition& pair : pairs) {
    VolumetricPairDefinition v;
    v.body_a = pair.body_a;
    v.body_b = pair.body_b;
    v.pieces_a = pieces(*pair.tree_a, pair.body_a);
    v.pieces_b = pieces(*pair.tree_b, pair.body_b);
    v.law = pair.law;
    out.push_back(std::move(v));
  }
  return out;
}

VolumetricForceSource::VolumetricForceSource(const MultibodySystem& system,
                                             std::vector<VolumetricPairDefinition> pairs,
                                             VolumetricSourceOptions options)
    : system_(system), pairs_(std::move(pairs)), options_(options) {
  const auto body_count = static_cast<BodyIndex>(system_.bodies().size());
  for (const VolumetricPairDefinition& pair : pairs_) {
    const auto valid = [&](BodyIndex b) { return b >= 0 && b < body_count; };
    if (!valid(pair.body_a) || !valid(pair.body_b) || pair.body_a == pair.body_b) {
      throw std::invalid_argument("volumetric contact pair: bad body indices " +
                                  std::to_string(pair.body_a) + ", " + std::to_string(pair.body_b));
    }
    if (!pair.pieces_a || !pair.pieces_b || pair.pieces_a->empty() || pair.pieces_b->empty()) {
      throw std::invalid_argument("volumetric contact pair '" + system_.bodies()[pair.body_a].name +
                                  "'–'" + system_.bodies()[pair.body_b].name +
                                  "': a body has no convex piece");
    }
    auto state = std::make_unique<PairState>();
    for (const ConvexPiece& piece : *pair.pieces_a) state->local_boxes_a.push_back(piece.bounds());
    for (const ConvexPiece& piece : *pair.pieces_b) state->local_boxes_b.push_back(piece.bounds());
    // The model size L of sparsify's defaults: the larger body's extent (its pieces' box).
    const double size = std::max(piecesBox(*pair.pieces_a).diagonal().norm(),
                                 piecesBox(*pair.pieces_b).diagonal().norm());
    state->sparsify = options_.sparsify ? *options_.sparsify : SparsifyOptions::forModelSize(size);
    // But no minimum area by default: a stiff contact's area is microscopic (steel ball of 0.1 m
    // on a plate at rest: δ ≈ 1 µm, area πRδ ≈ 3e-7 m², under 1e-6·L² for L = 1.4 m), so the
    // relative threshold dropped the one point carrying the ball and it chattered on the plate.
    if (!options_.sparsify) state->sparsify.min_area = 0.0;
    if (options_.min_area) state->sparsify.min_area = *options_.min_area;
    if (options_.min_distance) state->sparsify.min_distance = *options_.min_distance;
    if (options_.min_normal_cosine) state->sparsify.min_normal_cosine = *options_.min_normal_cosine;
    state->match_distance = std::max(kTrackingJumpFraction * size, state->sparsify.min_distance);
    states_.push_back(std::move(state));
  }
  // The broad phase's body boxes: each body's pieces' box in its frame (a body in many pairs has
  // the same pieces in each, volumetricPairs decomposes a mesh once).
  body_boxes_.assign(system_.bodies().size(), Box3());
  std::vector<std::pair<int, int>> body_pairs;
  for (const VolumetricPairDefinition& pair : pairs_) {
    body_boxes_[static_cast<std::size_t>(pair.body_a)].extend(piecesBox(*pair.pieces_a));
    body_boxes_[static_cast<std::size_t>(pair.body_b)].extend(piecesBox(*pair.pieces_b));
    body_pairs.emplace_back(pair.body_a, pair.body_b);
  }
  broad_phase_ = BroadPhasePairFilter(std::move(body_pairs));
}

VolumetricForceSource::~VolumetricForceSource() = default;

void VolumetricForceSource::addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                      double t, ForceValues& out) {
  evaluate(q, qdot, t, false, &out);
}

void VolumetricForceSource::acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                       double t) {
  evaluate(q, qdot, t, true, nullptr);
}

void VolumetricForceSource::updateGeometry(std::size_t i, const Eigen::VectorXd& q, double t) {
  const auto start = Clock::now();
  const VolumetricPairDefinition& pair = pairs_[i];
  PairState& state = *states_[i];
  const BodyIndex a = pair.body_a, b = pair.body_b;
  const Pose world_a = system_.bodyPose(a, q), world_b = system_.bodyPose(b, q);

  // Test the piece pairs by world boxes first — each the box of its body-frame box's eight
  // corners, conservative and cheap — and pose a piece only when some pair needs it: posing a
  // finely tessellated hull (a 2562-vertex ball) every step was most of a bouncing ball's time.
  const auto worldBoxes = [](const std::vector<Box3>& local, const Pose& pose) {
    std::vector<Box3> boxes;
    for (const Box3& box : local) {
      Box3 world;
      for (int corner = 0; corner < 8; ++corner)
        world.extend(pose.apply(box.corner(static_cast<Box3::CornerType>(corner))));
      boxes.push_back(world);
    }
    return boxes;
  };
  const std::vector<Box3> boxes_a = worldBoxes(state.local_boxes_a, world_a);
  const std::vector<Box3> boxes_b = worldBoxes(state.local_boxes_b, world_b);
  std::vector<std::optional<ConvexPiece>> posed_a(boxes_a.size()), posed_b(boxes_b.size());
  std::vector<VolumetricContactPoint> points;
  for (std::size_t j = 0; j < boxes_a.size(); ++j) {
    for (std::size_t k = 0; k < boxes_b.size(); ++k) {
      if (!boxes_a[j].intersects(boxes_b[k])) continue;
      if (!posed_a[j]) posed_a[j] = posed((*pair.pieces_a)[j], world_a);
      if (!posed_b[k]) posed_b[k] = posed((*pair.pieces_b)[k], world_b);
      ++statistics_.piece_pairs_tested;
      for (VolumetricContactPoint& p :
           volumetricContacts(*posed_a[j], *posed_b[k], options_.contact))
        points.push_back(std::move(p));
    }
  }
  statistics_.points_before += static_cast<long>(points.size());
  state.points = sparsify(std::move(points), state.sparsify);
  statistics_.points_after += static_cast<long>(state.points.size());
  ++statistics_.geometry_evaluations;

  // Each point as a material point of both bodies: the force acts there, and within the step
  // δ(q) = δ₀ − n·(Δ(q) − Δ₀) is linearised through their separation Δ, as in the patch source.
  const Pose into_a = world_a.inverse(), into_b = world_b.inverse();
  state.point_a.clear();
  state.point_b.clear();
  state.separation.clear();
  state.continues.assign(state.points.size(), -1);
  std::vector<bool> taken(state.live.size(), false);
  for (std::size_t k = 0; k < state.points.size(); ++k) {
    const VolumetricContactPoint& p = state.points[k];
    state.point_a.push_back(system_.pointOn(a, into_a.apply(p.point)));
    state.point_b.push_back(system_.pointOn(b, into_b.apply(p.point)));
    state.separation.push_back(state.point_b.back().value(q) - state.point_a.back().value(q));
    // The nearest untaken tracked point with a close normal (points come largest area first,
    // so the main contacts choose first).
    double best = state.match_distance;
    for (std::size_t m = 0; m < state.live.size(); ++m) {
      if (taken[m] || state.live[m].normal.dot(p.normal) < kTrackingNormalCosine) continue;
      const double distance = (state.live[m].point - p.point).norm();
      if (distance <= best) {
        best = distance;
        state.continues[k] = static_cast<int>(m);
      }
    }
    if (state.continues[k] >= 0) taken[static_cast<std::size_t>(state.continues[k])] = true;
  }
  state.valid = true;
  state.time = t;
  statistics_.geometry_seconds += secondsSince(start);
}

void VolumetricForceSource::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                     double t, bool commit, ForceValues* out) {
  if (commit) contacts_.clear();
  // Broad phase (core/collision/broad_phase.h): the bodies' world boxes at q, from the eight
  // corners of their pieces' box; a pair whose boxes are apart has no overlapping piece boxes,
  // so updateGeometry would find no point.
  const auto broad_start = Clock::now();
  std::vector<Box3> world_boxes(body_boxes_.size());
  for (std::size_t body = 0; body < body_boxes_.size(); ++body) {
    if (body_boxes_[body].isEmpty()) continue;
    const Pose pose = system_.bodyPose(static_cast<BodyIndex>(body), q);
    for (int corner = 0; corner < 8; ++corner)
      world_boxes[body].extend(
          pose.apply(body_boxes_[body].corner(static_cast<Box3::CornerType>(corner))));
  }
  const std::vector<char> near = broad_phase_.select(world_boxes);
  statistics_.broad_phase_seconds += secondsSince(broad_start);

  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    PairState& state = *states_[i];
    const VolumetricPairDefinition& pair = pairs_[i];
    const BodyIndex a = pair.body_a, b = pair.body_b;
    const bool new_geometry = !state.valid || state.time != t;
    if (state.live.empty() && (new_geometry ? !near[i] : state.points.empty())) {
      // Nothing in contact now nor at the last commit: only the bookkeeping the loop below does
      // for a pair without points (the step's length, the commit).
      ++statistics_.pair_evaluations_skipped;
      if (new_geometry) {
        state.points.clear();
        state.point_a.clear();
        state.point_b.clear();
        state.separation.clear();
        state.continues.clear();
        state.valid = true;
        state.time = t;
        if (!commit) state.longest_step = std::max(state.longest_step, t - state.committed_time);
      }
      if (commit) {
        state.committed = true;
        state.last_step = t - state.committed_time;
        state.committed_time = t;
        state.continues.clear();
      }
      continue;
    }
    if (new_geometry) updateGeometry(i, q, t);
    const auto start = Clock::now();
    const Pose world_a = system_.bodyPose(a, q), world_b = system_.bodyPose(b, q);
    const Vec3 omega_rel =
        system_.bodyAngularVelocity(b, q, qdot) - system_.bodyAngularVelocity(a, q, qdot);
    if (new_geometry && !commit) {
      // A step's first trial state. The first trial of the first step sets the scale too.
      const double h = t - state.committed_time;
      state.longest_step = std::max(state.longest_step, h);
      if (state.committed && h > state.longest_step / kReleaseRefinement) {
        // Passivity across a contact's end (contact_passivity.h): the points that no point of
        // this step continues may not release more than they absorbed.
        std::vector<bool> continued(state.live.size(), false);
        for (const int m : state.continues) {
          if (m >= 0) continued[static_cast<std::size_t>(m)] = true;
        }
        std::vector<EndingContact> ending;
        for (std::size_t m = 0; m < state.live.size(); ++m) {
          if (continued[m]) continue;
          const ContactHistory::Load& l = state.live[m].load;
          const AffineVec3 d = system_.pointOn(b, l.point_on_b) - system_.pointOn(a, l.point_on_a);
          ending.push_back({state.live[m].absorbed_energy, &l, d.rate(qdot), omega_rel});
        }
        if (!ending.empty()) {
          rejectUnpaidRelease(ending, h,
                              "volumetric contact '" + system_.bodies()[a].name + "'–'" +
                                  system_.bodies()[b].name + "'");
        }
      }
    }
    // The step these forces end: the ledger counts from its start. At the committed state itself
    // the step that led there applies, with the ledgers and loads from before it.
    const bool after_commit = t > state.committed_time;
    const double step = after_commit ? t - state.committed_time : state.last_step;
    std::vector<TrackedPoint> next_live;
    for (std::size_t k = 0; k < state.points.size(); ++k) {
      const VolumetricContactPoint& p = state.points[k];
      const TrackedPoint* history = state.continues[k] >= 0
                                        ? &state.live[static_cast<std::size_t>(state.continues[k])]
                                        : nullptr;
      const Vec3& n = p.normal;
      const Mat3 tangent_projector = Mat3::Identity() - n * n.transpose();
      const AffineVec3 d = state.point_b[k] - state.point_a[k];

      // δ = −gap at the point (Solfec's gap is ≤ 0 in penetration; Koziara & Bićanić 2008 §2),
      // linearised within the step; δ̇ = −n·(v_B − v_A) of the two material points, exactly the
      // rate of that δ.
      const double indentation = -p.gap - n.dot(d.value(q) - state.separation[k]);
      const Vec3 v_rel = d.rate(qdot);
      const double rate = -n.dot(v_rel);
      const double initial_rate = history ? history->initial_rate : std::max(rate, 0.0);
      NormalForce normal = contactsim::evaluate(pair.law.normal, {indentation, rate, initial_rate});
      // A point that begins in this step delivered nothing at its start and has nothing to give.
      const ContactHistory::Load load =
          !history ? ContactHistory::Load{} : (after_commit ? history->load : history->load_before);
      const double budget = !history       ? 0.0
                            : after_commit ? history->absorbed_energy
                                           : history->absorbed_before;
      // The start load counted at this point's material points (a point's own stay put).
      const double start_rate = n.dot(load.relative_velocity), start_force = n.dot(load.force);
      const double d_start_work = capByLedger(
          normal, rate, start_rate, budget, 0.25 * step * start_force * (start_rate - rate), step);
      normal.d_rate += d_start_work * (-0.25 * step * start_force);  // ∂W₀/∂δ̇

      // Friction exactly as the patch source feeds it (seed 004 eq. 2–5): the stick offset is
      // the tangential separation of the two material anchors; without anchors the contact is
      // anchored where its force acts now.
      AffineVec3 anchor_gap = d;
      Vec3 offset = Vec3::Zero();
      if (history) {
        anchor_gap = system_.pointOn(b, history->anchor_b) - system_.pointOn(a, history->anchor_a);
        offset = tangent_projector * anchor_gap.value(q);
      }
      FrictionInput friction_input;
      friction_input.slip_velocity = tangent_projector * v_rel;
      friction_input.normal_force = normal.value;
      friction_input.normal_stiffness = normal.d_indentation;
      friction_input.normal_damping = normal.d_rate;
      friction_input.stick_offset = offset;
      FrictionForce friction = contactsim::evaluate(pair.law.friction, friction_input);
      friction.force = tangent_projector * friction.force;
      const Vec3 force = normal.value * n + friction.force;

      if (out) {
        d.addTransposed(force, out->q_force);
        // K = −∂Q/∂q, C = −∂Q/∂q̇ with n and the material points frozen over the step (their
        // motion is second order), the same tangent as the patch source's
        // (docs/dynamics.md, "Forces"): Q = (∂d/∂q)ᵀF, ∂δ/∂q = −nᵀ∂d/∂q, ∂δ̇/∂q̇ = −nᵀ∂d/∂q.
        const Vec3 along =
            n + (normal.value > 0.0 ? Vec3(friction.force / normal.value) : Vec3::Zero());
        addBlocks(d, d, normal.d_indentation * along * n.transpose(), out->stiffness);
        addBlocks(d, anchor_gap, -(friction.d_offset * tangent_projector), out->stiffness);
        addBlocks(d, d,
                  normal.d_rate * along * n.transpose() - friction.d_velocity * tangent_projector,
                  out->damping);
      }

      if (commit) {
        TrackedPoint tracked;
        tracked.id = history ? history->id : state.next_id++;
        tracked.point = p.point;
        tracked.normal = n;
        tracked.initial_rate = history ? history->initial_rate : std::max(rate, 0.0);
        // Re-anchored where the force acts now, keeping the (possibly shortened) offset, as the
        // patch source does: the offset integrates the material slip at the moving point.
        const Vec3 on_a = state.point_a[k].value(q);
        tracked.anchor_a = world_a.inverse().apply(on_a);
        tracked.anchor_b = world_b.inverse().apply(on_a + friction.stick_offset);
        // The ledger over the step just taken, as the trapezoidal rule does the work (a point
        // born in this step had no force at its start); no torque acts at a point.
        tracked.load_before = history ? history->load : ContactHistory::Load{};
        tracked.absorbed_before = history ? history->absorbed_energy : 0.0;
        const ContactHistory::Load& start = tracked.load_before;
        const double step_length = t - state.committed_time;
        tracked.absorbed_energy =
            tracked.absorbed_before -
            halfStepWork(start.force, start.torque, start.relative_velocity, v_rel,
                         start.relative_angular_velocity, omega_rel, step_length) -
            halfStepWork(force, Vec3::Zero(), start.relative_velocity, v_rel,
                         start.relative_angular_velocity, omega_rel, step_length);
        tracked.load.force = force;
        tracked.load.relative_velocity = v_rel;
        tracked.load.relative_angular_velocity = omega_rel;
        tracked.load.point_on_a = world_a.inverse().apply(on_a);
        tracked.load.point_on_b = world_b.inverse().apply(state.point_b[k].value(q));
        next_live.push_back(tracked);

        ContactDiagnostics diagnostics;
        diagnostics.body_a = a;
        diagnostics.body_b = b;
        diagnostics.patch.id = tracked.id;
        diagnostics.patch.centroid = p.point;
        diagnostics.patch.pressure_centre = p.point;
        diagnostics.patch.normal = n;
        diagnostics.patch.indentation = std::max(indentation, 0.0);
        diagnostics.patch.area = p.area;
        diagnostics.indentation_rate = rate;
        diagnostics.normal_force = normal.value;
        diagnostics.friction_force = friction.force;
        diagnostics.slip_velocity = friction_input.slip_velocity;
        diagnostics.sticking = friction.sticking;
        // Copied at the commit only, for the viewer: the geometry of the step's first trial state,
        // as the point is.
        diagnostics.intersection_surface_world = p.intersection_surface;
        diagnostics.intersection_volume = p.volume;
        diagnostics.piece_a = p.piece_a;
        diagnostics.piece_b = p.piece_b;
        contacts_.push_back(std::move(diagnostics));
      }
    }
    if (commit) {
      state.committed = true;
      state.last_step = t - state.committed_time;
      state.committed_time = t;
      state.live = std::move(next_live);
      // The geometry stays valid for the committed state's own time only; the next step's first
      // trial recomputes it and matches against the live points just stored.
      state.continues.assign(state.points.size(), -1);
      for (std::size_t k = 0; k < state.live.size(); ++k) state.continues[k] = static_cast<int>(k);
    }
    statistics_.force_seconds += secondsSince(start);
  }
}

VolumetricSourceFactory volumetricSourceFactory(VolumetricSourceOptions options) {
  return [options](const Scene& scene, const MultibodySystem& system,
                   std::vector<ContactPairDefinition> pairs) {
    VolumetricSourceOptions with_scene = options;
    if (scene.contact) {
      const SceneContact::Sparsify& sp = scene.contact->sparsify;
      if (sp.min_area) with_scene.min_area = *sp.min_area;
      if (sp.min_distance) with_scene.min_distance = *sp.min_distance;
      if (sp.max_normal_angle)
        with_scene.min_normal_cosine =
            std::cos(*sp.max_normal_angle * 3.14159265358979323846 / 180.0);
    }
    std::vector<std::string> warnings;
    std::vector<VolumetricPairDefinition> volumetric = volumetricPairs(system, pairs, &warnings);
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    return std::make_shared<VolumetricForceSource>(system, std::move(volumetric), with_scene);
  };
}

}  // namespace contactsim::volumetric
