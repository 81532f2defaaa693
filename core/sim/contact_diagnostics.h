// What one contact patch did at one instant: geometry plus the forces the law produced. Read by
// the recorder, the CLI (`--contacts-csv`) and the GUI's contact layer and inspector.
#pragma once

#include "contact/contact_patch.h"

namespace contactsim {

struct ContactDiagnostics {
  int body_a = -1, body_b = -1;        // scene/system body indices; the normal points from A into B
  ContactPatch patch;                  // world frame; patch.id is the tracked id within the pair
  double indentation_rate = 0.0;       // δ̇ (m/s), > 0 while penetrating further
  double normal_force = 0.0;           // F_n ≥ 0 (N), on B along patch.normal
  Vec3 friction_force = Vec3::Zero();  // F_t on B (N), tangential; −F_t on A
  Vec3 rolling_torque = Vec3::Zero();  // on B (N·m); opposite on A
  Vec3 slip_velocity = Vec3::Zero();  // tangential velocity of B relative to A where the force acts
  bool sticking = false;              // stick–slip law: held by the stiction spring
  // The total force on B, F_n·n + F_t, acting at patch.pressure_centre.
  Vec3 force() const { return normal_force * patch.normal + friction_force; }
};

}  // namespace contactsim
