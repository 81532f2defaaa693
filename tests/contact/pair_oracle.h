// Brute-force O(n·m) intersecting triangle pairs by plane clipping: an oracle for the tests,
// independent of the collision core's formulation.
#pragma once

#include <vector>

#include "contact/contact_regions.h"

namespace contactsim::testing {

std::vector<TrianglePair> bruteForcePairs(const PosedMesh& a, const PosedMesh& b);

}  // namespace contactsim::testing
