// Writes the bundled models of assets/models/ (used by tests, the GUI and the demo scenes).
// Usage: contactsim-genmodels OUTPUT_DIR      (prints the models' key points on stdout)
//
// Flagship scene (Dopico et al. §V, the anchor manoeuvre of a warship), all in metres:
//  hull.stl         fixed bow section. Frame: x forward, y to port, z up; origin on the
//                   centreline, at the waterline, in the section's aft cut (x = 0, stem at
//                   x = 22). Deck at z = 6.5..7.3 (sheer), keel at z = -4.5 rising to -1.5 at
//                   the stem. A closed solid whose outer surface is the flared plating, with a
//                   hawse pipe (bore 0.56 m) from the forecastle deck near the centreline down,
//                   forward and outboard to the port shell, where it opens into an anchor pocket
//                   (a 0.3 m deep rounded recess, about 2.0 x 2.7 m) that the crown seats in.
//  anchor_shank.stl, anchor_crown.stl
//                   stockless (Hall type) anchor, 6414 kg steel (7850 kg/m^3) in two bodies,
//                   both meshed in the anchor frame in the assembled position: origin at the
//                   crown pin centre, x along the pin (the fluke span), z along the shank towards
//                   the shackle eye. The shank's neck passes through an hourglass slot of the
//                   crown that clears it by 5 mm at rest and stops it at about +-38°.
//  ramp.stl         30° wedge, 2 m run (x), 1 m wide (y), base in z = 0, rising towards +x.
//  bore_plate.stl, pin.stl
//                   0.4 m plate (top at z = 0, 40 mm thick) with a 100 mm vertical bore at its
//                   centre; a 96 mm pin, 150 mm long, base at z = 0.
//  thread_bolt.stl, thread_nut.stl
//                   ISO M8x1 (geometry/thread_mesh.h): a 12 mm threaded bolt, z in [0, 0.012],
//                   96 columns per turn; a 13 mm hex nut, 6.5 mm long, 102 columns, radial
//                   clearance 0.05 mm and 0.1 mm axial play. Placed a whole number of pitches up
//                   the bolt the nut is centred in its play.
//  spur_gear_20.stl, spur_gear_40.stl
//                   involute spur gears (generator/spur_gear.h), m = 2 mm, z = 20 and 40,
//                   10 mm wide, axis z centred on z = 0, tooth 0 on +x, each thinned 0.05 mm.
//  cam_cycloidal.stl, follower_flat.stl  disc cam and flat-faced follower (generator/disc_cam.h).
// The key points are printed by this tool (HullModel / AnchorModel fields); as generated:
//   hull: 100460 triangles, genus 1. Pipe upper opening (deck) [14.300, 0.900, 6.838], lower
//     opening (shell, in the pocket) [16.500, 1.321, 3.300], axis (down) [0.5254, 0.1005,
//     -0.8449], length 4.19 m, bore radius 0.28 m. Pocket centre (floor) [16.685, 1.195, 3.003],
//     outward normal [0.270, 0.937, -0.220], fluke span direction [0.849, -0.125, 0.513].
//   anchor (anchor frame): pin point [0, 0, 0], pin axis x; shackle point (eye centre)
//     [0, 0, 2.549], eye axis y, eye radius 0.075 m. Shank 26840 triangles, 1631 kg, CoM
//     [0, 0, 1.210], length 2.99 m; crown 36880 triangles, 4783 kg, CoM [0, 0, 0.121], fluke
//     tips 2.10 m apart. Total 6414 kg.
//   hanging start (flagship_pose.h): anchor frame at [16.622, 1.743, 0.652] in the hull frame,
//     axes parallel; clear of the hull.
#include <cstdio>
#include <exception>
#include <filesystem>

#include "generator/anchor_model.h"
#include "generator/demo_shapes.h"
#include "generator/disc_cam.h"
#include "generator/flagship_pose.h"
#include "generator/hull_model.h"
#include "generator/spur_gear.h"
#include "geometry/mass_properties.h"
#include "geometry/primitives.h"
#include "geometry/thread_mesh.h"
#include "import/mesh_export.h"

