// Helpers of the contact tests: a pose from a translation and rotation vector, the regions two
// posed meshes make through the query the simulation runs (findContact), and the single patch
// they make (found with the brute-force pair oracle).
#pragma once

#include <catch2/catch.hpp>

#include "collision/aabb_tree.h"
#include "contact/contact_regions.h"
#include "pair_oracle.h"

namespace contactsim::testing {

inline Pose at(const Vec3& t, const Vec3& rotation_vector = Vec3::Zero()) {
  return Pose::fromTranslationRotationVector(t, rotation_vector);
}

inline ContactRegions contactOf(const TriMesh& a, const Pose& pa, const TriMesh& b,
                                const Pose& pb) {
  return findContact(AabbTree(a), pa, AabbTree(b), pb);
}

inline ContactPatch onlyPatch(const TriMesh& a, const Pose& pa, const TriMesh& b, const Pose& pb) {
  const PosedMesh ma{a, pa}, mb{b, pb};
  PenetrationWorkspace workspace;
  const ContactRegions regions = findContactRegions(ma, mb, bruteForcePairs(ma, mb), workspace);
  REQUIRE(regions.patches.size() == 1);
  return regions.patches.front();
}

}  // namespace contactsim::testing
