#include "generator/flagship_pose.h"

namespace contactsim::models {

Pose hangingPose(const AnchorModel& anchor, const HullModel& hull, double outboard) {
  Pose pose;
  pose.translation = hull.pipe_lower + outboard * hull.pocket_normal - anchor.shackle_point;
  return pose;
}

}  // namespace contactsim::models
