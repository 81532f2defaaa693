// The flagship scene's hull (Dopico et al. §V): a warship's bow section with a raked stem, flared
// plating, a sheer line, a hawse pipe, an anchor pocket and a windlass on the forecastle deck.
// Frame: x forward, y to port, z up, metres; origin on the centreline, at the waterline, in the
// aft cut of the section.
#pragma once

#include "geometry/tri_mesh.h"

namespace contactsim::models {

struct HullModel {
  TriMesh mesh;
  Vec3 pipe_upper = Vec3::Zero();  // where the pipe axis meets the deck (upper opening centre)
  Vec3 pipe_lower = Vec3::Zero();  // where it meets the shell (lower opening centre)
  Vec3 pipe_axis = Vec3::Zero();   // unit, from the upper towards the lower opening
  double bore_radius = 0.0;
  Vec3 pocket_centre = Vec3::Zero();  // on the pocket floor
  Vec3 pocket_normal = Vec3::Zero();  // outward shell normal at the pocket centre
  double pocket_depth = 0.0;
  Vec3 pocket_span = Vec3::Zero();  // unit, in the shell, across the pipe: where the flukes lie
  double length =
      0.0;  // the section runs from x = 0 to x = length (the stem's foot; raked forward)
  // Where the chain leaves the windlass's gypsy: on the pipe axis, kChainAboveDeck above the
  // upper opening. The windlass (plinth, cheeks, gypsy, motor) is a separate closed mesh standing
  // on the deck, drawn only (its parts overlap; it takes no part in contact).
  Vec3 chain_point = Vec3::Zero();
  TriMesh windlass;
};

constexpr double kChainAboveDeck = 2.0;

HullModel makeHull();

}  // namespace contactsim::models
