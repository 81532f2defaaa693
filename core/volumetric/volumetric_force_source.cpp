#include "volumetric/volumetric_force_source.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>

#include "geometry/wall_clock.h"
#include "sim/contact_mode.h"
#include "sim/contact_passivity.h"

namespace contactsim::volumetric {
namespace {

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

// A body-frame box posed by `pose`, as the world box of its eight corners: conservative and cheap.
Box3 worldBox(const Box3& local, const Pose& pose) {
  Box3 world;
  for (int corner = 0; corner < 8; ++corner)
    world.extend(pose.apply(local.corner(static_cast<Box3::CornerType>(corner))));
  return world;
}

}  // namespace

// A contact point as tracked across accepted steps.
struct TrackedPoint {
  int id = -1;
  Vec3 point = Vec3::Zero();  // world, at the commit
  Vec3 normal = Vec3::Zero();
  double initial_rate = 0.0;  // δ̇ when the contact began (Hunt–Crossley's δ̇₀)
  // The stick anchors of F_stick (Dopico et al. eq. 2) as material points in the bodies' frames.
  Vec3 anchor_a = Vec3::Zero(), anchor_b = Vec3::Zero();
  // Its passivity ledger (sim/contact_passivity.h), kept as the patch source's ContactHistory keeps
  // it: the energy it has absorbed and its load at the last commit, and both before that (forces
  // evaluated at the committed state itself must be the ones its step used). A point that begins
  // starts with an empty ledger.
  double absorbed_energy = 0.0, absorbed_before = 0.0;
  ContactHistory::Load load, load_before;
};

namespace {

// The step that forces at a trial state end, as the ledger counts it: from the last commit, or,
// at the committed state itself, the step that led there (with the ledgers and loads from before
// it, so that forces evaluated there are the ones that step used).
struct LedgerStep {
  bool after_commit = true;
  double length = 0.0;
  double ramp_width = 0.0;  // of an exhausted ledger's cap (capByLedger)
};

// One point's force on B at a trial state, with what its tangents, its tracking and its
// diagnostics take from the way there.
struct PointForce {
  Vec3 n = Vec3::Zero();  // the point's normal, from A into B
  Mat3 tangent_projector = Mat3::Zero();
  AffineVec3 d;           // B's material point minus A's: where the force acts
  AffineVec3 anchor_gap;  // the stick anchors' separation (d while the point has no anchors)
  double indentation = 0.0, rate = 0.0;  // δ and δ̇
  Vec3 v_rel = Vec3::Zero();             // B's velocity relative to A at the point
  Vec3 slip_velocity = Vec3::Zero();     // its tangential part
  NormalForce normal;
  bool capped = false;           // the point's ledger lowered the law's force (capByLedger)
  bool steep = false;            // and it would at once where the point unloads (LedgerCap::steep)
  double separation_rate = 0.0;  // s₀ + s of the ledger's cap
  FrictionForce friction;
  Vec3 force = Vec3::Zero();
};

// The pair's normal law at δ and δ̇ (Hunt–Crossley's δ̇₀ kept from the point's first step), capped
// by the point's ledger (contact_passivity.h) with the start load counted at this point's material
// points (a point's own stay put). A point that begins in this step (no history) delivered
// nothing at its start and has nothing to give.
NormalForce cappedNormalForce(const NormalLaw& law, const Vec3& n, double indentation, double rate,
                              const TrackedPoint* history, const LedgerStep& step, PointForce& f) {
  const double initial_rate = history ? history->initial_rate : std::max(rate, 0.0);
  NormalForce normal = contactsim::evaluate(law, {indentation, rate, initial_rate});
  const ContactHistory::Load load = !history            ? ContactHistory::Load{}
                                    : step.after_commit ? history->load
                                                        : history->load_before;
  const double budget = !history            ? 0.0
                        : step.after_commit ? history->absorbed_energy
                                            : history->absorbed_before;
  const double start_rate = n.dot(load.relative_velocity), start_force = n.dot(load.force);
  const LedgerCap cap = capByLedger(normal, rate, start_rate, budget,
                                    0.25 * step.length * start_force * (start_rate - rate),
                                    step.length, step.ramp_width);
  normal.d_rate += cap.d_start_work * (-0.25 * step.length * start_force);  // ∂W₀/∂δ̇
  f.capped = cap.capped;
  f.steep = cap.steep;
  f.separation_rate = start_rate - rate;
  return normal;
}

// Friction exactly as the patch source feeds it (Dopico et al. eq. 2–5), the stick offset the
// tangential separation of the two material anchors, and the force kept in the tangent plane.
FrictionForce tangentialFriction(const FrictionModel& model, const Mat3& tangent_projector,
                                 const Vec3& slip_velocity, const NormalForce& normal,
                                 const Vec3& stick_offset, double tangential_inverse_mass) {
  FrictionInput input;
  input.slip_velocity = slip_velocity;
  input.normal_force = normal.value;
  input.normal_stiffness = normal.d_indentation;
  input.tangential_inverse_mass = tangential_inverse_mass;
  input.stick_offset = stick_offset;
  FrictionForce friction = contactsim::evaluate(model, input);
  friction.force = tangent_projector * friction.force;
  return friction;
}

// Q = (∂d/∂q)ᵀF and its tangents K = −∂Q/∂q, C = −∂Q/∂q̇ with n and the material points frozen
// over the step (their motion is second order), the same tangent as the patch source's
// (docs/dynamics.md, "Forces"): ∂δ/∂q = −nᵀ∂d/∂q, ∂δ̇/∂q̇ = −nᵀ∂d/∂q.
void addPointForce(const PointForce& f, ForceValues& out) {
  f.d.addTransposed(f.force, out.q_force);
  out.ledger_caps += f.capped ? 1 : 0;
  const Vec3 along =
      f.n + (f.normal.value > 0.0 ? Vec3(f.friction.force / f.normal.value) : Vec3::Zero());
  addBlocks(f.d, f.d, f.normal.d_indentation * along * f.n.transpose(), out.stiffness);
  addBlocks(f.d, f.anchor_gap, -(f.friction.d_offset * f.tangent_projector), out.stiffness);
  addBlocks(f.d, f.d,
            f.normal.d_rate * along * f.n.transpose() - f.friction.d_velocity * f.tangent_projector,
            out.damping);
}

// The point as the next step continues it: its identity, its δ̇₀ and its stick anchors,
// re-anchored where the force acts now keeping the (possibly shortened) offset, as the patch
// source does: the offset integrates the material slip at the moving point.
TrackedPoint trackedPoint(const VolumetricContactPoint& p, const PointForce& f,
                          const TrackedPoint* history, int& next_id, const Vec3& on_a,
                          const Pose& world_a, const Pose& world_b) {
  TrackedPoint tracked;
  tracked.id = history ? history->id : next_id++;
  tracked.point = p.point;
  tracked.normal = p.normal;
  tracked.initial_rate = history ? history->initial_rate : std::max(f.rate, 0.0);
  tracked.anchor_a = world_a.inverse().apply(on_a);
  tracked.anchor_b = world_b.inverse().apply(on_a + f.friction.stick_offset);
  return tracked;
}

// The point's ledger over the step just taken (of length h), as the trapezoidal rule does the
// work (a point born in this step had no force at its start), and its load now, at its material
// points `on_a` and `on_b`; no torque acts at a point.
void chargeLedger(TrackedPoint& tracked, const TrackedPoint* history, const PointForce& f,
                  const Vec3& omega_rel, double h, const Vec3& on_a, const Vec3& on_b,
                  const Pose& world_a, const Pose& world_b) {
  tracked.load_before = history ? history->load : ContactHistory::Load{};
  tracked.absorbed_before = history ? history->absorbed_energy : 0.0;
  const ContactHistory::Load& start = tracked.load_before;
  tracked.absorbed_energy = tracked.absorbed_before -
                            halfStepWork(start.force, start.torque, start.relative_velocity,
                                         f.v_rel, start.relative_angular_velocity, omega_rel, h) -
                            halfStepWork(f.force, Vec3::Zero(), start.relative_velocity, f.v_rel,
                                         start.relative_angular_velocity, omega_rel, h);
  tracked.load.force = f.force;
  tracked.load.relative_velocity = f.v_rel;
  tracked.load.relative_angular_velocity = omega_rel;
  tracked.load.point_on_a = world_a.inverse().apply(on_a);
  tracked.load.point_on_b = world_b.inverse().apply(on_b);
}

// A committed point as the viewer and the CSVs see it. The intersection's surface, volume and
// pieces are the geometry of the step's first trial state, as the point is.
ContactDiagnostics pointDiagnostics(BodyIndex a, BodyIndex b, int id,
                                    const VolumetricContactPoint& p, const PointForce& f) {
  ContactDiagnostics diagnostics;
  diagnostics.body_a = a;
  diagnostics.body_b = b;
  diagnostics.patch.id = id;
  diagnostics.patch.centroid = p.point;
  diagnostics.patch.pressure_centre = p.point;
  diagnostics.patch.normal = p.normal;
  diagnostics.patch.indentation = std::max(f.indentation, 0.0);
  diagnostics.patch.area = p.area;
  diagnostics.indentation_rate = f.rate;
  diagnostics.normal_force = f.normal.value;
  diagnostics.friction_force = f.friction.force;
  diagnostics.slip_velocity = f.slip_velocity;
  diagnostics.sticking = f.friction.sticking;
  diagnostics.intersection_surface_world = p.intersection_surface;
  diagnostics.intersection_volume = p.volume;
  diagnostics.piece_a = p.piece_a;
  diagnostics.piece_b = p.piece_b;
  return diagnostics;
}

}  // namespace

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

