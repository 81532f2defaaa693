// One output instant of a simulation: what a recording stores per frame and a viewer draws.
#pragma once

#include <vector>

#include "dynamics/ali3p_integrator.h"
#include "geometry/pose.h"
#include "sim/contact_diagnostics.h"

namespace contactsim {

struct BodyState {
  Pose pose;                             // body (mesh) frame in the world
  Vec3 linear_velocity = Vec3::Zero();   // of the body frame origin, world
  Vec3 angular_velocity = Vec3::Zero();  // world
};

struct CableState {
  double length = 0.0;   // m
  double tension = 0.0;  // N, positive when pulling
};

// A driven joint (prescribed motion or motor): its coordinate, the angle (rad) or displacement
// (m) of B relative to A from t = 0, and the driving torque (N·m) or force (N) on B along +axis.
struct JointDriveState {
  double position = 0.0;
  double effort = 0.0;
};

struct SolverStats {
  int newton_iterations = 0;  // of the step that ended at this frame
  int substeps = 1;
  double smallest_substep = 0.0;      // s, of that step (error control; the step itself if fixed)
  double constraint_violation = 0.0;  // max |Φ| after the step
  double step_wall_seconds = 0.0;     // wall time of that step
};

struct SimulationFrame {
  double time = 0.0;
  std::vector<BodyState> bodies;  // scene order, fixed bodies included
  std::vector<ContactDiagnostics> contacts;
  std::vector<CableState> cables;       // scene order
  std::vector<JointDriveState> drives;  // scene order of the joints that have a drive
  EnergyReport energy;
  SolverStats solver;
};

}  // namespace contactsim
