// What one contact patch did at one instant: geometry plus the forces the law produced. Read by
// the recorder, the CLI (`--contacts-csv`) and the GUI's contact layer and inspector.
#pragma once

#include <vector>

#include "contact/contact_patch.h"

namespace contactsim {

enum class FrictionState { None, Stick, Slip };

struct ContactDiagnostics {
  int body_a = -1, body_b = -1;        // scene/system body indices; the normal points from A into B
  ContactPatch patch;                  // world frame; patch.id is the tracked id within the pair
  double indentation_rate = 0.0;       // δ̇ (m/s), > 0 while penetrating further
  double normal_force = 0.0;           // F_n ≥ 0 (N), on B along patch.normal
  Vec3 friction_force = Vec3::Zero();  // F_t on B (N), tangential; −F_t on A
  Vec3 rolling_torque = Vec3::Zero();  // on B (N·m); opposite on A
  // Friction against the spin about the normal (docs/method.md, "Friction against spin"): the
  // torque on B along patch.normal (N·m, opposite on A), live only (recordings do not store it).
  double spin_torque = 0.0;
  Vec3 slip_velocity = Vec3::Zero();  // tangential velocity of B relative to A where the force acts
  bool sticking = false;              // stick–slip law: held by the stiction spring

  // A volumetric contact point (core/volumetric) only; empty, 0 and −1 for a patch. What the GUI
  // draws of it: the surface of the intersection polyhedron A ∩ B the point was taken from (of
  // several, concatenated, when sparsify merged points), world frame, three vertices per
  // triangle, counter-clockwise seen from outside; the volume it encloses (m³); the convex
  // pieces of A and of B (indices into each body's pieces; of the largest merged point). Live
  // only: recordings and --contacts-csv do not store them.
  std::vector<Vec3> intersection_surface_world;
  double intersection_volume = 0.0;
  int piece_a = -1, piece_b = -1;

  // Stick or slip as the friction law reported it; None where no friction acts: a frictionless
  // law (F_t exactly zero and not held by stiction) or no normal force to carry any. Read from
  // the fields above, so recordings show it as live runs do.
  FrictionState frictionState() const {
    if (!(normal_force > 0.0)) return FrictionState::None;
    if (sticking) return FrictionState::Stick;
    return friction_force == Vec3::Zero() ? FrictionState::None : FrictionState::Slip;
  }

  // The total force on B, F_n·n + F_t, acting at patch.forcePoint().
  Vec3 force() const { return normal_force * patch.normal + friction_force; }
};

}  // namespace contactsim
