// URDF import (assets/import/urdf_import.h): a three-link arm written here, with STL meshes from
// the project's writer and non-zero rpy everywhere, must become the scene its file describes.
// The expected world frames are composed below from explicit rotation matrices (not the
// importer's code path), and the first joint's point is checked against a number derived by hand.
#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "../test_output_dir.h"
#include "geometry/mass_properties.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import/scene_mesh_import.h"
#include "import/urdf_import.h"
#include "scene/scene_reader.h"
#include "sim/simulation.h"

namespace fs = std::filesystem;
using namespace contactsim;

namespace {

// Rx, Ry, Rz written out, so the expected frames do not share the importer's AngleAxis code.
Mat3 rotX(double a) {
  Mat3 r;
  r << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a);
  return r;
}
Mat3 rotY(double a) {
  Mat3 r;
  r << std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a);
  return r;
}
Mat3 rotZ(double a) {
  Mat3 r;
  r << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  return r;
}
// URDF: fixed-axis roll, pitch, yaw.
Pose frame(const Vec3& xyz, double roll, double pitch, double yaw) {
  Pose p;
  p.rotation = rotZ(yaw) * rotY(pitch) * rotX(roll);
  p.translation = xyz;
  return p;
}

struct ArmFiles {
  fs::path root;  // holds arm_description/
  fs::path urdf;
};

// The arm, with the text of some elements replaceable so the error tests can break one thing.
struct ArmText {
  std::string elbow_child = "forearm";
  std::string forearm_mesh = "package://arm_description/meshes/forearm.stl";
  std::string forearm_scale = "0.5 0.5 0.5";
  std::string shoulder_origin = R"(<origin xyz="0 0 0.1" rpy="0 0 0.5"/>)";
  std::string extra;  // appended inside <robot>
  std::string tail = "</robot>\n";
};

std::string armUrdf(const ArmText& t) {
  return R"(<?xml version="1.0"?>
<robot name="arm3">
  <link name="base_link">
    <visual><geometry><mesh filename="../meshes/base.stl"/></geometry></visual>
    <collision>
      <origin xyz="0 0 0.05" rpy="0 0 0"/>
      <geometry><mesh filename="../meshes/base.stl"/></geometry>
    </collision>
  </link>
  <joint name="shoulder" type="revolute">
    <parent link="base_link"/>
    <child link="upper_arm"/>
    )" + t.shoulder_origin +
         R"(
    <axis xyz="0 0 1"/>
    <limit lower="-1.0" upper="1.5" effort="50" velocity="2"/>
  </joint>
  <link name="upper_arm">
    <inertial>
      <origin xyz="0.15 0 0" rpy="0.3 0 0"/>
      <mass value="2.0"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.0205"/>
    </inertial>
    <collision>
      <origin xyz="0.15 0 0" rpy="0 0 0"/>
      <geometry><mesh filename="package://arm_description/meshes/upper.stl"/></geometry>
    </collision>
  </link>
  <joint name="elbow" type="revolute">
    <parent link="upper_arm"/>
    <child link=")" +
         t.elbow_child + R"("/>
    <origin xyz="0.3 0 0" rpy="0.2 -0.4 0.7"/>
    <axis xyz="0 1 0"/>
    <limit lower="-2" upper="2" effort="20" velocity="4"/>
    <dynamics damping="0.1"/>
  </joint>
  <link name="forearm">
    <inertial>
      <origin xyz="0.1 0 0.01" rpy="0 0.25 -0.1"/>
      <mass value="1.0"/>
      <inertia ixx="0.0005" ixy="0.0001" ixz="0" iyy="0.008" iyz="0.00002" izz="0.0082"/>
    </inertial>
    <collision>
      <origin xyz="0.1 0 0" rpy="0.1 0.2 0.3"/>
      <geometry><mesh filename=")" +
         t.forearm_mesh + R"(" scale=")" + t.forearm_scale + R"("/></geometry>
    </collision>
  </link>
  <joint name="wrist" type="prismatic">
    <parent link="forearm"/>
    <child link="hand"/>
    <origin xyz="0.2 0 0" rpy="-0.3 0.1 0.2"/>
    <axis xyz="1 0 0"/>
    <limit lower="-0.02" upper="0.05" effort="100" velocity="0.5"/>
  </joint>
  <link name="hand">
    <inertial>
      <mass value="0.5"/>
      <inertia ixx="0.0004" ixy="0" ixz="0" iyy="0.0004" iyz="0" izz="0.0004"/>
    </inertial>
    <collision>
      <origin xyz="0.02 0 0" rpy="0 0.3 0"/>
      <geometry><mesh filename="package://arm_description/meshes/hand.stl"/></geometry>
    </collision>
    <collision>
      <origin xyz="0.06 0 0"/>
      <geometry><sphere radius="0.015"/></geometry>
    </collision>
  </link>
  <joint name="tool_joint" type="fixed">
    <parent link="hand"/>
    <child link="tool0"/>
    <origin xyz="0.08 0 0"/>
  </joint>
  <link name="tool0"/>
  <transmission name="shoulder_tr"><type>x</type></transmission>
  <transmission name="elbow_tr"><type>x</type></transmission>
  <gazebo reference="hand"/>
)" + t.extra +
         t.tail;
}

