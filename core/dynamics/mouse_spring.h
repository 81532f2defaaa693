// A spring–damper from a material point of a body to a target point in the world that the user
// moves (the GUI's Ctrl+drag, "mouse spring"). Its stiffness follows the body's mass so every body
// answers alike, and its force is capped so a fast drag cannot fling a body through another:
//
//   F_raw = k·(x_target − x) − c·ẋ,  k = m·ω², c = 2ζ·m·ω,  ω = 2π·f,
//   F = F_raw · min(1, F_max/|F_raw|),  F_max = n_w · m · g0,  Q = C(x̄)ᵀF
//
// x the body point x̄ in the world, m the body's mass, g0 standard gravity (so the cap stays
// finite without gravity), Q the generalised force of F at x̄ (docs/dynamics.md, "Forces"). The
// target is held still over a step (ẋ_target = 0): the caller moves it between steps only, so the
// force is a pure function of (q, q̇) within a step, as the integrator needs. Its work reaches the
// energy balance through the integrator's source work.
#pragma once

#include <optional>

#include "dynamics/multibody_system.h"

namespace contactsim {

struct MouseSpringSettings {
  double frequency = 2.0;           // f (Hz): the free body on the spring oscillates at f
  double damping_ratio = 1.0;       // ζ: critical damping of the body on the spring
  double max_force_weights = 10.0;  // n_w: |F| ≤ n_w·m·g0
};

class MouseSpring : public GeneralizedForceSource {
 public:
  explicit MouseSpring(MouseSpringSettings settings = {});

  // Grabs `body` at `point_on_body` (body frame) and pulls it towards `target_world`. Returns false
  // and stays released for a fixed body or a body index out of range: nothing can be dragged.
  bool attach(const MultibodySystem& system, BodyIndex body, const Vec3& point_on_body,
              const Vec3& target_world);
  // Between steps only (the force must not change inside a step's Newton iterations).
  void setTarget(const Vec3& target_world);
  void release();
  bool attached() const { return body_.has_value(); }
  std::optional<BodyIndex> body() const { return body_; }
  const Vec3& target() const { return target_world_; }

  struct Evaluation {
    Vec3 point_world = Vec3::Zero();     // x
    Vec3 velocity_world = Vec3::Zero();  // ẋ
    Vec3 force_world = Vec3::Zero();     // F on the body (zero while released)
    bool capped = false;                 // |F_raw| > F_max
  };
  // The spring at a state (zero force while released).
  Evaluation evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot) const;

  // Released: adds nothing, so a run with the spring registered but unused is unchanged.
  void addForces(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t,
                 ForceValues& out) override;

  // Of the attached body (0 while released).
  double stiffness() const { return stiffness_; }
  double damping() const { return damping_; }
  double maxForce() const { return max_force_; }

 private:
  MouseSpringSettings settings_;
  std::optional<BodyIndex> body_;
  AffineVec3 point_;  // x(q) of the grabbed material point
  Vec3 target_world_ = Vec3::Zero();
  double stiffness_ = 0.0, damping_ = 0.0, max_force_ = 0.0;
};

}  // namespace contactsim