  // The tracked point that point k continues; null when it begins in this step.
  const TrackedPoint* history(std::size_t k) const {
    return continues[k] >= 0 ? &live[static_cast<std::size_t>(continues[k])] : nullptr;
  }
  // The points as material points of A and B (the force acts there, and within the step
  // δ(q) = δ₀ − n·(Δ(q) − Δ₀) is linearised through their separation Δ, as in the patch source).
  void placePoints(const MultibodySystem& system, const VolumetricPairDefinition& pair,
                   const Pose& world_a, const Pose& world_b, const Eigen::VectorXd& q);
  // Each point's tracked point: the nearest untaken one with a close normal (points come largest
  // area first, so the main contacts choose first).
  void matchTracked();
  // The geometry at time t has no point.
  void clearGeometry(double t);
  // Point k's force at (q, q̇).
  PointForce force(std::size_t k, const MultibodySystem& system,
                   const VolumetricPairDefinition& pair, const Eigen::VectorXd& q,
                   const Eigen::VectorXd& qdot, const LedgerStep& step) const;
  // Passivity across a contact's end (contact_passivity.h): the live points that no point of a
  // trial step of length h continues may not release more than they absorbed.
  void rejectUnpaidEnding(const MultibodySystem& system, const VolumetricPairDefinition& pair,
                          const Eigen::VectorXd& qdot, const Vec3& omega_rel, double h) const;
  // The state at time t accepted with `next_live` its points. The geometry stays valid for the
  // committed state's own time only; the next step's first trial recomputes it and matches
  // against the live points just stored.
  void commit(double t, std::vector<TrackedPoint> next_live);
};