namespace {

using contactsim::Vec3;

void print(const char* name, const Vec3& v) {
  std::printf("  %-22s [%.4f, %.4f, %.4f]\n", name, v.x(), v.y(), v.z());
}

void report(const char* name, const contactsim::TriMesh& mesh, double density) {
  const auto props = contactsim::computeMassProperties(mesh, density);
  const auto euler = static_cast<long>(mesh.vertexCount()) -
                     static_cast<long>(mesh.triangleCount() * 3 / 2) +
                     static_cast<long>(mesh.triangleCount());
  std::printf(
      "%s: %zu triangles, %zu vertices, watertight %d, oriented %d, genus %ld, "
      "volume %.5f m^3",
      name, mesh.triangleCount(), mesh.vertexCount(), mesh.watertight(),
      mesh.consistentlyOriented(), (2 - euler) / 2, props.volume);
  if (density > 0) std::printf(", mass %.1f kg", props.mass);
  std::printf("\n");
  print("centre of mass", props.centroid);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  try {
    std::filesystem::create_directories(dir);
    // Sizes in metres; mesh densities fine enough for contact patches to have several triangles.
    contactsim::writeBinaryStl(dir / "box.stl", contactsim::makeBox(Vec3(0.1, 0.1, 0.1), 8));
    contactsim::writeBinaryStl(dir / "icosphere.stl", contactsim::makeIcosphere(0.1, 4));
    contactsim::writeObj(dir / "torus.obj", contactsim::makeTorus(0.2, 0.05, 96, 32));
    contactsim::writeBinaryStl(dir / "plate.stl", contactsim::makePlate(1.0, 1.0, 0.02, 40));

    using namespace contactsim::models;
    // Quick-scene shapes: a 30° ramp with a 2 m run, 1 m wide; a 0.4 m plate, 40 mm thick, with
    // a 100 mm bore and a 96 mm pin (2 mm radial clearance). The 0.2 m block is box.stl.
    const contactsim::TriMesh ramp = makeRamp(2.0, 1.0, 30.0, 0.05);
    const contactsim::TriMesh bore_plate = makeBorePlate(0.4, 0.04, 0.05);
    const contactsim::TriMesh pin = makePin(0.048, 0.15, 64);
    contactsim::writeBinaryStl(dir / "ramp.stl", ramp);
    contactsim::writeBinaryStl(dir / "bore_plate.stl", bore_plate);
    contactsim::writeBinaryStl(dir / "pin.stl", pin);
    report("ramp.stl", ramp, 0.0);
    report("bore_plate.stl", bore_plate, 0.0);
    report("pin.stl", pin, 0.0);

    // Everyday contact corpus (assets/scenes/corpus/, issue 14): a 60 x 60 x 120 mm block to tip
    // over an edge, a 50 mm cube for a stack of five, and a 20 mm pin, 40 mm long, in a 50 mm
    // long bore of radius 10.1 mm (0.1 mm radial clearance). All centred on their origin; pin and
    // bore axes along z, 96 vertices around, so a facet's sagitta (5 µm) stays well inside the
    // clearance.
    const contactsim::TriMesh tip_block = contactsim::makeBox(Vec3(0.03, 0.03, 0.06), 6);
    const contactsim::TriMesh stack_cube = contactsim::makeBox(Vec3(0.025, 0.025, 0.025), 4);
    const contactsim::TriMesh rattle_pin = contactsim::makeCylinder(0.01, 0.04, 96, 4);
    const contactsim::TriMesh rattle_bore = contactsim::makeTube(0.0101, 0.02, 0.05, 96, 4);
    contactsim::writeBinaryStl(dir / "tip_block.stl", tip_block);
    contactsim::writeBinaryStl(dir / "stack_cube.stl", stack_cube);
    contactsim::writeBinaryStl(dir / "rattle_pin.stl", rattle_pin);
    contactsim::writeBinaryStl(dir / "rattle_bore.stl", rattle_bore);
    report("tip_block.stl", tip_block, kSteelDensity);
    report("stack_cube.stl", stack_cube, kSteelDensity);
    report("rattle_pin.stl", rattle_pin, kSteelDensity);
    report("rattle_bore.stl", rattle_bore, 0.0);
    // Euler's disk: a coin 30 mm across and 3 mm thick, axis along z, 96 vertices around its rim.
    const contactsim::TriMesh coin = contactsim::makeCylinder(0.015, 0.003, 96, 1);
    contactsim::writeBinaryStl(dir / "coin.stl", coin);
    report("coin.stl", coin, kSteelDensity);

    // A spur-gear pair (generator/spur_gear.h): ISO 53 involute teeth, m = 2 mm, 10 mm wide,
    // z = 20 and 40, each thinned by 0.05 mm on the pitch circle (0.1 mm backlash when meshed at
    // the standard centre distance of 60 mm); 32 chords per flank.
    contactsim::models::SpurGearSpec gear;
    gear.module = 0.002;
    gear.face_width = 0.01;
    gear.thinning = 0.05e-3;
    gear.flank_divisions = 32;
    gear.tip_divisions = 3;
    gear.root_divisions = 6;
    gear.width_divisions = 4;
    gear.teeth = 20;
    const contactsim::TriMesh pinion = contactsim::models::makeSpurGear(gear);
    gear.teeth = 40;
    const contactsim::TriMesh wheel = contactsim::models::makeSpurGear(gear);
    contactsim::writeBinaryStl(dir / "spur_gear_20.stl", pinion);
    contactsim::writeBinaryStl(dir / "spur_gear_40.stl", wheel);
    report("spur_gear_20.stl", pinion, kSteelDensity);
    report("spur_gear_40.stl", wheel, kSteelDensity);

    // A threaded pair for conforming-contact scenes (split patches on the flanks).
    contactsim::ThreadSpec thread;
    thread.nominal_diameter = 0.008;
    thread.pitch = 0.001;
    thread.length = 0.012;
    thread.segments_per_turn = 96;
    thread.flank_divisions = 2;
    thread.radial_clearance = 0.05e-3;
    thread.axial_clearance = 0.1e-3;
    const contactsim::TriMesh bolt = contactsim::makeBolt(thread);
    thread.length = 0.0065;
    thread.segments_per_turn = 102;
    const contactsim::TriMesh nut = contactsim::makeNut(thread, contactsim::NutBody{0.013, 0.0});
    contactsim::writeBinaryStl(dir / "thread_bolt.stl", bolt);
    contactsim::writeBinaryStl(dir / "thread_nut.stl", nut);
    report("thread_bolt.stl", bolt, kSteelDensity);
    report("thread_nut.stl", nut, kSteelDensity);

    // The cam-and-follower demo (assets/scenes/cam_follower.json, generator/disc_cam.h): a disc cam
    // for a flat-faced follower, cycloidal rise-dwell-return (r_b = 30 mm, h = 10 mm), 12 mm wide,
    // 3600 profile vertices; and its follower, a 40 x 20 x 24 mm block centred on its origin.
    const contactsim::TriMesh cam = makeDiscCam(camFollowerDemoCam());
    const contactsim::TriMesh follower =
        contactsim::makeBox(camFollowerDemoFollowerHalfExtents(), 8);
    contactsim::writeBinaryStl(dir / "cam_cycloidal.stl", cam);
    contactsim::writeBinaryStl(dir / "follower_flat.stl", follower);
    report("cam_cycloidal.stl", cam, kSteelDensity);
    report("follower_flat.stl", follower, kSteelDensity);
    std::printf("  %-22s %.3g m (min radius of curvature %.4f m)\n", "cam chordal error",
                camChordalError(camFollowerDemoCam()), camMinCurvatureRadius(camFollowerDemoCam()));

    const HullModel hull = makeHull();
    contactsim::writeBinaryStl(dir / "hull.stl", hull.mesh);
    report("hull.stl", hull.mesh, 0.0);
    print("pipe upper opening", hull.pipe_upper);
    print("pipe lower opening", hull.pipe_lower);
    print("pipe axis (down)", hull.pipe_axis);
    std::printf("  %-22s %.4f m (length %.3f m)\n", "bore radius", hull.bore_radius,
                (hull.pipe_lower - hull.pipe_upper).norm());
    print("pocket centre (floor)", hull.pocket_centre);
    print("pocket normal", hull.pocket_normal);
    print("pocket span", hull.pocket_span);
    std::printf("  %-22s %.3f m\n", "pocket depth", hull.pocket_depth);
    contactsim::writeBinaryStl(dir / "windlass.stl", hull.windlass);
    report("windlass.stl", hull.windlass, 0.0);
    print("chain at the gypsy", hull.chain_point);

    const AnchorModel anchor = makeAnchor();
    contactsim::writeBinaryStl(dir / "anchor_shank.stl", anchor.shank);
    contactsim::writeBinaryStl(dir / "anchor_crown.stl", anchor.crown);
    report("anchor_shank.stl", anchor.shank, kSteelDensity);
    report("anchor_crown.stl", anchor.crown, kSteelDensity);
    std::printf("anchor: design scale %.4f, shank length %.3f m, fluke tip span %.3f m\n",
                anchor.scale, anchor.shank_length, anchor.fluke_tip_span);
    print("pin point", anchor.pin_point);
    print("pin axis", anchor.pin_axis);
    print("shackle point", anchor.shackle_point);
    print("shackle (eye) axis", anchor.shackle_axis);
    std::printf("  %-22s %.4f m, clearance at rest %.4f m, fluke tilt +-%.0f deg\n", "eye radius",
                anchor.eye_radius, anchor.clearance, kFlukeTiltDegrees);
    const contactsim::Pose hanging = hangingPose(anchor, hull);
    std::printf("hanging start (anchor frame axes = hull axes, both bodies):\n");
    print("anchor frame origin", hanging.translation);
    print("shackle in hull frame", hanging.apply(anchor.shackle_point));
    const auto world_com = [&](const contactsim::TriMesh& mesh) {
      return hanging.apply(contactsim::computeMassProperties(mesh, kSteelDensity).centroid);
    };
    print("shank CoM, hull frame", world_com(anchor.shank));
    print("crown CoM, hull frame", world_com(anchor.crown));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
