// Mass properties of solid primitives about their centre (at the body origin), for test bodies
// made with makeIcosphere and makeBox (geometry/primitives.h).
#pragma once

#include "dynamics/natural_coordinates.h"

namespace contactsim::test {

inline MassInertia solidSphere(double mass, double radius) {
  MassInertia m;
  m.mass = mass;
  m.inertia = Mat3::Identity() * 0.4 * mass * radius * radius;
  return m;
}

inline MassInertia solidBox(double mass, const Vec3& half_extents) {
  const Vec3& h = half_extents;
  MassInertia m;
  m.mass = mass;
  const Vec3 s = 4.0 * h.cwiseProduct(h);  // full side lengths squared
  m.inertia = (mass / 12.0) * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y()).asDiagonal();
  return m;
}

}  // namespace contactsim::test