void VolumetricForceSource::PairState::placePoints(const MultibodySystem& system,
                                                   const VolumetricPairDefinition& pair,
                                                   const Pose& world_a, const Pose& world_b,
                                                   const Eigen::VectorXd& q) {
  const Pose into_a = world_a.inverse(), into_b = world_b.inverse();
  point_a.clear();
  point_b.clear();
  separation.clear();
  for (const VolumetricContactPoint& p : points) {
    point_a.push_back(system.pointOn(pair.body_a, into_a.apply(p.point)));
    point_b.push_back(system.pointOn(pair.body_b, into_b.apply(p.point)));
    separation.push_back(point_b.back().value(q) - point_a.back().value(q));
  }
}

void VolumetricForceSource::PairState::matchTracked() {
  continues.assign(points.size(), -1);
  std::vector<bool> taken(live.size(), false);
  for (std::size_t k = 0; k < points.size(); ++k) {
    const VolumetricContactPoint& p = points[k];
    double best = match_distance;
    for (std::size_t m = 0; m < live.size(); ++m) {
      if (taken[m] || live[m].normal.dot(p.normal) < kTrackingNormalCosine) continue;
      const double distance = (live[m].point - p.point).norm();
      if (distance <= best) {
        best = distance;
        continues[k] = static_cast<int>(m);
      }
    }
    if (continues[k] >= 0) taken[static_cast<std::size_t>(continues[k])] = true;
  }
}

void VolumetricForceSource::PairState::clearGeometry(double t) {
  points.clear();
  point_a.clear();
  point_b.clear();
  separation.clear();
  continues.clear();
  valid = true;
  time = t;
}

