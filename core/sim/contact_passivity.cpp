#include "sim/contact_passivity.h"

#include <algorithm>
#include <cmath>

#include "collision/triangle_intersection.h"
#include "dynamics/step_rejected.h"

namespace contactsim {

LedgerCap capByLedger(NormalForce& force, double rate, double start_separation_rate, double budget,
                      double start_work, double h, double ramp_width) {
  const double separation = start_separation_rate - rate;  // s₀ + s
  if (!(force.value > 0.0) || !(h > 0.0)) return {};
  const bool steep = ramp_width > 0.0 && start_work + 0.25 * h * ramp_width * force.value > budget;
  if (!(separation > 0.0)) return {false, 0.0, steep};
  // The force committed now is the next step's F₀, half of which that step applies whatever
  // happens in it: about ½h·F·s at the present separation rate s, kept in reserve.
  const double ahead = std::max(-rate, 0.0);
  const double per_force = 0.25 * h * separation + 0.5 * h * ahead;
  if (start_work + per_force * force.value <= budget) return {false, 0.0, steep};
  const NormalForce law = force;
  const double available = std::max(budget, 0.0) - start_work;
  const double allowed = available / per_force;
  LedgerCap cap{true, 0.0, steep};
  force.value = std::max(allowed, 0.0);
  force.d_indentation = 0.0;
  if (!(allowed > 0.0)) {
    force.d_rate = 0.0;
  } else {
    // F = (B − W₀)/D, D = ¼h(s₀ − δ̇) + ½h·max(−δ̇, 0): ∂D/∂δ̇ = −¼h − ½h[δ̇ < 0].
    const double d_per_force = -0.25 * h - (rate < 0.0 ? 0.5 * h : 0.0);
    force.d_rate = -available * d_per_force / (per_force * per_force);
    cap.d_start_work = -1.0 / per_force;
  }
  // The ramp runs over the separation rate itself (what the slip limiter cuts updates at,
  // sim/slip_limiter.h): over this step its force releases ¼h·F·(s₀ + s) ≤ h·F_law·w/16 beyond
  // the ledger.
  if (separation < ramp_width) {
    const double share = 1.0 - separation / ramp_width;
    if (law.value * share > force.value) {
      // ∂(s₀ + s)/∂δ̇ = −1.
      force.value = law.value * share;
      force.d_indentation = law.d_indentation * share;
      force.d_rate = law.d_rate * share + law.value / ramp_width;
      cap.d_start_work = 0.0;
    }
  }
  return cap;
}

bool startLoadOverdraws(double start_work, double budget, double resolution) {
  // Rounding slack: equality is the passive limit itself.
  return start_work > std::max(budget, 0.0) + resolution + 1e-9 * std::abs(start_work);
}

double ledgerResolution(double force, double length_scale) {
  return kTriangleRelativeTolerance * std::abs(force) * length_scale;
}

double halfStepWork(const Vec3& force, const Vec3& torque, const Vec3& velocity_start,
                    const Vec3& velocity_end, const Vec3& angular_start, const Vec3& angular_end,
                    double h) {
  return 0.25 * h *
         (force.dot(velocity_start + velocity_end) + torque.dot(angular_start + angular_end));
}

void rejectUnpaidRelease(const std::vector<EndingContact>& ending, double h, double length_scale,
                         const std::string& pair_name) {
  double released = 0.0, ledger = 0.0, force = 0.0;
  for (const EndingContact& contact : ending) {
    ledger += std::max(contact.absorbed_energy, 0.0);
    const ContactHistory::Load& l = *contact.load;
    force += l.force.norm();
    released += halfStepWork(l.force, l.torque, l.relative_velocity, contact.relative_velocity,
                             l.relative_angular_velocity, contact.relative_angular_velocity, h);
  }
  // Together: what the ending contacts release may not exceed what they hold between them (a
  // thread's flank pieces end several at a time, young and with small ledgers of their own, and
  // which of them held the energy is an accident of the split). Contacts that go on keep their
  // ledgers for their own unloading.
  if (startLoadOverdraws(released, ledger, ledgerResolution(force, length_scale))) {
    throw StepRejected(pair_name + ": loaded contacts would end within the step, releasing " +
                       "more energy than they absorbed");
  }
}

}  // namespace contactsim
