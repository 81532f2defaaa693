// The tunnelling check's vertex tracing (core/sim/swept_check.h) on chords whose answer is known
// by construction: passing through a plate or ending inside a body is caught; a resting contact's
// micrometre motions — a corner cut at a shared edge, a vertex leaving a resting overlap — are not.
#include <catch2/catch.hpp>

#include "collision/aabb_tree.h"
#include "geometry/primitives.h"
#include "sim/swept_check.h"

using namespace contactsim;

namespace {
Pose at(const Vec3& translation) {
  return Pose::fromTranslationRotationVector(translation, Vec3::Zero());
}
}  // namespace

TEST_CASE("tunnelling: through a plate or into a body is caught", "[tunnelling]") {
  const TriMesh plate_mesh = makePlate(0.2, 0.2, 0.004, 4);  // z in [−0.004, 0]
  const TriMesh cube_mesh = makeBox(Vec3::Constant(0.01));
  const AabbTree plate(plate_mesh), cube(cube_mesh);
  // From 5 mm above to 5 mm below the plate's 4 mm: every vertex crossed in and out.
  CHECK(sweptThrough(cube, at({0, 0, 0.015}), at({0, 0, -0.019}), plate, false));
  // ... and to touch it from below: through a thin part.
  CHECK(sweptThrough(cube, at({0, 0, 0.015}), at({0, 0, -0.0135}), plate, true));
  // Into a large block and stopping there: containment.
  const TriMesh block_mesh = makeBox(Vec3::Constant(0.1));
  const AabbTree block(block_mesh);
  CHECK(sweptThrough(cube, at({0, 0, 0.2}), at({0, 0, 0.0}), block, false));
  // Clear of the plate all along: nothing.
  CHECK_FALSE(sweptThrough(cube, at({0, 0, 0.03}), at({0.01, 0, 0.02}), plate, false));
}

TEST_CASE("tunnelling: a resting contact's micrometre motions are not", "[tunnelling]") {
  // Two equal 5 cm cubes, the upper standing on the lower with aligned edges (the corpus's stack
  // of five at Δt = 1 ms). Relative to the lower, the upper starts 2 µm up and 1.5 µm in from an
  // edge, then sinks 20 µm while sliding 12 µm out over it (and tilting 1e-4 rad): its bottom
  // vertices on that edge go in through the lower's top face and out through its side, 90° apart
  // — a cut corner, not a passage through anything.
  const double half = 0.025;
  const TriMesh cube_mesh = makeBox(Vec3::Constant(half), 2);
  const AabbTree cube(cube_mesh);
  for (const Vec3& out : {Vec3(1, 0, 0), Vec3(0, -1, 0), Vec3(0.6, 0.8, 0)}) {
    const Pose before = at(Vec3(0, 0, 2 * half + 2e-6) - 1.5e-6 * out);
    const Pose now =
        Pose::fromTranslationRotationVector(Vec3(0, 0, 2 * half - 2e-5) + 1.2e-5 * out,
                                            Vec3(1e-4, -1e-4, 0));
    INFO("out over the edge towards " << out.transpose());
    CHECK_FALSE(sweptThrough(cube, before, now, cube, true));
  }
  // The upper cube 0.2 µm into the lower at the last state (a resting overlap the contact search
  // saw as touching), lifting off 1 µm: its bottom vertices leave the lower's top face.
  CHECK_FALSE(
      sweptThrough(cube, at({0, 0, 2 * half - 2e-7}), at({0, 0, 2 * half + 1e-6}), cube, false));
}
