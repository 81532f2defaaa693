// Option values shared by several sub-commands: poses and length units.
#pragma once

#include <string>

#include "geometry/pose.h"
#include "geometry/units.h"

namespace contactsim::cli {

// "tx,ty,tz,rx,ry,rz": translation in metres, rotation vector in radians. Throws naming `option`.
Pose parsePose(const std::string& text, const std::string& option);
// "m", "cm", "mm", "in". Throws naming `option`.
LengthUnit parseUnits(const std::string& text, const std::string& option);

}  // namespace contactsim::cli
