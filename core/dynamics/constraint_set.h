// The constraint equations Φ(q, t) = 0 of a multibody system and their derivatives.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dynamics/affine_vec3.h"
#include "dynamics/cable_length.h"
#include "dynamics/motion_profile.h"

namespace contactsim {

// Φ, Φ_q, Φ_t and γ = Φ̇_q q̇ + Φ̇_t (so that Φ̈ = Φ_q q̈ + γ) at one state.
struct ConstraintValues {
  Eigen::VectorXd phi;
  Eigen::VectorXd phi_t;
  Eigen::VectorXd gamma;
  // |Φ| per row in metres (cable rows are divided by 2L: d·d − L² ≈ 2L·δL) or radians.
  Eigen::VectorXd violation;
  Triplets jacobian;  // Φ_q entries
};

// Every joint and rigidity condition in natural coordinates is one of two kinds (docs/dynamics.md,
// "Constraints"): a vector equality a(q) = 0 with a affine in q (spherical joints, equal
// directions), or a dot product a(q)·b(q) − c(t) = 0 (unit and perpendicular vectors, cables with
// c = L(t)²). Equations are grouped (a joint, a body, a cable) to name them in errors.
// What a row's violation measures: a distance (m) or an angle (rad, from unit vectors).
enum class RowUnit { Length, Angle };

class ConstraintSet {
 public:
  int addGroup(std::string description);
  // Three rows: a(q) = 0.
  void addVectorEquality(int group, AffineVec3 a, RowUnit unit);
  // One row: a·b − value = 0.
  void addDotProduct(int group, AffineVec3 a, AffineVec3 b, double value, RowUnit unit);
  // One row: d·d − L(t)² = 0. Returns the row (the cable's tension is 2·L·λ_row).
  int addCable(int group, AffineVec3 d, CableLength length);
  // One row: d·s − x(t) = 0, a prismatic joint's displacement driven along s (returns the row;
  // the driving force on the body carrying d's plus end is −λ_row along s).
  int addDisplacementDrive(int group, AffineVec3 d, AffineVec3 s, MotionProfile x);
  // One row: sin(φ − θ(t)) = 0 written as cos θ·(e2·b) − sin θ·(e1·b), where e1, e2 are
  // orthonormal directions across a revolute axis on one body, b a unit direction across it on
  // the other and φ = atan2(e2·b, e1·b) the joint angle (docs/dynamics.md, "Joint drives": its
  // gradient along φ is cos(φ − θ) = 1 on the solution, for every θ). Returns the row; the driving
  // torque on b's body about the axis is −λ_row.
  int addAngleDrive(int group, AffineVec3 e1, AffineVec3 e2, AffineVec3 b, MotionProfile theta);

  int rowCount() const { return rows_; }
  RowUnit rowUnit(int row) const { return row_unit_.at(row); }
  const std::string& describeRow(int row) const;

  // Fills `out` (sized to rowCount()); the Jacobian only when `with_jacobian`.
  // Throws std::runtime_error when a cable's prescribed length is not positive at t.
  void evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, double t, bool with_jacobian,
                ConstraintValues& out) const;
  // out += Σ_rows μ_row ∂²Φ_row/∂q² at t: the derivative of the reactions Φ_qᵀμ in q at fixed μ
  // (their geometric stiffness). Every row is at most quadratic in q (a·b with a, b affine), so
  // this does not depend on q.
  void addHessian(const Eigen::VectorXd& mu, double t, Triplets& out) const;

 private:
  struct VectorEquality {
    int row, group;
    AffineVec3 a;
  };
  struct DotProduct {
    int row, group;
    AffineVec3 a, b;
    double value;                        // c when constant
    std::optional<CableLength> length;   // c = L(t)² for a cable
    std::optional<MotionProfile> drive;  // c = x(t) for a displacement drive
  };
  struct AngleDrive {
    int row, group;
    AffineVec3 e1, e2, b;
    MotionProfile theta;
  };
  std::vector<std::string> groups_;
  std::vector<int> row_group_;
  std::vector<RowUnit> row_unit_;
  std::vector<VectorEquality> vector_equalities_;
  std::vector<DotProduct> dot_products_;
  std::vector<AngleDrive> angle_drives_;
  int rows_ = 0;
};

}  // namespace contactsim
