#include "sim/slip_limiter.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace contactsim {

double admissibleSlipFraction(const Vec3& slip, const Vec3& update, const SlipBand& band) {
  const double update_squared = update.squaredNorm();
  const double radius_squared = band.speed * band.speed;
  if (band.speed <= 0.0 || update_squared <= 1e-6 * radius_squared) return 1.0;
  // Inside the band the law is stiff and its tangent holds: a slip that starts or ends there needs
  // no cut.
  const Vec3 end = slip + update;
  if (slip.squaredNorm() < radius_squared || end.squaredNorm() < radius_squared) return 1.0;
  // The segment's point nearest zero: v + t·Δv with t = −v·Δv/|Δv|². Outside the band the force
  // only turns with the slip, by as much as the slip turns: a step that turns it by more than a
  // right angle (v·v₁ < 0, which puts t inside the segment) or passes through the band relied on
  // a tangent that does not hold that far.
  const double nearest = -slip.dot(update) / update_squared;
  if (nearest <= 0.0 || nearest >= 1.0) return 1.0;
  const double nearest_squared = (slip + nearest * update).squaredNorm();
  const bool through_band = nearest_squared < radius_squared;
  if (!through_band) return slip.dot(end) < 0.0 ? nearest : 1.0;
  if (band.landing == BandLanding::Nearest) return nearest;
  // Where the segment leaves the band: |v + t·Δv| = band past its nearest point,
  // t = nearest + √((band² − |v + nearest·Δv|²)/|Δv|²), before the end (which is outside it).
  return nearest + std::sqrt((radius_squared - nearest_squared) / update_squared);
}

double admissibleRampFraction(double rate, double change, double width) {
  const double end = rate + change;
  const bool across = (rate <= 0.0 && end >= width) || (rate >= width && end <= 0.0);
  return across ? (0.5 * width - rate) / change : 1.0;
}

SlipBand slipBand(const FrictionModel& model) {
  if (const auto* coulomb = std::get_if<CoulombFriction>(&model))
    return {coulomb->v_small, BandLanding::Nearest};
  if (const auto* stick_slip = std::get_if<StickSlipFriction>(&model))
    return {stick_slip->stick_velocity / std::sqrt(2.0), BandLanding::Exit};
  return {};
}

void SlipLimiter::clear() {
  terms_.clear();
  rows_.clear();
  points_.clear();
  ramps_.clear();
}

std::size_t SlipLimiter::appendTerms(const AffineVec3& separation) {
  const std::size_t first = terms_.size();
  terms_.insert(terms_.end(), separation.terms.begin(), separation.terms.end());
  return first;
}

Vec3 SlipLimiter::rate(std::size_t first, std::size_t end, const Eigen::VectorXd& qdot) const {
  Vec3 sum = Vec3::Zero();
  for (std::size_t k = first; k < end; ++k)
    sum += terms_[k].coeff * qdot.segment<3>(terms_[k].offset);
  return sum;
}

void SlipLimiter::addRamp(const AffineVec3& separation, const Vec3& normal, double separation_rate,
                          double width) {
  const std::size_t first = appendTerms(separation);
  ramps_.push_back({first, terms_.size(), normal, separation_rate, width});
}

void SlipLimiter::add(const AffineVec3& separation, const Vec3& normal, const Vec3& slip,
                      const SlipBand& band) {
  const std::size_t first = appendTerms(separation);
  points_.push_back({first, terms_.size(), rows_.size(), rows_.size(), normal, slip, band});
}

void SlipLimiter::addSpin(const MultibodySystem& system, BodyIndex a, BodyIndex b,
                          const Eigen::VectorXd& q, double radius) {
  Point& p = points_.back();
  for (const auto& [body, sign] : {std::pair{b, 0.5}, std::pair{a, -0.5}}) {
    const int offset = system.coordinateOffset(body);
    if (offset < 0) continue;
    for (int i = 0; i < 3; ++i) {
      const int axis = offset + 3 + 3 * i;  // eᵢ's coordinates
      rows_.push_back({axis, sign * radius * p.normal.cross(q.segment<3>(axis))});
    }
  }
  p.end_row = rows_.size();
}

double SlipLimiter::admissibleUpdate(const Eigen::VectorXd& qdot_update) const {
  double fraction = 1.0;
  for (const Point& p : points_) {
    const Vec3 relative = rate(p.first_term, p.end_term, qdot_update);
    double spin = 0.0;
    for (std::size_t k = p.first_row; k < p.end_row; ++k)
      spin += rows_[k].coeff.dot(qdot_update.segment<3>(rows_[k].offset));
    const Vec3 update = relative + p.normal * (spin - p.normal.dot(relative));
    fraction = std::min(fraction, admissibleSlipFraction(p.slip, update, p.band));
  }
  for (const Ramp& r : ramps_) {
    const double change = r.normal.dot(rate(r.first_term, r.end_term, qdot_update));
    fraction = std::min(fraction, admissibleRampFraction(r.separation_rate, change, r.width));
  }
  return fraction;
}

}  // namespace contactsim
