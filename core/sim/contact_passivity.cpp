#include "sim/contact_passivity.h"

#include <algorithm>
#include <cmath>

#include "dynamics/step_rejected.h"

namespace contactsim {

void capByLedger(NormalForce& force, double rate, double budget, double last_force,
                 double last_separation, double h) {
  const double separation = last_separation - rate;  // s₀ + s
  if (!(separation > 0.0) || !(force.value > 0.0) || !(h > 0.0)) return;
  // The force committed now is the next step's F₀, half of which that step applies whatever
  // happens in it: about ½h·F·s at the present separation rate s, kept in reserve.
  const double ahead = std::max(-rate, 0.0);
  const double per_force = 0.25 * h * separation + 0.5 * h * ahead;
  const double paid = 0.25 * h * last_force * separation;
  if (paid + per_force * force.value <= budget) return;
  const double allowed = (std::max(budget, 0.0) - paid) / per_force;
  force.value = std::max(allowed, 0.0);
  force.d_indentation = 0.0;
  // F = (B − ¼hF₀(s₀ − δ̇)) / (¼h(s₀ − δ̇) + ½h·max(−δ̇, 0)): ∂N/∂δ̇ = ¼hF₀, ∂D/∂δ̇ = −¼h − ½h[δ̇ < 0].
  const double d_per_force = -0.25 * h - (rate < 0.0 ? 0.5 * h : 0.0);
  force.d_rate =
      allowed > 0.0
          ? (0.25 * h * last_force * per_force - (std::max(budget, 0.0) - paid) * d_per_force) /
                (per_force * per_force)
          : 0.0;
}

double workOverStep(const ContactHistory::Load& last, const Vec3& force,
                    const Vec3& relative_velocity, const Vec3& torque,
                    const Vec3& relative_angular_velocity, double h) {
  return 0.25 * h *
         ((last.force + force).dot(last.relative_velocity + relative_velocity) +
          (last.torque + torque).dot(last.relative_angular_velocity + relative_angular_velocity));
}

void rejectUnpaidRelease(const std::vector<EndingContact>& ending, double h,
                         const std::string& pair_name) {
  double released = 0.0, ledger = 0.0;
  for (const EndingContact& contact : ending) {
    ledger += std::max(contact.absorbed_energy, 0.0);
    const ContactHistory::Load& l = *contact.load;
    released += 0.25 * h *
                (l.force.dot(l.relative_velocity + contact.relative_velocity) +
                 l.torque.dot(l.relative_angular_velocity + contact.relative_angular_velocity));
  }
  // Together: what the ending contacts release may not exceed what they hold between them (a
  // thread's flank pieces end several at a time, young and with small ledgers of their own, and
  // which of them held the energy is an accident of the split). Contacts that go on keep their
  // ledgers for their own unloading. Rounding slack: equality is the passive limit itself.
  if (released > ledger + 1e-9 * std::abs(released)) {
    throw StepRejected(pair_name + ": loaded contacts would end within the step, releasing " +
                       "more energy than they absorbed");
  }
}

}  // namespace contactsim
