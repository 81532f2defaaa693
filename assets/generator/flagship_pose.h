// Where the anchor goes in the hull's frame for the flagship scene's start.
#pragma once

#include "generator/anchor_model.h"
#include "generator/hull_model.h"
#include "geometry/pose.h"

namespace contactsim::models {

// The anchor hanging free outside the hawse pipe: its frame's axes parallel to the hull's (the
// pin, i.e. the fluke span, along the ship; the shank vertical, eye up), the shackle point
// `outboard` metres out from the pipe's lower opening along the pocket's normal. At the default
// neither body touches the hull (checked by the tests); heaving the cable draws it in.
Pose hangingPose(const AnchorModel& anchor, const HullModel& hull, double outboard = 0.45);

}  // namespace contactsim::models
