// A chain cable: a unilateral, compliant force element between two body points whose
// unstretched paid-out length L0(t) is driven by an optional windlass (docs/chain.md).
//
//   T = k·s + c·ṡ  when the chain is taut (s > 0 and that value > 0), else T = 0 (slack),
//   s = ℓ − L0 (stretch), ṡ = ℓ̇ − L̇0, k = EA/L0, c = 2ζ·√(k·m_eff),
//
// ℓ the length of the chain's path (chain_path.h: the distance between the points, or the
// shortest path through a ring fixed to the ground that leads the chain) and m_eff the mass of the
// moving body at the chain's end (the reduced mass m_a·m_b/(m_a + m_b) when both ends move) unless
// given. The damper acts on the stretch rate, not on ℓ̇: hauling at steady speed (ℓ̇ = L̇0) adds no
// damping force. Over a step k and c are those of L0 at the last accepted step (relative change
// |L̇0|·Δt/L0, ~1e-4).
//
// Optionally the chain's weight μ·L0·g is lumped half at each end (a one-element lumped-mass
// chain; L0 of the last accepted step). Neglected: the chain's inertia, its sag while slack
// (catenary), friction on a guide ring, and contact of the chain with anything else (it is a
// straight line between its ends, or two through the ring).
#pragma once

#include <optional>
#include <utility>

#include "dynamics/chain_path.h"
#include "dynamics/multibody_system.h"
#include "dynamics/windlass.h"

namespace contactsim {

struct ChainProperties {
  double axial_stiffness = 0.0;        // EA (N), > 0: a chain of length L0 has k = EA/L0
  double damping_ratio = 0.05;         // ζ ≥ 0 of the end mass on the chain's spring
  std::optional<double> damping_mass;  // m_eff (kg); default: the moving end bodies' (reduced) mass
  double mass_per_length = 0.0;        // μ (kg/m) ≥ 0
  std::optional<double> rest_length;   // L0 at t = 0 (m); default: the points' distance
  std::optional<WindlassSettings> windlass;  // none: L0 stays constant
  std::optional<ChainGuide> guide;           // a ring fixed to the ground the chain runs through
};

// Energy flows of a chain since its first accepted step (J). The work of its forces on the
// bodies (the integrator's source work) equals windlass_work + weight_work − dissipated −
// (elastic − elastic at the start).
struct ChainEnergy {
  double elastic = 0.0;        // ½·k·s² stored at the last accepted step
  double dissipated = 0.0;     // by the damper (and a stretched chain unloading faster than it)
  double windlass_work = 0.0;  // done by the windlass on the chain
  double weight_work = 0.0;    // done by the lumped chain weight on the bodies
};

class ChainCable : public GeneralizedForceSource {
 public:
  // Points are world affine maps (MultibodySystem::pointOn); rest_length is L0 at t = 0
  // (properties.rest_length is resolved by addChainCable). Throws std::invalid_argument for
  // properties out of range or a non-positive length or effective mass.
  ChainCable(AffineVec3 point_a, AffineVec3 point_b, const ChainProperties& properties,
             double rest_length, double effective_mass, const Vec3& gravity);

  // The chain at a trial state: a pure function of (q, q̇, t) and the last accepted step.
  struct Evaluation {
    ChainPath path;                       // ℓ(a, b) and its derivatives
    double span = 0.0;                    // ℓ
    double span_rate = 0.0;               // ℓ̇
    Vec3 direction = Vec3::Zero();        // e = ∂ℓ/∂b, towards point b along the last segment
    Vec3 separation_rate = Vec3::Zero();  // ḋ = ḃ − ȧ
    double rest_length = 0.0;             // L0 at t
    double command = 0.0;       // windlass speed commanded over the step, before the stall
    double haul_speed = 0.0;    // u over the step (the windlass state's rate −σ·L̇0)
    double stretch = 0.0;       // s
    double stretch_rate = 0.0;  // ṡ
    double tension = 0.0;       // T ≥ 0
    // dT/dA for A = k·(ℓ − L0_n) + c·ℓ̇: 1, or less while the stall couples L0 to T; 0 if slack.
    double gain = 0.0;
    bool taut() const { return tension > 0.0; }
  };
  Evaluation evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) const;

  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;
  void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) override;
  // The paid-out length, the windlass, the accepted evaluation and the energy account.
  void saveState(StateWriter& out) const override;
  void restoreState(StateReader& in) override;

  // At the last accepted step (all zero / slack before the first).
  double tension() const { return accepted_.tension; }
  bool slack() const { return !accepted_.taut(); }
  double restLength() const { return rest_length_; }
  double hauledLength() const { return initial_length_ - rest_length_; }
  double windlassSpeed() const { return accepted_.haul_speed; }
  const std::optional<Windlass>& windlass() const { return windlass_; }
  const ChainEnergy& energy() const { return energy_; }
  double stiffness() const { return stiffness_; }
  double damping() const { return damping_; }
  // Accepted steps over which an end crossed the guide's plane beside its opening, where the
  // chain's centre line cannot pass: ℓ jumped by guideJump (the guide is too small for where the
  // end passes; docs/chain.md, "Which radius"). For the run's report; not part of the saved
  // state, so a resumed run counts from its resumption.
  struct GuideJumps {
    int count = 0;
    double largest = 0.0;     // m
    double first_time = 0.0;  // s
  };
  const GuideJumps& guideJumps() const { return guide_jumps_; }

 private:
  struct Powers {
    double windlass = 0.0, dissipation = 0.0, weight = 0.0;
  };
  void setRestLength(double length);
  Vec3 endWeight() const;  // ½·μ·L0·g at each end
  Powers powers(const Evaluation& e, const Eigen::VectorXd& qdot) const;

  AffineVec3 a_, b_, d_;  // d = b − a (its rate is saved with the accepted evaluation)
  ChainProperties properties_;
  double effective_mass_;
  Vec3 gravity_;
  std::optional<Windlass> windlass_;
  double initial_length_;
  double rest_length_ = 0.0;  // L0 at the last accepted step
  double stiffness_ = 0.0, damping_ = 0.0;
  Evaluation accepted_;
  bool started_ = false;
  double last_time_ = 0.0;
  Powers last_powers_;
  ChainEnergy energy_;
  std::optional<std::pair<Vec3, Vec3>> accepted_ends_;  // a, b at the last accepted step
  GuideJumps guide_jumps_;
};

// Adds a chain between world points (t = 0) on bodies a and b (kWorld for the ground) as a force
// source of `system`, with m_eff from the bodies' masses and the system's current gravity.
// Throws std::invalid_argument for bad bodies or properties.
std::shared_ptr<ChainCable> addChainCable(MultibodySystem& system, BodyIndex a, const Vec3& point_a,
                                          BodyIndex b, const Vec3& point_b,
                                          const ChainProperties& properties);

}  // namespace contactsim