ArmFiles writeArm(const std::string& name, const ArmText& text = {}) {
  ArmFiles files;
  files.root = testing::testOutputDir("urdf/" + name);
  const fs::path package = files.root / "arm_description";
  fs::create_directories(package / "urdf");
  fs::create_directories(package / "meshes");
  writeBinaryStl(package / "meshes/base.stl", makeBox(Vec3(0.1, 0.1, 0.05)));
  writeBinaryStl(package / "meshes/upper.stl", makeBox(Vec3(0.15, 0.025, 0.025)));
  writeBinaryStl(package / "meshes/forearm.stl", makeBox(Vec3(0.2, 0.04, 0.04)));
  writeBinaryStl(package / "meshes/hand.stl", makeBox(Vec3(0.02, 0.02, 0.01)));
  files.urdf = package / "urdf/arm.urdf";
  std::ofstream(files.urdf) << armUrdf(text);
  return files;
}

UrdfOptions optionsFor(const ArmFiles& files) {
  UrdfOptions options;
  options.package_paths = {files.root};
  options.use_ros_package_path = false;
  options.generated_mesh_dir = files.root / "generated";
  return options;
}

const SceneBody& body(const Scene& scene, const std::string& name) {
  const int i = bodyIndex(scene, name);
  REQUIRE(i >= 0);
  return scene.bodies[static_cast<std::size_t>(i)];
}

const SceneJoint& joint(const Scene& scene, const std::string& name) {
  for (const SceneJoint& j : scene.joints) {
    if (j.name == name) return j;
  }
  FAIL("no joint " << name);
  return scene.joints.front();
}

// Every vertex of `actual` (placed at `actual_pose`) lies on a vertex of `expected` (placed at
// `expected_pose`, after `scale`), and the triangle counts agree: the same surface in the world.
void checkSameMesh(const TriMesh& actual, const Pose& actual_pose, const TriMesh& expected,
                   const Pose& expected_pose, const Vec3& scale = Vec3::Ones()) {
  CHECK(actual.triangleCount() == expected.triangleCount());
  double worst = 0.0;
  for (const Vec3& v : actual.vertices()) {
    const Vec3 w = actual_pose.apply(v);
    double nearest = 1e9;
    for (const Vec3& e : expected.vertices()) {
      nearest = std::min(nearest, (expected_pose.apply(scale.cwiseProduct(e)) - w).norm());
    }
    worst = std::max(worst, nearest);
  }
  CHECK(worst < 1e-6);  // STL stores floats
}