PointForce VolumetricForceSource::PairState::force(std::size_t k, const MultibodySystem& system,
                                                   const VolumetricPairDefinition& pair,
                                                   const Eigen::VectorXd& q,
                                                   const Eigen::VectorXd& qdot,
                                                   const LedgerStep& step) const {
  const VolumetricContactPoint& p = points[k];
  const TrackedPoint* tracked = history(k);
  PointForce f;
  f.n = p.normal;
  f.tangent_projector = Mat3::Identity() - f.n * f.n.transpose();
  f.d = point_b[k] - point_a[k];
  // δ = −gap at the point (Solfec's gap is ≤ 0 in penetration; Koziara & Bićanić 2008 §2),
  // linearised within the step; δ̇ = −n·(v_B − v_A) of the two material points, exactly the
  // rate of that δ.
  f.indentation = -p.gap - f.n.dot(f.d.value(q) - separation[k]);
  f.v_rel = f.d.rate(qdot);
  f.rate = -f.n.dot(f.v_rel);
  f.normal = cappedNormalForce(pair.law.normal, f.n, f.indentation, f.rate, tracked, step, f);
  // Without anchors the contact is anchored where its force acts now.
  f.anchor_gap = f.d;
  Vec3 offset = Vec3::Zero();
  if (tracked) {
    f.anchor_gap = system.pointOn(pair.body_b, tracked->anchor_b) -
                   system.pointOn(pair.body_a, tracked->anchor_a);
    offset = f.tangent_projector * f.anchor_gap.value(q);
  }
  f.slip_velocity = f.tangent_projector * f.v_rel;
  const double tangential_inverse_mass = frictionInverseMass(
      pair.law.friction, system, pair.body_a, pair.body_b, f.d, f.n, points.size(), q);
  f.friction = tangentialFriction(pair.law.friction, f.tangent_projector, f.slip_velocity, f.normal,
                                  offset, tangential_inverse_mass);
  f.force = f.normal.value * f.n + f.friction.force;
  return f;
}

void VolumetricForceSource::PairState::rejectUnpaidEnding(const MultibodySystem& system,
                                                          const VolumetricPairDefinition& pair,
                                                          const Eigen::VectorXd& qdot,
                                                          const Vec3& omega_rel, double h) const {
  std::vector<bool> continued(live.size(), false);
  for (const int m : continues) {
    if (m >= 0) continued[static_cast<std::size_t>(m)] = true;
  }
  std::vector<EndingContact> ending;
  for (std::size_t m = 0; m < live.size(); ++m) {
    if (continued[m]) continue;
    const ContactHistory::Load& l = live[m].load;
    const AffineVec3 d =
        system.pointOn(pair.body_b, l.point_on_b) - system.pointOn(pair.body_a, l.point_on_a);
    ending.push_back({live[m].absorbed_energy, &l, d.rate(qdot), omega_rel});
  }
  if (ending.empty()) return;
  rejectUnpaidRelease(ending, h, system.lengthScale(),
                      "volumetric contact '" + system.bodies()[pair.body_a].name + "'–'" +
                          system.bodies()[pair.body_b].name + "'");
}

void VolumetricForceSource::PairState::commit(double t, std::vector<TrackedPoint> next_live) {
  committed = true;
  last_step = t - committed_time;
  committed_time = t;
  live = std::move(next_live);
  continues.assign(points.size(), -1);
  for (std::size_t k = 0; k < live.size(); ++k) continues[k] = static_cast<int>(k);
}

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
  const auto start = WallClock::now();
  const VolumetricPairDefinition& pair = pairs_[i];
  PairState& state = *states_[i];
  const Pose& world_a = world_poses_[static_cast<std::size_t>(pair.body_a)];
  const Pose& world_b = world_poses_[static_cast<std::size_t>(pair.body_b)];

  // Test the piece pairs by world boxes first — each the box of its body-frame box's eight
  // corners, conservative and cheap — and pose a piece only when some pair needs it: posing a
  // finely tessellated hull (a 2562-vertex ball) every step was most of a bouncing ball's time.
  const auto worldBoxes = [](const std::vector<Box3>& local, const Pose& pose) {
    std::vector<Box3> boxes;
    for (const Box3& box : local) boxes.push_back(worldBox(box, pose));
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

  state.placePoints(system_, pair, world_a, world_b, q);
  state.matchTracked();
  state.valid = true;
  state.time = t;
  statistics_.geometry_seconds += secondsSince(start);
}

void VolumetricForceSource::poseBodies(const Eigen::VectorXd& q) {
  world_poses_.resize(body_boxes_.size());
  for (std::size_t body = 0; body < body_boxes_.size(); ++body) {
    if (!body_boxes_[body].isEmpty())
      world_poses_[body] = system_.bodyPose(static_cast<BodyIndex>(body), q);
  }
}

