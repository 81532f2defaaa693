// Newton's update limited where a contact's slip would cross its friction's stop (or its normal
// force the steep ramp of its ledger's cap).
//
// Regularised Coulomb friction is flat in magnitude beyond its band |v| ≥ v_small and turns
// through zero within it: an update computed from the tangent on one side of the stop can carry
// a slip straight across the band into the opposite direction, where the force has flipped, and
// the next update back again — iterates that cycle. Castro et al.'s transition-aware line search
// (IEEE RA-L 5(2), 2020, §V) cuts every such update at the band: the iteration then lands where
// the law is stiff and its tangent right, and converges from there as Newton does
// (docs/dynamics.md, "Kinks of a force law"). Where in the band it lands is the law's: Coulomb's
// force is steepest at the stop itself; stick–slip's blend between its stick spring and its slide
// is steepest, in the direction a reversing slip's tangent can be trusted, past the stop
// (docs/dynamics.md, "Where a stick–slip cut lands"). The same cut serves the volumetric source's
// ledger ramps, where an exhausted passivity ledger's cap falls steeply as a contact turns to
// unload (docs/dynamics.md, "The ledger's ramp").
#pragma once

#include <Eigen/Core>
#include <vector>

#include "contact/friction.h"
#include "dynamics/affine_vec3.h"
#include "dynamics/multibody_system.h"

namespace contactsim {

// Where a cut update lands in a friction law's band.
enum class BandLanding {
  Nearest,  // the segment's point nearest zero (Coulomb: its force turns through zero there)
  Exit,     // where the segment leaves the band past the stop (stick–slip)
};

// The slip speeds over which a friction law turns, and where a cut lands in them.
struct SlipBand {
  double speed = 0.0;  // the band's radius; 0 for a law whose Newton steps need no limit
  BandLanding landing = BandLanding::Nearest;
};

// The fraction α ∈ (0, 1] of the slip update `update` from the slip `slip` (both in the contact
// plane) to take: for a slip outside the band |v| < band.speed that would end outside it again
// after crossing it, the band's landing point on the segment; after turning by more than a right
// angle beside the band (a reversal that passes the stop just outside it), the point of the
// segment nearest zero; else 1.
double admissibleSlipFraction(const Vec3& slip, const Vec3& update, const SlipBand& band);

// The fraction α ∈ (0, 1] of the change `change` of a separation rate σ (`rate`) to take where a
// ledger's ramp runs over 0 < σ < width: to the ramp's middle when σ would cross the whole ramp,
// from loading to beyond it or back; else 1.
double admissibleRampFraction(double rate, double change, double width);

// A friction law's band: Coulomb's v_small, landing nearest the stop; stick–slip's v_stick/√2,
// where its blend κ = exp(−|v|²/v_stick²) turns fastest, landing past the stop; none for the
// others.
SlipBand slipBand(const FrictionModel& model);

// The slips of one force evaluation with the linear maps that move them, and the fraction of a
// velocity update they admit together.
class SlipLimiter {
 public:
  void clear();
  // A contact point: `separation` the material points' difference (its rate is the relative
  // velocity), `normal` the contact's, `slip` the tangential relative velocity now.
  void add(const AffineVec3& separation, const Vec3& normal, const Vec3& slip,
           const SlipBand& band);
  // The last point's slip also holds r·(n·ω)·n, ω B's angular velocity relative to A (a patch's
  // generalised slip, sim/patch_terms.h); `slip` above must have included it. ω is linear in q̇ at
  // the orientations of q: ½Σ eᵢ × ėᵢ over each body's axes (docs/dynamics.md, "Natural
  // coordinates"), so n·ω = ½Σ (n × eᵢ)·ėᵢ.
  void addSpin(const MultibodySystem& system, BodyIndex a, BodyIndex b, const Eigen::VectorXd& q,
               double radius);
  // A contact whose ledger cap is steep (sim/contact_passivity.h, LedgerCap::steep): its normal
  // force falls from the law's to the cap's over 0 < σ < width, σ = s₀ + n·v its separation rate
  // (v the rate of `separation`). An update that carries σ across that ramp is cut at its middle.
  void addRamp(const AffineVec3& separation, const Vec3& normal, double separation_rate,
               double width);
  // min over the points of admissibleSlipFraction for the slip update the velocity update
  // `qdot_update` makes, and over the ramps.
  double admissibleUpdate(const Eigen::VectorXd& qdot_update) const;

 private:
  // Appends a separation's terms, returning where they start.
  std::size_t appendTerms(const AffineVec3& separation);
  // The rate Σ coeff·q̇ of the terms [first, end) for the velocities `qdot`.
  Vec3 rate(std::size_t first, std::size_t end, const Eigen::VectorXd& qdot) const;

  // n·ω's rows: the scalar Σ coeff·q̇[offset, offset + 3).
  struct SpinRow {
    int offset;
    Vec3 coeff;
  };
  struct Point {
    std::size_t first_term, end_term, first_row, end_row;
    Vec3 normal, slip;
    SlipBand band;
  };
  struct Ramp {
    std::size_t first_term, end_term;
    Vec3 normal;
    double separation_rate, width;
  };
  std::vector<AffineVec3::Term> terms_;
  std::vector<SpinRow> rows_;
  std::vector<Point> points_;
  std::vector<Ramp> ramps_;
};

}  // namespace contactsim
