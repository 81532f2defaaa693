// The flagship scene's stockless (Hall type) anchor, after Dopico et al. §V (docs/method.md,
// "Sources"): 6414 kg of steel in two bodies joined by a revolute joint, meshed in one shared
// frame in the assembled position.
// Anchor frame: origin at the crown pin centre, x along the pin axis (the fluke span), z along
// the shank towards the shackle eye, y = z x x (the direction the flukes tilt towards).
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim::models {

inline constexpr double kSteelDensity = 7850.0;    // kg/m^3
inline constexpr double kAnchorMass = 6414.0;      // kg, both bodies
inline constexpr double kFlukeTiltDegrees = 38.0;  // the crown turns +-this about the pin

struct AnchorModel {
  TriMesh shank;
  TriMesh crown;
  double scale = 1.0;             // applied to the nominal design to hit kAnchorMass
  Vec3 pin_point = Vec3::Zero();  // the frame's origin
  Vec3 pin_axis = Vec3::UnitX();
  Vec3 shackle_point = Vec3::Zero();  // centre of the shank's eye
  Vec3 shackle_axis = Vec3::UnitY();  // axis of the eye hole
  double eye_radius = 0.0;
  double clearance = 0.0;       // shank to crown slot across the pin axis, at rest
  double fluke_tip_span = 0.0;  // distance between the fluke tips
  double shank_length = 0.0;    // along z, bottom end to eye end
};

AnchorModel makeAnchor();

}  // namespace contactsim::models
