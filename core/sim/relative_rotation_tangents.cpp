// Newton tangents of the loads two bodies exchange through their relative rotation: torques
// τ(ω_rel) on B and −τ on A, and forces through ω_rel, in natural coordinates (docs/dynamics.md,
// "Forces").
#include "sim/relative_rotation_tangents.h"

#include <array>
#include <utility>

namespace contactsim {
namespace {

// Each body's coordinate offset (−1 for a fixed body) with its sign s_Y in ω_rel = ω_B − ω_A.
std::array<std::pair<int, double>, 2> signedOffsets(const MultibodySystem& system, BodyIndex a,
                                                    BodyIndex b) {
  return {{{system.coordinateOffset(a), -1.0}, {system.coordinateOffset(b), 1.0}}};
}

}  // namespace

// A torque τ(ω_rel) on B and −τ on A, ω_rel = ω_B − ω_A, ω = ½ Σ_i e_i × ė_i, has
// Q_{e_j} = −½ s_Y skew(e_j) τ on body Y (docs/dynamics.md, "Forces"; s_B = 1, s_A = −1). With
// D = −∂τ/∂ω_rel, ∂ω/∂ė_i = ½ skew(e_i) and ∂ω/∂e_i = −½ skew(ė_i), the blocks of body Y's e_j
// and body X's e_i are C = −¼ s_X s_Y skew(e_j) D skew(e_i) and K = ¼ s_X s_Y skew(e_j) D
// skew(ė_i).
void addRelativeAngularTangents(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                const Mat3& D, const Eigen::VectorXd& q,
                                const Eigen::VectorXd& qdot, Triplets& stiffness,
                                Triplets& damping) {
  if (D.isZero()) return;
  const auto bodies = signedOffsets(system, a, b);
  for (const auto& [oy, sy] : bodies) {
    if (oy < 0) continue;
    for (const auto& [ox, sx] : bodies) {
      if (ox < 0) continue;
      for (int j = 1; j <= 3; ++j) {
        const Mat3 left = 0.25 * sx * sy * skew(q.segment<3>(oy + 3 * j)) * D;
        for (int i = 1; i <= 3; ++i) {
          const Mat3 c_block = -left * skew(q.segment<3>(ox + 3 * i));
          const Mat3 k_block = left * skew(qdot.segment<3>(ox + 3 * i));
          for (int r = 0; r < 3; ++r) {
            for (int col = 0; col < 3; ++col) {
              damping.emplace_back(oy + 3 * j + r, ox + 3 * i + col, c_block(r, col));
              stiffness.emplace_back(oy + 3 * j + r, ox + 3 * i + col, k_block(r, col));
            }
          }
        }
      }
    }
  }
}

// K = −∂Q/∂q and C = −∂Q/∂q̇ of that torque through d: the rows of body Y's e_j are
// −½ s_Y skew(e_j) ∂τ/∂(d or ḋ), mapped by d's own coordinates (addBlocks with a row map of e_j).
void addTorqueThroughSeparation(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                const AffineVec3& d, const Mat3& dtau_dd_q, const Mat3& dtau_dd_v,
                                const Eigen::VectorXd& q, Triplets& stiffness, Triplets& damping) {
  const auto bodies = signedOffsets(system, a, b);
  for (const auto& [oy, sy] : bodies) {
    if (oy < 0) continue;
    for (int j = 1; j <= 3; ++j) {
      AffineVec3 row;
      row.terms = {{oy + 3 * j, 1.0}};
      const Mat3 lever = 0.5 * sy * skew(q.segment<3>(oy + 3 * j));
      addBlocks(row, d, lever * dtau_dd_q, stiffness);
      addBlocks(row, d, lever * dtau_dd_v, damping);
    }
  }
}

// K and C of a force F(ω_rel) at d: Q = (∂d/∂q)ᵀF, and through ∂ω/∂ė_i = ½ s_X skew(e_i) and
// ∂ω/∂e_i = −½ s_X skew(ė_i) (as for addRelativeAngularTangents) the columns of body X's e_i are
// C = −½ s_X G skew(e_i) and K = ½ s_X G skew(ė_i), mapped by d's rows.
void addForceThroughRelativeAngular(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                                    const AffineVec3& d, const Mat3& G, const Eigen::VectorXd& q,
                                    const Eigen::VectorXd& qdot, Triplets& stiffness,
                                    Triplets& damping) {
  if (G.isZero()) return;
  const auto bodies = signedOffsets(system, a, b);
  for (const auto& [ox, sx] : bodies) {
    if (ox < 0) continue;
    for (int i = 1; i <= 3; ++i) {
      AffineVec3 column;
      column.terms = {{ox + 3 * i, 1.0}};
      addBlocks(d, column, -0.5 * sx * G * skew(q.segment<3>(ox + 3 * i)), damping);
      addBlocks(d, column, 0.5 * sx * G * skew(qdot.segment<3>(ox + 3 * i)), stiffness);
    }
  }
}

}  // namespace contactsim