std::vector<char> VolumetricForceSource::nearPairs() {
  const auto start = WallClock::now();
  std::vector<Box3> world_boxes(body_boxes_.size());
  for (std::size_t body = 0; body < body_boxes_.size(); ++body) {
    if (!body_boxes_[body].isEmpty())
      world_boxes[body] = worldBox(body_boxes_[body], world_poses_[body]);
  }
  std::vector<char> near = broad_phase_.select(world_boxes);
  statistics_.broad_phase_seconds += secondsSince(start);
  return near;
}

void VolumetricForceSource::evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                     double t, bool commit, ForceValues* out) {
  if (commit) contacts_.clear();
  if (out) slips_.clear();
  poseBodies(q);
  const std::vector<char> near = nearPairs();
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    PairState& state = *states_[i];
    const bool new_geometry = !state.valid || state.time != t;
    if (state.live.empty() && (new_geometry ? !near[i] : state.points.empty())) {
      // Nothing in contact now nor at the last commit: only the step's bookkeeping.
      ++statistics_.pair_evaluations_skipped;
      if (new_geometry) {
        state.clearGeometry(t);
        if (!commit) state.longest_step = std::max(state.longest_step, t - state.committed_time);
      }
      if (commit) state.commit(t, {});
      continue;
    }
    if (new_geometry) updateGeometry(i, q, t);
    const auto start = WallClock::now();
    evaluatePair(i, q, qdot, t, commit, new_geometry, out);
    statistics_.force_seconds += secondsSince(start);
  }
}

void VolumetricForceSource::evaluatePair(std::size_t i, const Eigen::VectorXd& q,
                                         const Eigen::VectorXd& qdot, double t, bool commit,
                                         bool new_geometry, ForceValues* out) {
  PairState& state = *states_[i];
  const VolumetricPairDefinition& pair = pairs_[i];
  const BodyIndex a = pair.body_a, b = pair.body_b;
  const Pose& world_a = world_poses_[static_cast<std::size_t>(a)];
  const Pose& world_b = world_poses_[static_cast<std::size_t>(b)];
  const Vec3 omega_rel =
      system_.bodyAngularVelocity(b, q, qdot) - system_.bodyAngularVelocity(a, q, qdot);
  if (new_geometry && !commit) {
    // A step's first trial state. The first trial of the first step sets the scale too.
    const double h = t - state.committed_time;
    state.longest_step = std::max(state.longest_step, h);
    if (state.committed && h > state.longest_step / options_.release_refinement)
      state.rejectUnpaidEnding(system_, pair, qdot, omega_rel, h);
  }
  const bool after_commit = t > state.committed_time;
  const LedgerStep step{after_commit, after_commit ? t - state.committed_time : state.last_step,
                        kLedgerRampRate * system_.lengthScale()};
  std::vector<TrackedPoint> next_live;
  PairModes modes;  // the pair's points ring together (sim/contact_mode.h)
  const SlipBand slip_band = slipBand(pair.law.friction);
  const bool limited = out && out->with_tangents;  // a Newton iteration's evaluation
  for (std::size_t k = 0; k < state.points.size(); ++k) {
    const PointForce f = state.force(k, system_, pair, q, qdot, step);
    if (out) addPointForce(f, *out);
    if (limited && slip_band.speed > 0.0 && f.normal.value > 0.0)
      slips_.add(f.d, f.n, f.slip_velocity, slip_band);
    if (limited && f.steep) slips_.addRamp(f.d, f.n, f.separation_rate, step.ramp_width);
    if (out && out->with_modes) modes.add(system_, a, b, f.d, f.n, f.normal.d_indentation, q);
    if (!commit) continue;
    const TrackedPoint* history = state.history(k);
    const Vec3 on_a = state.point_a[k].value(q), on_b = state.point_b[k].value(q);
    TrackedPoint tracked =
        trackedPoint(state.points[k], f, history, state.next_id, on_a, world_a, world_b);
    chargeLedger(tracked, history, f, omega_rel, t - state.committed_time, on_a, on_b, world_a,
                 world_b);
    contacts_.push_back(pointDiagnostics(a, b, tracked.id, state.points[k], f));
    next_live.push_back(std::move(tracked));
  }
  if (out && out->with_modes) out->fastest_mode = std::max(out->fastest_mode, modes.frequency());
  if (commit) state.commit(t, std::move(next_live));
}

VolumetricSourceFactory volumetricSourceFactory(VolumetricSourceOptions options) {
  return [options](const Scene& scene, const MultibodySystem& system,
                   std::vector<ContactPairDefinition> pairs) {
    VolumetricSourceOptions with_scene = options;
    with_scene.release_refinement = releaseRefinement(scene.solver.tolerance.has_value());
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
