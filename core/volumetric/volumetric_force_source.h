// Volumetric contact as a generalized force source (issue 16): the second contact-geometry model
// beside the contour-and-plane patches (Dopico et al.) of ContactForceSource. Per body pair the
// bodies' convex pieces (convexPiecesOfMesh, built once in the body frames) are posed, every piece
// pair whose boxes overlap gives one contact point from the surface of the pieces' intersection
// (Solfec-1.0, Koziara & Bićanić 2008; volumetric_contact.h), the points are sparsified
// (sparsify.h), and each point carries the pair's own normal law with δ = −gap and friction as the
// patch source applies it, so every law of docs/scene-format.md works in both modes
// (docs/volumetric.md, "Volumetric contact in the dynamics").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collision/broad_phase.h"
#include "dynamics/multibody_system.h"
#include "sim/contact_diagnostics.h"
#include "sim/contact_force_source.h"
#include "sim/contact_law.h"
#include "sim/simulation.h"
#include "sim/slip_limiter.h"
#include "volumetric/mesh_pieces.h"
#include "volumetric/sparsify.h"
#include "volumetric/volumetric_contact.h"

namespace contactsim::volumetric {

struct VolumetricPairDefinition {
  BodyIndex body_a = 0, body_b = 0;  // bodies of the system; A may be fixed
  // Convex pieces in each body's frame (shared: a body in many pairs is decomposed once).
  std::shared_ptr<const std::vector<ConvexPiece>> pieces_a, pieces_b;
  ContactLaw law;
};

struct VolumetricSourceOptions {
  VolumetricOptions contact;
  // Empty: SparsifyOptions::forModelSize of each pair's larger body (its pieces' box diagonal),
  // without its minimum area (a stiff contact's whole area can be below it).
  std::optional<SparsifyOptions> sparsify;
  // Given: replaces that one threshold of the default above (the scene's contact.sparsify).
  std::optional<double> min_area, min_distance, min_normal_cosine;
  // As ContactOptions::release_refinement; the factory sets it from the scene's solver.
  double release_refinement = kReleaseRefinement;
};

// Counts and wall times accumulated since construction (the run summary's "before and after").
struct VolumetricStatistics {
  long geometry_evaluations = 0;  // contact geometries computed (once per step and pair in touch)
  long piece_pairs_tested = 0;    // piece pairs whose world boxes overlapped
  long points_before = 0;         // contact points before sparsify, summed over evaluations
  long points_after = 0;          // ... and after
  // Pair evaluations the broad phase let skip (bodies' boxes apart, no live point), and its time.
  long pair_evaluations_skipped = 0;
  double broad_phase_seconds = 0.0;
  double geometry_seconds = 0.0;  // posing, intersections, sparsify
  double force_seconds = 0.0;     // the laws and their tangents
};

// The pieces of one mesh (each shell replaced by its hull, docs/volumetric.md "Convex pieces of a
// mesh"); `warnings` receives the far-from-convex and open-shell lines naming `body`.
std::shared_ptr<const std::vector<ConvexPiece>> piecesOfBody(const TriMesh& mesh,
                                                             const std::string& body,
                                                             std::vector<std::string>* warnings);

// The volumetric pairs for patch pairs (same bodies and laws), each distinct mesh decomposed
// once: how a scene's pairs are switched to volumetric mode.
std::vector<VolumetricPairDefinition> volumetricPairs(
    const MultibodySystem& system, const std::vector<ContactPairDefinition>& pairs,
    std::vector<std::string>* warnings = nullptr);

// Each point keeps the passivity ledger of ContactForceSource (sim/contact_passivity.h): its force
// is capped so that it never gives back more than it absorbed, and a step whose ending points would
// release more than that is rejected. Unlike ContactForceSource it applies neither rolling
// resistance nor the spread rocking damping (docs/volumetric.md, "In the simulation").
class VolumetricForceSource : public ContactSource {
 public:
  // `system` must outlive the source.
  VolumetricForceSource(const MultibodySystem& system, std::vector<VolumetricPairDefinition> pairs,
                        VolumetricSourceOptions options = {});
  ~VolumetricForceSource() override;

  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;
  void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) override;
  // The slip limiter's fraction over the points of the last addForces (sim/slip_limiter.h).
  double admissibleUpdate(const Eigen::VectorXd& qdot_update) const override {
    return slips_.admissibleUpdate(qdot_update);
  }

  // The contact points at the last accepted step as ContactDiagnostics (patch.pressure_centre
  // the point, patch.area its area, patch.indentation = −gap, patch.id tracked within the pair;
  // the intersection surface, volume and pieces filled).
  const std::vector<ContactDiagnostics>& contacts() const override { return contacts_; }
  const std::vector<VolumetricPairDefinition>& pairs() const { return pairs_; }
  const VolumetricStatistics& statistics() const { return statistics_; }

 private:
  struct PairState;
  // Every pair at (q, q̇, t): its forces into `out` (when given) and, at a commit, its points
  // tracked into the next step and their diagnostics.
  void evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t, bool commit,
                ForceValues* out);
  // The world poses at q of the bodies that have pieces, into world_poses_: a pose from natural
  // coordinates costs an SVD, so each is found once per evaluation for the broad phase and the
  // pairs.
  void poseBodies(const Eigen::VectorXd& q);
  // The broad phase: per pair, whether its bodies' world boxes overlap at the posed state (those
  // apart have no overlapping piece boxes, so updateGeometry would find no point).
  std::vector<char> nearPairs();
  // Pair i's contact points at the step's first trial state q, matched to its tracked points.
  void updateGeometry(std::size_t i, const Eigen::VectorXd& q, double t);
  // Pair i's points at (q, q̇): the ledger's check of the points ending in a new step, each
  // point's force, and at a commit its tracking, ledger and diagnostics.
  void evaluatePair(std::size_t i, const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                    bool commit, bool new_geometry, ForceValues* out);

  const MultibodySystem& system_;
  std::vector<VolumetricPairDefinition> pairs_;
  VolumetricSourceOptions options_;
  std::vector<std::unique_ptr<PairState>> states_;
  std::vector<ContactDiagnostics> contacts_;
  std::vector<Box3> body_boxes_;   // per body of the system: its pieces' box in its frame, or empty
  std::vector<Pose> world_poses_;  // per body with pieces, at the state being evaluated
  BroadPhasePairFilter broad_phase_;
  VolumetricStatistics statistics_;
  SlipLimiter slips_;  // the points' slips at the last addForces
};

// What Simulation takes to run a scene's volumetric pairs (contact.geometry): the pairs'
// pieces decomposed from their meshes (decomposition warnings on stderr), then this source with
// `options` and the scene's contact.sparsify thresholds.
VolumetricSourceFactory volumetricSourceFactory(VolumetricSourceOptions options = {});

}  // namespace contactsim::volumetric
