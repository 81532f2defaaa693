// World points and directions attached to bodies, as affine functions of the coordinates q.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

using Triplets = std::vector<Eigen::Triplet<double>>;

// x(q) = constant + Σ_k coeff_k · q[offset_k .. offset_k+2].
// In natural coordinates a body-fixed point is r_P = C(x̄) q_b with C(x̄) = [I3, x̄1·I3, x̄2·I3, x̄3·I3]
// and a body-fixed direction drops the I3 of r0 (docs/dynamics.md, "Natural coordinates"), so
// every point, direction and difference of them used by joints, cables and forces has this form.
struct AffineVec3 {
  struct Term {
    int offset;    // first of the three coordinates multiplied by coeff
    double coeff;  // scalar: each term is coeff·I3 applied to a 3-block of q
  };
  std::vector<Term> terms;
  Vec3 constant = Vec3::Zero();

  Vec3 value(const Eigen::VectorXd& q) const;
  // dx/dt = Σ coeff_k q̇_k: the constant drops out.
  Vec3 rate(const Eigen::VectorXd& qdot) const;
  // out += (∂x/∂q)ᵀ f: the generalized force of a force f applied at x.
  void addTransposed(const Vec3& f, Eigen::VectorXd& out) const;
  // Jacobian row ∂(x·v)/∂q for a fixed vector v, at row `row`.
  void addRowTimes(int row, const Vec3& v, Triplets& out) const;
  // Jacobian rows [row, row+3) of ∂x/∂q.
  void addJacobian(int row, Triplets& out) const;
  bool dependsOnCoordinates() const { return !terms.empty(); }
};

AffineVec3 operator-(const AffineVec3& a, const AffineVec3& b);

// out += (∂a/∂q)ᵀ B (∂b/∂q): a 3×3 world matrix B mapped to generalized coordinates.
void addBlocks(const AffineVec3& a, const AffineVec3& b, const Mat3& B, Triplets& out);

}  // namespace contactsim
