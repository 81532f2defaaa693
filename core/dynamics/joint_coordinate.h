// The coordinate of a revolute or prismatic joint as a function of the natural coordinates: the
// angle φ of B relative to A about the axis, or the displacement x of B's joint point along A's
// axis, both zero at t = 0 (docs/dynamics.md, "Joint drives, motors and limits"). Motors and
// stops apply their effort f along it as the generalized force Q = f·∇φ (virtual work f·δφ), and
// prescribed motions constrain it; all of them need its gradient and Hessian for the tangents.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "dynamics/affine_vec3.h"

namespace contactsim {

// Revolute: e1, e2 orthonormal across the axis fixed in A, b fixed in B and equal to e1 at t = 0;
// φ = atan2(e2·b, e1·b). Prismatic: d = r_B − r_A of the joint points, s the axis fixed in A;
// x = d·s. (García de Jalón & Bayo 1994, ch. 3: angles and distances of natural coordinates as
// dot products of body vectors.)
struct JointAxes {
  bool revolute = true;
  AffineVec3 e1, e2, b;  // revolute
  AffineVec3 d, s;       // prismatic
};

class JointCoordinate {
 public:
  explicit JointCoordinate(JointAxes axes);

  struct Evaluation {
    double value = 0.0;  // φ (rad) or x (m)
    double rate = 0.0;   // φ̇ or ẋ = ∇·q̇
    // On the coordinates offsets[k] + {0, 1, 2} for block k: ∇ and ∇² of the value there.
    Eigen::VectorXd gradient;
    Eigen::MatrixXd hessian;
  };
  // A revolute angle is the branch nearest `reference` (the last accepted angle), so it counts
  // whole turns; a prismatic displacement ignores it.
  Evaluation evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                      double reference) const;
  // The value alone.
  double value(const Eigen::VectorXd& q, double reference) const;
  // First coordinate of each local 3-block (the moving bodies' r0, u, v, w the axes depend on).
  const std::vector<int>& blockOffsets() const { return offsets_; }
  bool revolute() const { return axes_.revolute; }

 private:
  struct Dot {
    double value;
    Eigen::VectorXd gradient;
    Eigen::MatrixXd hessian;
  };
  // a·b with its local gradient and Hessian.
  Dot dot(const AffineVec3& a, const AffineVec3& b, const Eigen::VectorXd& q) const;
  int localBlock(int offset) const;

  JointAxes axes_;
  std::vector<int> offsets_;
};

}  // namespace contactsim
