#include "dynamics/affine_vec3.h"

namespace contactsim {

Vec3 AffineVec3::value(const Eigen::VectorXd& q) const {
  Vec3 x = constant;
  for (const Term& t : terms) x += t.coeff * q.segment<3>(t.offset);
  return x;
}

Vec3 AffineVec3::rate(const Eigen::VectorXd& qdot) const {
  Vec3 x = Vec3::Zero();
  for (const Term& t : terms) x += t.coeff * qdot.segment<3>(t.offset);
  return x;
}

void AffineVec3::addTransposed(const Vec3& f, Eigen::VectorXd& out) const {
  for (const Term& t : terms) out.segment<3>(t.offset) += t.coeff * f;
}

void AffineVec3::addRowTimes(int row, const Vec3& v, Triplets& out) const {
  for (const Term& t : terms) {
    for (int k = 0; k < 3; ++k) out.emplace_back(row, t.offset + k, t.coeff * v[k]);
  }
}

void AffineVec3::addJacobian(int row, Triplets& out) const {
  for (const Term& t : terms) {
    for (int k = 0; k < 3; ++k) out.emplace_back(row + k, t.offset + k, t.coeff);
  }
}

AffineVec3 operator-(const AffineVec3& a, const AffineVec3& b) {
  AffineVec3 d = a;
  d.constant -= b.constant;
  for (const AffineVec3::Term& t : b.terms) d.terms.push_back({t.offset, -t.coeff});
  return d;
}

void addBlocks(const AffineVec3& a, const AffineVec3& b, const Mat3& B, Triplets& out) {
  for (const AffineVec3::Term& ta : a.terms) {
    for (const AffineVec3::Term& tb : b.terms) {
      const double c = ta.coeff * tb.coeff;
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
          // Zeros are kept so that the sparsity pattern does not depend on the values.
          out.emplace_back(ta.offset + i, tb.offset + j, c * B(i, j));
        }
      }
    }
  }
}

}  // namespace contactsim
