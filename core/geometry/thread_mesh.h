// ISO metric screw threads (ISO 68-1 basic profile) as closed triangle meshes: a bolt (external
// thread) and a nut (internal thread in a hex or round body), right-handed, axis z, z in
// [0, length]. Used for thread-contact tests and the generated models.
#pragma once

#include <vector>

#include "geometry/tri_mesh.h"

namespace contactsim {

struct ThreadSpec {
  double nominal_diameter = 0.008;  // d = D, major diameter (m)
  double pitch = 0.001;             // P (m)
  double length = 0.01;             // threaded length along z (m)
  int segments_per_turn = 96;       // columns around the axis (a multiple of 6 for a hex nut)
  int flank_divisions = 2;          // cells along each flank of the profile
  // Nut only (the bolt keeps the basic profile): the nut's crest and root flats move outwards by
  // `radial_clearance`, and each of its flanks moves away from the bolt's by half of
  // `axial_clearance` along the axis, so the nut has that much axial play on a basic bolt.
  double radial_clearance = 0.0;
  double axial_clearance = 0.0;
};

// Outside of a nut: a hexagon of `across_flats` (flats centred at 30° + k·60°, corners at k·60°)
// or, when across_flats is 0, a circle of `outer_diameter` (inscribed polygon of the columns).
struct NutBody {
  double across_flats = 0.013;
  double outer_diameter = 0.0;
};

// One period of a thread surface's radius as a function of the axial phase u = z − P·θ/2π:
// nodes (u, r) ascending over [u_0, u_0 + P), linear in between, periodic.
struct ThreadProfile {
  double pitch = 0.0;
  std::vector<double> u, r;
  double radiusAt(double phase) const;
};

// Fundamental triangle height H = (√3/2)·P (ISO 68-1).
double fundamentalHeight(double pitch);
// Pitch diameter d2 = d − 2·(3/8)·H, minor diameter d1 = d − 2·(5/8)·H of the basic profile.
double pitchDiameter(const ThreadSpec& spec);
double minorDiameter(const ThreadSpec& spec);

// Basic profile of the bolt: crest flat P/8 at d/2 centred on u = 0, root flat P/4 at d1/2
// centred on u = P/2, straight 60° flanks between.
ThreadProfile boltProfile(const ThreadSpec& spec);
// The nut's bore: the bolt's profile with the clearances of `spec` (throws when they leave no
// crest or root flat).
ThreadProfile nutProfile(const ThreadSpec& spec);

TriMesh makeBolt(const ThreadSpec& spec);
TriMesh makeNut(const ThreadSpec& spec, const NutBody& body = {});

}  // namespace contactsim
