// Applied forces: gravity, spring–dampers, constant loads and pluggable sources (contact).
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "dynamics/affine_vec3.h"
#include "geometry/state_archive.h"

namespace contactsim {

// Generalized forces Q(q, q̇, t) with their tangent contributions K = −∂Q/∂q and C = −∂Q/∂q̇,
// which enter the ALI3-P tangent M + (Δt/2)C + (Δt²/4)(Φ_qᵀαΦ_q + K) (docs/dynamics.md,
// "Forces" and "The step").
struct ForceValues {
  // Whether K and C are wanted. An evaluation for Q and the powers alone (the integrator's
  // powers()) sets it false, and a source may then leave stiffness and damping empty: the contact
  // source does, whose tangents cost as much as its forces. Not changed by reset().
  bool with_tangents = true;
  // Whether fastest_mode is wanted. The integrator reads it at the states its steps arrive at
  // (powers()), not within Newton's iterations, which turn it off: a pair's modes are an
  // eigenproblem of up to 12 × 12 (sim/contact_mode.h). Not changed by reset().
  bool with_modes = true;
  Eigen::VectorXd q_force;
  Triplets stiffness;
  Triplets damping;
  double load_power = 0.0;         // Qᵀq̇ of the constant loads
  double dissipation_power = 0.0;  // ≥ 0, removed by dampers
  double source_power = 0.0;       // Qᵀq̇ of the sources (contact)
  Eigen::VectorXd source_force;    // Q of the sources alone (empty without sources)
  // Contact forces a passivity ledger held below their law's (sim/contact_passivity.h): each is
  // a jump of Q where the contact turns from loading to unloading.
  int ledger_caps = 0;
  // The fastest normal mode the sources' contact forces excite (rad/s; sim/contact_mode.h), for
  // error control to resolve; 0 unless with_modes.
  double fastest_mode = 0.0;

  // Q zero over n coordinates, K and C empty and the sums zero, for a new evaluation; the
  // buffers keep their capacity and with_tangents stays as set.
  void reset(Eigen::Index n) {
    q_force.setZero(n);
    stiffness.clear();
    damping.clear();
    load_power = dissipation_power = source_power = 0.0;
    ledger_caps = 0;
    fastest_mode = 0.0;
  }
};

// Something that adds forces depending on the state, e.g. contact (a later issue). The source
// knows the system it was built for (body coordinate offsets, poses from q).
class GeneralizedForceSource {
 public:
  virtual ~GeneralizedForceSource() = default;
  // Adds Q to out.q_force and its K and C triplets, for a trial state inside a Newton iteration.
  // A function of (q, q̇, t), of the state at the last accepted step and, for a source that
  // linearises within a step, of the point it linearises about: the first state it was given
  // with this t (ContactGeometryUpdate::OncePerStep keys its contact geometry on t, so every
  // trial of a step, a retry to the same t and that step's acceptStep share it). A source that
  // does not linearise is a pure function of (q, q̇, t) and the last accepted step.
  virtual void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                         ForceValues& out) = 0;
  // The largest fraction α ∈ (0, 1] of a Newton update changing q̇ by `qdot_update` that the
  // forces of the source's last addForces (with tangents, as Newton's iterations ask) admit: 1
  // unless a force law turns sharply within the update's reach, where Newton's linearisation would
  // jump past the turn (Coulomb friction's stop; sim/slip_limiter.h).
  virtual double admissibleUpdate(const Eigen::VectorXd& qdot_update) const {
    (void)qdot_update;
    return 1.0;
  }
  // The longest next step the source can take from its last accepted state without refusing it
  // (StepRejected) for releasing energy it has not stored; infinity when nothing limits it.
  virtual double passiveStep() const { return std::numeric_limits<double>::infinity(); }
  // Called once per accepted step with its final state (e.g. to update contact tracking).
  virtual void acceptStep(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t) {
    (void)q, (void)qdot, (void)t;
  }
  // What acceptStep carries to the next step, for a checkpoint a run resumes from bit for bit
  // (Simulation::checkpoint). A source whose forces depend on (q, q̇, t) alone writes nothing.
  virtual void saveState(StateWriter& out) const { (void)out; }
  // Reads what saveState wrote, into a source built from the same scene; throws CheckpointError.
  virtual void restoreState(StateReader& in) { (void)in; }
};

// A world torque N on the body whose natural coordinates start at `offset`:
// Q_{u,v,w} += ½ N × e for e in (u, v, w) (docs/dynamics.md, "Forces"). Adds K = −∂Q/∂q when
// `stiffness` is given; returns the torque's power Qᵀq̇.
double addBodyTorque(int offset, const Vec3& torque, const Eigen::VectorXd& q,
                     const Eigen::VectorXd& qdot, Eigen::VectorXd& q_force, Triplets* stiffness);

// Potential energies at one configuration.
struct Potentials {
  double gravity = 0.0;
  double springs = 0.0;
};

class ForceSet {
 public:
  void setGravity(const Vec3& g) { gravity_ = g; }
  const Vec3& gravity() const { return gravity_; }
  // Weight m·g applied at the centre of mass: Q = C(ā)ᵀ m g.
  void addWeight(AffineVec3 center_of_mass, double mass);
  // Linear spring–damper between two points: F = k(ℓ − ℓ0) + c·ℓ̇ along the line, pulling when > 0.
  void addSpring(AffineVec3 point_a, AffineVec3 point_b, double stiffness, double damping,
                 double rest_length);
  // Constant world force at a body point: Q = C(x̄)ᵀ F.
  void addPointForce(AffineVec3 point, const Vec3& force);
  // Constant world torque on the body whose coordinates start at `offset`.
  void addTorque(int offset, const Vec3& torque);
  void addSource(std::shared_ptr<GeneralizedForceSource> source);
  const std::vector<std::shared_ptr<GeneralizedForceSource>>& sources() const { return sources_; }

  // `out.q_force` must be sized to the coordinate count; it is overwritten.
  void evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                ForceValues& out) const;
  Potentials potentials(const Eigen::VectorXd& q) const;
  // The smallest of the sources' admissibleUpdate.
  double admissibleUpdate(const Eigen::VectorXd& qdot_update) const;
  // The smallest of the sources' passiveStep.
  double passiveStep() const;

 private:
  struct Weight {
    AffineVec3 com;
    double mass;
  };
  struct Spring {
    AffineVec3 a, b;
    double k, c, rest;
  };
  struct PointForce {
    AffineVec3 point;
    Vec3 force;
  };
  struct Torque {
    int offset;
    Vec3 torque;
  };
  Vec3 gravity_ = Vec3(0.0, 0.0, -9.81);
  std::vector<Weight> weights_;
  std::vector<Spring> springs_;
  std::vector<PointForce> point_forces_;
  std::vector<Torque> torques_;
  std::vector<std::shared_ptr<GeneralizedForceSource>> sources_;
};

}  // namespace contactsim
