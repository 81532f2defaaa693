// Passivity of contact (docs/dynamics.md, "Passivity of contact"): each contact keeps a ledger of
// the energy it has taken from the bodies, and may give back no more. One implementation for the
// patch source (contact_force_source.cpp) and the volumetric one
// (volumetric/volumetric_force_source.cpp), so that both count and cap contact work alike.
#pragma once

#include <string>
#include <vector>

#include "contact/contact_tracker.h"
#include "contact/normal_force.h"
#include "geometry/types.h"

namespace contactsim {

// Steps are refined for an unpaid release (rejectUnpaidRelease) down to 1/kReleaseRefinement of
// the longest step a pair has tried, not further: what is left then is accepted rather than
// stopping a run whose contact chatters faster than any step (fixed steps' halvings go to 1/64).
inline constexpr double kReleaseRefinement = 32.0;
// Under error control a refused step is quartered down to min_step (1e-4 of time_step unless
// set), so the refinement goes on to 1/kControlledReleaseRefinement: at 1/32 a steel coin's impacts
// at 0.1 m/s, a few tens of µs long, ended within one refined step and each released up to 7e-6 J
// it had not absorbed (frictionless, tolerance 1e-5: 157 such impacts, 3.0e-4 J, a quarter of the
// energy the coin has to lose; docs/dynamics.md, "Passivity of contact").
inline constexpr double kControlledReleaseRefinement = 1024.0;
// The refinement for a run with (true) or without error control.
constexpr double releaseRefinement(bool error_control) {
  return error_control ? kControlledReleaseRefinement : kReleaseRefinement;
}

// Passivity (Hannaford & Ryu, IEEE Trans. Robotics and Automation 18, 2002): a contact may give
// the bodies back at most the energy it took from them. Its δ(q) is only piecewise smooth — a
// region that splits, merges or gains penetrated vertices changes δ by a jump no motion paid for —
// so without this an impact can end faster than it began. Work is counted exactly as the
// trapezoidal rule does it (halfStepWork): over a step of length h the start load F₀ does
// ¼h·F₀·(v₀ + v₁) at its own material points and the end load F₁ does ¼h·F₁·(v₀ + v₁) at its
// own, v₀ and v₁ their relative velocities at the step's start and end. While the contact unloads
// (s₀ + s > 0 along the normal at the end load's points, s = −δ̇ the separation rate, s₀ at the
// step's start), a normal force that would deliver more than its ledger B (`budget`) holds —
// counting the start load's work W₀ (`start_work`) and, besides this step's work, a reserve
// ½h·F·max(s, 0) for the next step, which applies half of the force committed now whatever
// happens in it — is lowered to exactly that,
// F = (B − W₀) / (¼h(s₀ + s) + ½h·max(s, 0)) (not below 0): a force continuous where the cap
// begins, constant in δ, and a contact that begins from nothing (an empty ledger) cannot push the
// bodies apart until it has absorbed energy by being loaded.
// `rate` is δ̇ at the trial state; `start_separation_rate` is s₀. The force's derivatives are
// set for W₀ held fixed; `d_start_work` is ∂F/∂W₀ (0 where the law's force stands or the cap is
// 0), through which the caller adds W₀'s own dependence on the state. `capped` says the ledger
// lowered the law's force: a jump in F as the state crosses s₀ + s = 0 (the integrator tells
// iterates cycling across it from other stalls, Ali3pIntegrator::iterate).
struct LedgerCap {
  bool capped = false;
  double d_start_work = 0.0;
  // The cap bites within the ramp (below): the force falls steeply over 0 < s₀ + s < ramp_width.
  bool steep = false;
};
// The width of that ramp per metre of the model's length scale (MultibodySystem::lengthScale).
inline constexpr double kLedgerRampRate = 1e-6;  // 1/s
// With ramp_width w > 0 the force of a contact whose cap bites at once (an exhausted ledger) falls
// from the law's to the cap's as the contact begins to unload, F = max(F_cap, F_law·(1 − σ/w))
// over 0 < σ = s₀ + s < w, instead of jumping at σ = 0: Newton's iteration can then settle where
// neither side of the jump balances (a Filippov solution: the contact held at the rate where it
// turns, with a force between the two). Over the step the ramp releases at most h·F_law·w/16
// beyond the ledger; the next step's half of its force is that step's ledger's to count (its
// reserve ½h·F·max(s, 0) is not kept on the ramp).
LedgerCap capByLedger(NormalForce& force, double rate, double start_separation_rate, double budget,
                      double start_work, double h, double ramp_width = 0.0);

// Passivity of a contact that hands its ledger on within a step: the trapezoidal rule applies
// half of its start load whatever happens in the step, so that half's work `start_work`
// (¼h·F₀·(v₀ + v₁)) is released whatever its heirs do. True when it alone exceeds the ledger
// `budget` by more than `resolution` (ledgerResolution; the caller refuses the step, so that a
// smaller one follows the unloading).
bool startLoadOverdraws(double start_work, double budget, double resolution);

// A bound on the work of loads with normal forces summing to `force` that the contact geometry
// cannot resolve: over kTriangleRelativeTolerance of the model's length scale, which bounds the
// uncertainty of the intersection points that δ and a load's material points come from (the
// triangle test's, relative to the triangles' edges). A release beyond a ledger by less than this
// is rounding, not energy a contact creates (docs/dynamics.md, "What a ledger can resolve").
double ledgerResolution(double force, double length_scale);

// Half of the trapezoidal rule's work of one load over a step of length h, ¼h·[F·(v₀ + v₁) +
// τ·(ω₀ + ω₁)]: `force` and `torque` on B (relative to A), and B's velocity relative to A at the
// force's material points and its relative angular velocity at the step's start (v₀, ω₀) and end
// (v₁, ω₁). A step's contact work is the start load's half plus the end load's half; a contact's
// ledger loses both.
double halfStepWork(const Vec3& force, const Vec3& torque, const Vec3& velocity_start,
                    const Vec3& velocity_end, const Vec3& angular_start, const Vec3& angular_end,
                    double h);

// A contact that ends within a trial step (no contact of the step continues it or descends from
// it), as rejectUnpaidRelease sees it.
struct EndingContact {
  double absorbed_energy = 0.0;                // its ledger
  const ContactHistory::Load* load = nullptr;  // at the last commit
  // B's velocity and angular velocity relative to A at the trial state, at the material points
  // where the load's force acted.
  Vec3 relative_velocity = Vec3::Zero(), relative_angular_velocity = Vec3::Zero();
};

// Passivity across a contact's end. The trapezoidal rule applies half of a step's start force
// whatever happens within the step, so a contact that ends within the step (a fast rebound from a
// stiff contact the step cannot follow) still delivers ¼h·F₀·(v₀ + v₁) — energy no cap can
// touch, since F₀ is committed. When what a pair's ending contacts release exceeds what they have
// absorbed (their ledgers), this throws StepRejected (naming `pair_name`): a smaller step follows
// the unloading, where capByLedger applies. Measured before this: a steel sphere hitting a plate
// at 1 m/s with Δt = 1 ms left at 2.9 m/s, at 5 m/s with Δt = 0.1 ms at 7.4 m/s. The caller applies
// it only to steps longer than 1/kReleaseRefinement of the longest tried. `length_scale` is the
// model's (ledgerResolution).
void rejectUnpaidRelease(const std::vector<EndingContact>& ending, double h, double length_scale,
                         const std::string& pair_name);

}  // namespace contactsim