std::string errorOf(const fs::path& urdf, const UrdfOptions& options) {
  try {
    convertUrdf(urdf, options);
  } catch (const UrdfError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("URDF arm: bodies, joints, limits, inertias and meshes are what the file says",
          "[urdf]") {
  const ArmFiles files = writeArm("arm");
  const UrdfScene converted = convertUrdf(files.urdf, optionsFor(files));
  CHECK(converted.robot_name == "arm3");
  const Scene scene = parseScene(converted.scene.dump(), files.urdf, sceneMeshLoader());

  // Link frames: each child's frame is its parent's composed with the joint origin.
  const Pose upper = frame({0, 0, 0.1}, 0, 0, 0.5);
  const Pose fore = upper * frame({0.3, 0, 0}, 0.2, -0.4, 0.7);
  const Pose hand = fore * frame({0.2, 0, 0}, -0.3, 0.1, 0.2);

  SECTION("bodies") {
    REQUIRE(scene.bodies.size() == 4);  // tool0 has no inertial: a frame, left out
    CHECK(body(scene, "base_link").fixed);
    CHECK_FALSE(body(scene, "upper_arm").fixed);
    CHECK(body(scene, "upper_arm").mass.mass == 2.0);
    CHECK(body(scene, "forearm").mass.mass == 1.0);
    CHECK(body(scene, "hand").mass.mass == 0.5);
    CHECK(bodyIndex(scene, "tool0") < 0);
  }

  SECTION("joints at t = 0: world points and axes") {
    REQUIRE(scene.joints.size() == 3);
    const SceneJoint& shoulder = joint(scene, "shoulder");
    CHECK(shoulder.type == JointType::Revolute);
    CHECK(shoulder.body_a == "base_link");
    CHECK(shoulder.body_b == "upper_arm");
    CHECK((shoulder.point - Vec3(0, 0, 0.1)).norm() < 1e-12);
    CHECK((shoulder.axis - Vec3(0, 0, 1)).norm() < 1e-12);

    const SceneJoint& elbow = joint(scene, "elbow");
    CHECK(elbow.body_a == "upper_arm");
    CHECK(elbow.body_b == "forearm");
    // By hand: 0.3 m along x turned 0.5 rad about z, raised 0.1 m.
    CHECK((elbow.point - Vec3(0.3 * std::cos(0.5), 0.3 * std::sin(0.5), 0.1)).norm() < 1e-12);
    CHECK((elbow.point - fore.translation).norm() < 1e-12);
    // The axis is in the child's (joint) frame: y of the forearm frame.
    CHECK((elbow.axis - fore.rotation.col(1)).norm() < 1e-12);

    const SceneJoint& wrist = joint(scene, "wrist");
    CHECK(wrist.type == JointType::Prismatic);
    CHECK((wrist.point - hand.translation).norm() < 1e-12);
    CHECK((wrist.axis - hand.rotation.col(0)).norm() < 1e-12);
  }

  SECTION("limits: the file's range, stiffness from the effort, damping from the velocity") {
    const UrdfOptions defaults;
    const JointStopLaw& s = *joint(scene, "shoulder").limits;
    CHECK(s.lower == -1.0);
    CHECK(s.upper == 1.5);
    CHECK(s.stiffness == Approx(50.0 / defaults.stop_deflection_revolute));
    CHECK(s.damping == Approx(defaults.stop_damping_times_velocity / 2.0));
    const JointStopLaw& e = *joint(scene, "elbow").limits;
    CHECK(e.lower == -2.0);
    CHECK(e.upper == 2.0);
    CHECK(e.stiffness == Approx(20.0 / defaults.stop_deflection_revolute));
    const JointStopLaw& w = *joint(scene, "wrist").limits;
    CHECK(w.lower == -0.02);
    CHECK(w.upper == 0.05);
    CHECK(w.stiffness == Approx(100.0 / defaults.stop_deflection_prismatic));
    CHECK(w.damping == Approx(defaults.stop_damping_times_velocity / 0.5));
    CHECK_FALSE(joint(scene, "shoulder").drive);
  }

  SECTION("inertias: centre of mass and tensor in the world frame") {
    struct Expected {
      std::string link;
      Pose link_frame, inertial;
      Mat3 tensor;
    };
    Mat3 upper_i = Vec3(0.001, 0.02, 0.0205).asDiagonal();
    Mat3 fore_i;
    fore_i << 0.0005, 0.0001, 0, 0.0001, 0.008, 0.00002, 0, 0.00002, 0.0082;
    Mat3 hand_i = Vec3(0.0004, 0.0004, 0.0004).asDiagonal();
    const Expected expected[] = {
        {"upper_arm", upper, frame({0.15, 0, 0}, 0.3, 0, 0), upper_i},
        {"forearm", fore, frame({0.1, 0, 0.01}, 0, 0.25, -0.1), fore_i},
        {"hand", hand, Pose{}, hand_i},
    };
    for (const Expected& x : expected) {
      INFO(x.link);
      const SceneBody& b = body(scene, x.link);
      // World inertia = R_link·R_inertial·I·R_inertialᵀ·R_linkᵀ; the body stores it in its own
      // axes, so rotating those by its pose must give the same tensor.
      const Mat3 r = x.link_frame.rotation * x.inertial.rotation;
      const Mat3 want = r * x.tensor * r.transpose();
      const Mat3 got = b.pose.rotation * b.mass.inertia * b.pose.rotation.transpose();
      CHECK((got - want).norm() < 1e-12 * want.norm() + 1e-15);
      const Vec3 com = b.pose.apply(b.mass.center_of_mass);
      CHECK((com - x.link_frame.apply(x.inertial.translation)).norm() < 1e-12);
    }
    // One rotated entry by hand: upper_arm's inertial is rolled 0.3 rad about x, then the link
    // is yawed 0.5 rad about z, so the world xz entry is zero and yy is
    // sin²0.5·0.001 + cos²0.5·(cos²0.3·0.02 + sin²0.3·0.0205).
    const SceneBody& ua = body(scene, "upper_arm");
    const Mat3 world = ua.pose.rotation * ua.mass.inertia * ua.pose.rotation.transpose();
    const double c3 = std::cos(0.3), s3 = std::sin(0.3), c5 = std::cos(0.5), s5 = std::sin(0.5);
    CHECK(world(1, 1) ==
          Approx(s5 * s5 * 0.001 + c5 * c5 * (c3 * c3 * 0.02 + s3 * s3 * 0.0205)).epsilon(1e-12));
  }

  SECTION("meshes: the collision geometry where the file puts it") {
    const fs::path meshes = files.root / "arm_description/meshes";
    const SceneBody& base = body(scene, "base_link");
    CHECK(fs::equivalent(base.mesh->file, meshes / "base.stl"));
    checkSameMesh(*base.mesh->mesh, base.pose, makeBox(Vec3(0.1, 0.1, 0.05)),
                  frame({0, 0, 0.05}, 0, 0, 0));
    const SceneBody& ua = body(scene, "upper_arm");
    CHECK(fs::equivalent(ua.mesh->file, meshes / "upper.stl"));
    checkSameMesh(*ua.mesh->mesh, ua.pose, makeBox(Vec3(0.15, 0.025, 0.025)),
                  upper * frame({0.15, 0, 0}, 0, 0, 0));
    const SceneBody& fa = body(scene, "forearm");
    CHECK(fs::equivalent(fa.mesh->file, meshes / "forearm.stl"));
    CHECK(fa.mesh->scale == 0.5);
    checkSameMesh(*fa.mesh->mesh, fa.pose, makeBox(Vec3(0.2, 0.04, 0.04)),
                  fore * frame({0.1, 0, 0}, 0.1, 0.2, 0.3), Vec3::Constant(0.5));
    // Two collisions: merged into one generated STL in the link frame.
    const SceneBody& h = body(scene, "hand");
    CHECK(h.mesh->file.parent_path() == files.root / "generated");
    TriMesh box = makeBox(Vec3(0.02, 0.02, 0.01)), ball = makeIcosphere(0.015, 3);
    const TriMesh& merged = *h.mesh->mesh;
    CHECK(merged.triangleCount() == box.triangleCount() + ball.triangleCount());
    CHECK((h.pose.translation - hand.translation).norm() < 1e-12);
    CHECK((h.pose.rotation - hand.rotation).norm() < 1e-12);
    // The sphere where its <origin> puts it: every icosphere vertex at its radius from
    // (0.06, 0, 0) in the link frame, and the box's corners as its rotated <origin> says.
    int on_sphere = 0, box_corners = 0;
    const Pose box_at = frame({0.02, 0, 0}, 0, 0.3, 0);
    for (const Vec3& v : merged.vertices()) {
      on_sphere += std::abs((v - Vec3(0.06, 0, 0)).norm() - 0.015) < 1e-6;
      for (const Vec3& c : box.vertices()) box_corners += (box_at.apply(c) - v).norm() < 1e-6;
    }
    CHECK(on_sphere == static_cast<int>(ball.vertexCount()));
    CHECK(box_corners == static_cast<int>(box.vertexCount()));
  }

  SECTION("unsupported tags: one warning line per kind, naming the elements") {
    int transmission = 0, gazebo = 0, dynamics = 0, frames = 0;
    for (const std::string& w : converted.warnings) {
      INFO(w);
      CHECK(w.find('\n') == std::string::npos);
      CHECK(w.rfind(files.urdf.string(), 0) == 0);
      if (w.find("<transmission>") != std::string::npos) {
        ++transmission;
        CHECK(w.find("shoulder_tr, elbow_tr") != std::string::npos);
      }
      gazebo += w.find("<gazebo>") != std::string::npos;
      dynamics += w.find("<dynamics>") != std::string::npos;
      frames += w.find("tool0") != std::string::npos;
    }
    CHECK(transmission == 1);
    CHECK(gazebo == 1);
    CHECK(dynamics == 1);
    CHECK(frames == 1);
  }

  SECTION("runs a few steps headless") {
    Simulation sim(parseScene(converted.scene.dump(), files.urdf, sceneMeshLoader()));
    for (int i = 0; i < 20; ++i) sim.step();
    CHECK(sim.time() > 0.0);
    const SimulationFrame f = sim.frame();
    // The upper arm turns about the shoulder's fixed point, and has moved (gravity on an arm
    // reaching out sideways).
    const std::size_t ua = static_cast<std::size_t>(bodyIndex(sim.scene(), "upper_arm"));
    const Vec3 shoulder_in_body = body(scene, "upper_arm").pose.inverse().apply(Vec3(0, 0, 0.1));
    CHECK((f.bodies[ua].pose.apply(shoulder_in_body) - Vec3(0, 0, 0.1)).norm() < 1e-6);
    for (const BodyState& b : f.bodies) CHECK(b.pose.translation.allFinite());
    const std::size_t fa = static_cast<std::size_t>(bodyIndex(sim.scene(), "forearm"));
    CHECK((f.bodies[fa].pose.translation - body(scene, "forearm").pose.translation).norm() > 1e-7);
  }
}

TEST_CASE("URDF --hold-pose adds a PD motor capped at the effort limit", "[urdf]") {
  const ArmFiles files = writeArm("hold");
  UrdfOptions options = optionsFor(files);
  options.hold_pose = true;
  const Scene scene =
      parseScene(convertUrdf(files.urdf, options).scene.dump(), files.urdf, sceneMeshLoader());
  const SceneJoint& elbow = joint(scene, "elbow");
  REQUIRE(elbow.drive);
  CHECK_FALSE(elbow.drive->motion);
  CHECK(elbow.drive->motor.max_effort == 20.0);
  CHECK(elbow.drive->motor.stiffness == Approx(20.0 / options.hold_deflection));
  CHECK(elbow.drive->motor.position == 0.0);
}

TEST_CASE("URDF: a mirrored mesh (negative scale) is merged and still faces outward", "[urdf]") {
  ArmText t;
  t.forearm_scale = "1 -1 0.5";
  const ArmFiles files = writeArm("mirror", t);
  const Scene scene = parseScene(convertUrdf(files.urdf, optionsFor(files)).scene.dump(),
                                 files.urdf, sceneMeshLoader());
  const SceneBody& fa = body(scene, "forearm");
  CHECK(fa.mesh->file.parent_path() == files.root / "generated");
  const MassProperties props = computeMassProperties(*fa.mesh->mesh, 1.0);
  CHECK(props.method == MassMethod::ClosedSurface);  // no triangle had to be turned
  CHECK(props.volume == Approx(0.4 * 0.08 * 0.04).epsilon(1e-6));
  const Pose fore = frame({0, 0, 0.1}, 0, 0, 0.5) * frame({0.3, 0, 0}, 0.2, -0.4, 0.7);
  checkSameMesh(*fa.mesh->mesh, fa.pose, makeBox(Vec3(0.2, 0.04, 0.04)),
                fore * frame({0.1, 0, 0}, 0.1, 0.2, 0.3), Vec3(1, -1, 0.5));
}

TEST_CASE("URDF: a point mass welded to a link is added to that link's body", "[urdf]") {
  // A sensor frame with a mass and a zero tensor (as many descriptions have) on the forearm.
  ArmText t;
  t.extra = R"(<joint name="sensor_joint" type="fixed"><parent link="forearm"/>
    <child link="sensor"/><origin xyz="0.05 0.02 0" rpy="0.4 0 1.0"/></joint>
    <link name="sensor"><inertial><origin xyz="0.01 0 0"/><mass value="0.05"/>
      <inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" izz="0"/></inertial></link>)";
  const ArmFiles files = writeArm("lumped", t);
  const UrdfScene converted = convertUrdf(files.urdf, optionsFor(files));
  const Scene scene = parseScene(converted.scene.dump(), files.urdf, sceneMeshLoader());
  CHECK(bodyIndex(scene, "sensor") < 0);
  const SceneBody& fa = body(scene, "forearm");
  CHECK(fa.mass.mass == Approx(1.05).epsilon(1e-14));
  // Expected in the world: the forearm's own inertial and the sensor's point mass, combined
  // about their common centre by the parallel-axis theorem.
  const Pose fore = frame({0, 0, 0.1}, 0, 0, 0.5) * frame({0.3, 0, 0}, 0.2, -0.4, 0.7);
  const Pose own = fore * frame({0.1, 0, 0.01}, 0, 0.25, -0.1);
  Mat3 own_i;
  own_i << 0.0005, 0.0001, 0, 0.0001, 0.008, 0.00002, 0, 0.00002, 0.0082;
  const Vec3 point = (fore * frame({0.05, 0.02, 0}, 0.4, 0, 1.0)).apply(Vec3(0.01, 0, 0));
  const Vec3 com = (1.0 * own.translation + 0.05 * point) / 1.05;
  const auto steiner = [](double m, const Vec3& d) -> Mat3 {
    return m * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  };
  const Mat3 want = own.rotation * own_i * own.rotation.transpose() +
                    steiner(1.0, own.translation - com) + steiner(0.05, point - com);
  const Mat3 got = fa.pose.rotation * fa.mass.inertia * fa.pose.rotation.transpose();
  CHECK((got - want).norm() < 1e-12 * want.norm());
  CHECK((fa.pose.apply(fa.mass.center_of_mass) - com).norm() < 1e-12);
  bool named = false;
  for (const std::string& w : converted.warnings) named |= w.find("sensor") != std::string::npos;
  CHECK(named);
}

TEST_CASE("URDF package:// is found above the URDF without a search path", "[urdf]") {
  const ArmFiles files = writeArm("ancestor");
  UrdfOptions options = optionsFor(files);
  options.package_paths.clear();
  CHECK_NOTHROW(convertUrdf(files.urdf, options));
}

TEST_CASE("URDF errors are one line naming the file and the element", "[urdf]") {
  const auto check = [](const std::string& name, const ArmText& text, const std::string& element,
                        const std::string& reason) {
    const ArmFiles files = writeArm(name, text);
    UrdfOptions options = optionsFor(files);
    const std::string error = errorOf(files.urdf, options);
    INFO(error);
    CHECK(error.find('\n') == std::string::npos);
    CHECK(error.rfind(files.urdf.string() + ":", 0) == 0);
    CHECK(error.find(element) != std::string::npos);
    CHECK(error.find(reason) != std::string::npos);
  };
  ArmText t;
  t.tail = "</robt>\n";
  check("malformed", t, "malformed XML", "robt");
  t = {};
  t.elbow_child = "forearm2";
  check("missing_link", t, "joint 'elbow'", "child link 'forearm2' not defined");
  t = {};
  t.forearm_mesh = "package://arm_description/meshes/forearm_missing.stl";
  check("missing_mesh", t, "link 'forearm' <collision>[0] <mesh>", "forearm_missing.stl");
  t = {};
  t.forearm_mesh = "package://other_description/meshes/forearm.stl";
  check("missing_package", t, "link 'forearm' <collision>[0] <mesh>",
        "package 'other_description'");
  t = {};
  t.shoulder_origin = R"(<origin xyz="0 0 zero" rpy="0 0 0.5"/>)";
  check("bad_number", t, "joint 'shoulder' <origin>", "'xyz': expected 3 numbers, got '0 0 zero'");
  t = {};
  t.shoulder_origin = R"(<origin xyz="0 0 0.1" rpy="0 nan 0.5"/>)";
  check("nan", t, "joint 'shoulder' <origin>", "'rpy'");
  t = {};
  t.extra = R"(<link name="spare"/>)";
  check("two_roots", t, "link 'spare'", "a second root");
  t = {};
  // base_link becomes the child of hand: no root is left, and the loop is named.
  t.extra =
      R"(<joint name="back" type="fixed"><parent link="hand"/><child link="base_link"/></joint>)";
  check("cycle", t, "joint '", "form a cycle");
  t = {};
  t.extra =
      R"(<joint name="again" type="fixed"><parent link="upper_arm"/><child link="hand"/></joint>)";
  check("two_parents", t, "joint 'again'", "already the child of joint 'wrist'");
  t = {};
  t.extra = R"(<link name="forearm"/>)";
  check("duplicate", t, "link 'forearm'", "defined twice");
  t = {};
  // Not even a point mass's tensor (I1 + I2 < I3): an error, not something to add to a body.
  t.extra = R"(<joint name="cam_joint" type="fixed"><parent link="hand"/><child link="cam"/></joint>
    <link name="cam"><inertial><mass value="0.1"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.01"/></inertial></link>)";
  check("bad_inertia", t, "link 'cam'", "not a rigid body's");
  t = {};
  t.extra = R"(<joint name="j" type="screw"><parent link="hand"/><child link="x"/></joint>)";
  check("bad_type", t, "joint 'j'", "unknown type 'screw'");

  // Not a file at all.
  const std::string missing = errorOf("/nonexistent/arm.urdf", {});
  CHECK(missing == "/nonexistent/arm.urdf: cannot open the file");
}

TEST_CASE("URDF: a moving link without an inertial is an error naming it", "[urdf]") {
  ArmText t;
  t.extra =
      R"(<joint name="finger_joint" type="revolute"><parent link="hand"/><child link="finger"/>
    <axis xyz="0 0 1"/></joint><link name="finger"/>)";
  const ArmFiles files = writeArm("no_inertial", t);
  const std::string error = errorOf(files.urdf, optionsFor(files));
  INFO(error);
  CHECK(error.find("link 'finger'") != std::string::npos);
  CHECK(error.find("joint 'finger_joint' is revolute") != std::string::npos);
}
